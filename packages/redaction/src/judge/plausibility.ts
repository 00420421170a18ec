/**
 * The false-positive filters shared by the rules: what looks like a word, a placeholder, or a
 * random string. Every function here is linear in its input and uses no regular expression on
 * unbounded input.
 */

import { cataloguePrefixes } from './catalogue-index';
import { isDigitCode as isDigit, isLowerCode as isLower, isUpperCode as isUpper } from '../text/fold';
import { placeholderWords } from '../rules/vocabulary';
import { RANDOM_EVIDENCE, randomnessEvidence } from './randomness-judge';

const counts = new Uint32Array(65536);

/**
 * Shannon entropy in bits per character of `text.slice(start, end)`. When `floor` is given and
 * the distinct characters are too few to reach it (log2 of their number is below it), returns 0
 * without the second pass: hex digests stop here.
 */
export function shannonEntropy(text: string, start = 0, end: number = text.length, floor = 0): number {
  const length = end - start;
  if (length <= 0) return 0;
  let distinct = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    const count = counts[code] ?? 0;
    if (count === 0) distinct += 1;
    counts[code] = count + 1;
  }
  const reachable = Math.log2(distinct) >= floor;
  let entropy = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    const count = counts[code] ?? 0;
    if (count === 0) continue;
    counts[code] = 0;
    if (!reachable) continue;
    const share = count / length;
    entropy -= share * Math.log2(share);
  }
  return reachable ? entropy : 0;
}


/**
 * Whether one piece (between `/ . _ - + ~`) reads as a word or a number: all digits, or letters
 * then optional trailing digits (`utf8`, `v2`) where the letters are all capitals or mostly
 * lowercase (`camelCase`, `Word`). Random strings mix digits into letters or case at random.
 */
export function isWordy(piece: string): boolean {
  let letters = piece.length;
  while (letters > 0 && isDigit(piece.charCodeAt(letters - 1))) letters -= 1;
  if (letters === 0) return true;
  let upper = 0;
  for (let index = 0; index < letters; index += 1) {
    const code = piece.charCodeAt(index);
    if (isUpper(code)) upper += 1;
    else if (!isLower(code)) return false;
  }
  return upper === letters || upper * 3 <= letters;
}

/** `/ . _ - + ~`: what parts a run's pieces (identifiers, paths, domains, versions). */
export const isPieceBreak = (code: number): boolean => code === 47 || code === 46 || code === 95 || code === 45 || code === 43 || code === 126;

/** Whether every piece of `run` (split at `/ . _ - + ~`) is {@link isWordy}: identifiers, paths, domains, versions. */
export function isStructured(run: string): boolean {
  let from = 0;
  for (let index = 0; index <= run.length; index += 1) {
    if (index === run.length || isPieceBreak(run.charCodeAt(index))) {
      if (!isWordy(run.slice(from, index))) return false;
      from = index + 1;
    }
  }
  return true;
}

/** Whether the letters of `text.slice(at, at + length)` are all lower case, all capitals, or a capital then lower case. */
export function oneCase(text: string, at: number, length: number): boolean {
  let upper = 0;
  let letters = 0;
  let firstUpper = false;
  for (let index = at; index < at + length; index += 1) {
    const code = text.charCodeAt(index);
    const isUpper = code >= 65 && code <= 90;
    if (!isUpper && !(code >= 97 && code <= 122)) continue;
    if (letters === 0) firstUpper = isUpper;
    letters += 1;
    if (isUpper) upper += 1;
  }
  return upper === 0 || upper === letters || (upper === 1 && firstUpper);
}

/** Placeholder words that may sit inside a token run (the others hold characters no run has), by first letter. */
const fillerWords: ReadonlyArray<readonly string[] | undefined> = (() => {
  const table: Array<string[] | undefined> = Array.from({ length: 128 }, () => undefined);
  for (const word of placeholderWords) if (/^[a-wyz][a-z]+$/.test(word)) (table[word.charCodeAt(0)] ??= []).push(word);
  return table;
})();
/** A character repeated this many times in a row is filler inside a run (`xxxxx`, `AAAAA`, `00000`). */
export const FILLER_REPEAT = 5;

/** Whether `word` (lower case) is written at `at` in any case. */
function wordAt(text: string, at: number, end: number, word: string): boolean {
  if (at + word.length > end) return false;
  for (let index = 1; index < word.length; index += 1) if ((text.charCodeAt(at + index) | 0x20) !== word.charCodeAt(index)) return false;
  return true;
}

