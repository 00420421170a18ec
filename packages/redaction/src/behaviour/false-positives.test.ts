import { expectLossless } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isPatterned } from '../judge/patterned-text';
import { judgesRandom } from '../judge/randomness-judge';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

describe('issue 16 false positives: code and literals are left alone', () => {
  test.each([
    ['a dotted enum member', 'keySize = PdfEncryptionKeySize.Key128Bit;'],
    ['a dotted class path', 'use Ed25519.BlindKeySignatures here'],
    ['a dotted API group', 'apiGroups: ["rbac.authorization.k8s.io"]\napiVersion: rbac.authorization.k8s.io/v1'],
    ['an alphabet literal', 'const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";'],
    ['a base64 alphabet', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'],
    ['YOUR_PASSWORD', 'DB_PASSWORD=YOUR_PASSWORD'],
    ['REPLACE_WITH_…', 'api_key = "REPLACE_WITH_API_KEY_VALUE"\ntoken: REPLACE_WITH_YOUR_TOKEN'],
    ['an x body', 'sk_live_xxxxxxxxxxxxxxxxxxxxxxxx ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx xoxb-xxxxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx'],
    ['a star body', 'ghp_************************************'],
  ])('%s', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, events });
  });

  test('an identifier next to a real key: the key is still redacted', () => {
    const key = 'q7Zp2xLm9VtR4sKw8NbY3cJd';
    expect(redactSecrets(`PdfEncryptionKeySize.Key128Bit ${key}`)).toBe('PdfEncryptionKeySize.Key128Bit <REDACTED:HIGH_ENTROPY>');
  });

  // Identifiers built from words (camelCase/PascalCase humps, acronyms, short numbers) and joined by
  // dots: never redacted, in any chunking.
  const word = fc.constantFrom('Pdf', 'Encryption', 'Key', 'Size', 'Blind', 'Signatures', 'Http', 'Server', 'Config', 'Handler', 'Factory', 'Provider', 'Token', 'Secret', 'Manager', 'Builder');
  const hump = fc.oneof({ weight: 5, arbitrary: word }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 99_999 }).map(String) }, { weight: 1, arbitrary: fc.constantFrom('HTTP', 'XML', 'AWS', 'SDK') });
  const piece = fc.array(hump, { minLength: 2, maxLength: 5 }).map((humps) => humps.join(''));
  const identifier = fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join('.'));

  test('generated code identifiers are not redacted, in any chunking', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(identifier, fc.constantFrom('', 'x = ', '(', '"'), (name, before) => {
        // Numbers crowding the words are not identifiers (a key may be letters and digits): at most
        // one digit for every three letters.
        const digits = [...name].filter((character) => character >= '0' && character <= '9').length;
        fc.pre(digits * 3 <= name.length - digits - (name.split('.').length - 1));
        const text = `${before}${name}\n`;
        expect(redactSecrets(text)).toBe(text);
        expectLossless(redactSecretsStream(), [text], { everySplit: false, randomChunkings: 2, events });
      }),
      { numRuns: 200 },
    );
  });

  test('random base62 keys are nearly always judged random and never read as written by a rule', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let written = 0;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 61 }), { minLength: 32, maxLength: 64 }), (indexes) => {
        const key = indexes.map((index) => alphabet[index]).join('');
        expect(isPatterned(key)).toBe(false);
        if (!judgesRandom(key, 0, key.length, 20)) written += 1;
      }),
      { numRuns: 2000 },
    );
    // None of 10,000 uniform draws of 32 at bench/judge-recall.ts; fast-check's bias towards small values makes one likelier here.
    expect(written).toBeLessThan(20);
  });
});
