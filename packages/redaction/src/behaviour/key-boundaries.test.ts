import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exampleOf, seededRandom } from '../__fixtures__/catalogue-examples';
import { samples } from '../__fixtures__/secrets';
import { catalogue, type CatalogueRule } from '../rules/catalogue';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A run of `alphabet`'s characters. */
const run = (alphabet: string, minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const ghp = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const bodyLines = ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'acme_key=abcdef0123456789', 'BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj', 'MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3S'];
const pem = (label: string, lines: readonly string[]): string => `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----`;

/** Whether every character from `start` to `end` lies in some finding. */
function covered(text: string, start: number, end: number): boolean {
  const findings = findSecrets(text);
  for (let index = start; index < end; index += 1) if (!findings.some((finding) => finding.start <= index && index < finding.end)) return false;
  return true;
}

describe('a key never hides another secret that begins inside its run (issue 16)', () => {
  test('a key, one space, key-shaped text glued to a PEM header: the whole private key is redacted', () => {
    const key = pem('PRIVATE KEY', bodyLines);
    for (const before of [`${ghp} zed_x9`, `${ghp} zed_abc`, `${ghp}`, `${ghp}-`, `${ghp} zed_`]) {
      const output = redactSecrets(`${before}${key}`);
      expect(output).not.toContain('acme_key');
      expect(output).not.toContain('MzEf');
      expect(output.endsWith('<REDACTED:PRIVATE_KEY>')).toBe(true);
    }
    expect(redactSecrets(`${ghp}${key}`)).toBe('<REDACTED:GITHUB_TOKEN><REDACTED:PRIVATE_KEY>');
  });

  test('a key run that reaches into a URL password or an assignment value leaves it to its rule', () => {
    expect(redactSecrets(`${ghp}-x://user:hunter2pass@host/x`)).toBe('<REDACTED:GITHUB_TOKEN>://user:<REDACTED:URL_PASSWORD>@host/x');
    expect(redactSecrets(`${ghp}-password=hunter2pass`)).toBe('<REDACTED:GITHUB_TOKEN>-password=<REDACTED:ASSIGNED_CREDENTIAL>');
    expect(redactSecrets(`${ghp}_password=hunter2pass`)).toBe('<REDACTED:GITHUB_TOKEN>_password=<REDACTED:ASSIGNED_CREDENTIAL>');
    expect(redactSecrets(`${ghp}-api_key="hunter2pass"`)).toBe('<REDACTED:GITHUB_TOKEN>-api_key="<REDACTED:ASSIGNED_CREDENTIAL>"');
  });

  // Keys, and key-shaped text (a prefix with a few characters, or none) between the key and what follows.
  const keys = samples.filter((sample) => sample.spaceable).map((sample) => sample.text);
  const keyShaped = fc.oneof(
    fc.constant(''),
    fc.tuple(fc.constantFrom('zed_', 'ghp_', 'sk-', 'xoxb-', 'key-', 'acme_', 'AKIA', 'glpat-', 'npm_'), run(alphanumeric, 0, 12)).map(([prefix, rest]) => prefix + rest),
    fc.constantFrom(...keys),
  );
  const glue = fc.constantFrom('', '', ' ', '-', '_', '.', ':', '/', ' - ', '\t');
  const lead = fc.tuple(fc.constantFrom(...keys), glue, keyShaped, glue).map((parts) => parts.join(''));
  const chunking = fc.array(fc.nat(700), { maxLength: 8 });
  const chunkInvariant = (text: string, offsets: number[]): void => {
    expect(runChunks(redactSecretsStream(), splitAt(text, offsets)).output).toBe(redactSecrets(text));
  };

  test('every character of a private key block body is redacted whatever precedes or touches its header, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const line = fc.oneof(
      run(`${alphanumeric}+/`, 8, 64),
      fc.constantFrom('acme_key=abcdef0123456789', 'password: hunter2', 'ghp_ inside', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'),
    );
    fc.assert(
      fc.property(lead, fc.constantFrom('PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'PGP PRIVATE KEY BLOCK'), fc.array(line, { minLength: 1, maxLength: 5 }), chunking, (before, label, lines, offsets) => {
        const text = `${before}${pem(label, lines)}`;
        const bodyStart = before.length + `-----BEGIN ${label}-----\n`.length;
        const bodyEnd = bodyStart + lines.join('\n').length;
        expect(covered(text, bodyStart, bodyEnd)).toBe(true);
        chunkInvariant(text, offsets);
      }),
      { numRuns: 400 },
    );
  });

  test('a URL password and an assignment value after a key run are redacted, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const secret = fc.tuple(run(alphanumeric, 3, 10), fc.nat(9), run(`${alphanumeric}!%`, 0, 8)).map(([head, digit, rest]) => `${head}${digit}${rest}`);
    fc.assert(
      fc.property(
        lead,
        fc.constantFrom('url', 'assignment'),
        fc.constantFrom('password', 'api_key', 'secret', 'DB_PASSWORD', 'authToken'),
        fc.constantFrom('=', ': ', ' = ', '="'),
        secret,
        chunking,
        (before, shape, name, operator, value, offsets) => {
          const head = shape === 'url' ? `${before}://user:` : `${before}${name}${operator}`;
          const tail = shape === 'url' ? '@db.internal/app' : operator.endsWith('"') ? '"' : '';
          const text = `${head}${value}${tail} done`;
          // The rule's own judgement of the value, without the key before it (a bare `:` lets words go).
          const alone = shape === 'url' ? 'https' : name;
          const aloneHead = `${alone}${text.slice(before.length, head.length)}`;
          const aloneText = `${aloneHead}${value}${tail} done`;
          if (!covered(aloneText, aloneHead.length, aloneHead.length + value.length)) return;
          expect(covered(text, head.length, head.length + value.length)).toBe(true);
          chunkInvariant(text, offsets);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('a complete key keeps the punctuation that ends its field (issue 16)', () => {
  test('an Azure storage key holding `/` stops at `;` (`;EndpointSuffix=core.windows.net` kept)', () => {
    const key = `${'q7Zp2xLm9V/R4sKw8NbY3cJd'.repeat(3)}kF2mQ8xR5vT1nW==`;
    for (const end of [';', ',', '"', "'", ')', ']']) {
      expect(redactSecrets(`AccountKey=${key}${end}EndpointSuffix=core.windows.net`)).toBe(`AccountKey=<REDACTED:AZURE_STORAGE_KEY>${end}EndpointSuffix=core.windows.net`);
    }
  });

  test('every row: a contiguous key, then `;` `,` `"` `\'` `)` or `]` and more text: the key is redacted, the rest kept, any chunking (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(fc.nat(catalogue.length - 1), fc.integer(), fc.constantFrom(';', ',', '"', "'", ')', ']'), fc.constantFrom('EndpointSuffix=core.windows.net', 'next', ' done', 'a=1'), fc.array(fc.nat(300), { maxLength: 6 }), (ruleIndex, seed, end, rest, offsets) => {
        const rule = catalogue[ruleIndex] as CatalogueRule;
        const key = exampleOf(rule, seededRandom(seed), 'positive', 0, 'digit-early');
        const text = `(${key}${end}${rest}`;
        const output = redactSecrets(text);
        expect(output.endsWith(`${end}${rest}`), text).toBe(true);
        expect(output).not.toContain(key.slice(-8));
        expect(runChunks(redactSecretsStream(), splitAt(text, offsets)).output).toBe(output);
      }),
      { numRuns: 400 },
    );
  });
});

