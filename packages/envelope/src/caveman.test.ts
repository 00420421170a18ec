import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expectLinearWork } from '@parley/bench';
import { caveman, replacePhrase } from './caveman';
import { lintCaveman } from './compression';

const withoutPunctuation = (part: string): string => {
  let end = part.length;
  while (end > 0 && ',.;:'.includes(part[end - 1] ?? '')) end -= 1;
  return part.slice(0, end);
};

describe('caveman', () => {
  test.each([
    [
      'I think the rename is basically fine, but there is a circular import via session and auth. Thanks!',
      'rename is fine, but there is circular import via session + auth.',
    ],
    ['Please note that the cache is not invalidated when the user logs out.', 'cache is not invalidated when user logs out.'],
    ['It seems that the build probably fails in order to save time on `pnpm build`.', 'build fails to save time on `pnpm build`.'],
    ['The retry loop leads to 3 duplicate writes in src/store/write-task.ts at line 88.', 'retry loop -> 3 duplicate writes in src/store/write-task.ts at line 88.'],
    ['Never call getUserById without a tenant; it returns NULL for the wrong tenant.', 'Never call getUserById without tenant; it returns NULL for wrong tenant.'],
  ])('%j', (prose, compressed) => {
    expect(caveman(prose)).toBe(compressed);
  });

  test('keeps negations, numbers, code and paths, and is stable on its own output', () => {
    const words = fc.constantFrom('the', 'a', 'not', 'never', 'no', "don't", 'just', 'maybe', '42', '`x.y()`', 'src/a.ts', 'cache', 'fails', 'and', 'please', 'Thanks!', 'NULL', 'camelCase', ',', '.');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 30 }), (parts) => {
        const text = parts.join(' ');
        const compressed = caveman(text);
        for (const kept of ['not', 'never', "don't", '42', '`x.y()`', 'src/a.ts', 'NULL', 'camelCase']) {
          const before = parts.filter((part) => part === kept).length;
          const after = compressed.split(/\s+/).filter((part) => withoutPunctuation(part) === kept).length;
          expect(after).toBe(before);
        }
        expect(caveman(compressed)).toBe(compressed);
      }),
    );
  });

  test('lintCaveman scores prose low and caveman high', () => {
    const prose = 'I think that the session is probably just not being refreshed by the client, sorry.';
    expect(lintCaveman(prose).score).toBeLessThan(0.85);
    expect(lintCaveman(prose).hints).toEqual(expect.arrayContaining(['drop "the"', 'drop "probably"', 'drop "just"']));
    expect(lintCaveman(caveman(prose)).score).toBe(1);
  });
});

describe('phrases are replaced in one pass (a line of many phrases took quadratic time)', () => {
  /** The replacement as first written: rewrite the string and lower-case it again at each match. */
  const reference = (text: string, phrase: string, replacement: string): string => {
    let result = text;
    let searchFrom = 0;
    for (;;) {
      const lower = result.toLowerCase();
      const at = lower.indexOf(phrase, searchFrom);
      if (at < 0) break;
      const before = at === 0 ? ' ' : (lower[at - 1] ?? '');
      const after = lower[at + phrase.length] ?? ' ';
      if (/[a-z0-9_]/.test(before) || /[a-z0-9_]/.test(after)) {
        searchFrom = at + 1;
        continue;
      }
      result = result.slice(0, at) + replacement + result.slice(at + phrase.length);
      searchFrom = at + replacement.length;
    }
    return result;
  };

  test('replacePhrase gives what rewriting in place gives (property, 1,000 cases)', { timeout: 120_000 }, () => {
    const piece = fc.constantFrom('I think', 'i think', 'leads to', 'x', '_', ' ', '.', '-', 'to', 'a');
    const rule = fc.constantFrom(['i think', ''], ['leads to', '->'], ['to', 'x'], ['to', ''], ['a', 'b-'], ['i think', 'I'], ['x', 'y']);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }).map((pieces) => pieces.join('')), rule, (text, [phrase, replacement]) => {
        expect(replacePhrase(text, phrase, replacement)).toBe(reference(text, phrase, replacement));
      }),
      { numRuns: 1_000 },
    );
  });

  test('in linear work', { timeout: 180_000 }, () => {
    expectLinearWork('caveman on a line of phrases', (size) => 'I think it leads to x. '.repeat(Math.ceil(size / 23)), (text) => caveman(text), { size: 4_000, maxRatio: 2.3 });
  });
});
