import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { redactSecretsStream } from '../api/redact-secrets-stream';

/**
 * A secret guard's placeholder (`<SECRET:GITHUB_TOKEN#1>`) names a type and a number and holds no
 * secret: a model that echoes one in its reply keeps it, through the stream redactor too (it was
 * read as `SECRET: <value>` and came out `<SECRET:<REDACTED:ASSIGNED_CREDENTIAL>`). A value dressed
 * as one that is not one is still judged.
 */
describe('the guard\'s placeholders in a model\'s reply', () => {
  test('the reported shape, and look-alikes that are no placeholder', () => {
    expect(expectStreamMatchesWhole('Use <SECRET:GITHUB_TOKEN#1> to deploy.')).toBe('Use <SECRET:GITHUB_TOKEN#1> to deploy.');
    expect(expectStreamMatchesWhole('{"token":"<SECRET:NPM_TOKEN#12>"}\n\nThanks!')).toBe('{"token":"<SECRET:NPM_TOKEN#12>"}\n\nThanks!');
    expect(expectStreamMatchesWhole('<SECRET:hunter2pass>')).toBe('<SECRET:<REDACTED:ASSIGNED_CREDENTIAL>');
    expect(expectStreamMatchesWhole('<SECRET:GITHUB_TOKEN#0>')).not.toBe('<SECRET:GITHUB_TOKEN#0>');
    expect(expectStreamMatchesWhole('<SECRET:ghp_AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO#1>')).not.toContain('AuanBBo0Zc6k');
  });

  const type = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,20}$/u);
  const around = fc.constantFrom(['Use ', ' to deploy.'], ['{"key":"', '"}'], ['token: ', '\n'], ['', ''], ['- ', '\n- next']);
  test('any placeholder in any context comes out as written, any chunking (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(type, fc.integer({ min: 1, max: 999_999 }), around, fc.record({ offsets: fc.array(fc.nat(80), { maxLength: 8 }), oneByOne: fc.boolean() }), (name, number, [before, after], cuts) => {
        const text = `${before}<SECRET:${name}#${number}>${after}`;
        expect(runChunks(redactor, chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
