import { escapeControlCharacters } from '@parley/core';
import { firstLine } from './unexpected-error-line';

/** The longest line `parley` prints on stderr, in characters; a longer message is cut with `…`. */
const maxLength = 1000;

/** The longest escape {@link escapeControlCharacters} writes for one character (`\u{e007f}`, a tag character). */
const longestEscape = 9;

/**
 * The one line `parley` prints on stderr for an error: the first line of `text`, its control
 * characters escaped (a message that quotes a file name or a model's text must not drive the
 * terminal), at most 1,000 characters, ending with a line feed. Linear in the length of `text`.
 */
export function stderrLine(text: string): string {
  const line = escapeControlCharacters(firstLine(text).slice(0, maxLength + 1));
  if (line.length <= maxLength) return `${line}\n`;
  let end = maxLength - 1;
  // Never cut an escape or a surrogate pair in two.
  const escapeStart = line.lastIndexOf('\\', end - 1);
  if (escapeStart >= 0 && escapeStart > end - longestEscape) end = escapeStart;
  const unit = line.charCodeAt(end - 1);
  if (unit >= 0xd800 && unit <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}…\n`;
}
