import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { publicShapes } from '../rules/public-shapes';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: the hash of a go.sum line (`h1:` + a SHA-256 in standard base64 + `=`) comes out
// unchanged wherever the line stands, in any chunking; a random secret of the same length off
// that exact frame (no `h1:` before it, no `=` after it, one character short or
// long, base64url, unused bits set) is still redacted, with no eight of its characters in a row
// left in the output.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

const chunking = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(200), { maxLength: 6 }).map((offsets) => ({ offsets, perCharacter: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], perCharacter: true }) },
);
const chunksOf = (text: string, { offsets, perCharacter }: { readonly offsets: readonly number[]; readonly perCharacter: boolean }): string[] => (perCharacter ? [...text] : splitAt(text, [...offsets]));

/** 32 hash bytes biased to the hard cases: runs of one byte (`AAAA`, `////`) beside random ones. */
const hashBytes: fc.Arbitrary<Uint8Array> = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 255 }).map((byte) => [byte]) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom(0, 255, 0xfb), fc.integer({ min: 3, max: 10 })).map(([byte, count]) => Array.from({ length: count }, () => byte)) }), { minLength: 1, maxLength: 32 })
  .map((parts) => {
    const bytes = parts.flat().slice(0, 32);
    while (bytes.length < 32) bytes.push((bytes.length * 53) % 256);
    return Uint8Array.from(bytes);
  });
const goHash = hashBytes.map((bytes) => `h1:${Buffer.from(bytes).toString('base64')}`);
const modulePath = fc.constantFrom('golang.org/x/crypto', 'github.com/stretchr/testify', 'gopkg.in/yaml.v3', 'cloud.google.com/go/compute/metadata', 'github.com/Azure/azure-sdk-for-go/sdk/azcore');
const version = fc.tuple(fc.nat(3), fc.nat(40), fc.nat(12), fc.boolean()).map(([major, minor, patch, incompatible]) => `v${major}.${minor}.${patch}${incompatible ? '+incompatible' : ''}`);
const goSumLine = fc.tuple(modulePath, version, goHash, goHash, fc.constantFrom(0, 1, 2, 3)).map(([path, at, hash, modHash, shape]) =>
  [
    `${path} ${at} ${hash}\n${path} ${at}/go.mod ${modHash}\n`,
    `+${path} ${at} ${hash}\n-${path} ${at}/go.mod ${modHash}`,
    `verifying ${path}@${at}: checksum mismatch\n\tdownloaded: ${hash}\n\tgo.sum:     ${modHash}\n`,
    `{"Path":"${path}","Version":"${at}","Sum":"${hash}","GoModSum":"${modHash}"}`,
  ][shape] as string,
);

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/**
 * A random 43-character base64 secret whose last character has unused bits set (no SHA-256's
 * encoding), drawn from a seed so that shrinking never turns it into filler (`AAAA…`).
 */
const secret43 = fc.integer().map((seed) => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) % 64;
  };
  let body = '';
  for (let index = 0; index < 42; index += 1) body += base64[next()] as string;
  const last = next();
  return body + (base64[last % 4 === 0 ? last + 1 : last] as string);
});

describe('go.sum hashes are public', () => {
  test.each([
    ['a go.sum line', 'golang.org/x/crypto v0.31.0 h1:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6U='],
    ['its go.mod line', 'golang.org/x/crypto v0.31.0/go.mod h1:kDsLvtWBEx7MV9tJOj9bnXsPbxwJQ6csT/x4KIYTNnA='],
    ['a checksum mismatch', 'verifying golang.org/x/text@v0.21.0: checksum mismatch\n\tdownloaded: h1:4BRB6nvR7zQL5wpHNvVSS+LcQx9bQIYaPyu0h9A2Ls0=\n'],
  ])('%s', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
  });

  test('generated go.sum lines, diffs, go errors and go list JSON, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(goSumLine, chunking, (text, cuts) => {
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a secret off the exact frame is still redacted', () => {
  test('the go-sum-hash shape: the prefix, its glue, the length, the alphabet, the padding and the unused bits', () => {
    const ok = (text: string): boolean => {
      const start = text.indexOf(':') + 1;
      let last = start;
      // (the `:` searched is the one of `h1:`)
      while (last < text.length && text[last] !== '=') last += 1;
      return (publicShapes.find(({ id }) => id === 'go-sum-hash')?.read(text, start, last) ?? -1) >= 0;
    };
    expect(ok('h1:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6U=')).toBe(true);
    expect(ok('"h1:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6U=')).toBe(true);
    expect(ok('x h1:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6U=')).toBe(true);
    expect(ok('h1=ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6U=')).toBe(false);
    expect(ok('h2:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6U=')).toBe(false);
    expect(ok('h1:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6V=')).toBe(false);
    expect(ok('h1:ihbySMvVjLAeSH1IbfcRTkD_iNscyz8rGzjF/E5hV6U=')).toBe(false);
    expect(ok('h1:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6=')).toBe(false);
    expect(ok('h1:ihbySMvVjLAeSH1IbfcRTkD/iNscyz8rGzjF/E5hV6U')).toBe(false);
  });

  test('a random 43-character secret after h1: without its =, after h1=, one short or long, base64url, or with unused bits set: redacted, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(secret43, fc.constantFrom(0, 1, 2, 3, 4, 5), chunking, (secret, place, cuts) => {
        const body = [secret, secret, secret, secret.slice(0, 42), `${secret}Q`, `${secret.slice(0, 20)}_${secret.slice(21)}`][place] as string;
        const frame = [`h1:${body}=`, `h1=${body}=`, `h1:${body} ok`, `h1:${body}=`, `h1:${body}=`, `h1:${body}=`][place] as string;
        // A run that opens with `//` is never judged by the entropy rule (a URL's or comment's start): not this shape's concern.
        fc.pre(!body.startsWith('//') && findSecrets(`token ${body}`).length > 0);
        const text = `golang.org/x/crypto v0.31.0 ${frame}\n`;
        const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, body), output).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
