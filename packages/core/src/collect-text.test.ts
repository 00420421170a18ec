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
