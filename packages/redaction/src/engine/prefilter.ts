/**
 * The prefilter of a scan: where the exact walk needs to look. One tight JavaScript loop reads the
 * text a character at a time through a table (token character? letter or digit? can a rule begin
 * here, at a word start or anywhere?), so the long stretches where no rule can begin cost a table
 * lookup per character, not a regex attempt per position. Where a rule may begin, a table of the
 * three characters there (filled from the rules' own fragments, the first time those three
 * characters are met) turns most candidates away, and the rules' fragments, compiled into one
 * sticky regex, decide the rest. It also stops where a token run long enough for the entropy rule
 * ends. The exact rules run only where it stops (see `scan`).
 *
 * Each rule states a necessary condition as a regex fragment ({@link Matcher.prefilter}): it
 * consumes the one ASCII character the rule would start at and looks ahead at what must follow.
 * A fragment may say yes where the rule says no (the rule decides), never the reverse. Any
 * non-ASCII character stops the prefilter too: folding (fullwidth letters, invisible separators)
 * is left to the exact scan.
 */
import { ALPHANUMERIC, asciiFold, classes, TOKEN } from '../text/fold';
import type { Matcher } from './matcher';

/** Regex source of a class of every non-ASCII code unit (surrogate halves included). */
export const NON_ASCII = '\\u0080-\\uffff';

/**
 * Regex source of the ASCII part of the gap the separator-insensitive matcher may skip between two
 * characters of a key: any ASCII separator or control character, at most 32 (`MAX_GAP_UNITS`).
 * What follows it must also accept any non-ASCII unit, which may be a separator or fold to a
 * key character (the exact scan decides).
 */
export const GAP = '[\\x00-\\x20\\x7f._|/\\\\:;,\\-]{0,32}';

/** Regex source of one ASCII code: letters and digits as they are, anything else as `\xHH`. */
export function codeSource(code: number): string {
  const isWordCode = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return isWordCode ? String.fromCharCode(code) : `\\x${code.toString(16).padStart(2, '0')}`;
}

/** Regex source of a class holding `codes` (ASCII), and every non-ASCII unit when `widen`. */
export function classSource(codes: Iterable<number>, widen: boolean): string {
  let inside = '';
  for (const code of [...new Set(codes)].sort((left, right) => left - right)) inside += codeSource(code);
  return `[${inside}${widen ? NON_ASCII : ''}]`;
}

/**
 * Regex source for a lookahead: `text` from here, or a proper prefix of it where the input ends
 * (a rule waits for more text there). With `folded`, each character may also be any non-ASCII
 * unit (which may fold to it), and letters match either case when `caseless`.
 */
export function textOrEnd(text: string, options: { readonly caseless?: boolean; readonly folded?: boolean } = {}): string {
  let source = '';
  for (let index = text.length - 1; index >= 0; index -= 1) {
    const code = text.charCodeAt(index);
    const codes = [code];
    if (options.caseless === true && ((code >= 65 && code <= 90) || (code >= 97 && code <= 122))) codes.push(code ^ 0x20);
    const one = codes.length === 1 && options.folded !== true ? codeSource(code) : classSource(codes, options.folded === true);
    source = `(?:${one}${source}|$)`;
  }
  return source;
}

/** Where {@link Prefilter.find} stopped: the token run in progress there (its start, or -1), and whether a rule may begin there. */
export interface FoundStop {
  runStart: number;
  stop: boolean;
}

/**
 * A compiled prefilter: what `scan` asks before it walks a character itself. One JavaScript loop
 * over the text with a table per character (no regex call where nothing can begin), the rules'
 * fragments asked only where a three-character table says a rule may begin.
 */
