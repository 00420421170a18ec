import { ALPHANUMERIC, asciiFold, classes, fold, foldAt } from './fold';
import type { MidWordMatcher } from './pattern-matcher';

/** A key found inside a token run: its type and range. */
export interface MidWordKey {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Where a key inside a word may begin, as a table of two characters (first × 128 + second, ASCII
 * as written, both cases where a prefix ignores case): a run is read once and the matcher asked
 * only where a prefix's first two characters are (or a non-ASCII one, which may fold to them).
 */
export function midWordStarts(matcher: MidWordMatcher): Uint8Array {
  const table = new Uint8Array(128 * 128);
  const cases = (code: number, caseless: boolean): number[] => (caseless && ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) ? [code | 0x20, code & ~0x20] : [code]);
  for (const { text, caseless } of matcher.prefixes) {
    for (const first of cases(text.charCodeAt(0), caseless)) {
      if (text.length < 2) for (let second = 0; second < 128; second += 1) table[first * 128 + second] = 1;
      else for (const second of cases(text.charCodeAt(1), caseless)) table[first * 128 + second] = 1;
    }
  }
  return table;
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
    if (code < 128) {
      const next = text.charCodeAt(position + 1);
      if (next < 128 && starts[code * 128 + next] !== 1) continue;
    }
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
