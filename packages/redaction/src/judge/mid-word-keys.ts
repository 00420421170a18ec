import { ALPHANUMERIC, asciiFold, classes, fold, foldAt } from '../text/fold';
import type { Matcher } from '../engine/matcher';

/** The matcher for keys inside a word (built by `patternRulesMatcher`), with the prefixes it begins at as written. */
export interface MidWordMatcher extends Matcher {
  readonly prefixes: ReadonlyArray<{ readonly text: string; readonly caseless: boolean }>;
  /** The fewest characters a key it finds spans (its shortest prefix and body, written contiguously). */
  readonly shortest: number;
}

/** A key found inside a token run: its type and range. */
export interface MidWordKey {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Where a key inside a word may begin, as a table of two characters (first × 128 + second, ASCII
 * as written, both cases where a prefix ignores case), then per pair a bit set of third characters
 * (see {@link mayBeginAt}): a run is read once and the matcher asked only where a prefix's first
 * three characters are (or a non-ASCII one, which may fold to them).
 */
export function midWordStarts(matcher: MidWordMatcher): Uint8Array {
  const table = new Uint8Array(THIRDS + PAIRS * 16);
  const cases = (code: number, caseless: boolean): number[] => (caseless && ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) ? [code | 0x20, code & ~0x20] : [code]);
  const allThirds = (pair: number): void => {
    table.fill(0xff, THIRDS + pair * 16, THIRDS + pair * 16 + 16);
  };
  for (const { text, caseless } of matcher.prefixes) {
    for (const first of cases(text.charCodeAt(0), caseless)) {
      if (text.length < 2) {
        for (let second = 0; second < 128; second += 1) {
          table[first * 128 + second] = 1;
          allThirds(first * 128 + second);
        }
        continue;
      }
      for (const second of cases(text.charCodeAt(1), caseless)) {
        const pair = first * 128 + second;
        table[pair] = 1;
        const third = text.charCodeAt(2);
        if (text.length < 3 || third >= 128) allThirds(pair);
        else for (const each of cases(third, caseless)) table[THIRDS + pair * 16 + (each >> 3)] = (table[THIRDS + pair * 16 + (each >> 3)] ?? 0) | (1 << (each & 7));
      }
    }
  }
  return table;
}

/** The first part of {@link midWordStarts}' table: one byte per pair of characters. */
const PAIRS = 128 * 128;
/** Where its second part begins: per pair, 16 bytes of bits, one per third character. */
const THIRDS = PAIRS;

/** Whether, by {@link midWordStarts}' table, a prefix may begin at `position` of `text` (its first three characters, as far as they are ASCII and there). */
export function mayBeginAt(starts: Uint8Array, text: string, position: number, end: number): boolean {
  const code = text.charCodeAt(position);
  if (code >= 128 || position + 1 >= end) return true;
  const next = text.charCodeAt(position + 1);
  if (next >= 128) return true;
  const pair = code * 128 + next;
  if (starts[pair] !== 1) return false;
  const third = position + 2 < end ? text.charCodeAt(position + 2) : 128;
  return third >= 128 || ((starts[THIRDS + pair * 16 + (third >> 3)] ?? 0) & (1 << (third & 7))) !== 0;
}

const noKeys: readonly MidWordKey[] = [];

/**
 * The keys written contiguously inside the complete token run `text.slice(start, end)`, at its
 * start or after a letter or digit of it (a word start inside it is the main rules'), in order and not
 * overlapping: what `matcher` (the pattern rules' mid-word matcher) finds where `starts` says a
 * prefix may begin. The run is read as a whole text that ends at `end`, so what is found depends
 * on the run alone, whatever came before or after it (chunk invariance). One pass over the run,
 * plus the matcher's work where a prefix's first two characters are.
 */