/**
 * The filler inside `text.slice(start, end)`, as `[from, to)` offsets in order, touching spans
 * merged: placeholder words in one case (`your`, `EXAMPLE`, `Dummy` …), a character repeated
 * {@link FILLER_REPEAT} or more times in a row (`xxxxx`, `AAAAAA`), and, with `periodic`, a short
 * unit repeated ({@link findRepeats}). What lies between is what a token run holds besides its
 * placeholder (see the entropy rule in `scan`). One pass (and one per unit length for the
 * repeats), no allocation unless filler is found.
 */
export function fillerSpans(text: string, start: number, end: number, periodic = true): number[] {
  let spans: number[] | undefined;
  let repeatStart = start;
  let wordEnd = start;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (index > start && code !== text.charCodeAt(index - 1)) {
      if (index - repeatStart >= FILLER_REPEAT) (spans ??= []).push(repeatStart, index);
      repeatStart = index;
    }
    const words = code < 128 && index >= wordEnd ? fillerWords[code | 0x20] : undefined;
    const word = words?.find((option) => wordAt(text, index, end, option) && oneCase(text, index, option.length));
    if (word !== undefined) {
      (spans ??= []).push(index, index + word.length);
      wordEnd = index + word.length;
    }
  }
  if (end - repeatStart >= FILLER_REPEAT) (spans ??= []).push(repeatStart, end);
  if (periodic) findRepeats(text, start, end, (from, to) => (spans ??= []).push(from, to));
  return spans === undefined ? noSpans : mergeSpans(spans);
}

/** The longest unit a repeat of filler is looked for with. */
const MAX_FILLER_UNIT = 16;
/** The fewest characters a repeated unit spans to be filler. */
export const MIN_PERIODIC_FILLER = 12;

/**
 * Calls `visit` for every repeat in `text.slice(start, end)` of a unit of 2 to {@link MAX_FILLER_UNIT}
 * characters, three or more times in a row over {@link MIN_PERIODIC_FILLER} or more characters
 * (`abababab…`, `getUserNamegetUserName…`, `deadbeefdeadbeef…`), unit by unit, each unit's in
 * order: its `[from, to)` and its unit. Text written by repeating, no secret's (a random key
 * repeats no 12 characters that way but by a chance under 1 in 62^8 per position), and padding
 * that would dilute a key glued to it below the entropy threshold. One pass per unit length.
 */
function findRepeats(text: string, start: number, end: number, visit: (from: number, to: number, unit: number) => void): void {
  for (let unit = 2; unit <= MAX_FILLER_UNIT && 3 * unit <= end - start; unit += 1) {
    // A repeat holds `text[i] === text[i - unit]` at 2 × unit positions in a row at least, so one
    // position in `unit` is looked at, and only a match is followed to the repeat's ends.
    for (let index = start + unit; index < end; index += unit) {
      if (text.charCodeAt(index) !== text.charCodeAt(index - unit)) continue;
      let from = index;
      while (from - 1 - unit >= start && text.charCodeAt(from - 1) === text.charCodeAt(from - 1 - unit)) from -= 1;
      let to = index + 1;
      while (to < end && text.charCodeAt(to) === text.charCodeAt(to - unit)) to += 1;
      // `text[from - unit, to)` repeats its first `unit` characters. Where it is not a whole number
      // of units, the characters over belong as likely to the text beside it, which may be a key
      // that happens to begin or end as the unit does: they are left to the side that has text.
      if (to - from >= 2 * unit && to - from + unit >= MIN_PERIODIC_FILLER) {
        const over = (to - from + unit) % unit;
        visit(from - unit + (from - unit > start ? over : 0), to - (to < end ? over : 0), unit);
      }
      index = to;
    }
  }
}

/**
 * `text.slice(start, end)` with each repeat of {@link findRepeats} written once
 * (`SecretSecretSecretHTTP` → `SecretHTTP`, `ababab…abKey` → `abKey`): the run's shape as its
 * writer wrote it, so a long repeat neither makes a random key read as a name nor hides one. Repeats that overlap an earlier one keep
 * the earlier.
 */
export function collapseRepeats(text: string, start: number, end: number): string {
  const repeats: Array<readonly [number, number, number]> = [];
  findRepeats(text, start, end, (from, to, unit) => repeats.push([from, to, unit]));
  if (repeats.length === 0) return text.slice(start, end);
  repeats.sort((left, right) => left[0] - right[0] || right[1] - left[1]);
  let collapsed = '';
  let at = start;
  for (const [from, to, unit] of repeats) {
    if (from < at) continue;
    collapsed += text.slice(at, from + unit);
    at = to;
  }
  return collapsed + text.slice(at, end);
}

const noSpans: number[] = [];

