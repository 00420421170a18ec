import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { seededRandom, randomRun } from '../__fixtures__/catalogue-examples';
import { chunkings, chunksOf } from '../__fixtures__/stream-matches-whole';
import { samples } from '../__fixtures__/secrets';
import { decodedText, encodesNoSecret, isStructuredBytes } from './encodes-no-secret';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: base64 is judged by what it encodes. Base64 of written text (a tokenizer's rank
// table, an encoded sentence in a test) or of structured data (WebAssembly, a lookup table in a
// bundle) comes out unchanged, any chunking; base64 of a key, of random bytes, of a DER private
// key or of a random password is still redacted.

const chunking = chunkings(200);
const base64 = (text: string, urlSafe: boolean, padded: boolean): string => {
  const encoded = Buffer.from(text, /^[\u0020-\u007e]*$/u.test(text) ? 'latin1' : 'utf8').toString(urlSafe ? 'base64url' : 'base64');
  return padded ? encoded.padEnd(Math.ceil(encoded.length / 4) * 4, '=') : encoded.replaceAll('=', '');
};
// Entries the judge reads as written (an entry can read as random: ' neighbourhoods' carries +1.6 bits).
const words = ['infrastructure', ' responsibility', ' neighbours', ' нескольких', ' 한국어를', ' استفاده', 'This is an encoded string', 'Many hands make light work', 'another_example_value', ' Scotland', ' discrimination', 'Patience is the key to success'];

describe('decodedText', () => {
  test('decodes either alphabet, padded or not, to printable text', () => {
    expect(decodedText('VGhpcyBpcyBhbiBlbmNvZGVkIHN0cmluZw==', 0, 36)).toBe('This is an encoded string');
    expect(decodedText('VGhpcyBpcyBhbiBlbmNvZGVkIHN0cmluZw', 0, 34)).toBe('This is an encoded string');
    expect(decodedText(base64('a?b>c?d>e?f>g?h>', true, false), 0, 22)).toBe('a?b>c?d>e?f>g?h>');
    // UTF-8 of another script, as a multilingual tokenizer's table holds it.
    const russian = Buffer.from(' нескольких', 'utf8').toString('base64');
    expect(decodedText(russian, 0, russian.length)).toBe(' нескольких');
    const malformed = Buffer.from([0xd0, 0xbd, 0xd0, 0x20, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49]).toString('base64');
    expect(decodedText(malformed, 0, malformed.length)).toBeUndefined();
  });

  test.each([
    ['bytes that are not printable', Buffer.from([0, 1, 2, 3, 200, 201, 202, 203, 10, 11, 12, 13, 14]).toString('base64')],
    ['both alphabets at once', 'ab+cd-efghijklmnopqrstuv'],
    ['a character outside base64', 'VGhpcyBpcyBhbiBl.mNvZGVkIHN0cmluZw'],
    ['a length no base64 has', 'VGhpcyBpcyBhbiBlbmNvZGVkIHN0cmluZ'],
    ['too short to say', 'SGVsbG8gV29y'],
  ])('%s: undefined', (_, run) => {
    expect(decodedText(run, 0, run.length)).toBeUndefined();
  });
});

describe('base64 of written text is not a secret', () => {
  test('a tokenizer rank table and encoded sentences, any chunking (property, 200 cases)', { timeout: 120_000 }, () => {
    const line = fc.tuple(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), fc.boolean(), fc.boolean()).map(([picked, urlSafe, padded]) => `"bpe_ranks": "! 0 ${picked.map((word) => base64(word, urlSafe, padded)).join(' ')}",`);
    fc.assert(
      fc.property(line, chunking, (text, cuts) => {
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  test('encodesWrittenText: words and alphabets yes; random printable text, keys and bytes no', () => {
    for (const word of ['infrastructure and more', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ']) expect(encodesNoSecret(base64(word, false, true), 0, base64(word, false, true).length, () => false)).toBe(true);
    for (const secret of ['ghp_AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO', 'admin:Xk9#mQ2$vL8pWq7z', 'k1s3#6GkB6qIg@P!z8']) expect(encodesNoSecret(base64(secret, false, true), 0, base64(secret, false, true).length, () => false)).toBe(false);
    // What the rules find in the decoded text decides first: a hex key reads as written to the judge.
    const twilio = base64('SK73e42c41351684ea76336f48477153a9', false, true);
    expect(encodesNoSecret(twilio, 0, twilio.length, () => false)).toBe(true);
    expect(encodesNoSecret(twilio, 0, twilio.length, () => true)).toBe(false);
  });
});

describe('base64 of a secret is still redacted', () => {
  // Adversarial review: a file's base64 is cut into lines (76 or 64 characters, `base64`'s and
  // PEM's) or into token-run pieces, and a key the cut splits leaves its start at one fragment's
  // end and its rest at the next one's start, each too short for the rules in the decoded text.
  test('base64 of a config file, wrapped: no fragment of the key comes out (every wrap width of 64 and 76, the key at each offset)', () => {
    const key = 'sTQyg1X7ZEylzLTFIdun5RlLBT8eFLnZpju6TEHr';
    for (const width of [64, 76]) {
      for (let shift = 0; shift < 57; shift += 1) {
        const file = `${'This file configures the nightly deploy job of the web app. '.repeat(3).slice(0, 60 + shift)}export DEPLOY_TOKEN=${key}\nexport LOG_LEVEL=info and more words to fill the line\n`;
        const wrapped = Buffer.from(file).toString('base64').replace(new RegExp(`.{${width}}`, 'gu'), '$&\n');
        const output = redactSecrets(wrapped);
        // Every line that holds 6 or more of the key's characters is redacted.
        for (const line of wrapped.split('\n')) {
          const decoded = Buffer.from(line, 'base64').toString('latin1');
          const held = [...Array(key.length - 5).keys()].some((from) => decoded.includes(key.slice(from, from + 6)));
          if (held) expect(output.split('\n'), `${width}/${shift}: ${decoded}`).not.toContain(line);
        }
      }
    }
  });

  test('each sample key of the fixtures, encoded (the AWS key id alone was not found before this judge either)', () => {
    for (const { type, secret } of samples) {
      if (secret.length < 16 || /\s/u.test(secret) || type === 'AWS_ACCESS_KEY_ID') continue;
      const encoded = base64(secret, false, true);
      expect(findSecrets(`export BLOB=${encoded}`).length, `${type}: ${encoded}`).toBeGreaterThan(0);
    }
  });

  test('base64 of a long file on one line: no fragment of a key comes out where the run is cut into pieces (the key at each offset around the first cut)', { timeout: 120_000 }, () => {
    const key = 'sTQyg1X7ZEylzLTFIdun5RlLBT8eFLnZpju6TEHr';
    const filler = 'The deploy job reads these settings at start; keep the list sorted by name and documented. ';
    const fragments = [...Array(key.length - 5).keys()].map((from) => key.slice(from, from + 6));
    for (let shift = -45; shift <= 45; shift += 3) {
      const before = `${filler.repeat(20).slice(0, 768 - 20 + shift)}DEPLOY_TOKEN=`;
      const text = `data:\n  app.env: ${Buffer.from(`${before}${key}\n${filler.repeat(6)}`).toString('base64')}\n`;
      // What comes out unredacted, decoded from each of the four offsets a piece may start at.
      for (const kept of redactSecrets(text).split(/<REDACTED:[A-Z_]+>/u)) {
        for (let skip = 0; skip < 4; skip += 1) {
          const decoded = Buffer.from(kept.slice(skip).replace(/[^A-Za-z0-9+/]/gu, ''), 'base64').toString('latin1');
          expect(fragments.filter((fragment) => decoded.includes(fragment)), `${shift}/${skip}: ${decoded.slice(0, 60)}`).toEqual([]);
        }
      }
    }
  });

  test('random printable passwords of 18–40 characters, encoded: 1,000 seeded draws, at least 95% found', { timeout: 120_000 }, () => {
    const printable = Array.from({ length: 94 }, (_, index) => String.fromCharCode(33 + index)).join('');
    let found = 0;
    for (let seed = 0; seed < 1000; seed += 1) {
      const random = seededRandom(seed);
      const encoded = base64(randomRun(printable, 18 + (seed % 23), random), false, true);
      if (findSecrets(`value ${encoded} end`).length > 0) found += 1;
    }
    expect(found).toBeGreaterThanOrEqual(950);
  });
});

/** Bytes of a lookup table as bundles embed one: 16-bit entries, most of them small, from a seed. */
function tableBytes(seed: number, entries: number): Uint8Array {
  const random = seededRandom(seed);
  const table = new Uint16Array(entries);
  for (let index = 0; index < entries; index += 1) table[index] = random() < 0.7 ? Math.floor(random() * 64) : Math.floor(random() * 4096);
  return new Uint8Array(table.buffer);
}
/** Random bytes from a seed. */
const randomBytesOf = (seed: number, length: number): Uint8Array => {
  const random = seededRandom(seed);
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
};

describe('base64 of structured data is not a secret', () => {
  test('isStructuredBytes: a lookup table yes; random bytes of 128 to 2,048 no; fewer than 128 bytes never (property, 300 cases)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 128, max: 2048 }), (seed, length) => {
        expect(isStructuredBytes(tableBytes(seed, length / 2))).toBe(true);
        expect(isStructuredBytes(randomBytesOf(seed, length))).toBe(false);
        expect(isStructuredBytes(new Uint8Array(127))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  // The entropy rule's part. A catalogue prefix the table's characters spell by chance (`EAAA`,
  // Square's, then 60 of its alphabet) is the catalogue judge's, which does not read what a body
  // encodes yet (and what follows such a finding is judged as its cut rest): tables where the
  // catalogue finds something are left out here.
  test('a table embedded in a bundle, longer than a token run: no entropy finding, any chunking (property, 40 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 800, max: 3000 }), chunking, (seed, entries, cuts) => {
        const text = `exports.decodeTree = decodeBase64("${Buffer.from(tableBytes(seed, entries)).toString('base64')}");\n`;
        const findings = findSecrets(text);
        fc.pre(findings.every(({ type }) => type === 'HIGH_ENTROPY'));
        expect(findings).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(redactSecrets(text));
      }),
      { numRuns: 40 },
    );
  });

  // Adversarial review: bytes far from uniform can be text a byte off printable (a form feed, a
  // Latin-1 letter), UTF-16 (PowerShell's -EncodedCommand) or a serialized record, and hold a key
  // as a string. The strings in them (as `strings` reads a binary: 8 printable characters or more,
  // one byte each or UTF-16) are read by the plan's rules before the bytes are called structured.
  test('structured bytes that hold a secret as a string stay redacted: text with a form feed, UTF-16, a record in a table', () => {
    const key = 'sTQyg1X7ZEylzLTFIdun5RlLBT8eFLnZpju6TEHr';
    const env = `SIGNING_KEY=${key}\nLOG_LEVEL=info\f\nDATABASE_URL=postgres://db:5432/app\nFEATURE_FLAGS=alpha,beta,gamma,delta\nREGION=eu-west-1\nTIMEOUT=30\n`;
    const script = `$cred = New-Object PSCredential("svc", (ConvertTo-SecureString "${key}" -AsPlainText -Force)); Invoke-Thing`;
    const record = Buffer.concat([Buffer.from(tableBytes(3, 120)), Buffer.from(`\u0000\u0008api_key\u0012\u0028${key}\u0000`, 'latin1'), Buffer.from(tableBytes(4, 40))]);
    for (const bytes of [Buffer.from(env, 'latin1'), Buffer.from(script, 'utf16le'), Buffer.from(script, 'utf16le').swap16(), record]) {
      const encoded = bytes.toString('base64');
      expect(isStructuredBytes(bytes), encoded.slice(0, 40)).toBe(true);
      const text = `data:\n  blob: ${encoded}\n`;
      expect(redactSecrets(text), encoded.slice(0, 40)).not.toContain(encoded.slice(20, 60));
      expect(runChunks(redactSecretsStream(), [...text]).output).toBe(redactSecrets(text));
    }
  });

  test('random bytes and an unarmored DER private key stay redacted, every piece of them; hex is never read as bytes', () => {
    const der = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    for (const encoded of [der, Buffer.from(randomBytesOf(7, 2400)).toString('base64')]) {
      const text = `key = decode("${encoded}")`;
      const findings = findSecrets(text);
      const covered = findings.reduce((sum, { start, end }) => sum + end - start, 0);
      expect(covered, encoded.slice(0, 40)).toBeGreaterThanOrEqual(encoded.length - 4);
    }
    // Hex digits are 16 of base64's characters: as bytes they would always read as structured.
    const hex = Buffer.from(randomBytesOf(8, 200)).toString('hex');
    expect(encodesNoSecret(hex, 0, hex.length, () => false)).toBe(false);
  });
});

describe('base64 whose characters are far from uniform is judged by what it encodes, however short', () => {
  test.each([
    // type-fest's readme: a TypeScript playground link, lz-string's output in the URL's fragment.
    ['a playground link', '[Playground](https://www.typescriptlang.org/play?#code/JYWwDg9gTgLgBDAnmApnA3gBQIYGMDW2A5igFIDOEAdnNuXAEJ0o4HFmVUC+cAZlBBBwA5ElQBaXinIxhAbgCwAKFCRYCZGnQAZYFRgooPfoJHSANntmKlysWlaESFanAC8jZo-YuaAMgwLKwBhal5gIgB+AC44XX1DADpQqnCiLhsgA)'],
    // corepack.cjs: undici's llhttp WebAssembly in base64.
    ['WebAssembly in a bundle', 'AQEBAQEBAQEBAQEBAQEBAAAAAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEAAQABAEGQwgALIWVjdGlvbmVudC1sZW5ndGhvbnJveHktY29ubmVjdGlvbgBBwMIACy1yYW5zZmVyLWVuY29kaW5ncGdyYWRlDQoNCg0KU00NCg0KVFRQL0NFL1RTUC8AQfnCAAsFAQIAAQMAQZDDAAvgAQQBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBA'],
  ])('%s is no secret', (_, text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  test('a random key glued to a path of zeros is still redacted: the skew is the zeros\', not the key\'s (found by envelope\'s path property)', () => {
    const random = seededRandom(29);
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
    const zeros = ['000060000600080', '00001000-0000-1000-8000-000010000100', '00000000-0000-1000-8000-000000000000/runs', '0000000000000000'];
    for (let index = 0; index < 200; index += 1) {
      let key = '';
      for (let at = 0; at < 32; at += 1) key += alphabet[Math.floor(random() * alphabet.length)];
      if (findSecrets(key).length === 0) continue;
      const path = zeros[index % zeros.length] as string;
      for (const text of [`${key}/${path}`, `${path}/${key}`]) expect(findSecrets(text).length, text).toBeGreaterThan(0);
    }
  });

  test('random key bytes in base64 (32 to 96 bytes) are still redacted', () => {
    const random = seededRandom(23);
    for (let index = 0; index < 200; index += 1) {
      const bytes = Uint8Array.from({ length: 32 + (index % 65) }, () => Math.floor(random() * 256));
      const key = Buffer.from(bytes).toString(index % 2 === 0 ? 'base64' : 'base64url');
      expect(findSecrets(`value ${key} end`).length, key).toBeGreaterThan(0);
    }
  });
});

