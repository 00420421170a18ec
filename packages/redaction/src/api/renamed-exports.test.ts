import { InvalidArgumentError, RenamedExportError } from '@parley/core';
import { describe, expect, test } from 'vitest';
import * as redaction from '../index';

const thrownBy = (call: () => unknown): unknown => {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('names renamed before the first release', () => {
  test('redactText() throws a RenamedExportError naming redactSecrets()', () => {
    const thrown = thrownBy(() => redaction.redactText('token ghp_…'));
    expect(RenamedExportError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'RENAMED_EXPORT', packageName: '@parley/redaction', oldName: 'redactText', newName: 'redactSecrets' });
    expect((thrown as Error).message).toContain('redactText() from @parley/redaction was renamed redactSecrets()');
  });

  test.each([
    ['no argument', () => (redaction.redactSecrets as unknown as () => string)(), 'got no text'],
    ['an options object', () => (redaction.redactSecrets as unknown as (options: object) => string)({ types: ['GITHUB_TOKEN'] }), 'got an options object'],
    ['a null-prototype options object', () => (redaction.redactSecrets as unknown as (options: object) => string)(Object.create(null) as object), 'got an options object'],
  ])('redactSecrets() called the old middleware way (%s) names redactSecretsStream()', (_, call, got) => {
    const thrown = thrownBy(call);
    expect(InvalidArgumentError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'text' });
    expect((thrown as Error).message).toBe(`redactSecrets(text) redacts a string; ${got}. For the stream middleware that was called redactSecrets() before, use redactSecretsStream().`);
  });

  test('other non-strings keep the plain message', () => {
    const thrown = thrownBy(() => (redaction.redactSecrets as (text: unknown) => string)(new Uint8Array(2)));
    expect((thrown as Error).message).toBe('redactSecrets() takes the text as a string; got object. Use redactValue() for other values.');
    expect(redaction.redactSecrets('nothing secret')).toBe('nothing secret');
  });
});
