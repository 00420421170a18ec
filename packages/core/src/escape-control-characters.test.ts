import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { escapeControlCharacters } from './escape-control-characters';

/** The characters the rule escapes, written out a second time (a regular expression, not the rule's code) so the two check each other. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const hidden = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;
const hiddenCharacters = ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u009b', '\u061c', '\u200b', '\u200e', '\u200f', '\u2028', '\u2029', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2060', '\u2066', '\u2067', '\u2068', '\u2069', '\u206f', '\ufeff', '\ufff9', '\ufffb', '\u{e0001}', '\u{e0041}', '\u{e007f}'];
const named: Readonly<Record<string, string>> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r' };
/** How one hidden character is shown, spelled from its code point. */
const expectedEscape = (character: string): string => {
  const point = character.codePointAt(0) ?? 0;
  return named[character] ?? (point <= 0xff ? `\\x${point.toString(16).padStart(2, '0')}` : point <= 0xffff ? `\\u${point.toString(16).padStart(4, '0')}` : `\\u{${point.toString(16)}}`);
};
/** Visible text: any code point but the hidden ones (lone surrogates included, and the joiners scripts and emoji need). */
const visibleText = fc.string({ unit: fc.oneof(fc.constantFrom('a', ' ', '\\', 'é', '任', '😀', '\u200c', '\u200d', '👨\u200d👩', '\u{e0100}', '\ud800', '\udc41'), fc.string({ unit: 'binary', maxLength: 2 })), maxLength: 8 }).map((text) => [...text].filter((character) => !hidden.test(character)).join(''));

describe('escapeControlCharacters', () => {
  test('the reported shapes: a right-to-left override, its kin and a hidden tag message are shown as escapes', () => {
    expect(escapeControlCharacters('Invoice for \u202efdp.exe')).toBe('Invoice for \\u202efdp.exe');
    expect(escapeControlCharacters('a\u2066b\u2069\u200e\u200f\u061c')).toBe('a\\u2066b\\u2069\\u200e\\u200f\\u061c');
    expect(escapeControlCharacters('ok\u{e0049}\u{e0067}')).toBe('ok\\u{e0049}\\u{e0067}');
    expect(escapeControlCharacters('👨\u200d👩 مرحبا\u200cبك \u{e0100}')).toBe('👨\u200d👩 مرحبا\u200cبك \u{e0100}');
    expect(escapeControlCharacters('one\ntwo\r', { keepLineFeeds: true })).toBe('one\ntwo\\r');
  });

  // Invariant: text made of visible pieces and hidden characters comes out as the same visible
  // pieces, in order, with each hidden character replaced by its escape, and no hidden character
  // left; line feeds stay when asked to.
  test('no hidden character survives; every other character is kept, in order (fast-check)', () => {
    const piece = fc.oneof(visibleText, fc.constantFrom(...hiddenCharacters));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, keepLineFeeds) => {
        const shown = escapeControlCharacters(pieces.join(''), { keepLineFeeds });
        const expected = pieces.map((text) => (hiddenCharacters.includes(text) && !(keepLineFeeds && text === '\n') ? expectedEscape(text) : text)).join('');
        expect(shown).toBe(expected);
        expect(keepLineFeeds ? shown.replaceAll('\n', '') : shown).not.toMatch(hidden);
      }),
      { numRuns: 2000 },
    );
  });

  test('any string: no hidden character survives (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(escapeControlCharacters(text)).not.toMatch(hidden);
      }),
      { numRuns: 2000 },
    );
  });
});
