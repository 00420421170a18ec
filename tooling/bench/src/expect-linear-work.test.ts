import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bumpWork, countWork } from './count-work.ts';
import { expectLinearWork, isLinearWork, measureWorkGrowth } from './expect-linear-work.ts';
import { NonLinearWorkError } from './non-linear-work-error.ts';

const prose = (size: number): string => 'the quick brown fox; '.repeat(Math.ceil(size / 21)).slice(0, size);

// Deliberately quadratic: each of these rescans the text from the start once per character.
const quadratic: Record<string, (text: string) => unknown> = {
  'indexOf from 0 per character': (text) => {
    let found = 0;
    for (let index = 0; index < text.length; index += 1) found += text.indexOf('\u0000', 0);
    return found;
  },
  'a regex on every suffix': (text) => {
    let found = 0;
    for (let index = 0; index < text.length; index += 1) if (/\d/.test(text.slice(index))) found += 1;
    return found;
  },
  'a hand-written rescan with charCodeAt': (text) => {
    let sum = 0;
    for (let end = 0; end < text.length; end += 1) for (let index = 0; index < end; index += 1) sum += text.charCodeAt(index);
    return sum;
  },
  'lastIndexOf back to the start per line': (text) => {
    let found = 0;
    for (let index = 0; index < text.length; index += 1) found += text.lastIndexOf('\u0000', index);
    return found;
  },
  'slicing then scanning every suffix': (text) => {
    let found = 0;
    for (let index = 0; index < text.length; index += 1) found += text.slice(index).split(' ').length;
    return found;
  },
  'Array.includes on a growing list': (text) => {
    const seen: string[] = [];
    for (const character of text) if (!seen.includes(`${character}${seen.length}`)) seen.push(`${character}${seen.length}`);
    return seen.length;
  },
  'some() over everything seen so far': (text) => {
    const seen: number[] = [];
    for (let index = 0; index < text.length; index += 1) if (!seen.some((value) => value < 0)) seen.push(index);
    return seen.length;
  },
  'a bumped counter in a nested loop': (text) => {
    for (let end = 0; end < text.length; end += 1) bumpWork(end);
  },
};

// Linear: one pass, however it is written.
const linear: Record<string, (text: string) => unknown> = {
  'indexOf from the last hit': (text) => {
    let count = 0;
    for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) count += 1;
    return count;
  },
  'a global regex': (text) => [...text.matchAll(/\w+/g)].length,
  'a sticky regex at every position': (text) => {
    const word = /\w+/y;
    let count = 0;
    for (let index = 0; index < text.length; index += 1) {
      word.lastIndex = index;
      if (word.test(text)) count += 1;
    }
    return count;
  },
  'split, map, join': (text) =>
    text
      .split(' ')
      .map((word) => word.toUpperCase())
      .join(' '),
  'a charCodeAt loop': (text) => {
    let sum = 0;
    for (let index = 0; index < text.length; index += 1) sum += text.charCodeAt(index);
    return sum;
  },
  'replace with a callback': (text) => text.replace(/o/g, () => '0'),
  'slicing off each consumed word (V8 slices share memory)': (text) => {
    let rest = text;
    let words = 0;
    while (rest !== '') {
      const space = rest.indexOf(' ');
      rest = (space === -1 ? '' : rest.slice(space + 1)).trimStart();
      words += 1;
    }
    return words;
  },
};

describe('expectLinearWork', () => {
  test.each(Object.entries(quadratic))('flags a quadratic function: %s', (name, run) => {
    expect(() => expectLinearWork(name, prose, run, { size: 500 })).toThrow(NonLinearWorkError);
  });

  test.each(Object.entries(linear))('passes a linear function: %s', (name, run) => {
    const growth = expectLinearWork(name, prose, run, { size: 2_000 });
    expect(growth.ratios.every((ratio) => ratio > 1.5)).toBe(true);
  });

  test('the count is the same on every run (no clock)', () => {
    const run = linear['split, map, join'] ?? (() => undefined);
    const text = prose(5_000);
    expect(new Set([1, 2, 3].map(() => countWork(() => run(text)))).size).toBe(1);
  });

  test('the error says what grew and by how much', () => {
    const error = (() => {
      try {
        expectLinearWork('rescan', prose, quadratic['indexOf from 0 per character'] ?? (() => undefined), { size: 100 });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(NonLinearWorkError);
    expect((error as NonLinearWorkError).code).toBe('NONLINEAR_WORK');
    expect((error as NonLinearWorkError).message).toMatch(/^rescan: work grows faster than linearly \(100 → [\d,]+, 200 → /);
  });

  test('methods are restored after counting, also when the function throws', () => {
    const { exec } = RegExp.prototype;
    const { indexOf } = String.prototype;
    const { some } = Array.prototype;
    expect(() =>
      countWork(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(RegExp.prototype.exec).toBe(exec);
    expect(String.prototype.indexOf).toBe(indexOf);
    expect(Array.prototype.some).toBe(some);
    expect(countWork(() => undefined)).toBe(0);
  });

  test('counted methods still return what the originals return', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 3 }), fc.integer({ min: -5, max: 40 }), (text, search, from) => {
        const plain = [text.indexOf(search, from), text.lastIndexOf(search, from), text.includes(search, from), text.slice(from), text.split(search), /a+/.exec(text)?.[0]];
        let counted: unknown;
        const units = countWork(() => {
          counted = [text.indexOf(search, from), text.lastIndexOf(search, from), text.includes(search, from), text.slice(from), text.split(search), /a+/.exec(text)?.[0]];
        });
        expect(counted).toEqual(plain);
        expect(units).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  test('any function that scans from the start once per character is flagged, whatever the text', () => {
    // Property: for random prose-like texts and a random scanning method, a per-character rescan
    // from offset 0 is always caught, and one pass with the same method never is.
    const method = fc.constantFrom<(text: string, at: number) => unknown>(
      (text) => text.indexOf('#'),
      (text, at) => text.lastIndexOf('#', at),
      (text) => text.includes('#'),
      (text) => /#/.test(text),
      (text, at) => text.slice(0, at).toLowerCase(),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', 'b', '\n', 'é'), minLength: 1, maxLength: 20 }), method, (seed, scan) => {
        const make = (size: number): string => seed.repeat(Math.ceil(size / seed.length)).slice(0, size);
        const rescan = (text: string): void => {
          for (let index = 0; index < text.length; index += 1) scan(text, index);
        };
        expect(isLinearWork(measureWorkGrowth(make, rescan, { size: 300 }))).toBe(false);
        expect(isLinearWork(measureWorkGrowth(make, (text) => scan(text, text.length), { size: 300 }))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