export interface Prefilter {
  /**
   * From `from`, with the token run in progress beginning at `runStart` (-1: none), the first
   * position the walk must look at itself: where a rule may begin or a non-ASCII character
   * (`found.stop` set), or where a token run long enough to judge ends or must be split at
   * `maxRun` characters (`found.stop` clear: no rule begins there). The characters passed over
   * are ASCII, hold no rule's start, and end only runs too short to judge; `found.runStart` is
   * the run in progress at the returned position.
   *
   * A stream asks about a write without joining it to what it holds: `before` is the code of the
   * character before `from` when the text does not hold it (-1: the text's start), and `carried`
   * how many characters of the run in progress (then beginning at `runStart` 0) came before the
   * text, counted against both lengths until that run ends.
   */
  find(text: string, from: number, runStart: number, maxRun: number, found: FoundStop, before?: number, carried?: number): number;
  /**
   * Sticky: whether a rule may begin exactly at `lastIndex`, an ASCII position (the rules'
   * fragments, word-start ones after no letter or digit). The necessary condition `find` asks.
   */
  readonly at: RegExp;
  /** Token runs shorter than this need no judging and are never split. */
  readonly runLength: number;
}

/** Bits of the finder's table, by ASCII code. */
const IS_TOKEN = 1;
const IS_ALPHANUMERIC = 2;
const MAY_START_AT_WORD_START = 4;
const MAY_START_ANYWHERE = 8;

/** Answers of the finder's three-character table. */
const UNKNOWN = 0;
const NO = 1;
const YES = 2;
/** Rows of the table made at most (each 128 answers), so its memory is bounded. */
const MAX_ROWS = 4096;

/**
 * Compiles the prefilter of `matchers`: word-start rules after a character that is not a letter
 * or digit (or the text's start), rules without a fragment by their trigger characters, and token
 * runs of `runLength` or more.
 */
