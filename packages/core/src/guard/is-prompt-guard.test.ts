import { describe, expect, test } from 'vitest';
import { isPromptGuard } from './is-prompt-guard';

const guardLike = {
  strategy: () => false,
  guardText: async (text: string) => text,
  guardValue: async (value: unknown) => value,
  guardStream: () => ({ name: 'none', open: () => ({ write: (chunk: string) => chunk, end: () => '' }) }),
  restoreToolArguments: async (_tool: string, input: unknown) => input,
};

describe('isPromptGuard', () => {
  test('an object with every method is a guard', () => {
    expect(isPromptGuard(guardLike)).toBe(true);
  });

  test.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'redact'],
    ['an options object', { input: 'redact', output: 'redact' }],
    ['a guard missing a method', { ...guardLike, restoreToolArguments: undefined }],
    ['a guard with a method that is not a function', { ...guardLike, guardText: 'text' }],
  ])('%s is not', (_name, value) => {
    expect(isPromptGuard(value)).toBe(false);
  });
});
