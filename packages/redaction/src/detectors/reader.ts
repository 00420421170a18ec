import { type MatchOutcome, MORE, type ScanInput } from '../engine/matcher';
import { isSpacing } from '../judge/catalogue-index';
import { fold } from '../text/fold';
import { WordShape } from '../text/word-shape';
import { skipEscapes } from '../text/terminal-escape';

/**
 * The one reader of the detectors: a cursor over the scan input with the few reads every
 * credential syntax is made of.
 *
 * ```
 * word      = a literal, compared folded and in any case ("_" also "-" or ".")
 * blanks    = { " " | "\t" }                       (at most a limit of them)
 * until     = { character } up to the first terminator of a set, or "&" before "name="
 *             (a URL query's next parameter); at most a limit of characters
 * quoted    = { any character but the quote or a line break } up to the quote
 * value     = quote quoted quote | until
 * ```
 *
 * A read that needs a character past the text's end while more may come raises "the text
 * ended" once ({@link TextEnded}); {@link detector} turns it into hold-back (`more`). When no more
 * will come, the end reads as {@link END} and the reads simply stop there. So a detector never
 * checks the text's end itself, and its answer is the same whatever the text's chunking.
 */

/** What {@link Reader.code} reads at the text's end when no more text will come. */
export const END = -1;

/** Raised by a read that needs text which has not arrived yet: the driver holds from the detector's position. */
class TextEnded {}
const textEnded = new TextEnded();

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
/** Blanks: a space or a tab. */
export const BLANKS: CharacterSet = characters(' \t');
/** White space: blanks and line breaks. */
export const SPACES: CharacterSet = characters(' \t\r\n');

export const isBlank = (code: number): boolean => code === 32 || code === 9;
export const isLineBreak = (code: number): boolean => code === 10 || code === 13;
/** Whether `code` is in `set` (an ASCII set: any other code is not). */
export const isIn = (set: CharacterSet, code: number): boolean => code >= 0 && code < 128 && set[code] === 1;

/** A name's character in a query (`page`, `per_page`, `filter.x`, `a-b`, `list[]`). */
const queryName = characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.[]');
/** The longest parameter name read after `&`. */
const MAX_QUERY_NAME = 64;

/** Punctuation that text puts after an unquoted value and is not the value's: a sentence's end, a closing bracket. */
export const TRAILING: CharacterSet = characters('.,;:!?)]}');

/** A value {@link Reader.value} read: its bounds (inside its quotes) and whether it was quoted. */
export interface Value {
  readonly start: number;
  readonly end: number;
  readonly quoted: boolean;
}

/** A cursor over one scan input; see the file's header. */
export class Reader {
  readonly text: string;
  readonly final: boolean;
  /** Where the next read begins. */
  at: number;

  constructor(input: ScanInput, at: number) {
    this.text = input.text;
    this.final = input.final;
    this.at = at;
  }

  /** The code unit `ahead` of the cursor; {@link END} past the text's end when final, else the text ended. */
  code(ahead = 0): number {
    const index = this.at + ahead;
    if (index < this.text.length) return this.text.charCodeAt(index);
    if (this.final) return END;
    throw textEnded;
  }

  /** The code unit at `index`, read as {@link Reader.code} reads. */
  codeAt(index: number): number {
    return this.code(index - this.at);
  }

  /** Whether the code unit `ahead` of the cursor is in `set`. */
  is(set: CharacterSet, ahead = 0): boolean {
    return isIn(set, this.code(ahead));
  }

  /** Raises "the text ended" unless no more text will come: for a decision that needs what follows. */
  wait(): never | void {
    if (!this.final) throw textEnded;
  }

  /**
   * Reads `word` (lower-case; compared folded and in any case, its `_` also matching `-` or `.`
   * when `joints`): true and past it when it is there, false and unmoved when not.
   */
  word(word: string, joints = false): boolean {
    for (let index = 0; index < word.length; index += 1) {
      const code = fold(this.code(index));
      const wanted = word.charCodeAt(index);
      if ((code >= 65 && code <= 90 ? code + 32 : code) !== wanted && !(joints && wanted === 95 && (code === 45 || code === 46))) return false;
    }
    this.at += word.length;
    return true;
  }

  /** Reads `word` exactly as written: true and past it when it is there, false and unmoved when not. */
  literal(word: string): boolean {
    for (let index = 0; index < word.length; index += 1) if (this.code(index) !== word.charCodeAt(index)) return false;
    this.at += word.length;
    return true;
  }

  /** Passes over at most `max` characters of `set` (blanks by default), or with `outside` of any character not in it: how many. */
  skip(max: number, set: CharacterSet = BLANKS, outside = false): number {
    const from = this.at;
    for (let code = 0; this.at - from < max; this.at += 1) {
      code = this.code();
      if (code === END || isIn(set, code) === outside) break;
    }
    return this.at - from;
  }

  /** Passes over at most `max` characters whose fold (see `fold.ts`) is in `set`: how many. */
  run(max: number, set: CharacterSet): number {
    const from = this.at;
    while (this.at - from < max && set[fold(this.code())] === 1) this.at += 1;
    return this.at - from;
  }

  /** Passes over at most `max` blanks: how many. */
  blanks(max: number): number {
    return this.skip(max, BLANKS);
  }

  /** Passes over terminal control sequences (`ESC [ 32 m`): how many code units. */
  escapes(): number {
    const next = skipEscapes(this.text, this.at, this.final);
    if (next < 0) throw textEnded;
    const skipped = next - this.at;
    this.at = next;
    return skipped;
  }

