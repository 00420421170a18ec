import { describe, expect, test } from 'vitest';
import { isListedWord, LISTED_WORD_MAX, readsAsListedWords } from './listed-word';

const codes = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));
const listed = (text: string): boolean => isListedWord(codes(text), 0, text.length);

describe('the word list', () => {
  test('common words and acronyms in lower case, Capitalised or in capitals are listed; random groups and other casings are not', () => {
    for (const word of ['then', 'Then', 'THEN', 'with', 'done', 'for', 'now', 'run', 'it', 'a', 'I', 'gcp', 'SQL']) expect(listed(word), word).toBe(true);
    for (const group of ['onui', 'xatd', 'cive', 'Medo', 'vog', 'tHen', 'x', 'a915', '']) expect(listed(group), group).toBe(false);
  });

  test('it answers for groups of up to four letters', () => {
    expect(LISTED_WORD_MAX).toBe(4);
    expect(listed('about')).toBe(false);
  });

  test('pieces of a token: words and command names, some piece that is none, or no verdict', () => {
    expect(readsAsListedWords('Then', 0, 4)).toBe(true);
    expect(readsAsListedWords('npm', 0, 3)).toBe(true);
    expect(readsAsListedWords('36-vog', 0, 6)).toBe(false);
    expect(readsAsListedWords('4ESGE', 0, 5)).toBe(false);
    expect(readsAsListedWords('2024-01-17', 0, 10)).toBeUndefined();
    expect(readsAsListedWords('follow-up', 0, 9)).toBeUndefined();
    expect(readsAsListedWords('key: onui!', 5, 9)).toBe(false);
  });
});
