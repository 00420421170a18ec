import { InvalidArgumentError } from '@parley/core';
import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { providerPatterns } from '../rules/built-in-rules';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

/** Every way a stream can end inside something that could still have become a secret. */
const prefixes = [
  ...providerPatterns.flatMap(([, pattern]) => (pattern[0]?.kind === 'literal' ? pattern[0].options : [])),
  'AKIA',
  'ghp_',
  'Bearer ',
  'Basic ',
  'https://u:p',
  'https://hooks.slack.com/services/',
  '-----BEGIN ',
  '-----BEGIN RSA PRIVATE KEY-----',
  'aws_secret_access_key = ',
  'eyJhbGciOiJIUzI1NiJ9.eyJ',
];
const truncated = [...new Set(prefixes.flatMap((prefix) => Array.from({ length: prefix.length }, (_, length) => prefix.slice(0, length + 1))))];

const prose = fc.constantFrom('ok and ', 'x ', '', 'See the log: ', 'token=', '"', 'Rotate it now.\n', 'key: ');
const url = fc
  .tuple(fc.constantFrom('https', 'postgres', 'redis'), fc.stringMatching(/^[a-z]{1,6}$/), fc.string({ unit: fc.constantFrom(...'aZ9q%40@!xK'), minLength: 1, maxLength: 12 }), fc.constantFrom('host.com', 'db:5432', '10.0.0.1'), fc.constantFrom('', '/x', '/app?ssl=1', '/'))
  .map(([scheme, user, password, host, path]) => `${scheme}://${user}:${password}@${host}${path}`);
/** Inputs biased to the hard cases: a partial prefix, a URL or a key at the very end, and mixtures. */
const hardInput = fc.oneof(
  fc.tuple(prose, fc.constantFrom(...truncated)).map(([before, tail]) => before + tail),
  fc.tuple(prose, url).map(([before, tail]) => before + tail),
  fc.tuple(prose, fc.constantFrom(...samples), fc.nat(400)).map(([before, sample, cut]) => before + sample.text.slice(0, Math.max(1, cut % (sample.text.length + 1)))),
  fc.array(fc.oneof(prose, url, fc.constantFrom(...truncated), fc.constantFrom(...samples).map((sample) => sample.text)), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' ')),
);

describe('lossless at the end of a stream', () => {
  test.each(['ok and AKI', 'x sk-pro', 'xox', 'glp', 'AK', 'see https://u:pass@host.com/x'])('%j: the output is the input with the reported redactions', (text) => {
    expectLossless(redactSecretsStream(), text, { events });
    expect(runChunks(redactSecretsStream(), [text]).output).toBe(redactSecrets(text));
  });

  test('the reported shapes come out whole', () => {
    // A write of 32 characters or more is scanned at once (shorter ones are gathered: `SCAN_BATCH`).
    const session = redactSecretsStream().open();
    session.write('we will see https://u:pass@host.com/x');
    expect(session.end()).toBe('host.com/x');
    for (const text of ['ok and AKI', 'x sk-pro', 'xox', 'glp', 'AK']) expect(runChunks(redactSecretsStream(), [...text]).output).toBe(text);
  });

  test('every rule prefix cut at every length ends the stream losslessly, in every split', { timeout: 180_000 }, () => {
    expectLossless(
      redactSecretsStream(),
      truncated.map((tail) => `ok and ${tail}`),
      { events, randomChunkings: 3 },
    );
  });

  test('output = input with exactly the reported edits, and = redactSecrets, for any chunking (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(hardInput, fc.array(fc.nat(500), { maxLength: 12 }), (text, offsets) => {
        const chunks = splitAt(text, offsets);
        expectLossless(redactor, text, { events, everySplit: false, randomChunkings: 2, chunkings: [chunks] });
        expect(runChunks(redactor, chunks).output).toBe(redactSecrets(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('library functions refuse what is not text', () => {
  test.each([undefined, null, 42, {}, ['a']])('redactSecrets and findSecrets throw INVALID_ARGUMENT on %j', (value) => {
    expect(() => redactSecrets(value as unknown as string)).toThrow(InvalidArgumentError);
    expect(() => findSecrets(value as unknown as string)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'text' }));
  });
});
