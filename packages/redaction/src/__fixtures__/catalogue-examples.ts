/**
 * Examples built from the catalogue's format facts with a seeded generator, for the generated
 * tests and the per-provider recall table: never copied strings.
 */
import type { CatalogueRule } from '../rules/catalogue';
import { characterSet, isSeparator } from '../text/fold';

/** A small seeded generator (mulberry32): the same examples on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** The characters of an alphabet spec such as `A-Za-z0-9_-`, separators left out. */
export function alphabetOf(spec: string): string {
  const set = characterSet(spec);
  let characters = '';
  for (let code = 33; code < 127; code += 1) if (set[code] === 1 && !isSeparator(code)) characters += String.fromCharCode(code);
  return characters;
}

const isDigit = (character: string): boolean => character >= '0' && character <= '9';
const isLetter = (character: string): boolean => (character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z');

/**
 * What a generated body is drawn from: every character of the alphabet, only its letters, only
 * its digits, or mixed with a digit early (a spaced-out key needs a digit in its recognised part,
 * a README limit; contiguous keys need nothing of the kind).
 */
export type BodyShape = 'any' | 'letters' | 'digits' | 'digit-early';

/** `length` random characters of `alphabet` in the given shape (the whole alphabet when it has no character of that kind). */
export function randomRun(alphabet: string, length: number, random: () => number, shape: BodyShape = 'any'): string {
  const digits = [...alphabet].filter(isDigit);
  const letters = [...alphabet].filter(isLetter);
  const pool = shape === 'letters' && letters.length > 0 ? letters : shape === 'digits' && digits.length > 0 ? digits : [...alphabet];
  const characters = Array.from({ length }, () => pool[Math.floor(random() * pool.length)] as string);
  if (shape === 'digit-early' && length >= 2 && digits.length > 0 && letters.length > 0) {
    const half = Math.max(1, Math.floor(length / 2));
    if (!characters.slice(0, half).some(isDigit)) characters[Math.floor(random() * half)] = digits[Math.floor(random() * digits.length)] as string;
    if (!characters.some(isLetter)) characters[0] = letters[Math.floor(random() * letters.length)] as string;
  }
  return characters.join('');
}

/** The shortest body length the matcher accepts for a run: a quarter less when its alphabet holds separators. */
export function skeletonMinimum(spec: string, min: number): number {
  const set = characterSet(spec);
  for (let code = 0; code < 128; code += 1) if (set[code] === 1 && isSeparator(code)) return Math.floor(min * 0.75);
  return min;
}

/** How to bend an example into a near miss. */
export type Variant = 'positive' | 'short' | 'wrong-prefix' | 'wrong-alphabet';

/**
 * An example of `rule` (its prefix number `prefixIndex`), or a near miss: the last run one
 * character shorter than the matcher accepts, the prefix's first character changed, or a character
 * outside the alphabets where the first run would reach the length the matcher accepts.
 */
export function exampleOf(rule: CatalogueRule, random: () => number, variant: Variant = 'positive', prefixIndex = 0, shape: BodyShape = 'any', lengthChoice?: number): string {
  const prefix = rule.prefixes[prefixIndex] as string;
  const runs = rule.body.flatMap((part, index) => ('alphabet' in part && part.min > 0 ? [index] : []));
  const lastRun = runs[runs.length - 1];
  const firstRun = runs[0];
  let text = variant === 'wrong-prefix' ? (prefix[0] === 'q' ? 'j' : 'q') + prefix.slice(1) : prefix;
  for (const [index, part] of rule.body.entries()) {
    if ('literal' in part) {
      text += part.literal;
      continue;
    }
    // By default four past the minimum; `lengthChoice` (0 to 1) picks anywhere from the minimum to 4 past it.
    const spread = Math.min(part.max, Math.max(part.min, 1) + 4) - Math.max(part.min, 1);
    let length = Math.max(part.min, 1) + (lengthChoice === undefined ? spread : Math.floor(lengthChoice * (spread + 1)));
    if (variant === 'short' && index === lastRun) length = skeletonMinimum(part.alphabet, part.min) - 1;
    let body = randomRun(alphabetOf(part.alphabet), length, random, shape);
    if (variant === 'wrong-alphabet' && index === firstRun) {
      // Outside every run's alphabet: runs joined by a separator merge in skeleton form.
      const sets = rule.body.flatMap((other) => ('alphabet' in other ? [characterSet(other.alphabet)] : []));
      const outside = [...'zZgG#'].find((character) => sets.every((set) => set[character.charCodeAt(0)] !== 1)) as string;
      const cut = skeletonMinimum(part.alphabet, part.min) - 1;
      body = body.slice(0, cut) + outside + body.slice(cut + 1);
    }
    text += body;
    if (variant === 'short' && index === lastRun) break;
  }
  return text;
}

/**
 * How a placeholder body is drawn: one character throughout, a quarter less one changed, counting
 * up through the alphabet, or repeating a unit of `unitLength` characters counted from a random start.
 */
export type PlaceholderShape = 'constant' | 'near-constant' | 'sequence' | 'periodic';

/**
 * A key of `rule` with a placeholder body: every run filled with one character (one all runs
 * share when there is one), a few characters of it changed, or the runs' alphabets counted up
 * (whole, or in units of `unitLength`) from a random start.
 */
export function placeholderOf(rule: CatalogueRule, random: () => number, shape: PlaceholderShape, prefixIndex = 0, unitLength = 4): string {
  const alphabets = rule.body.flatMap((part) => ('alphabet' in part ? [alphabetOf(part.alphabet)] : []));
  const shared = [...'0Aax7'].find((character) => alphabets.every((alphabet) => alphabet.includes(character)));
  let text = rule.prefixes[prefixIndex] as string;
  for (const part of rule.body) {
    if ('literal' in part) {
      text += part.literal;
      continue;
    }
    const alphabet = alphabetOf(part.alphabet);
    const length = Math.max(part.min, 1) + Math.floor(random() * (Math.min(part.max, part.min + 4) - Math.max(part.min, 1) + 1));
    const fill = shared ?? (alphabet[0] as string);
    let run: string[];
    if (shape === 'sequence' || shape === 'periodic') {
      const start = Math.floor(random() * alphabet.length);
      run = Array.from({ length }, (_, index) => alphabet[(start + (shape === 'periodic' ? index % unitLength : index)) % alphabet.length] as string);
    } else {
      run = Array.from({ length }, () => fill);
      if (shape === 'near-constant') {
        const changes = Math.floor(random() * Math.max(1, Math.floor(length / 8)));
        for (let change = 0; change < changes; change += 1) run[Math.floor(random() * length)] = alphabet[Math.floor(random() * alphabet.length)] as string;
      }
    }
    text += run.join('');
  }
  return text;
}

/**
 * An example of `rule` split into the label a labelled row's prefix is (`AccountKey=`: see
 * `CatalogueRule.labelled`), which stays in the text, and the secret after it; an example of any
 * other row is all secret.
 */
export function labelAndSecret(rule: CatalogueRule, example: string): readonly [label: string, secret: string] {
  const label = rule.labelled === true ? (rule.prefixes.find((prefix) => example.startsWith(prefix)) ?? '') : '';
  return [label, example.slice(label.length)];
}

/** Where the character at `index` of a text stands once the text is cut into groups of `period` joined by `gap` (as `spacedOut` and the spaced-out tests write keys). */
export const spacedIndex = (index: number, period: number, gap: string): number => index + Math.floor(index / period) * gap.length;

/** Spaced out: a space after every fourth character. */
export const spacedOut = (text: string): string => text.replace(/(.{4})(?=.)/g, '$1 ');

/** Rules whose key has no digit in its prefix and may have none in its body: spaced out, they read as words (a README limit). */
export const digitless = (rule: CatalogueRule): boolean => !/\d/.test(rule.prefixes[0] as string) && rule.body.every((part) => !('alphabet' in part) || !/\d/.test(alphabetOf(part.alphabet)));

/**
 * Formats not recognised when spaced out every four characters (a spaced prefix longer than a gap
 * allows, or a body that groups into words): known gaps, measured by the catalogue's tests and
 * listed in the README.
 */
export const spacedOutMissed: ReadonlySet<string> = new Set(['google-oauth-access-token', 'fly-io-token', 'slack-webhook-url', 'telegram-bot-token', 'tailscale-key', 'mapbox-secret-token', 'facebook-access-token', 'sentry-org-token', 'firebase-cloud-messaging-key', 'yandex-cloud-api-key', 'helicone-api-key', 'neptune-api-token', 'square-access-token', 'onesignal-api-key', 'dropbox-short-lived-token', 'frame-io-token', 'elastic-serverless-api-key', 'posthog-personal-api-key', 'typeform-token']);
