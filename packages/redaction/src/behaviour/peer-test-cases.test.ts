/**
 * The classes other scanners' own test data found (issue 24, `pnpm --filter @parley/redaction
 * peer-scanners --show`), each as a property over generated cases, in any chunking:
 *
 * - a provider key whose body was written by a rule (a unit repeated, counting up) is no key, in
 *   a row's text or after a credential name (`AIzaSyabcdefghij…1234567`, `GR1348941` + `123123…`,
 *   `apiKey: "AIzaaaaa…"`): gitleaks' negatives;
 * - a UUID written with `_` joints (`_api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a`, a Python
 *   method named for one) is public like a UUID with dashes: gitleaks' negatives;
 * - a random base64 value ends with its `=` padding, which is redacted with it: detect-secrets'
 *   positives.
 */
import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const chunking = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(120), { maxLength: 6 }).map((offsets) => ({ offsets, perCharacter: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], perCharacter: true }) },
);
const chunksOf = (text: string, { offsets, perCharacter }: { readonly offsets: readonly number[]; readonly perCharacter: boolean }): string[] => (perCharacter ? [...text] : splitAt(text, [...offsets]));

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const draw = (alphabet: string, length: number, random: () => number): string => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)] as string).join('');

/** A body of `length` characters written by a rule: a unit of 1 to 6 characters repeated, or counting up through an alphabet from a random start. */
function ruleBody(alphabet: string, length: number, random: () => number): string {
  if (random() < 0.5) {
    const unit = draw(alphabet, 1 + Math.floor(random() * 6), random);
    return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  }
  const start = Math.floor(random() * alphabet.length);
  return Array.from({ length }, (_, index) => alphabet[(start + index) % alphabet.length] as string).join('');
}

describe('peers\' test data: the classes they found', () => {
  test('a Google, GitLab runner or Stripe key whose body is a unit repeated or counting is left unchanged, bare or (Google) after a credential name, any chunking (fast-check)', () => {
    const rows: ReadonlyArray<readonly [string, string, number]> = [
      ['AIza', BASE62, 35],
      ['GR1348941', BASE62, 20],
      ['sk_live_', BASE62, 24],
      ['sk_test_', BASE62, 32],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...rows), fc.integer(), fc.constantFrom('', 'see ', '"', 'apiKey: "'), fc.constantFrom('', ' ok', '"', '";', '\n'), chunking, ([prefix, alphabet, length], seed, before, after, cuts) => {
        // After a credential name the assignment rule judges the whole value, prefix included: a long
        // prefix (`sk_live_`) keeps too many bits for it (a known limit); Google's `AIza` does not.
        fc.pre(!before.startsWith('apiKey') || prefix === 'AIza');
        const key = prefix + ruleBody(alphabet, length, seededRandom(seed));
        const text = before + key + after;
        expect(redactSecrets(text), key).toBe(text);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output, key).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  test('a random body after the same prefixes is still redacted whole (the rule judge does not take keys)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('see ', 'apiKey: "'), (seed, before) => {
        const key = `AIza${draw(BASE62, 35, seededRandom(seed))}`;
        const findings = findSecrets(`${before}${key} ok`);
        expect(findings.some((finding) => finding.start <= before.length && finding.end >= before.length + key.length), key).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  test('a UUID with `_` joints in a name or a file name is left unchanged, any chunking (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('def _api_org_', 'load("api_org_', 'x = obj.', '/fixtures/'), fc.constantFrom('(self, method):', '.xml")', '', '.json'), chunking, (seed, before, after, cuts) => {
        const random = seededRandom(seed);
        const uuid = [8, 4, 4, 4, 12].map((length) => draw(HEX, length, random)).join('_');
        const text = `${before}${uuid}${after}`;
        expect(redactSecrets(text), text).toBe(text);
        expectLossless(redactSecretsStream(), [text], { everySplit: false, randomChunkings: 0, chunkings: [chunksOf(text, cuts)], events });
      }),
      { numRuns: 300 },
    );
  });

  test('a random base64 value ending in `=` padding is redacted with its padding, what follows kept, any chunking (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 2 }), fc.constantFrom("'", '"', 'value: '), fc.constantFrom("'", '"', '', ' ok', '\n', '";'), chunking, (seed, padding, before, after, cuts) => {
        // A trailing `-` or `_` is trimmed from a run (punctuation after a key): the body ends in a letter or digit.
        const random = seededRandom(seed);
        const secret = draw(`${BASE62}-_`, 39 + (seed & 7) * 4, random) + draw(BASE62, 1, random) + '='.repeat(padding);
        // Padding is what this property is about: a body the entropy rule leaves alone without it is another matter.
        fc.pre(redactSecrets(` ${secret.slice(0, secret.length - padding)} `) === ' <REDACTED:HIGH_ENTROPY> ');
        const text = `${before}${secret}${after}`;
        const expected = `${before}<REDACTED:HIGH_ENTROPY>${after}`;
        expect(redactSecrets(text), text).toBe(expected);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output, text).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
