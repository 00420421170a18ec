/**
 * Whether a short group of letters is a word people write: one of the common English words and
 * computing acronyms of `rules/word-list.ts` (built by `scripts/build-word-list.ts`), written in
 * lower case, Capitalised or in capitals (`then`, `Then`, `THEN`, `GCP`), or a command's name
 * (`npm`, `gh`: the vocabulary's). A group of a random key seldom is one (`onui`, `xatd`, `cive`
 * are not: 1 in 470 random lower-case groups of four letters is, 1 in 2,500 of mixed case), while
 * the prose that follows a key almost always is. The list is read into a set on first use; each
 * question is O(its length).
 */
import { isCommandName } from '../rules/vocabulary';
import { isLowerCode as isLower, isUpperCode as isUpper } from '../text/fold';
import { WORDS_BY_LENGTH } from '../rules/word-list';

/** The longest group the list answers for: longer groups are left to the character model. */
export const LISTED_WORD_MAX: number = WORDS_BY_LENGTH.length - 1;

let listed: Set<string> | undefined;

function listedWords(): Set<string> {
  if (listed !== undefined) return listed;
  listed = new Set<string>();
  WORDS_BY_LENGTH.forEach((words, length) => {
    for (let at = 0; at + length <= words.length && length > 0; at += length) listed?.add(words.slice(at, at + length));
  });
  return listed;
}

/**
 * Whether the character codes `codes[from..to)` spell a listed word as prose writes one: in lower
 * case, Capitalised, or in capitals (one letter: `a`, `I`). Anything else — digits, mixed case, a group longer than
 * {@link LISTED_WORD_MAX} — is no listed word.
 */
export function isListedWord(codes: readonly number[], from: number, to: number): boolean {
  if (to - from < 1 || to - from > LISTED_WORD_MAX) return false;
  let upper = 0;
  let word = '';
  for (let index = from; index < to; index += 1) {
    const code = codes[index] ?? 0;
    if (isUpper(code)) upper += 1;
    else if (!isLower(code)) return false;
    word += String.fromCharCode(isUpper(code) ? code + 32 : code);
  }
  const cased = upper === 0 || upper === to - from || (upper === 1 && isUpper(codes[from] ?? 0));
  // One letter is a word only as `a` or `I` (the list starts at two letters).
  if (word.length === 1) return word === 'a' || word === 'i';
  return cased && listedWords().has(word);
}

/**
 * How the pieces of `text[from..to)` between characters other than ASCII letters and digits
 * (`36-vog`, `Medo`) read against the list: `true` when every piece with a letter is a listed word
 * or a command's name (`Then`, `npm`), `false` when one is not (`vog`, `a915`) or, whatever its
 * length, has a letter after a digit as no word does (`4ESGE`), `undefined` when the list cannot
 * tell (a longer piece, or digits alone: a date, a number).
 */
export function readsAsListedWords(text: string, from: number, to: number): boolean | undefined {
  const codes: number[] = [];
  let words = true;
  let lettered = false;
  let long = false;
  let length = 0;
  let digits = false;
  let letterAfterDigit = false;
  for (let index = from; index <= to; index += 1) {
    const code = index < to ? text.charCodeAt(index) : 0;
    const letter = isUpper(code) || isLower(code);
    if (letter || (code >= 48 && code <= 57)) {
      if (!letter) digits = true;
      else if (digits) letterAfterDigit = true;
      if (length < LISTED_WORD_MAX) codes.push(code);
      length += 1;
      continue;
    }
    if (length > 0 && codes.some((piece) => isUpper(piece) || isLower(piece)) || letterAfterDigit) {
      lettered = true;
      if (letterAfterDigit) words = false;
      else if (length > LISTED_WORD_MAX) long = true;
      else if (!isListedWord(codes, 0, codes.length) && !isCommandName(text, index - codes.length, index)) words = false;
    }
    codes.length = 0;
    length = 0;
    digits = false;
    letterAfterDigit = false;
  }
  if (!lettered) return undefined;
  return words && long ? undefined : words;
}
