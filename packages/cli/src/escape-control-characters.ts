/** Options of {@link escapeControlCharacters}. */
export interface EscapeControlCharactersOptions {
  /** Keep line feeds as they are (multi-line human-readable output); escaped by default. */
  readonly keepLineFeeds?: boolean;
}

/** Short escapes for the control characters people know by name. */
const named: Readonly<Record<number, string>> = { 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0b: '\\v', 0x0c: '\\f', 0x0d: '\\r' };

/**
 * Whether the UTF-16 code unit `unit` is a character that can drive a terminal or disguise text:
 * C0 controls, DEL, C1 controls (U+0080–U+009F, of which U+009B starts an escape sequence on some
 * terminals), the line and paragraph separators, and the bidirectional embedding, override and
 * isolate controls that reorder what is shown (U+202A–U+202E, U+2066–U+2069).
 */
const isControl = (unit: number): boolean =>
  unit < 0x20 ||
  (unit >= 0x7f && unit <= 0x9f) ||
  unit === 0x2028 ||
  unit === 0x2029 ||
  (unit >= 0x202a && unit <= 0x202e) ||
  (unit >= 0x2066 && unit <= 0x2069);

const hex = (unit: number): string => (unit <= 0xff ? `\\x${unit.toString(16).padStart(2, '0')}` : `\\u${unit.toString(16).padStart(4, '0')}`);

/**
 * Makes text safe to print for a person on a terminal: every character that could drive the
 * terminal (an ANSI escape sequence, a carriage return that overwrites the line, a bell) or
 * reorder what is shown (bidirectional overrides) is written as a visible escape such as `\x1b`,
 * `\r` or `\u202e`; a backslash stays as it is. Line feeds are escaped too unless
 * `keepLineFeeds`, so a message stays on one line. One pass, linear in the length of `text`.
 */
export function escapeControlCharacters(text: string, options: EscapeControlCharactersOptions = {}): string {
  const keepLineFeeds = options.keepLineFeeds === true;
  let escaped = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (!isControl(unit) || (keepLineFeeds && unit === 0x0a)) continue;
    escaped += text.slice(from, index) + (named[unit] ?? hex(unit));
    from = index + 1;
  }
  return from === 0 ? text : escaped + text.slice(from);
}
