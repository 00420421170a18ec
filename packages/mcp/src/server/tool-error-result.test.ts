import { InvalidArgumentError } from '@parley/core';
import { redactSecrets } from '@parley/redaction';
import { expect, test } from 'vitest';
import { leaks, secrets } from '../__fixtures__/planted-server';
import { toolErrorResult } from './tool-error-result';

test('a Parley error keeps its code; its message is redacted', () => {
  const result = toolErrorResult(new InvalidArgumentError({ argument: 'chain', message: `unknown role ${secrets.github}` }), redactSecrets);
  expect(result.isError).toBe(true);
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ error: { code: 'INVALID_ARGUMENT', message: 'unknown role <REDACTED:GITHUB_TOKEN>' } });
  expect(leaks(result)).toEqual([]);
});

test('anything else is UNEXPECTED, thrown values that are not errors too', () => {
  expect(JSON.parse((toolErrorResult(new TypeError(`bad ${secrets.stripe}`), redactSecrets).content[0] as { text: string }).text)).toEqual({ error: { code: 'UNEXPECTED', message: 'bad <REDACTED:STRIPE_SECRET_KEY>' } });
  expect(JSON.parse((toolErrorResult(42, redactSecrets).content[0] as { text: string }).text)).toEqual({ error: { code: 'UNEXPECTED', message: '42' } });
});
