/**
 * The pattern judge: whether a body was written by a rule (one character repeated, a unit repeated,
 * counting up or down, a set of characters in sorted order) rather than drawn at random. It is the third explanation beside the two of
 * the randomness judge (`randomness-judge.ts`): *patterned* text is a short program — each
 * character either follows the rule in force (copy the character `p` places back, `p` = 1 to
 * {@link MAX_PERIOD}; the next or the previous character of its class, or a later one, a bit for
 * each character skipped: `abcdeghijklmnortuvxyz`), or starts another rule, or
 * is a literal drawn from the run's alphabet. Its cost in bits is the shortest such description
 * (a Viterbi pass over the rules, linear in the run); the random explanation costs `log2(alphabet)`
 * a character. `AIza` + `Syabcdefghijklmnopqrstuvwxyz1234567` costs about 50 bits patterned
 * against 208 at random; `GR1348941` + `12312312312312312312`, 24 against 66; a random body costs
 * about one bit a character more patterned than at random (the literal's flag), so it is never one.
 * Internal: not exported from the package.
 */
import { alphabetBits, RANDOM_EVIDENCE } from './randomness-judge';

/** The longest unit a repeated body is read as: copying from 1 to this many characters back. */
const MAX_PERIOD = 16;
/** Rules: copy from 1 to {@link MAX_PERIOD} back, count up (or go up in order), count down. */
const RULES = MAX_PERIOD + 2;
const UP = MAX_PERIOD;
const DOWN = MAX_PERIOD + 1;

/** Bits to go on with the rule in force (probability 3/4). */
const CONTINUE_BITS = Math.log2(4 / 3);
/** Bits to leave a rule (probability 1/4, then half for a literal, half for another rule): before a literal's or the new rule's own bits. */
const LEAVE_RULE_BITS = 3;
/** Bits to choose, after a literal, a literal again or a rule (one half each). */
const AFTER_LITERAL_BITS = 1;
/** Bits to name one rule of {@link RULES}. */
const RULE_BITS = Math.log2(RULES);

/** The class a counting rule stays in: digits, lower-case letters, capitals; 0 for anything else. */
function countingClass(code: number): number {
  if (code >= 48 && code <= 57) return 1;
  if (code >= 97 && code <= 122) return 2;
  if (code >= 65 && code <= 90) return 3;
  return 0;
}

/**
 * Whether `code` follows `previous` counting up (`step` 1) or down (`step` -1) through an
 * alphabet written in order: within digits or letters of one case, or from one class's end to
 * another's start (`9` to `0`, `a` or `A`; `z` or `Z` to `0` or the other case), as `0123456789`,
 * hex and base62 alphabets are listed.
 */
function counts(previous: number, code: number, step: 1 | -1): boolean {
  const from = countingClass(previous);
  const to = countingClass(code);
  if (from === 0 || to === 0) return false;
  if (from === to && code - previous === step) return true;
  const last = step === 1 ? (from === 1 ? 57 : from === 2 ? 122 : 90) : from === 1 ? 48 : from === 2 ? 97 : 65;
  const first = step === 1 ? (to === 1 ? 48 : to === 2 ? 97 : 65) : to === 1 ? 57 : to === 2 ? 122 : 90;
  return previous === last && code === first;
}

/**
 * What rule `rule` pays, beyond going on, for the character at `index` of `text` (whose run starts
 * at `start`): 0 when it predicts it, Infinity when it cannot. Counting up may also skip within the
 * character's class, a bit for each character skipped (a sorted set: `abcdeghijklmnortuvxyz`), or
 * go on in the other case (letters sorted whatever their case).
 */
function ruleBits(text: string, start: number, index: number, rule: number): number {
  const code = text.charCodeAt(index);
  if (rule < MAX_PERIOD) return index - rule - 1 >= start && text.charCodeAt(index - rule - 1) === code ? 0 : Infinity;
  if (index === start) return Infinity;
  const previous = text.charCodeAt(index - 1);
  if (counts(previous, code, rule === UP ? 1 : -1)) return 0;
  if (rule !== UP || countingClass(code) === 0) return Infinity;
  if (countingClass(code) === countingClass(previous)) return code > previous ? code - previous - 1 : Infinity;
  // Letters sorted whatever their case (`AaBbCc…`, strftime's `aAbBcdHIjmM…`): the same letter in
  // the other case, or a later one, a bit for each letter passed.
  const lower = code | 0x20;
  const before = previous | 0x20;
  return countingClass(previous) >= 2 && lower >= before ? lower - before : Infinity;
}

