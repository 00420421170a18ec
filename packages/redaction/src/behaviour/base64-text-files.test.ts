import { expectChunkInvariant, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { chunkings, chunksOf } from '../__fixtures__/stream-matches-whole';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a token run longer than a piece whose first piece is base64 of a text file (a JSON
// file in a JSON file: sigstore's TUF seeds) is judged piece by piece by the text each piece
// decodes to. Its indentation (`ICAgICAg`, filler) and the public digests it holds do not make its
// pieces secrets; a secret in the file still does; and a second file in the same text is read from
// its own first piece, however the text came.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** An npm `keys.json`-like file: SHA-256 key ids (public digests), a public key, dates, indented 12 deep. */
function keysFile(seed: number, password?: string): string {
  const random = seededRandom(seed);
  const rawBytes = 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWAvmRAZhxq067ALNdjxObFk1ev4iM9tSvGny0EAmoG+msM0UrBXIFViBBDf8lYe239AfjLqVi3QsFnRblR479w==';
  const keys = Array.from({ length: 4 }, (_, index) => {
    const keyId = Buffer.from(Array.from({ length: 32 }, () => Math.floor(random() * 256))).toString('base64').replace('=', '');
    const secret = index === 2 && password !== undefined ? `            "password": "${password}",\n` : '';
    return `    {\n            "keyId": "SHA256:${keyId}",\n${secret}      "keyUsage": "npm:signatures",\n      "publicKey": {\n        "rawBytes": "${rawBytes}",\n        "keyDetails": "PKIX_ECDSA_P256_SHA_256",\n        "validFor": {\n          "start": "2025-0${index + 1}-13T00:00:00.000Z"\n        }\n      }\n    }`;
  });
  return `{\n  "keys": [\n${keys.join(',\n')}\n  ]\n}\n`;
}

const embedded = (file: string): string => `{"registry.npmjs.org/keys.json":"${Buffer.from(file).toString('base64')}"}\n`;

describe('a text file in base64, longer than a token run', () => {
  test.each([2, 3, 5])('its indentation and public digests are no secret, any chunking (seed %i; found before this reading)', (seed) => {
    const text = embedded(keysFile(seed));
    expect(findSecrets(text)).toEqual([]);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
  });

  test('any such file, with or without a password in it, streamed in any chunking gives what the whole text gives (property, 40 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), chunkings(400), (seed, withPassword, cuts) => {
        const text = embedded(keysFile(seed, withPassword ? randomRun(`${BASE64}!#%&*`, 20, seededRandom(seed)) : undefined));
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(redactSecrets(text));
      }),
      { numRuns: 40 },
    );
  });

  test('a password in it is still redacted, any chunking', () => {
    const password = randomRun(`${BASE64}!#%&*`, 24, seededRandom(11));
    const text = embedded(keysFile(2, password));
    expect(findSecrets(text).length).toBeGreaterThan(0);
    expect(redactSecrets(text)).not.toContain(Buffer.from(`"password": "${password}"`).toString('base64').slice(8, 24));
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
  });

  test('a file after it is read from its own first piece: an image after a long text file is an embedded file (its first piece was not read as fresh before)', () => {
    const prose = 'The mirror lists every package with its size and the date it was built; readers fetch the list first. ';
    const png = `iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ${randomRun(BASE64, 120, seededRandom(3))}`;
    const text = `{"a.txt":"${Buffer.from(prose.repeat(30)).toString('base64')}","b.png":"${png}"}\n`;
    expect(findSecrets(text)).toEqual([]);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
  });
});
