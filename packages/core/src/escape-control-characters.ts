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
 * terminals), the Arabic letter mark (U+061C), the zero-width space and the left-to-right and
 * right-to-left marks (U+200B, U+200E, U+200F), the line and paragraph separators, the
 * bidirectional embedding, override and isolate controls that reorder what is shown
 * (U+202A–U+202E, U+2066–U+2069), the other invisible format characters beside them
 * (U+2060–U+206F: word joiner, invisible operators, deprecated shaping controls), the byte order
 * mark (U+FEFF) and the interlinear annotation controls (U+FFF9–U+FFFB). The zero-width joiner and
 * non-joiner (U+200C, U+200D) are kept: scripts and emoji sequences need them.
 */
const isControl = (unit: number): boolean =>
  unit < 0x20 ||
  (unit >= 0x7f && unit <= 0x9f) ||
  unit === 0x061c ||
  unit === 0x200b ||
  unit === 0x200e ||
  unit === 0x200f ||
  unit === 0x2028 ||
  unit === 0x2029 ||
  (unit >= 0x202a && unit <= 0x202e) ||
  (unit >= 0x2060 && unit <= 0x206f) ||
  unit === 0xfeff ||
  (unit >= 0xfff9 && unit <= 0xfffb);

/** The high surrogate of the tag characters (U+E0000–U+E007F), and their low surrogates' range. */
const tagHigh = 0xdb40;
const tagLowLast = 0xdc7f;

const hex = (unit: number): string => (unit <= 0xff ? `\\x${unit.toString(16).padStart(2, '0')}` : `\\u${unit.toString(16).padStart(4, '0')}`);

/**
 * Makes text safe to show to a person, on a terminal or a web page: every character that could
 * drive a terminal (an ANSI escape sequence, a carriage return that overwrites the line, a bell),
 * reorder what is shown (bidirectional overrides, isolates and marks) or hide text (zero-width and
 * other invisible format characters, and the tag characters U+E0000–U+E007F that can carry a
 * hidden ASCII message) is written as a visible escape such as `\x1b`, `\r`, `\u202e` or
 * `\u{e0041}`; a backslash stays as it is. Line feeds are escaped too unless `keepLineFeeds`, so
 * a message stays on one line. One pass, linear in the length of `text`.
 *
 * @example
 * ```ts
 * import { escapeControlCharacters } from '@parley/core';
 *
 * console.log(escapeControlCharacters('Invoice for \u202efdp.exe')); // Invoice for \u202efdp.exe
 * ```
 */
export function escapeControlCharacters(text: string, options: EscapeControlCharactersOptions = {}): string {
  const keepLineFeeds = options.keepLineFeeds === true;
  let escaped = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === tagHigh) {
      const low = text.charCodeAt(index + 1);
      if (low < 0xdc00 || low > tagLowLast) continue;
      escaped += `${text.slice(from, index)}\\u{e00${(low - 0xdc00).toString(16).padStart(2, '0')}}`;
      index += 1;
      from = index + 1;
      continue;
    }
    if (!isControl(unit) || (keepLineFeeds && unit === 0x0a)) continue;
    escaped += text.slice(from, index) + (named[unit] ?? hex(unit));
    from = index + 1;
  }
  return from === 0 ? text : escaped + text.slice(from);
}
