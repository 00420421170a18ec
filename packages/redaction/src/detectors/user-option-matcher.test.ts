import { expectChunkInvariant } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

describe('`-u` in code or a module path is no user option', () => {
  test.each([
    ['a scoped module name (Perl\'s -MO=Deparse)', "perl -MO=Deparse,-uHTML::TreeBuilder -e 'BEGIN { 1 }'\n"],
    ['a minified decrement of a member', 'deindent(e=!1){e?--u.indentLevel:f(--u.indentLevel)},newline(){f(u.indentLevel)}};function f(e){}\n'],
  ])('%s stays, in any chunking', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
  });

  test('a password after -u is still found, in any chunking', () => {
    for (const text of ['curl -u admin:Xk9q2Lm7Pz https://api.acme.io\n', 'curl -uadmin:q:Lm7Pz8 x\n']) {
      expect(redactSecrets(text)).toContain('<REDACTED:USER_OPTION_PASSWORD>');
      expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
    }
  });
});

// Invariant: a password quoted alone after the user (`-u admin:'…'`, the shell's quotes) is hidden
// inside its quotes, which stay, in any chunking.
test.each([
  ["curl -u admin:'S3cr3t Pass#9' https://api.acme.io\n", "curl -u admin:'<REDACTED:USER_OPTION_PASSWORD>' https://api.acme.io\n"],
  ['curl -u deploy:"Xk9q2Lm7Pz!x" -X POST\n', 'curl -u deploy:"<REDACTED:USER_OPTION_PASSWORD>" -X POST\n'],
])('a password quoted after the user keeps its quotes: %j', (text, expected) => {
  expect(redactSecrets(text)).toBe(expected);
  expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
});
