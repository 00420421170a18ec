import { InvalidArgumentError } from '@parley/core';
import { expectChunkInvariant } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { redactSecretsStream } from './redact-secrets-stream';
import { findSecrets, redactSecrets } from './redact-secrets';
import { redactValue } from './redact-value';
import { characters, literal } from '../engine/pattern/secret-pattern';

const github = samples.find((sample) => sample.type === 'GITHUB_TOKEN')?.text ?? '';
const jwt = samples.find((sample) => sample.type === 'JWT')?.text ?? '';

describe('custom rules', () => {
  const acme = { type: 'ACME_API_KEY', pattern: [literal('acme_live_'), characters('a-z0-9', { min: 24, max: 24 })] };

  test('are found like built-in ones, spaced out too, and stream chunk-invariantly', () => {
    const key = 'acme_live_k3j9x0q2m8v7t1r5z4w6y2p0';
    expect(redactSecrets(`use ${key} now`, { rules: [acme] })).toBe('use <REDACTED:ACME_API_KEY> now');
    const spaced = Array.from({ length: 9 }, (_, index) => key.slice(index * 4, index * 4 + 4)).join(' ');
    expect(redactSecrets(`use ${spaced} now`, { rules: [acme] })).toBe('use <REDACTED:ACME_API_KEY> now');
    expectChunkInvariant(redactSecretsStream({ rules: [acme] }), `a ${key} b`, { randomChunkings: 20 });
  });

  test('are checked when the options are made', () => {
    expect(() => redactSecretsStream({ rules: [{ type: 'acme', pattern: acme.pattern }] })).toThrow(InvalidArgumentError);
    expect(() => redactSecretsStream({ rules: [{ type: 'ACME', pattern: [characters('a-z', { min: 1, max: 2 })] }] })).toThrow(/begin with literal/);
    expect(() => characters('a-z', { min: 3, max: 2 })).toThrow(InvalidArgumentError);
    expect(() => literal([])).toThrow(InvalidArgumentError);
    expect(() => redactSecretsStream({ maxTokenLength: 10 })).toThrow(/maxTokenLength/);
  });
});

describe('disable, allow, entropy and placeholder options', () => {
  test('disable turns types off', () => {
    expect(redactSecrets(`t ${jwt}`, { disable: ['JWT', 'HIGH_ENTROPY'] })).toBe(`t ${jwt}`);
    expect(redactSecrets(`t ${jwt}`, { disable: ['JWT'] })).toBe('t <REDACTED:HIGH_ENTROPY>');
  });

  test('allow keeps exact strings and patterns', () => {
    expect(redactSecrets(`t ${github}`, { allow: [github] })).toBe(`t ${github}`);
    expect(redactSecrets(`t ${github}`, { allow: [/^ghp_/] })).toBe(`t ${github}`);
  });

  test('entropy settings tune the generic rule', () => {
    const run = 'q8Zt3vN1xR7bLk2mWp9s';
    expect(redactSecrets(run)).toBe('<REDACTED:HIGH_ENTROPY>');
    expect(redactSecrets(run, { entropy: { minLength: 24 } })).toBe(run);
    expect(redactSecrets(run, { entropy: false })).toBe(run);
  });

  test('placeholder formats the replacement', () => {
    expect(redactSecrets(`t ${github}`, { placeholder: (type) => `[${type.toLowerCase()}]` })).toBe('t [github_token]');
  });
});

describe('findSecrets', () => {
  test('reports type and input offsets', () => {
    const text = `one ${github} two`;
    expect(findSecrets(text)).toEqual([{ type: 'GITHUB_TOKEN', start: 4, end: 4 + github.length }]);
  });
});

describe('redactValue', () => {
  test('redacts strings inside objects and arrays, keys included, and copies', () => {
    const value = { summary: `leaked ${github}`, findings: [{ note: 'ok', fix: `token=${github}` }], count: 2, [github]: true };
    const redacted = redactValue(value);
    expect(redacted).toEqual({
      summary: 'leaked <REDACTED:GITHUB_TOKEN>',
      findings: [{ note: 'ok', fix: 'token=<REDACTED:GITHUB_TOKEN>' }],
      count: 2,
      '<REDACTED:GITHUB_TOKEN>': true,
    });
    expect(value.summary).toContain(github);
  });

  test('keeps cycles, and leaves class instances alone', () => {
    const node: { name: string; self?: unknown; at: Date } = { name: github, at: new Date(0) };
    node.self = node;
    const redacted = redactValue(node);
    expect(redacted.name).toBe('<REDACTED:GITHUB_TOKEN>');
    expect(redacted.self).toBe(redacted);
    expect(redacted.at).toBe(node.at);
  });
});
