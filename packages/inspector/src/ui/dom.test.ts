import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatTime } from './dom';

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
