/**
 * The native prefilter of a scan: one regular expression over every rule's trigger, so V8's
 * regex engine, not a JavaScript loop, walks the stretches of text where no rule can begin, and
 * one more for the token-like runs long enough for the entropy rule. The exact rules run only at
 * the positions the prefilter stops at (see `scan`).
 *
 * Each rule states a necessary condition as a regex fragment ({@link Matcher.prefilter}): it
 * consumes the one ASCII character the rule would start at and looks ahead at what must follow.
 * A fragment may say yes where the rule says no (the rule decides), never the reverse. Any
 * non-ASCII character stops the prefilter too: folding (fullwidth letters, invisible separators)
 * is left to the exact scan.
 */
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

/** A compiled prefilter: what `scan` asks before it walks a stretch itself. */
export interface Prefilter {
  /**
   * Global, the one native scan: from `lastIndex` (one before the position, for the character
   * before a word), the next position where a rule may begin or a non-ASCII character (every such
   * match ends just after that position), or the next run of at least {@link runLength} token
   * characters (group 1). Word boundaries and run starts are consumed rather than looked behind
   * for, which V8 runs about twice as fast.
   */
  readonly scan: RegExp;
  /** Not global: whether a rule may begin anywhere in a piece of text (a run the scan found). */
  readonly inside: RegExp;
  /**
   * Sticky: whether a rule may begin exactly at `lastIndex`, an ASCII position the walk reads by
   * itself (a stream's few new characters, a run, a dense stretch). The same fragments as
   * {@link Prefilter.scan}, the word start looked behind for instead of consumed, so the walk asks
   * the rules only where the one native scan would have stopped.
   */
  readonly at: RegExp;
  /** Token runs shorter than this need no judging and are never split. */
  readonly runLength: number;
}

/** The token characters (see `fold.ts`) as a class body. */
const TOKEN_CLASS = 'A-Za-z0-9_./+~%\\-';

/**
 * Compiles the prefilter of `matchers`: word-start rules after a character that is not a letter
 * or digit (or the text's start), rules without a fragment by their trigger characters, and token
 * runs of `runLength` or more.
 */
export function compilePrefilter(matchers: readonly Matcher[], runLength: number): Prefilter {
  const atWordStart: string[] = [];
  const anywhere: string[] = [];
  for (const matcher of matchers) {
    const fragment = matcher.prefilter ?? classSource([...matcher.triggers].map((character) => character.charCodeAt(0)), false);
    (matcher.anywhere === true ? anywhere : atWordStart).push(fragment);
  }
  // Those that name the position they start at come first: at one index, the leftmost match
  // must not be a word-start rule's boundary that names the next position instead.
  const alternatives = [`[${NON_ASCII}]`, ...anywhere];
  if (atWordStart.length > 0) alternatives.push(`(?:^|[^A-Za-z0-9])(?:${atWordStart.join('|')})`);
  const candidates = alternatives.join('|');
  const here = [...anywhere];
  if (atWordStart.length > 0) here.push(`(?<![A-Za-z0-9])(?:${atWordStart.join('|')})`);
  return {
    // Rules first: where a rule may start at a run's first character, the rule wins.
    scan: new RegExp(`${candidates}|(?:^|[^${TOKEN_CLASS}])([${TOKEN_CLASS}]{${runLength},})`, 'g'),
    inside: new RegExp(candidates),
    // A class that matches nothing when no rule has a fragment: no position needs the rules.
    at: new RegExp(here.length === 0 ? '[^\\s\\S]' : here.join('|'), 'y'),
    runLength,
  };
}
