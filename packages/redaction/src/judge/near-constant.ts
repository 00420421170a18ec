import { characterSet } from '../text/fold';

/**
 * Whether a key's body (separators removed) is a placeholder rather than random: one character
 * for two thirds of it or more (`AAAA…`, `xxxx…`, `0000…1`, or `0000…` with a few words the
 * fail-closed extension took), or a period of one or two characters for two thirds of it
 * (`abab…`, `a1a1…`, `0x0x…` with a few changed). A random body of sixteen or more characters is
 * neither but with a vanishing chance (for 16 characters from 10 digits, about one in 10⁷ is two
 * thirds one digit).
 *
 * The cheap check for short bodies with a few characters changed (`AKIA0001000200000000`), which
 * carry too few bits for the pattern judge (`patterned-text.ts`) to win by its margin; counting
 * bodies and longer periods are that judge's.
 */
export function isNearConstant(body: string): boolean {
  const length = body.length;
  if (length < 4) return false;
  const counts = new Map<number, number>();
  let most = 0;
  for (let index = 0; index < length; index += 1) {
    const code = body.charCodeAt(index);
    const count = (counts.get(code) ?? 0) + 1;
    counts.set(code, count);
    if (count > most) most = count;
  }
  if (most * 3 >= length * 2) return true;
  // A period of two: each character the same as the one two before it.
  let repeats = 0;
  for (let index = 2; index < length; index += 1) if (body.charCodeAt(index) === body.charCodeAt(index - 2)) repeats += 1;
  return repeats * 3 >= (length - 2) * 2;
}

/** The most common characters a skew is looked for in: the commonest one, two, three or four together. */
const SKEW_SETS = 4;
/** The body characters judged for a skew (the first ones): enough for the odds, and a bounded cost however long the run. */
const SKEW_WINDOW = 256;

/**
 * `log2` of the chance that `n` uniform draws of which each falls in a given set with chance `p`
 * put `m` or more there: the binomial tail, summed from its first term (the terms fall away fast
 * past the mean). 0 when `m` is at or below the mean.
 */
function log2BinomialTail(n: number, m: number, p: number): number {
  if (m <= n * p) return 0;
  let first = m * Math.log2(p) + (n - m) * Math.log2(1 - p);
  for (let index = 1; index <= m; index += 1) first += Math.log2((n - m + index) / index);
  let sum = 1;
  let term = 1;
  for (let count = m; count < n && term > 1e-12 * sum; count += 1) {
    term *= ((n - count) / (count + 1)) * (p / (1 - p));
    sum += term;
  }
  return first + Math.log2(sum);
}

/**
 * The smaller alphabets a provider may draw a body from within its row's (digits, hex of one
 * case, letters of one case or both, either case with digits): a body is judged against the
 * smallest of them, within the row's alphabet, that holds all its characters (`a-f` alone for
 * letters drawn from hex), or the row's own.
 */
const subAlphabets: readonly Uint8Array[] = ['0-9', '0-9a-f', '0-9A-F', 'a-z', 'A-Z', 'A-Za-z', 'a-z0-9', 'A-Z0-9', 'A-Za-z0-9'].map((spec) => characterSet(spec));

/**
 * Whether a body is far from a uniform draw over its row's alphabet (`alphabet`, a skeleton set:
 * separators left out), or over the smallest of {@link subAlphabets} within it that holds the
 * body's characters (a body of digits alone, or of letters alone, is a draw from those): its
 * commonest character, or its commonest two, three or four together, fill more of it than a
 * random draw does but with odds below 2^-`evidence` — the binomial tail of that count, times the
 * number of character sets of that size, the four sizes and the alphabets tried (a union bound).
 * So a uniform draw is called skewed with a chance below 2^-`evidence` whatever its length and
 * alphabet; 20 `A` in 60 characters of base64 (-63 bits), base64 of a WebAssembly binary read as
 * a prefix-like `EAAC…` with a body (below -60 in its first 90 characters) and base64 of ASCII
 * text are. The first {@link SKEW_WINDOW} characters are judged.
 */
export function isSkewed(body: string, alphabet: Uint8Array, evidence: number): boolean {
  const length = Math.min(body.length, SKEW_WINDOW);
  if (length < 8) return false;
  const counts = new Map<number, number>();
  for (let index = 0; index < length; index += 1) counts.set(body.charCodeAt(index), (counts.get(body.charCodeAt(index)) ?? 0) + 1);
  // The smallest alphabet, within the row's, that holds every character of the body.
  let alphabetSize = Number.POSITIVE_INFINITY;
  for (const set of [...subAlphabets, alphabet]) {
    if (![...counts.keys()].every((code) => set[code] === 1)) continue;
    let size = 0;
    for (let code = 0; code < 128; code += 1) if (set[code] === 1 && alphabet[code] === 1) size += 1;
    alphabetSize = Math.min(alphabetSize, size);
  }
  if (alphabetSize < 2 || alphabetSize === Number.POSITIVE_INFINITY) return false;
  const commonest = [...counts.values()].sort((left, right) => right - left);
  const tried = Math.log2(SKEW_SETS * (subAlphabets.length + 1));
  let together = 0;
  let sets = 1;
  for (let size = 1; size <= SKEW_SETS && size < alphabetSize; size += 1) {
    together += commonest[size - 1] ?? 0;
    sets *= (alphabetSize - size + 1) / size;
    if (tried + Math.log2(sets) + log2BinomialTail(length, together, size / alphabetSize) <= -evidence) return true;
  }
  return false;
}
