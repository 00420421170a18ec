/** Folds text for cue matching: compatibility forms (full-width letters) and case. */
export const foldText = (text: string): string => text.normalize('NFKC').toLowerCase();

/** The first cue `text` (already folded) contains, if any. */
export function findCue(text: string, cues: readonly string[]): string | undefined {
  for (const cue of cues) if (text.includes(cue)) return cue;
  return undefined;
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
