import { transformText } from '@parley/core';
import { expect, test } from 'vitest';
import { redactSecretsStream } from './redact-secrets-stream';
import { redactSecrets } from './redact-secrets';
import { redactValue } from './redact-value';

// The README's example, kept honest.
test('the README example prints what it says', async () => {
  async function* model() {
    yield* ['Use ghp_a1B2c3D4e5F6', 'a1B2c3D4e5F6a1B2c3D4e5F6 to push; ', 'the key is AKIA Q3EG RXN7 T5W2 HJ4K.'];
  }
  const redactor = redactSecretsStream();
  const seen: string[] = [];
  redactor.on('redaction', ({ type }) => seen.push(type));
  let text = '';
  for await (const piece of transformText(model(), redactor)) text += piece;
  expect(text).toBe('Use <REDACTED:GITHUB_TOKEN> to push; the key is <REDACTED:AWS_ACCESS_KEY_ID>.');
  expect(seen).toEqual(['GITHUB_TOKEN', 'AWS_ACCESS_KEY_ID']);
  expect(redactSecrets('postgres://app:S3cr3t%40P@ss@db:5432/app')).toBe('postgres://app:<REDACTED:URL_PASSWORD>@db:5432/app');
  expect(redactValue({ summary: 'rotated', findings: [{ note: 'Bearer a8Zt3vN1xR7bLk2mWp9s' }] })).toEqual({
    summary: 'rotated',
    findings: [{ note: 'Bearer <REDACTED:AUTHORIZATION_CREDENTIAL>' }],
  });
});