/**
 * How many characters of `text.slice(start, end)` are a catalogue prefix it begins with, as
 * written with its trailing `. - _ ~` (the longest; 0 for none): public text
 * (`pypi-AgENdGVzdC5weXBpLm9yZw`, `eyJhcGlfYWRkcmVzcyI6`), not a secret's. `fw` (a random key's
 * first letters after filler, `xxxxx` then `fwFu…`) is not `fw_`, so a piece keeps them.
 */
export function cataloguePrefixLength(text: string, start: number, end: number): number {
  return cataloguePrefixes.find((prefix) => prefix.length <= end - start && text.startsWith(prefix, start))?.length ?? 0;
}

/** A version 4 UUID: 8-4-4-4-12 hex digits, version nibble 4, variant 8, 9, a or b. */
export function isUuidV4(text: string): boolean {
  if (text.length !== 36 || text[14] !== '4' || !'89abAB'.includes(text[19] ?? '')) return false;
  for (let index = 0; index < 36; index += 1) {
    const code = text.charCodeAt(index);
    const dash = index === 8 || index === 13 || index === 18 || index === 23;
    if (dash ? code !== 45 : !isHexDigit(code)) return false;
  }
  return true;
}

const isHexDigit = (code: number): boolean => isDigit(code) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);

/** Whether `text[start, end)` is hex digits of one case (`81a2`, `DEADBEEF`; `aB` is not). */
function isOneCaseHex(text: string, start: number, end: number): boolean {
  let upper = false;
  let lower = false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (!isHexDigit(code)) return false;
    if (isUpper(code)) upper = true;
    else if (isLower(code)) lower = true;
  }
  return !(upper && lower);
}

/**
 * Whether `text[start, start + 36)` is a UUID of any version: 8-4-4-4-12 hex digits of one case,
 * joined by `-`, or by `_` throughout where a name cannot hold a dash (`_api_org_96726c78_4ae3_…`,
 * a Python method named for one).
 */
function isUuidAt(text: string, start: number): boolean {
  if (start + 36 > text.length) return false;
  const joint = text.charCodeAt(start + 8);
  if (joint !== 45 && joint !== 95) return false;
  let upper = false;
  let lower = false;
  for (let offset = 0; offset < 36; offset += 1) {
    const code = text.charCodeAt(start + offset);
    if (offset === 8 || offset === 13 || offset === 18 || offset === 23) {
      if (code !== joint) return false;
    } else if (!isHexDigit(code)) return false;
    else if (isUpper(code)) upper = true;
    else if (isLower(code)) lower = true;
  }
  return !(upper && lower);
}

/**
 * The length of a compact ISO 8601 time in UTC at `text[start]` (`20230915T223155647Z`: a date of
 * eight digits with a month and day that exist, `T`, six to twelve digits of time, `Z`), else 0.
 * A tracer glues one before a span's UUID to order spans (LangSmith's `dotted_order`): the UUID
 * beside it is as public as alone.
 */
function timestampLength(text: string, start: number, end: number): number {
  if (start + 16 > end || text.charCodeAt(start + 8) !== 84) return 0;
  for (let index = start; index < start + 8; index += 1) if (!isDigit(text.charCodeAt(index))) return 0;
  const month = Number(text.slice(start + 4, start + 6));
  const day = Number(text.slice(start + 6, start + 8));
  if (month < 1 || month > 12 || day < 1 || day > 31) return 0;
  let index = start + 9;
  while (index < end && index - start - 9 < 12 && isDigit(text.charCodeAt(index))) index += 1;
  return index - start - 9 >= 6 && text.charCodeAt(index) === 90 ? index + 1 - start : 0;
}

/** A hex piece this long or longer is a digest (an abbreviated commit SHA has 7). */
const DIGEST_MIN_LENGTH = 7;

/**
 * The UUIDs (any version) and hex digests (7 or more digits in one case) that stand as whole pieces
 * of `text.slice(start, end)` (between `/ . _ - + ~`), as `[from, to)` offsets in order: shapes
 * exempt as they are, which the entropy rule cuts out of a run with its filler, so that what is
 * left beside them (a key in a path of UUIDs full of zeros) is judged on its own, not diluted.
 */
export function exactShapeSpans(text: string, start: number, end: number): number[] {
  const spans: number[] = [];
  let from = start;
  while (from < end) {
    const uuid = from + timestampLength(text, from, end);
    if (uuid + 36 <= end && isUuidAt(text, uuid) && (uuid + 36 === end || isPieceBreak(text.charCodeAt(uuid + 36)))) {
      spans.push(from, uuid + 36);
      from = uuid + 37;
      continue;
    }
    let to = from;
    while (to < end && !isPieceBreak(text.charCodeAt(to))) to += 1;
    if (to - from >= DIGEST_MIN_LENGTH && isOneCaseHex(text, from, to)) spans.push(from, to);
    from = to + 1;
  }
  return spans;
}