export function midWordKeys(matcher: MidWordMatcher, starts: Uint8Array, text: string, start: number, end: number): readonly MidWordKey[] {
  let keys: MidWordKey[] | undefined;
  let input: { readonly text: string; readonly final: boolean } | undefined;
  let previous = -1;
  for (let position = start; position < end - 1; position += 1) {
    const code = text.charCodeAt(position);
    const before = previous;
    previous = code;
    if (!mayBeginAt(starts, text, position, end)) continue;
    // Inside the run, after a letter or digit (folded: a fullwidth one counts); a later word start
    // in the run was the main rules' to answer. The run's first character is tried too: a run may
    // begin right after a key that ended inside a word (`AKIA…` then `dop_v1_…`).
    if (before >= 0 && ((classes[before < 128 ? (asciiFold[before] ?? 0) : fold(before)] ?? 0) & ALPHANUMERIC) === 0) continue;
    input ??= { text: text.slice(0, end), final: true };
    const outcome = matcher.match(input, position);
    if (outcome.kind !== 'match') continue;
    (keys ??= []).push({ type: outcome.type, start: outcome.start, end: outcome.end });
    position = outcome.end - 1;
    previous = text.charCodeAt(position);
  }
  return keys ?? noKeys;
}

/** Each mid-word matcher's prefixes by their first character (folded; both cases when caseless). */
const prefixesByFirst = new WeakMap<MidWordMatcher, ReadonlyArray<ReadonlyArray<MidWordMatcher['prefixes'][number]> | undefined>>();

function byFirst(matcher: MidWordMatcher): ReadonlyArray<ReadonlyArray<MidWordMatcher['prefixes'][number]> | undefined> {
  let table = prefixesByFirst.get(matcher);
  if (table === undefined) {
    const built: Array<Array<MidWordMatcher['prefixes'][number]> | undefined> = Array.from({ length: 128 }, () => undefined);
    for (const prefix of matcher.prefixes) {
      const head = prefix.text.charCodeAt(0);
      const letter = (head | 0x20) >= 97 && (head | 0x20) <= 122;
      for (const code of prefix.caseless && letter ? [head | 0x20, head & ~0x20] : [head]) (built[code] ??= []).push(prefix);
    }
    prefixesByFirst.set(matcher, (table = built));
  }
  return table;
}

/**
 * Where a token run that reached `maxTokenLength` at `end` is cut: before the earliest prefix of a
 * key written contiguously inside a word (after a letter or digit, exactly as the mid-word matcher
 * reads it, or its beginning cut off by `end`) in the run's last `window` characters, else at
 * `end`. A key straddling the cut then begins the next piece whole and is found there, instead of
 * being cut into two pieces too short for any rule (issue 16, adversarial review: a thousand
 * characters glued before a key). Prefixes only, no matcher call: a few reads per character
 * whatever the text. The answer depends on the text up to `end` only, so every chunking cuts at
 * the same place.
 */
export function runCut(matcher: MidWordMatcher, starts: Uint8Array, text: string, start: number, end: number, window: number): number {
  const options = byFirst(matcher);
  for (let position = Math.max(start + 1, end - window); position < end; position += 1) {
    const code = text.charCodeAt(position);
    if (code < 128 && position + 1 < end) {
      const next = text.charCodeAt(position + 1);
      if (next < 128 && starts[code * 128 + next] !== 1) continue;
    }
    const candidates = options[code < 128 ? code : foldAt(text, position)];
    if (candidates === undefined) continue;
    // After a letter or digit only: a key at a word start inside the run is the main rules' to
    // find, and they read it whole wherever the run is cut.
    const before = text.charCodeAt(position - 1);
    if (((classes[before < 128 ? (asciiFold[before] ?? 0) : fold(before)] ?? 0) & ALPHANUMERIC) === 0) continue;
    for (const { text: prefix, caseless } of candidates) {
      let index = 1;
      for (; index < prefix.length && position + index < end; index += 1) {
        const folded = foldAt(text, position + index);
        const wanted = prefix.charCodeAt(index);
        if (folded !== wanted && !(caseless && (wanted | 0x20) >= 97 && (wanted | 0x20) <= 122 && (folded | 0x20) === (wanted | 0x20))) break;
      }
      if (index === prefix.length || position + index === end) return position;
    }
  }
  return end;
}
