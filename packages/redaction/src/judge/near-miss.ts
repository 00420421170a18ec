/**
 * The catalogue's near misses: strings one edit away from a provider's format, which other
 * scanners list as negatives and the catalogue declines. The entropy rule leaves them to the
 * catalogue's verdict (see `scan`).
 */
import { catalogue, type CatalogueRule } from '../rules/catalogue';
import { characterSet, isAlphanumeric } from '../text/fold';
import { cataloguePrefixes, spacedMinimum } from './catalogue-index';

/** A row's format, compiled for the near-miss test. */
interface NearMissFormat {
  /** The prefixes, longest first. */
  readonly prefixes: readonly string[];
  /** The body as written (after a prefix), anchored at both ends. */
  readonly body: RegExp;
  /** Membership of every character the body may hold (its alphabets and literals). */
  readonly allowed: Uint8Array;
  /** A character of the last run's alphabet: what a body one character short lacks. */
  readonly filler: string;
  /**
   * How many characters short of the last run's minimum a body one short of what the matcher
   * recognises is: 1, or, for an alphabet with separators (whose keys spaced out count a quarter
   * fewer), 1 more than that quarter (`sk-ant-api03-` + 23 is one short of the 24 a spaced-out key needs).
   */
  readonly slack: number;
}

/** A prefix that may stand with one of its letters or digits changed is at least this long, or one shorter with punctuation in it (`sk-`, `hf_`, but not `SK`). */
const SUBSTITUTED_PREFIX = 4;

const classBody = (spec: string): string => spec.replaceAll(/[\\\]^]/gu, (character) => `\\${character}`);
const escapeLiteral = (text: string): string => text.replaceAll(/[$()*+.?[\\\]^{|}/-]/gu, (character) => `\\${character}`);

function compile(rule: CatalogueRule): NearMissFormat {
  const allowed = new Uint8Array(128);
  let source = '';
  let filler = 'a';
  let slack = 1;
  for (const part of rule.body) {
    if ('literal' in part) {
      source += escapeLiteral(part.literal);
      for (const character of part.literal) if (character.charCodeAt(0) < 128) allowed[character.charCodeAt(0)] = 1;
      continue;
    }
    // The runs' classes exclude the literals that follow them in the catalogue, so the pattern is linear.
    source += `[${classBody(part.alphabet)}]{${part.min},${part.max}}`;
    const set = characterSet(part.alphabet);
    for (let code = 0; code < 128; code += 1) if (set[code] === 1) allowed[code] = 1;
    slack = part.min - spacedMinimum(part) + 1;
    for (let code = 48; code < 123; code += 1) {
      if (set[code] === 1 && isAlphanumeric(code)) {
        filler = String.fromCharCode(code);
        break;
      }
    }
  }
  return { prefixes: [...rule.prefixes].sort((left, right) => right.length - left.length), body: new RegExp(`^${source}$`), allowed, filler, slack };
}

const formats: readonly NearMissFormat[] = catalogue.map(compile);

/** Whether `body` is one character short of what the matcher accepts, or holds one character outside the format. */
function oneEditFromBody(format: NearMissFormat, body: string): boolean {
  if (format.body.test(body)) return false;
  // Exactly one short of the shortest the matcher recognises: a longer body was recognised, and
  // declined only as written (a key whose rest was spaced out, say), which stays fail closed.
  if (format.body.test(body + format.filler.repeat(format.slack)) && (format.slack === 1 || !format.body.test(body + format.filler.repeat(format.slack - 1)))) return true;
  let outside = -1;
  for (let index = 0; index < body.length; index += 1) {
    const code = body.charCodeAt(index);
    if (code < 128 && format.allowed[code] === 1) continue;
    if (outside >= 0) return false;
    outside = index;
  }
  return outside >= 0 && format.body.test(body.slice(0, outside) + format.filler + body.slice(outside + 1));
}

/**
 * Groups of ASCII letters and digits a reader takes for one another (`AKlA` is `AKIA`, `5k_live_` is
 * `sk_live_`, `qhp_` is `ghp_`): a prefix with one of them swapped in, or a letter's case flipped, is
 * the real prefix to a reader, so its key is not a near miss (the adversarial review's finding).
 */
