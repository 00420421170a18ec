import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { caveman } from './caveman';
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