/** The bits of the shortest patterned description of `text[start..end)` (see the file's header). */
export function patternedBits(text: string, start: number, end: number): number {
  const literalBits = alphabetBits(text, start, end);
  // best[rule] is the cheapest description ending in that rule's state; best[RULES] in a literal.
  let best = new Float64Array(RULES + 1).fill(Infinity);
  let next = new Float64Array(RULES + 1);
  best[RULES] = 0;
  for (let index = start; index < end; index += 1) {
    let inRule = Infinity;
    for (let rule = 0; rule < RULES; rule += 1) inRule = Math.min(inRule, best[rule] as number);
    const inLiteral = best[RULES] as number;
    const enter = Math.min(inRule + LEAVE_RULE_BITS, inLiteral + AFTER_LITERAL_BITS) + RULE_BITS;
    for (let rule = 0; rule < RULES; rule += 1) next[rule] = Math.min((best[rule] as number) + CONTINUE_BITS, enter) + ruleBits(text, start, index, rule);
    next[RULES] = Math.min(inRule + LEAVE_RULE_BITS, inLiteral + AFTER_LITERAL_BITS) + literalBits;
    [best, next] = [next, best];
  }
  let cheapest = Infinity;
  for (const bits of best) cheapest = Math.min(cheapest, bits);
  return cheapest;
}

/**
 * Whether `text[start..end)` was written by a rule, not drawn at random: the patterned description
 * is {@link RANDOM_EVIDENCE} bits or more shorter than the random one (the randomness judge's
 * million to one), and at most half as long — what the rule leaves to chance is under half a
 * random body's worth. A fake key with a random tail after counted or repeated parts
 * (`xoxa-2-511111111-31111111111-3111111111111-e039d02840a0b9379c`) keeps more than half and is
 * a key; `AKIA` + `ZZZZ…`, `AIza` + `aaaa…`, `sk_test_0123456789abcdefghij…`, `a1B2c3a1B2c3…`
 * are not. Beside a credential's name the judge asks less (`margin`: see `judge/value-judge.ts`).
 */
export function isPatterned(text: string, start: number = 0, end: number = text.length, margin: number = RANDOM_EVIDENCE): boolean {
  if (end - start < 2) return false;
  const random = (end - start) * alphabetBits(text, start, end);
  const patterned = patternedBits(text, start, end);
  return (random - patterned >= margin && 2 * patterned <= random) || random - characterClassBits(text, start, end) >= margin;
}

/**
 * The bits of `text[start..end)` read as a regular expression's character class (`0-9A-HJKMNP-TV-Za-hjkmnp-tv-z`,
 * Crockford's base32 as zod writes it): items, each a character drawn from the run's alphabet, or
 * a range — a character, `-` and a later character of its class (digits, lower-case or capital
 * letters), that one costing `log2` of how far on it is — and a bit per item to say which. Ranges
 * are not random: three characters for about the bits of one and a half. A random run pays a bit
 * per item and almost never holds a range, so it never reads shorter so.
 */
function characterClassBits(text: string, start: number, end: number): number {
  const literalBits = alphabetBits(text, start, end) + 1;
  // best[i]: the cheapest reading of text[start, start + i).
  const best = new Float64Array(end - start + 1).fill(Infinity);
  best[0] = 0;
  for (let index = start; index < end; index += 1) {
    const here = best[index - start] as number;
    best[index - start + 1] = Math.min(best[index - start + 1] as number, here + literalBits);
    const from = text.charCodeAt(index);
    const to = text.charCodeAt(index + 2);
    if (index + 2 < end && text.charCodeAt(index + 1) === 45 && to > from && countingClass(from) !== 0 && countingClass(from) === countingClass(to)) {
      best[index - start + 3] = Math.min(best[index - start + 3] as number, here + literalBits + Math.log2(to - from));
    }
  }
  return best[end - start] as number;
}
