/**
 * Where a value ends: the one reading of "a value up to its terminator" that the detectors which
 * read a credential after its name share (assignment, name/value fields, netrc, `-u` options,
 * authorization headers, command-line passwords, URL passwords).
 *
 * ```
 * value     = quoted | unquoted
 * quoted    = QUOTE { any character but QUOTE or a line break } QUOTE
 * unquoted  = { character } up to the first terminator:
 *               white space or a line break (a value never spans lines),
 *               a quote, a backtick, ESC (a terminal colour),
 *               a syntax's own ends (`,` `;` in lists and connection strings, `|` in tables, …),
 *               `&` before `name=` (a URL query's next parameter)
 * blanks    = { " " | "\t" }          (at most ALIGN of them: alignment, not layout)
 * ```
 *
 * A finding covers the value and nothing else: the label before it, the operator, the
 * terminator and what follows are never part of it. The answers are the same whatever the text's
 * chunking: when the text ends before the value does and more may come, the reader says so.
 */

/** The text ended before the value did, and more may come: hold from here. */
export const MORE_TEXT = -1;
/** No value here (a quote not closed on its line, a value longer than the limit). */
export const NO_VALUE = -2;

/** The most blanks read as alignment between a name, its operator and its value (`DB_PASSWORD:` then a column of blanks). */
export const ALIGN = 64;

/** A set of ASCII characters, by code. */
export type CharacterSet = Uint8Array;

/** The set of `characters`, optionally added to `base`. */
export function characters(list: string, base?: CharacterSet): CharacterSet {
  const set = new Uint8Array(128);
  if (base !== undefined) set.set(base);
  for (const character of list) set[character.charCodeAt(0)] = 1;
  return set;
}

/** What ends every unquoted value: white space, line breaks, quotes, a backtick, ESC. */
export const VALUE_ENDS: CharacterSet = characters(' \t\r\n"\'`\u001b');
/** What ends an unquoted value in a list, a statement or a connection string as well: `,` and `;`. */
export const FIELD_ENDS: CharacterSet = characters(',;', VALUE_ENDS);

export const isBlank = (code: number): boolean => code === 32 || code === 9;
export const isLineBreak = (code: number): boolean => code === 10 || code === 13;
/** A name's character in a query (`page`, `per_page`, `filter.x`, `a-b`, `list[]`). */
const isQueryName = (code: number): boolean => (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122) || code === 95 || code === 45 || code === 46 || code === 91 || code === 93;
/** The longest parameter name read after `&`. */
const MAX_QUERY_NAME = 64;

/**
 * Whether the `&` at `at` begins a URL query's next parameter: a name and `=` (`&page=2`, `&sig=`).
 * Returns 1 when it does, 0 when not, {@link MORE_TEXT} when the text ends first.
 */
export function isQueryParameter(text: string, at: number, final: boolean): number {
  let index = at + 1;
  while (index < text.length && index - at <= MAX_QUERY_NAME && isQueryName(text.charCodeAt(index))) index += 1;
  if (index >= text.length) return final ? 0 : MORE_TEXT;
  return index > at + 1 && text.charCodeAt(index) === 61 ? 1 : 0;
}

/**
 * The end of the unquoted value from `start`: the first character of `ends`, or an `&` that begins
 * a query's next parameter. The text's end when `final`; {@link MORE_TEXT} when the text ends
 * first and more may come; {@link NO_VALUE} when the value is longer than `max`.
 */
export function unquotedEnd(text: string, start: number, final: boolean, ends: CharacterSet = VALUE_ENDS, max = 256): number {
  for (let cursor = start; ; cursor += 1) {
    if (cursor - start > max) return NO_VALUE;
    if (cursor >= text.length) return final ? cursor : MORE_TEXT;
    const code = text.charCodeAt(cursor);
    if (code < 128 && ends[code] === 1) return cursor;
    if (code === 38) {
      const parameter = isQueryParameter(text, cursor, final);
      if (parameter === MORE_TEXT) return MORE_TEXT;
      if (parameter === 1) return cursor;
    }
  }
}

/**
 * The end of the value quoted by `quote` from `start` (the closing quote's position): on the same
 * line, {@link NO_VALUE} when a line break or (final) the text's end comes first, {@link MORE_TEXT}
 * when the text ends first and more may come, {@link NO_VALUE} when longer than `max`.
 */
export function quotedEnd(text: string, start: number, quote: string, final: boolean, max = 256): number {
  const closing = quote.charCodeAt(0);
  for (let cursor = start; ; cursor += 1) {
    if (cursor - start > max) return NO_VALUE;
    if (cursor >= text.length) return final ? NO_VALUE : MORE_TEXT;
    const code = text.charCodeAt(cursor);
    if (code === closing) return cursor;
    if (isLineBreak(code)) return NO_VALUE;
  }
}

/** Where the blanks from `at` end, at most `max` of them (the position after them; the text's end when it ends among them). */
export function blanksEnd(text: string, at: number, max: number = ALIGN): number {
  let cursor = at;
  while (cursor < text.length && cursor - at < max && isBlank(text.charCodeAt(cursor))) cursor += 1;
  return cursor;
}

/** Punctuation that text puts after an unquoted value and is not the value's: a sentence's end, a closing bracket. */
const trailing = characters('.,;:!?)]}');

/** `end` moved back over the punctuation text puts after an unquoted value (`chars`: which; default `.,;:!?)]}`), never before `start`. */
export function trimTrailing(text: string, start: number, end: number, chars: CharacterSet = trailing): number {
  let last = end;
  while (last > start && chars[text.charCodeAt(last - 1)] === 1) last -= 1;
  return last;
}