const lookAlikeGroups: readonly string[] = ['Il1i|', 'O0oQD', 'S5s', 'gq9', 'A4a', 'B8', 'Z2z', 'G6', 'T7', 'E3', 'uv'];
const lookAlikeGroup = new Int8Array(128).fill(-1);
lookAlikeGroups.forEach((group, index) => {
  for (const character of group) lookAlikeGroup[character.charCodeAt(0)] = index;
});

/** Whether a reader takes `found` for `wanted`: the same letter in the other case, or two characters of one look-alike group. */
function lookAlike(wanted: number, found: number): boolean {
  if ((wanted | 0x20) === (found | 0x20) && isAlphanumeric(wanted) && wanted > 64) return true;
  const group = lookAlikeGroup[wanted] ?? -1;
  return group >= 0 && group === (lookAlikeGroup[found] ?? -2);
}

/** Whether `run` begins with `prefix` with one of its letters in its other case or swapped for a look-alike. */
function readAs(run: string, prefix: string): boolean {
  if (run.length <= prefix.length) return false;
  let changed = 0;
  for (let index = 0; index < prefix.length; index += 1) {
    const wanted = prefix.charCodeAt(index);
    const found = run.charCodeAt(index);
    if (wanted === found) continue;
    if (!lookAlike(wanted, found)) return false;
    changed += 1;
  }
  return changed === 1;
}

/** Whether `run` begins with `prefix` with exactly one of its letters or digits changed to another letter or digit, not a look-alike of it. */
function substitutedPrefix(run: string, prefix: string): boolean {
  const punctuated = [...prefix].some((character) => !isAlphanumeric(character.charCodeAt(0)));
  if (prefix.length < (punctuated ? SUBSTITUTED_PREFIX - 1 : SUBSTITUTED_PREFIX) || run.length <= prefix.length) return false;
  let changed = 0;
  for (let index = 0; index < prefix.length; index += 1) {
    const wanted = prefix.charCodeAt(index);
    const found = run.charCodeAt(index);
    if (wanted === found) continue;
    if (!isAlphanumeric(wanted) || !isAlphanumeric(found) || lookAlike(wanted, found)) return false;
    changed += 1;
    if (changed > 1) return false;
  }
  return changed === 1;
}

/**
 * Whether `run` (a whole token run, trailing punctuation set aside) is one edit from a catalogue
 * format as the matcher counts it: a prefix as written and a body one character short of what the
 * matcher recognises (for an alphabet with separators, of the shorter minimum a spaced-out key
 * needs: a body it recognised and declined only as written stays the entropy rule's), or with one
 * character outside its alphabets; or a prefix of four or more characters (three with
 * punctuation) with one letter or digit changed — not to its other case or a look-alike, which a
 * reader puts back — and a body the format allows exactly. Such a string is the catalogue's to judge,
 * and the catalogue declined it (not this provider's key). A string further off (two characters
 * outside, a body of another length) is not a near miss; nor is a run that begins with another
 * row's prefix as written, judged by a prefix one letter off.
 */
export function isCatalogueNearMiss(run: string): boolean {
  // A run that begins with a prefix as written is judged against that prefix's formats only (`ghp_`
  // is not `gho_` with a letter changed).
  const written = cataloguePrefixes.some((prefix) => run.startsWith(prefix));
  // A prefix a reader reads there (one letter in its other case or a look-alike: `5k_live_`) is that
  // prefix, whatever other prefix the run is one letter off (`rk_live_`): the entropy rule's.
  if (!written && cataloguePrefixes.some((prefix) => readAs(run, prefix))) return false;
  for (const format of formats) {
    const prefix = format.prefixes.find((option) => run.startsWith(option));
    if (prefix !== undefined && oneEditFromBody(format, run.slice(prefix.length))) return true;
    if (written) continue;
    for (const option of format.prefixes) if (substitutedPrefix(run, option) && format.body.test(run.slice(option.length))) return true;
  }
  return false;
}