describe('a complete key ends at a paragraph end (ai-sdk and langchain: `two streams at once`)', () => {
  test('a key, a blank line, then text starting with key characters: the key is redacted, the next paragraph kept', () => {
    const token = 'ghp_hRpx1w3Z1h3FOPyYIbdWOfXPIYlOpSiU74gX';
    expect(redactSecrets(`first ${token}\n\nAKIfirst end`)).toBe('first <REDACTED:GITHUB_TOKEN>\n\nAKIfirst end');
    expect(runChunks(redactSecretsStream(), [`first ${token.slice(0, 10)}`, `${token.slice(10)}\n\nAKI`, 'first end']).output).toBe('first <REDACTED:GITHUB_TOKEN>\n\nAKIfirst end');
  });

  test('every contiguous sample key, a blank line, then a word run: found with its type, the paragraph kept, any chunking (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples.filter((sample) => sample.spaceable)), fc.constantFrom('\n\n', '\r\n\r\n', '\n \n'), fc.constantFrom('AKIfirst end', 'first end', 'Then rotate it', 'x9Kq then more'), fc.array(fc.nat(300), { maxLength: 6 }), (sample, blank, next, offsets) => {
        const text = `key ${sample.text}${blank}${next}`;
        const expected = `key <REDACTED:${sample.type}>${blank}${next}`;
        expect(redactSecrets(text)).toBe(expected);
        expect(runChunks(redactSecretsStream(), splitAt(text, offsets)).output).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  test('a prefix that begins a longer word used as a label is not a key (`path: …`, lead note)', () => {
    const text = '    path: 0000000000000000000000000000000000/0008ace/00000001-fff1-17ff-805a-411100000011.json';
    expect(findSecrets(text)).toEqual([]);
    expect(findSecrets('path: runs/0b6f1e0c-3f1d-4a8e-9a51-5d2c1b7e9f20/da39a3ee5e6b4b0d3255bfef95601890afd80709.json').filter((finding) => finding.type === 'AIRTABLE_TOKEN')).toEqual([]);
  });
});