  /**
   * Reads an unquoted value up to the first character of `ends`, or an `&` that begins a URL
   * query's next parameter (`&page=2`): true with the cursor on the terminator (or the text's end),
   * false when the value is longer than `max`.
   */
  until(ends: CharacterSet, max: number): boolean {
    for (const start = this.at; ; this.at += 1) {
      if (this.at - start > max) return false;
      const code = this.code();
      if (code === END || isIn(ends, code)) return true;
      if (code === 38 && this.queryParameter()) return true;
    }
  }

  /** Whether the `&` at the cursor begins a URL query's next parameter: a name and `=`. */
  private queryParameter(): boolean {
    let ahead = 1;
    while (ahead <= MAX_QUERY_NAME && this.is(queryName, ahead)) ahead += 1;
    return ahead > 1 && this.code(ahead) === 61;
  }

  /**
   * Reads a quoted value's inside up to `quote` (the cursor past the opening one): true with the
   * cursor on the closing quote; false when a line break or the text's end comes first, or the
   * value is longer than `max`.
   */
  quoted(quote: number, max: number): boolean {
    for (const start = this.at; ; this.at += 1) {
      if (this.at - start > max) return false;
      const code = this.code();
      if (code === quote) return true;
      if (code === END || isLineBreak(code)) return false;
    }
  }

  /**
   * Reads a value at the cursor: inside a `"` or `'` up to its closing quote on the line (see
   * {@link Reader.quoted}), else unquoted up to a character of `ends` (see {@link Reader.until}):
   * its bounds, the cursor on its end; undefined when it is longer than `max` or its quote does not close.
   */
  value(ends: CharacterSet, max: number): Value | undefined {
    const quote = this.code();
    const quoted = quote === 34 || quote === 39;
    if (quoted) this.at += 1;
    const start = this.at;
    return (quoted ? this.quoted(quote, max) : this.until(ends, max)) ? { start, end: this.at, quoted } : undefined;
  }

  /** A finding of `type` from `start` to `end`; scanning resumes at `resume`. */
  found(type: string, start: number, end: number, resume: number = end): MatchOutcome {
    return { kind: 'match', type, start, end, resume };
  }
}

/** `end` moved back over the characters of `set` an unquoted value ends with (default {@link TRAILING}), never before `start`. */
export function trimTrailing(text: string, start: number, end: number, set: CharacterSet = TRAILING): number {
  let last = end;
  while (last > start && set[text.charCodeAt(last - 1)] === 1) last -= 1;
  return last;
}

/**
 * `end` moved back over the sentence punctuation an unquoted value ends with (`.`) and over each
 * closing bracket that closes nothing opened in the value (`password=hunter2)`: the code's);
 * brackets the value opened itself stay (`m{{h}o)p${e]nob(ody[x}}`, `getPassword()`).
 */
export function trimUnbalanced(text: string, start: number, end: number): number {
  let round = 0;
  let curly = 0;
  let square = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 40) round += 1;
    else if (code === 41) round -= 1;
    else if (code === 123) curly += 1;
    else if (code === 125) curly -= 1;
    else if (code === 91) square += 1;
    else if (code === 93) square -= 1;
  }
  let last = end;
  while (last > start) {
    const code = text.charCodeAt(last - 1);
    if (code === 41 && round < 0) round += 1;
    else if (code === 125 && curly < 0) curly += 1;
    else if (code === 93 && square < 0) square += 1;
    else if (code !== 46) break;
    last -= 1;
  }
  return last;
}

/** Code units of spacing a spaced-out key may put between two of its characters (a gap's limit). */
const GAP_UNITS = 32;
/** Characters of a group past which it is counted before it ends (no label is this long). */
const LABEL = 24;

/**
 * Whether a provider's key could still reach `needed` more key characters after an unquoted value
 * that ends at `end`, spaced out past it: characters of
 * the provider's alphabet across gaps of spacing, up to any other character (`#`, `=`, a quote,
 * `next` after `AKIA…`), a lower-case word that labels what follows (`next:`) or a gap too long.
 * `cioa1B2c3 D4e5F6…` reaches crates.io's 35 characters; `cioaaaa00a # rotated` and `cioaaaa00a`,
 * a line break, `next: 1` do not.
 */
export function keyCanReach(reader: Reader, end: number, needed: number, alphabet: Uint8Array): boolean {
  let found = 0;
  let gap = 0;
  // The group being read is counted once it ends: a lower-case word before `:` or `=` is a label (`next: 1`), not a key's piece.
  const group = new WordShape();
  for (let index = end; ; index += 1) {
    const code = reader.codeAt(index);
    if (code === END) return found + group.size >= needed;
    const folded = fold(code);
    if (folded < 128 && alphabet[folded] === 1 && !isSpacing(folded)) {
      group.add(folded);
      gap = 0;
      if (found + group.size >= needed && group.size > LABEL) return true;
      continue;
    }
    if (group.size > 0) {
      if ((code === 58 || code === 61) && group.letters >= 2 && group.lower === group.letters && group.isWord()) return false;
      found += group.size;
      group.reset();
      if (found >= needed) return true;
    }
    if (!isSpacing(code)) return false;
    gap += 1;
    if (gap > GAP_UNITS) return false;
  }
}

/**
 * A matcher's `match` from a detector that reads with a {@link Reader}: "the text ended" raised
 * anywhere in `read` becomes `more` (hold from here) here, once.
 */
export function detector(read: (reader: Reader) => MatchOutcome): (input: ScanInput, at: number) => MatchOutcome {
  return (input, at) => {
    try {
      return read(new Reader(input, at));
    } catch (error) {
      if (error === textEnded) return MORE;
      throw error;
    }
  };
}
