import { expectChunkInvariant } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: a long option named for a credential (`--token`, `--api-key`, `--client-secret`) hides
// the argument after it exactly when that argument is judged a credential after that name, in any
// chunking; other options, references, paths and words are left as written.

const hidden = '<REDACTED:ASSIGNED_CREDENTIAL>';

describe('a credential as a long option\'s argument', () => {
  test.each([
    ['acme-cli deploy --token 9f3c2a7be41d08c5f6e2 --env prod', `acme-cli deploy --token ${hidden} --env prod`],
    ['vault login --password "k8#Qv2!mZr9xLp" -method=userpass', `vault login --password "${hidden}" -method=userpass`],
    ["tool --client-secret 'Zr9xLpk8Qv2mT4wE' sync", `tool --client-secret '${hidden}' sync`],
    ['tool --api-key a8Zt3vN1xR7bLk2mWp9s', `tool --api-key ${hidden}`],
  ])('%j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  test.each([
    'gh auth login --with-token < token.txt',
    'acme --token $ACME_TOKEN --env prod',
    'ssh-keygen --key ~/.ssh/id_ed25519.pub',
    'acme --token-file /run/secrets/token',
    'acme --password --verbose',
    'tool --monkey k9x8c7v6b5n4',
    'tool --key sort-order',
    'curl --tokenizer fast',
    'gpg --recv-key 3B4FE6ACC0B21F32',
    'aws kms encrypt --kms-key arn:aws:kms:us-east-1:123456789012:key/1a2b3c4d',
  ])('%j is left as written', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  test('a shell operator after the argument is not the argument\'s', () => {
    for (const [text, expected] of [
      ['acme --token 9f3c2a7be41d08c5f6e2|jq .id', `acme --token ${hidden}|jq .id`],
      ['acme --token 9f3c2a7be41d08c5f6e2&&echo ok', `acme --token ${hidden}&&echo ok`],
      ['x=$(acme --token 9f3c2a7be41d08c5f6e2);echo $x', `x=$(acme --token ${hidden});echo $x`],
    ]) expect(redactSecrets(text as string)).toBe(expected);
  });

  test('the same output in any chunking', () => {
    const text = '$ acme-cli deploy --token 9f3c2a7be41d08c5f6e2 --env prod\nDeployed.\n';
    expect(redactSecrets(text)).toBe(`$ acme-cli deploy --token ${hidden} --env prod\nDeployed.\n`);
    expectChunkInvariant(redactSecretsStream(), text);
  });
});