export function compilePrefilter(matchers: readonly Matcher[], runLength: number): Prefilter {
  const atWordStart: string[] = [];
  const anywhere: string[] = [];
  const table = new Uint8Array(128);
  // Token characters and letters and digits as the walk classifies them (ASCII folds to itself or
  // to an invisible character, which is neither).
  for (let code = 0; code < 128; code += 1) {
    const kind = classes[asciiFold[code] ?? 0] ?? 0;
    table[code] = ((kind & TOKEN) !== 0 ? IS_TOKEN : 0) | ((kind & ALPHANUMERIC) !== 0 ? IS_ALPHANUMERIC : 0);
  }
  for (const matcher of matchers) {
    const fragment = matcher.prefilter ?? classSource([...matcher.triggers].map((character) => character.charCodeAt(0)), false);
    (matcher.anywhere === true ? anywhere : atWordStart).push(fragment);
    // A rule is asked at a character whose fold is one of its triggers (see `createRedactionPlan`).
    const folds = new Set([...matcher.triggers].map((character) => asciiFold[character.charCodeAt(0)] ?? 0));
    for (let code = 0; code < 128; code += 1) {
      if (folds.has(asciiFold[code] ?? 0)) table[code] = (table[code] ?? 0) | (matcher.anywhere === true ? MAY_START_ANYWHERE : MAY_START_AT_WORD_START);
    }
  }
  const here = [...anywhere];
  if (atWordStart.length > 0) here.push(`(?<![A-Za-z0-9])(?:${atWordStart.join('|')})`);
  // A class that matches nothing when no rule has a fragment: no position needs the rules.
  const at = new RegExp(here.length === 0 ? '[^\\s\\S]' : here.join('|'), 'y');

  // Whether the gate matches at a first character c1 followed by c2 and c3 (ASCII), after a letter
  // or digit (`inWord`) or not: the gate asked once about the three-character text itself, as a
  // text that ends there, and the answer kept. A rule that answers anything but `none` at c1
  // answers so on the text cut after c3 too (it waits there: a stream may be cut anywhere), so the
  // gate matches that text (its own property), and a fragment reads nothing before its character
  // but the word start: the table never turns away a position a rule would answer at. Each answer
  // costs one gate call, the first time its three characters are met (so never more calls than
  // asking the gate everywhere). Rows of 128 answers are made for at most MAX_ROWS pairs (only
  // pairs the gate does not turn away), past which the gate is asked directly: memory stays under
  // a megabyte whatever the text.
  const rows: Array<Uint8Array | undefined> = Array.from({ length: 2 * 128 * 128 }, () => undefined);
  let rowCount = 0;
  // The same question about the first two characters, as a text that ends there: a rule that
  // answers at c1 answers on the text cut after c2 (the argument above), so where the gate says no
  // to c1 c2 no rule answers whatever follows, and most candidates end here with one lookup. Where
  // the text does end after c2 (or after c1: a stream's last characters), the gate reads no more
  // than those characters and the word start: the kept answer is the gate's own.
  const pairs = new Uint8Array(2 * 128 * 128);
  const lastOnes = new Uint8Array(2 * 128);
  const ask = (inWord: number, characters: string): number => {
    at.lastIndex = inWord;
    return at.test((inWord === 1 ? 'A' : '') + characters) ? YES : NO;
  };
  const mayStart = (text: string, position: number, code: number, inWord: number): boolean => {
    const rest = text.length - position;
    if (rest === 1) {
      const index = (inWord << 7) | code;
      let answer = lastOnes[index] ?? UNKNOWN;
      if (answer === UNKNOWN) answer = lastOnes[index] = ask(inWord, String.fromCharCode(code));
      return answer === YES;
    }
    const second = text.charCodeAt(position + 1);
    if (second < 128) {
      const pair = (inWord << 14) | (code << 7) | second;
      let answer = pairs[pair] ?? UNKNOWN;
      if (answer === UNKNOWN) answer = pairs[pair] = ask(inWord, String.fromCharCode(code, second));
      if (answer === NO || rest === 2) return answer === YES;
      const third = text.charCodeAt(position + 2);
      if (third < 128) {
        let row = rows[pair];
        if (row === undefined && rowCount < MAX_ROWS) {
          row = rows[pair] = new Uint8Array(128);
          rowCount += 1;
        }
        if (row !== undefined) {
          let kept = row[third] ?? UNKNOWN;
          if (kept === UNKNOWN) kept = row[third] = ask(inWord, String.fromCharCode(code, second, third));
          if (kept === NO) return false;
        }
      }
    }
    at.lastIndex = position;
    return at.test(text);
  };

  const find = (text: string, from: number, runStart: number, maxRun: number, found: FoundStop, before = from > 0 ? text.charCodeAt(from - 1) : -1, carried = 0): number => {
    const length = text.length;
    // Whole numbers, said so (`| 0`): the loop keeps them in registers, untagged (a fifth fewer
    // instructions per character than when `run` may hold the caller's number as it came).
    let run = runStart | 0;
    // The run in progress is judged or split at these lengths (less what came before the text).
    let longest = (maxRun - carried) | 0;
    let shortest = (runLength - carried) | 0;
    let inWord = before >= 0 && ((table[before] ?? 0) & IS_ALPHANUMERIC) !== 0 ? 1 : 0;
    let position = from | 0;
    let stop = false;
    for (; position < length; position += 1) {
      const code = text.charCodeAt(position);
      if (code >= 128) {
        stop = true;
        break;
      }
      const bits = table[code] ?? 0;
      if ((bits & MAY_START_ANYWHERE) !== 0 || ((bits & MAY_START_AT_WORD_START) !== 0 && inWord === 0)) {
        const asWord = (bits & MAY_START_ANYWHERE) !== 0 ? inWord : 0;
        // The pair's kept answer first (most candidates end there); anything else asks `mayStart`.
        const second = position + 1 < length ? text.charCodeAt(position + 1) : 128;
        if ((second >= 128 || pairs[(asWord << 14) | (code << 7) | second] !== NO) && mayStart(text, position, code, asWord)) {
          stop = true;
          break;
        }
      }
      if ((bits & IS_TOKEN) !== 0) {
        if (run < 0) run = position;
        else if (position - run >= longest) break;
      } else if (run >= 0) {
        if (position - run >= shortest) break;
        run = -1;
        longest = maxRun | 0;
        shortest = runLength;
      }
      inWord = (bits & IS_ALPHANUMERIC) !== 0 ? 1 : 0;
    }
    found.runStart = run;
    found.stop = stop;
    return position;
  };
  return { find, at, runLength };
}
