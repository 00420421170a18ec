import { escapeControlCharacters } from '@parley/core';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatTime, shownText } from './dom';

// Invariant: formatting a time never throws, whatever number the server or a reporter sent
// (Intl throws a RangeError past ±8.64e15 ms, which took the event feed down with it).
test('formatTime formats any number, a time no Date holds as a dash', () => {
  expect(formatTime(1e20)).toBe('—');
  expect(formatTime(Number.NaN)).toBe('—');
  expect(formatTime(0)).not.toBe('—');
  fc.assert(
    fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(8.64e15, -8.64e15, 8.64e15 + 1)), (time) => {
      expect(typeof formatTime(time)).toBe('string');
    }),
    { numRuns: 1000 },
  );
});

test('formatTime writes year first on a 24-hour clock, the one order nobody misreads', () => {
  const time = new Date(2026, 11, 1, 14, 3, 7).getTime();
  expect(formatTime(time)).toBe('2026-12-01 14:03:07');
  expect(formatTime(new Date(2026, 0, 2, 0, 0, 0).getTime())).toBe('2026-01-02 00:00:00');
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 253_402_300_799_000 }), (milliseconds) => {
      expect(formatTime(milliseconds)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }),
  );
});

/** What no text on the page may hold raw: controls, direction overrides, isolates and marks, invisible format characters, tags. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const hidden = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;

describe('shownText', () => {
  test('the reported shapes: an override in a title and an unclosed one in an error are shown as escapes', () => {
    expect(shownText('Invoice for \u202efdp.exe')).toBe('Invoice for \\u202efdp.exe');
    expect(shownText('step failed: \u202bunclosed\nnext line', true)).toBe('step failed: \\u202bunclosed\nnext line');
    expect(shownText('a\nb')).toBe('a\\nb');
  });

  // Invariant: whatever a model or user wrote, the page's text holds no raw control or
  // direction character, keeps every other character, and agrees with the command line's rule.
  test('any text: nothing hidden survives, everything else is kept, as the CLI shows it (fast-check)', () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom('\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\ufeff', '\u{e0041}', '\u001b', '\r', '\n', '\t', '\u0085', 'a', 'é', '😀', '\u200d', '\\'), fc.string({ unit: 'binary', maxLength: 2 })), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.boolean(), (written, multiline) => {
        const shown = shownText(written, multiline);
        expect(shown).toBe(escapeControlCharacters(written, { keepLineFeeds: multiline }));
        expect(multiline ? shown.replaceAll('\n', '') : shown).not.toMatch(hidden);
        const visible = [...written].filter((character) => !hidden.test(character) || (multiline && character === '\n'));
        // Every visible character is still there, in order.
        let at = 0;
        for (const character of visible) {
          const found = shown.indexOf(character, at);
          expect(found).toBeGreaterThanOrEqual(0);
          at = found + character.length;
        }
        if (!hidden.test(written)) expect(shown).toBe(written);
      }),
      { numRuns: 2000 },
    );
  });
});