/** The union of two lists of `[from, to)` spans, ordered, touching spans merged. */
export function unionSpans(first: readonly number[], second: readonly number[]): number[] {
  return mergeSpans([...first, ...second]);
}

/** `[from, to)` spans in any order as their union: ordered, overlapping and touching spans merged. */
function mergeSpans(spans: readonly number[]): number[] {
  const order = Array.from({ length: spans.length >> 1 }, (_, pair) => 2 * pair).sort((left, right) => (spans[left] as number) - (spans[right] as number));
  const union: number[] = [];
  for (const at of order) {
    const last = union.length - 1;
    if (last > 0 && (spans[at] as number) <= (union[last] as number)) union[last] = Math.max(union[last] as number, spans[at + 1] as number);
    else union.push(spans[at] as number, spans[at + 1] as number);
  }
  return union;
}

/** Whether `text[start, end)` holds filler ({@link fillerSpans}, repeated units left out) other than a run of digits (`Pdf99999` holds none). */
export function holdsLetterFiller(text: string, start: number, end: number): boolean {
  // Repeated units are left out: a name may repeat a word (`SecretSecretSecretHTTP…`, FC_SEED=244021465).
  const spans = fillerSpans(text, start, end, false);
  for (let index = 0; index < spans.length; index += 2) {
    for (let at = spans[index] as number; at < (spans[index + 1] as number); at += 1) if (!isDigit(text.charCodeAt(at))) return true;
  }
  return false;
}

/**
 * Whether `run` is a path (or name) of shapes exempt on their own: split at its punctuation
 * (`/ . _ - + ~`), every piece is a UUID of any version (its dashes do not split it), a hex digest
 * of at least 7 digits in one case, {@link isWordy} (`runs`, `v2`, `README`), or a store's fan-out
 * folder right before a digest ({@link isFanOut}: git's `objects/3b/18e5…`). Placeholder
 * filler inside such a piece (a `00000000` group, a run in a digest) is part of its shape, so the
 * entropy rule leaves the run whole and alone. A random piece (a key in the path) is none of these.
 * With `holdsFiller` (a run the entropy rule would otherwise judge in pieces around its filler), a
 * piece may also be one the randomness judge finds likelier written than random (`HTTPServer`,
 * `PdfEncryptionKeySize`), and a piece holding filler
 * other than digits does not count: filler glued to a key can make it read as one (five lower-case
 * `x` bring a random key with a capital in three of its letters under a third), so such a piece is
 * judged without its filler.
 */
export function isShapedPath(run: string, holdsFiller = false): boolean {
  const shapes = exactShapeSpans(run, 0, run.length);
  for (let from = 0, next = 0; from <= run.length; ) {
    if (shapes[next] === from) {
      from = (shapes[next + 1] as number) + 1;
      next += 2;
      continue;
    }
    let to = from;
    while (to < run.length && !isPieceBreak(run.charCodeAt(to))) to += 1;
    const word = (isWordy(run.slice(from, to)) || isFanOut(run, from, to, shapes[next])) && !(to - from >= JUDGED_PIECE && randomnessEvidence(run, from, to) >= RANDOM_EVIDENCE);
    if (!(word || (holdsFiller && randomnessEvidence(run, from, to) < 0)) || (holdsFiller && holdsLetterFiller(run, from, to))) return false;
    from = to + 1;
  }
  return true;
}

/**
 * Whether `run[from, to)` is one or two hex digits right before a digest piece that begins at
 * `digest` (`3b` of git's `.git/objects/3b/18e512…`, a cache's `ab/cd/<digest>`): the folder a
 * content store files the digest under, named by its first digits.
 */
const isFanOut = (run: string, from: number, to: number, digest: number | undefined): boolean => to - from <= 2 && digest === to + 1 && isHex(run.slice(from, to));

/**
 * A piece this long that {@link isWordy} passes is a word only when the randomness judge does not
 * call it random: lower-case or capital letters drawn at random are one case, as words are
 * (`xkqzvbnmwplrtsdf…`), and the judge tells them apart from 20 characters on (99.8% of random
 * letters, bench/judge-recall.ts). Shorter pieces (`gcp`, `dpkg`, `lzma2`) it cannot judge.
 */
const JUDGED_PIECE = 20;

/** Whether `text` is all hexadecimal digits (commit SHAs, digests). */
export function isHex(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (!isHexDigit(text.charCodeAt(index))) return false;
  return text.length > 0;
}
