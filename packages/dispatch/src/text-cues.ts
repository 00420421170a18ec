/** Folds text for cue matching: compatibility forms (full-width letters) and case. */
export function foldText(text: string): string {
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) > 0x7f) return text.normalize('NFKC').toLowerCase();
  }
  return text.toLowerCase();
}

/** Each cue list compiled once into one alternation of literals (longest first at a position). */
const matchers = new WeakMap<readonly string[], RegExp>();

const escapeLiteral = (cue: string): string => cue.replaceAll(/[$()*+.?[\\\]^{|}-]/g, '\\$&');

/**
 * The first cue, in text order, that `text` (already folded) contains. The cues are literals in
 * one alternation without quantifiers, so matching is one linear pass; `cues` should be a
 * long-lived array (its compiled form is cached).
 */
export function findCue(text: string, cues: readonly string[]): string | undefined {
  let matcher = matchers.get(cues);
  if (matcher === undefined) {
    const sorted = cues.filter((cue) => cue !== '').toSorted((left, right) => right.length - left.length);
    matcher = new RegExp(sorted.length === 0 ? '(?!)' : sorted.map(escapeLiteral).join('|'), 'u');
    matchers.set(cues, matcher);
  }
  return matcher.exec(text)?.[0];
}

const isWordCharacter = (character: string | undefined): boolean => character !== undefined && /[\p{L}\p{N}_]/u.test(character) && !/\p{Script=Han}/u.test(character);

const inflections = ['', 's', 'es', 'd', 'ed', 'ing'];

/**
 * The first English word or phrase from `words` that occurs in `text` (folded) as a whole word,
 * allowing a regular inflection (`load` matches `loads`, `loaded`, `loading`).
 */
export function findWord(text: string, words: readonly string[]): string | undefined {
  for (const word of words) {
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      if (isWordCharacter(text[at - 1])) continue;
      const end = at + word.length;
      if (inflections.some((suffix) => text.startsWith(suffix, end) && !isWordCharacter(text[end + suffix.length]))) return word;
    }
  }
  return undefined;
}
