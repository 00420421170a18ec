import { describe, expect, test } from 'vitest';
import { excerpt } from './excerpt';
import { expectString } from './expect-string';
import { InvalidArgumentError } from './invalid-argument-error';

describe('expectString', () => {
  test('passes strings and names the argument otherwise', () => {
    expect(() => expectString('', 'text')).not.toThrow();
    for (const value of [undefined, null, 1, [], {}, Buffer.from('x')]) {
      expect(() => expectString(value, 'text')).toThrow(InvalidArgumentError);
    }
    expect(() => expectString(null, 'request')).toThrow('request must be a string; got null');
  });
});

describe('excerpt', () => {
  test('keeps short text and shortens long text to its ends and length', () => {
    expect(excerpt('short')).toBe('short');
    const shown = excerpt('a'.repeat(200_000) + 'END', 21);
    expect(shown).toBe(`${'a'.repeat(10)}…${'a'.repeat(7)}END (200003 characters)`);
  });
});
