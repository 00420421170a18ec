import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Random hex, as digests are: fast-check's bias toward the first character draws runs of `0`, and a
// piece of padding (`000…0`) before a hex-lettered prefix (`…0e2b_<hex>`, FC_SEED=2339619612) is a
// key glued after padding, which stands (glued-key-bodies.test.ts). Zero-filled UUIDs are drawn on purpose below.
const hex = (length: number) => fc.noBias(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length }));
const uuid = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(hex(8), hex(4), hex(4), hex(4), hex(12)).map((groups) => groups.join('-')) },
  { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', '00000000-0000-1000-8000-0000aff162fc', '00000000-0012-1000-81a2-3f28ef1a0b9c') },
);
const digest = fc.oneof(fc.constantFrom(32, 40, 64), fc.integer({ min: 7, max: 64 })).chain((length) => hex(length));
/** Lower-case UUIDs and hex digests, glued by path punctuation: the ids and hashes agents print. */
// Biased to pieces that end with a hex-lettered key prefix (`fc`, Firecrawl's `fc-` once glued by `-`).
const endsLikePrefix = fc.tuple(fc.oneof(uuid, digest), fc.constantFrom('fc', 'ac', 'bd')).map(([piece, end]) => piece.slice(0, -2) + end);
const digestPath = fc
  .tuple(fc.array(fc.oneof(uuid, digest, endsLikePrefix), { minLength: 1, maxLength: 5 }), fc.constantFrom('/', '-', '-', '_', '.'))
  .map(([pieces, glue]) => pieces.join(glue));

describe('a key shape inside a path of UUIDs and hex digests (FC_SEED=1499030625 in packages/envelope)', () => {
  test('`fc-` + hex across a UUID and a digest is the digests\' own characters, not a Firecrawl key', () => {
    const text = 'path 00000000-0000-1000-8000-0000aff162fc-0001234567890abcdef8c00585e71a77 ok';
    expect(redactSecrets(text)).toBe(text);
  });

  test('a Firecrawl key glued after a word is still one', () => {
    expect(redactSecrets('key xfc-92dd616b48bb350caefbc6c994d00d8b ok')).toBe('key x<REDACTED:FIRECRAWL_API_KEY> ok');
  });

  test('any path of lower-case UUIDs and hex digests comes out unchanged, in any chunking (property)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(digestPath, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (path, cuts, perCharacter) => {
        const text = `see ${path} done`;
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), perCharacter ? [...text] : splitAt(text, cuts)).output).toBe(text);
      }),
      { numRuns: 400 },
    );
  });
});
