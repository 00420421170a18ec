import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { collectText } from './collect-text';

test('collectText reads strings, promises and streams, up to a cap', async () => {
  async function* parts(): AsyncGenerator<string> {
    yield* ['ab', 'cd', 'ef'];
  }
  expect(await collectText('abc')).toBe('abc');
  expect(await collectText(Promise.resolve('abc'), { maxLength: 2 })).toBe('ab');
  expect(await collectText(parts())).toBe('abcdef');
  expect(await collectText(parts(), { maxLength: 3 })).toBe('abc');
  expect(await collectText(['x', 'y'])).toBe('xy');
});

test('a maxLength that is not a count is an InvalidArgumentError, never an unlimited read', async () => {
  for (const maxLength of [Number.NaN, -1, 1.5, '3', null]) {
    await expect(collectText('abc', { maxLength: maxLength as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'maxLength' });
  }
  expect(await collectText('abc', { maxLength: Number.POSITIVE_INFINITY })).toBe('abc');
  expect(await collectText(['ab', 'cd'], { maxLength: 0 })).toBe('');
});

test('property: any maxLength is a cap honoured exactly or an InvalidArgumentError (300 runs)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.anything(), fc.double(), fc.integer({ min: -3, max: 12 })), fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }), async (maxLength, chunks) => {
      const valid = maxLength === undefined || maxLength === Number.POSITIVE_INFINITY || (typeof maxLength === 'number' && Number.isSafeInteger(maxLength) && maxLength >= 0);
      const read = collectText(chunks, { maxLength: maxLength as never });
      if (!valid) {
        await expect(read).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
        return;
      }
      expect(await read).toBe(chunks.join('').slice(0, (maxLength as number | undefined) ?? Number.POSITIVE_INFINITY));
    }),
    { numRuns: 300 },
  );
});
