import { escapeControlCharacters } from '@parley/core';

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

/** The most characters of an argument a message shows; longer ones keep their start and end. */
const maxShown = 200;

/**
 * A command-line argument (a path, an option, a word) as a message names it: in double quotes,
 * on one line with its control characters escaped (a file name may hold a line feed or an ANSI
 * escape sequence), and shortened in the middle when it is longer than 200 characters, so a
 * message stays one readable line however hostile the argument.
 */
export function quoteArgument(argument: string): string {
  if (argument.length <= maxShown) return `"${escapeControlCharacters(argument)}"`;
  // Cut between characters, never inside a surrogate pair.
  let head = maxShown / 2;
  if (isHighSurrogate(argument.charCodeAt(head - 1))) head -= 1;
  let tail = argument.length - maxShown / 2;
  if (isHighSurrogate(argument.charCodeAt(tail - 1))) tail += 1;
  const shown = `${argument.slice(0, head)}…${argument.slice(tail)}`;
  return `"${escapeControlCharacters(shown)}"`;
}
