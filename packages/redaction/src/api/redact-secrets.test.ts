import { describe, expect, test } from 'vitest';
import { contexts, negatives, samples } from '../__fixtures__/secrets';
import { findSecrets, redactSecrets } from './redact-secrets';

const pieces = (secret: string): string[] =>
  Array.from({ length: Math.max(1, secret.length - 7) }, (_, index) => secret.slice(index, index + 8));

describe('redactSecrets', () => {
  describe.each(samples.map((sample) => [`${sample.type} (${sample.text.slice(0, 12)}…)`, sample] as const))('%s', (_name, sample) => {
    test.each(contexts)('is found in %s context', (_context, wrap) => {
      const text = wrap(sample.text);
      const output = redactSecrets(text);
      expect(output).toContain(`<REDACTED:${sample.type}>`);
      for (const piece of pieces(sample.secret)) expect(output).not.toContain(piece);
    });
  });

  test.each(negatives)('leaves %j byte-identical', (text) => {
    expect(findSecrets(text)).toEqual([]);
    expect(redactSecrets(text)).toBe(text);
  });

  test('is idempotent', () => {
    const text = samples.map((sample) => `x ${sample.text} y`).join('\n');
    const once = redactSecrets(text);
    expect(redactSecrets(once)).toBe(once);
  });
});

describe('redactSecrets edge cases', () => {
  test('a percent-encoded high-entropy value stays one run', () => {
    const encoded = encodeURIComponent('q8Zt3vN1xR+7bLk/2mWp9sYc4HdJf6GuE0aT');
    expect(redactSecrets(`https://example.com/cb?state=${encoded}&x=1`)).toBe('https://example.com/cb?state=<REDACTED:HIGH_ENTROPY>&x=1');
  });
});

describe('abbreviated keys', () => {
  test.each([
    ['rotate AKIA...14 chars...; fix logger', 'rotate <REDACTED:AWS_ACCESS_KEY_ID>14 chars...; fix logger'],
    ['token ghp_9xQ2… was pushed', 'token <REDACTED:GITHUB_TOKEN> was pushed'],
    ['key sk-ant-api03... leaked', 'key <REDACTED:ANTHROPIC_API_KEY> leaked'],
  ])('%j counts as a leak of that key', (text, redacted) => {
    expect(redactSecrets(text)).toBe(redacted);
  });

  test('the prefix alone, or a sentence that ends on it, is not an abbreviation', () => {
    for (const text of ['AWS key ids start with AKIA.', 'prefixes like ghp_ and glpat-', 'AKIA']) expect(redactSecrets(text)).toBe(text);
  });

  test('can be turned off', () => {
    expect(redactSecrets('rotate AKIA... now', { disable: ['ABBREVIATED_KEY'] })).toBe('rotate AKIA... now');
  });
});
