import { expectString } from '@parley/core';

/**
 * Caveman-ultra: terse fragments for the compressed fields. Articles, fillers, hedges and
 * pleasantries go; a few phrases become symbols; negations, numbers, code, paths and identifiers
 * stay exactly as written.
 */

const articles = new Set(['a', 'an', 'the']);
const fillers = new Set(['just', 'really', 'very', 'basically', 'actually', 'simply', 'quite', 'rather', 'somewhat', 'literally', 'essentially', 'totally', 'certainly', 'definitely', 'currently', 'overall']);
const hedges = new Set(['perhaps', 'maybe', 'probably', 'possibly', 'likely', 'seemingly', 'apparently', 'arguably', 'might', 'may']);
const pleasantries = new Set(['please', 'thanks', 'sorry', 'kindly', 'hopefully']);

/** Phrases dropped or shortened, longest first so they win over their parts. Matched on word boundaries, without case. */
const phrases: ReadonlyArray<readonly [string, string]> = [
  ['as far as i can tell', ''],
  ['i hope this helps', ''],
  ['hope this helps', ''],
  ['let me know if you have any questions', ''],
  ['due to the fact that', 'because'],
  ['in my opinion', ''],
  ['it appears that', ''],
  ['it seems that', ''],
  ['it looks like', ''],
  ['please note that', ''],
  ['happy to help', ''],
  ['great question', ''],
  ['feel free to', ''],
  ['thank you', ''],
  ['it seems', ''],
  ['i think', ''],
  ['i believe', ''],
  ['note that', ''],
  ['in order to', 'to'],
  ['is able to', 'can'],
  ['are able to', 'can'],
  ['leads to', '->'],
  ['results in', '->'],
  ['is equal to', '='],
  ['of course', ''],
];

/** `text` without the characters of `set` at its end (a loop: no regex backtracking on long runs). */
function trimEnd(text: string, set: string): string {
  let end = text.length;
  while (end > 0 && set.includes(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

/** `text` without the characters of `set` at its start. */
function trimStart(text: string, set: string): string {
  let start = 0;
  while (start < text.length && set.includes(text[start] as string)) start += 1;
  return text.slice(start);
}

const closing = ')"\'],.;:!?';
const sentenceEnd = '.;:!?';

/** What a word is without its surrounding punctuation, lower-cased. */
const core = (token: string): string => trimEnd(trimStart(token, '("\'['), closing).toLowerCase();

/** Tokens written as code, paths, numbers or identifiers: never touched. */
function isVerbatim(token: string): boolean {
  return /[`/\\_=<>{}()[\]#@$0-9]/.test(token) || /[a-z][A-Z]/.test(token) || /^[A-Z]{2,}/.test(token);
}

/** Every word a caveman rewrite would drop (articles, fillers, hedges, pleasantries), lower-cased. */
export function droppableWords(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((token) => token.length > 0 && !isVerbatim(token))
    .map(core)
    .filter((word) => articles.has(word) || fillers.has(word) || hedges.has(word) || pleasantries.has(word));
}

const isWordCharacter = (character: string): boolean => /[a-z0-9_]/.test(character);

/**
 * Replaces each whole-word occurrence of `phrase` (lower case) in `text`, left to right, in one
 * pass: the text is lower-cased once and the result built from pieces (rebuilding the string at
 * each match made many matches quadratic). A match right after a replacement sees the
 * replacement's last character before it, as if the text had been rewritten in place.
 */
export function replacePhrase(text: string, phrase: string, replacement: string): string {
  const lower = text.toLowerCase();
  const pieces: string[] = [];
  let copied = 0;
  /** The last character written so far, lower-cased; '' when nothing was written. */
  let tail = '';
  let searchFrom = 0;
  for (;;) {
    const at = lower.indexOf(phrase, searchFrom);
    if (at < 0) break;
    const before = at > copied ? (lower[at - 1] as string) : tail === '' ? ' ' : tail;
    const after = lower[at + phrase.length] ?? ' ';
    if (isWordCharacter(before) || isWordCharacter(after)) {
      searchFrom = at + 1;
      continue;
    }
    if (at > copied) {
      pieces.push(text.slice(copied, at));
      tail = lower[at - 1] as string;
    }
    pieces.push(replacement);
    if (replacement !== '') tail = (replacement.at(-1) as string).toLowerCase();
    copied = at + phrase.length;
    searchFrom = copied;
  }
  if (copied === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}

function replacePhrases(text: string): string {
  let result = text;
  for (const [phrase, replacement] of phrases) result = replacePhrase(result, phrase, replacement);
  return result;
}

/**
 * Compresses prose to caveman-ultra, deterministically.
 *
 * @example
 * ```ts
 * import { caveman } from '@parley/envelope';
 *
 * console.log(caveman('I think the rename is basically fine, but there is a circular import via session and auth. Thanks!')); // rename is fine, but there is circular import via session + auth.
 * ```
 */
export function caveman(text: string): string {
  expectString(text, 'text');
  const tokens = replacePhrases(text).split(/(\s+)/);
  const kept: string[] = [];
  for (const token of tokens) {
    if (token.length === 0 || /^\s+$/.test(token)) continue;
    if (isVerbatim(token)) {
      kept.push(token);
      continue;
    }
    const word = core(token);
    if (articles.has(word) || fillers.has(word) || hedges.has(word) || pleasantries.has(word)) {
      // Keep punctuation that ended a dropped word (a sentence's full stop).
      const trailing = token.slice(trimEnd(token, sentenceEnd).length);
      const previous = kept[kept.length - 1];
      if (trailing !== '' && previous !== undefined && !/[.;:!?,]$/.test(previous)) kept[kept.length - 1] = previous + trailing.replace(/!/g, '.');
      continue;
    }
    const previous = kept[kept.length - 1];
    if (trimEnd(token, ',.;:!?') === '' && previous !== undefined && trimEnd(previous, ',.;:!?') !== previous) continue;
    kept.push(word === 'and' && token.toLowerCase() === 'and' ? '+' : token);
  }
  let result = kept.join(' ');
  for (const mark of ',.;:!?') result = result.replaceAll(` ${mark}`, mark);
  for (const mark of ',;:') for (const next of ',.;:') result = result.replaceAll(`${mark}${next}`, next);
  result = trimStart(result, ' ,.;:');
  const withoutBangs = trimEnd(result, '!');
  return (withoutBangs.length < result.length ? `${withoutBangs}.` : result).trim();
}
