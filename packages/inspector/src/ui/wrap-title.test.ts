import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { wrapTitle } from './wrap-title';

const measure = (text: string): number => [...text].length;

test('titles wrap at spaces, and long words between characters', () => {
  expect(wrapTitle('Update the API reference for 2.4', { width: 12, measure, maxLines: 6 })).toEqual(['Update the ', 'API ', 'reference ', 'for 2.4']);
  expect(wrapTitle('Supercalifragilistic', { width: 8, measure, maxLines: 6 })).toEqual(['Supercal', 'ifragili', 'stic']);
  expect(wrapTitle('', { width: 8, measure, maxLines: 6 })).toEqual(['']);
  expect(wrapTitle('a b c d e f g h', { width: 1, measure, maxLines: 3 })).toEqual(['a ', 'b ', '…']);
});

// Invariant: within the line limit nothing is cut: the lines joined are the title, and none is
// wider than a line, its trailing spaces aside (unless one character is).
test('within the line limit no character is lost and no line is too wide (fast-check)', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'é', '😀', '任'), maxLength: 80 }), fc.integer({ min: 1, max: 30 }), (title, width) => {
      const lines = wrapTitle(title, { width, measure, maxLines: 1000 });
      expect(lines.join('')).toBe(title);
      for (const line of lines) expect(measure(line.trimEnd()) <= width || [...line.trimEnd()].length <= 1).toBe(true);
    }),
    { numRuns: 2000 },
  );
});
