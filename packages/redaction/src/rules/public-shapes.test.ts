import { expectChunkInvariant, expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { samples } from '../__fixtures__/secrets';
import { HIGH_ENTROPY } from './built-in-rules';
import { publicShapeIn } from '../judge/public-shape';
import { isUlidAt, publicShapeLabels, publicShapes } from './public-shapes';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a public digest of exact shape — a subresource-integrity hash (`sha512-` and 86
// base64 characters then `==`, `sha384-` 64, `sha256-` 43 and `=`, `sha1-` 27 and `=`) or a ULID
// (26 Crockford base32 digits of one case, its time in 2000–2099), alone or after words
// (`req_…`) — comes out unchanged wherever it stands, in any chunking; a secret beside it or glued
// to it is still redacted (no eight of its characters in a row survive, as in fail-closed.test.ts).

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

/** The first eight characters in a row of `secret` found in `output`, if any. */
function survivingPiece(output: string, secret: string): string | undefined {
  for (let index = 0; index + 8 <= secret.length; index += 1) if (output.includes(secret.slice(index, index + 8))) return secret.slice(index, index + 8);
  return secret.length < 8 && output.includes(secret) ? secret : undefined;
}

const chunking = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(400), { maxLength: 6 }).map((offsets) => ({ offsets, perCharacter: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], perCharacter: true }) },
);
const chunksOf = (text: string, { offsets, perCharacter }: { readonly offsets: readonly number[]; readonly perCharacter: boolean }): string[] => (perCharacter ? [...text] : splitAt(text, [...offsets]));

const algorithms = [
  { name: 'sha512', bytes: 64 },
  { name: 'sha384', bytes: 48 },
  { name: 'sha256', bytes: 32 },
  { name: 'sha1', bytes: 20 },
] as const;
/** Digest bytes biased to the hard cases: runs of one byte (`AAAAAA`, `/////` filler) beside random ones. */
const digestBytes = (length: number): fc.Arbitrary<Uint8Array> =>
  fc
    .array(fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 255 }).map((byte) => [byte]) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom(0, 255, 0x69), fc.integer({ min: 3, max: 12 })).map(([byte, count]) => Array.from({ length: count }, () => byte)) }), { minLength: 1, maxLength: length })
    .map((parts) => {
      const bytes = parts.flat().slice(0, length);
      while (bytes.length < length) bytes.push(bytes.length * 37 % 256);
      return Uint8Array.from(bytes);
    });
const integrity = fc.constantFrom(...algorithms).chain(({ name, bytes }) => digestBytes(bytes).map((digest) => `${name}-${Buffer.from(digest).toString('base64')}`));
/** An SRI value: one digest or several, space-separated. */
const integrityList = fc.array(integrity, { minLength: 1, maxLength: 3 }).map((digests) => digests.join(' '));
const lockfileLine = fc.tuple(integrityList, fc.constantFrom(0, 1, 2, 3, 4)).map(([value, shape]) =>
  [
    `      "integrity": "${value}",`,
    `    resolution: {integrity: ${value}}`,
    `  integrity ${value}`,
    `+      integrity: ${value}\n-      integrity: ${value}`,
    `the lockfile pins ${value}. ok`,
  ][shape] as string,
);

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const encodeTime = (time: number): string => {
  let text = '';
  for (let index = 0, rest = time; index < 10; index += 1, rest = Math.floor(rest / 32)) text = crockford[rest % 32] + text;
  return text;
};
const crockfordDigit = fc.constantFrom(...crockford);
/** A ULID of 2000–2099 (the edges included), upper or lower case. */
const ulid = fc
  .tuple(fc.oneof(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) - 1 }), fc.constantFrom(Date.UTC(2000, 0, 1), Date.UTC(2100, 0, 1) - 1)), fc.string({ unit: crockfordDigit, minLength: 16, maxLength: 16 }), fc.boolean())
  .map(([time, random, lower]) => {
    const text = encodeTime(time) + random;
    return lower ? text.toLowerCase() : text;
  });
const idName = fc.constantFrom('', 'req_', 'trace-', 'run_', 'msg_', 'span-', 'job/');
const ulidLine = fc.tuple(idName, ulid, fc.constantFrom(0, 1, 2, 3)).map(([name, id, shape]) =>
  [
    `request ${name}${id} took 42 ms`,
    `{"request_id":"${name}${id}","status":200}`,
    `2026-11-30T16:00:00.000Z INFO trace=${name}${id} span=${name}${id} done`,
    `see runs/${name}${id}/output.json.`,
  ][shape] as string,
);

/**
 * The entropy rule never flags `text` on its own, every chunking gives what the whole text gives,
 * and with no finding at all the text comes out as it went in. A catalogue row may still read a
 * key inside a digest (`…AAAANEAAAA…` of a mostly-zero digest, or a digest starting `EAAA`, holds
 * Square's prefix, FC_SEED=1153123690 and 98067682): a provider's prefix inside stays judged by its
 * row, by decision, and the entropy rule then judges what is left beside that key.
 */
function expectUnchangedByEntropyRule(text: string, cuts: { readonly offsets: readonly number[]; readonly perCharacter: boolean }): void {
  const findings = findSecrets(text);
  const keys = findings.filter(({ type }) => type !== HIGH_ENTROPY);
  const alone = findings.filter(({ type, start, end }) => type === HIGH_ENTROPY && !keys.some((key) => key.end === start || key.start === end));
  expect(alone).toEqual([]);
  const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
  expect(output).toBe(redactSecrets(text));
  if (findings.length === 0) expect(output).toBe(text);
}

describe('public digests come out unchanged', () => {
  const sha512 = 'sha512-Xb74y4Br9KlP+4hnunfmaTHN9B+YALlreeNBywK8P3k+7Js0bUy1bxE1kbvWv/T7ULMaVxwnQ3frndnOoQ0Mpw==';
  test.each([
    ['a package-lock.json line', `      "integrity": "${sha512}",`],
    ['a pnpm-lock.yaml line', `    resolution: {integrity: ${sha512}}`],
    ['sha384, unpadded', 'integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"'],
    ['sha256', 'integrity: sha256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMk='],
    ['sha1 of an old lockfile', 'integrity: sha1-SPZpQGycLFQ15p0PC/rqo22zhJI='],
    ['a list of two', `integrity="${sha512} sha256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMk="`],
    ['an OCI digest (hex never reaches 4.0 bits per character unless every digit is equally frequent)', 'image@sha256:be6af7b10bfc815126da388f2b37d5027b9a5f468708670e9c6806ef72ad3558'],
    ['a ULID', 'id 01ARZ3NDEKTSV4RRFFQ69G5FAV ok'],
    ['a lower-case ULID', 'id 01hf8x2k3m4n5p6q7r8s9t0v1w ok'],
    ['a ULID after a word', 'request req_01ARZ3NDEKTSV4RRFFQ69G5FAV failed'],
  ])('%s', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
  });

  test('lockfile lines of generated digests (one or a list), any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(lockfileLine, chunking, (text, cuts) => expectUnchangedByEntropyRule(text, cuts)),
      { numRuns: 300 },
    );
  });

  test('generated ULIDs in prose, JSON, logs and paths, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(ulidLine, chunking, (text, cuts) => expectUnchangedByEntropyRule(text, cuts)),
      { numRuns: 300 },
    );
  });
});

describe('the shapes are exact', () => {
  test('an integrity digest: the length, alphabet, padding and unused bits of each algorithm', () => {
    const ok = (run: string, after = ''): boolean => publicShapes.find(({ id }) => id === 'integrity-digest')?.read(run + after, 0, run.length) === 0;
    expect(ok('sha512-Xb74y4Br9KlP+4hnunfmaTHN9B+YALlreeNBywK8P3k+7Js0bUy1bxE1kbvWv/T7ULMaVxwnQ3frndnOoQ0Mpw', '==')).toBe(true);
    expect(ok('sha256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMk', '=')).toBe(true);
    // The padding missing, one character too many or too few, unused bits set, base64url, another algorithm word.
    expect(ok('sha256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMk', '"')).toBe(false);
    expect(ok('sha256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMkQ', '=')).toBe(false);
    expect(ok('sha256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRM', '=')).toBe(false);
    expect(ok('sha256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMl', '=')).toBe(false);
    expect(ok('sha256-laFzTj-SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMk', '=')).toBe(false);
    expect(ok('sha224-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMk', '=')).toBe(false);
    expect(ok('SHA256-laFzTj+SnGxlTWQDXjuuUcDvKJKiW78kPEBWOf0hRMk', '=')).toBe(false);
    expect(ok('sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC', '=')).toBe(false);
  });

  test('a digest labelled with its algorithm (a key pin, a Digest header) is public in any chunking (the label is held with it); the same run unlabelled, mislabelled or off its length is judged', () => {
    // 32 random bytes in base64: 43 characters and `=`, the last character's two unused bits zero.
    const digest = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64'));
    const label = fc.constantFrom('pin-sha256="', 'sha256: ', 'Digest: sha-256=', 'SHA256=', "sha256='", 'Public-Key-Pins: pin-sha256="');
    fc.assert(
      fc.property(digest, label, (value, before) => {
        const text = `${before}${value}${before.endsWith('"') ? '";' : before.endsWith("'") ? "'" : ''} max-age=0`;
        expect(redactSecrets(text)).toBe(text);
        // One character per write and random chunkings: before the labels were held, a stream had
        // released `pin-sha256="` when the digest came and redacted what the whole text left.
        expectLossless(redactSecretsStream(), text, { events, randomChunkings: 2 });
      }),
      { numRuns: 200 },
    );
    const value = 'pL1+qb9HTMRZJmuC/bB/ZI9d302BYrrqiVuRyW+DGrU=';
    expect(redactSecrets(`sha256="${value}"`)).toBe(`sha256="${value}"`);
    // Another algorithm's name, a secret's name, unused bits set, or no name: not this shape.
    for (const text of [`sha512="${value}"`, `token: ${value}`, `sha256="${value.replace('GrU=', 'GrW=')}"`, `key ${value}`]) expect(redactSecrets(text)).not.toBe(text);
  });

  test('a digest in URL-safe base64 without padding, labelled: a wheel\'s RECORD lines are public, any chunking; unlabelled or with unused bits set it is judged', () => {
    // From setuptools' vendored packaging-24.2.dist-info/RECORD and a generated API client's docstring.
    const record = [
      'packaging/_elffile.py,sha256=cflAQAkE25tzhYmq_aCi72QfbT_tn891tPzfpbeHOwE,3306',
      'packaging/_musllinux.py,sha256=p9ZqNYiOItGee8KcZFeHF_YcdhVwGHdK6r-8lgixvGQ,2694',
      'packaging/metadata.py,sha256=YJibM7GYe4re8-0a3OlXmGS-XDgTEoO4tlBt2q25Bng,34762',
      'packaging-24.2.dist-info/RECORD,,',
    ].join('\n');
    expect(redactSecrets(record)).toBe(record);
    expectLossless(redactSecretsStream(), record, { events, randomChunkings: 3 });
    // 32 random bytes, URL-safe and unpadded after `sha256=`: public whatever they are.
    const digest = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64url'));
    fc.assert(
      fc.property(digest, (value) => {
        const text = `pkg/module.py,sha256=${value},1024\n`;
        expect(redactSecrets(text)).toBe(text);
      }),
      { numRuns: 200 },
    );
    // The last character's unused bits set (`E` for `w` is 4, not a multiple of 4 — `Q` is 16), or no label: judged.
    for (const text of ['packaging/_elffile.py,sha256=cflAQAkE25tzhYmq_aCi72QfbT_tn891tPzfpbeHOwF,3306', 'token=cflAQAkE25tzhYmq_aCi72QfbT_tn891tPzfpbeHOwE']) expect(redactSecrets(text)).not.toBe(text);
  });

  test('an SSH key fingerprint (OpenSSH’s `SHA256:` and 43 characters) is public in what ssh prints, any chunking; unlabelled, with unused bits set, or named as a secret it is judged', () => {
    // 32 random bytes in base64 without the `=`: the last character's two unused bits are zero.
    const fingerprint = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64').replace('=', ''));
    const line = fc.tuple(fingerprint, fc.constantFrom(0, 1, 2)).map(([value, shape]) =>
      [`256 SHA256:${value} deploy@build-7 (ED25519)`, `ECDSA key fingerprint is SHA256:${value}.`, `keyid: "SHA256:${value}",`][shape] as string,
    );
    fc.assert(
      fc.property(line, chunking, (text, cuts) => {
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 200 },
    );
    const value = 'jl3bwswu80PjjokCgh0o2w5c2U4LhQAE57gj9cz1kzA';
    for (const text of [`key ${value} x`, `key SHA256:${value.replace(/A$/u, 'B')} x`, `token: SHA256:${value}`]) expect(redactSecrets(text)).not.toBe(text);
  });

  test('a Python wheel RECORD line (`sha256=` and 43 URL-safe base64 characters, unpadded) is public, any chunking; off its shape or unlabelled it is judged', () => {
    const digest = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64url'));
    const record = fc.tuple(fc.constantFrom('pip/_internal/main.py', 'rich/theme.py', 'pkg-1.0.dist-info/METADATA'), digest, fc.nat(99_999)).map(([path, value, size]) => `${path},sha256=${value},${size}\n`);
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 3 }), chunking, (lines, cuts) => {
        const text = lines.join('');
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 200 },
    );
    const value = 'cGQVSA5dAs7caQ9sz4kllYvaI4ZpGiq1WhCgaImXNSA';
    expect(redactSecrets(`x.py,sha256=${value},4793\n`)).toBe(`x.py,sha256=${value},4793\n`);
    for (const text of [`key ${value} x`, `x.py,sha256=${value.replace(/A$/u, 'B')},4793`, `x.py,sha256=${value.replace(/S/u, '_')}=,4793`, `export SESSION_SECRET_sha256=${value}`]) expect(redactSecrets(text)).not.toBe(text);
  });

  test('lockfile digests named by their field (NuGet `contentHash`, `project.assets.json` `sha512`, Yarn `checksum: 10c0/…`) are public, any chunking (property, 200 cases)', () => {
    const lockfile = fc.tuple(fc.uint8Array({ minLength: 64, maxLength: 64 }), fc.constantFrom(0, 1, 2)).map(([bytes, shape]) =>
      [
        `      "Newtonsoft.Json": {\n        "type": "Direct",\n        "resolved": "13.0.3",\n        "contentHash": "${Buffer.from(bytes).toString('base64')}"\n      },\n`,
        `    "Microsoft.CSharp/4.7.0": {\n      "sha512": "${Buffer.from(bytes).toString('base64')}",\n      "type": "package",\n`,
        `"lodash@npm:^4.17.21":\n  resolution: "lodash@npm:4.17.21"\n  checksum: 10c0/${Buffer.from(bytes).toString('hex')}\n  languageName: node\n`,
      ][shape] as string,
    );
    fc.assert(
      fc.property(lockfile, chunking, (text, cuts) => {
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  test('a base64 value of a digest\'s length is still a secret when a secret\'s name, no name or the wrong bits stand with it, in any chunking', () => {
    const sha512 = Buffer.from(Array.from({ length: 64 }, (_, index) => (index * 97 + 13) % 256)).toString('base64');
    const secret = Buffer.from(Array.from({ length: 32 }, (_, index) => (index * 53 + 7) % 256)).toString('base64');
    const texts = [
      `API_SECRET: "${secret}"\n`,
      `      "contentHash": "${sha512}",\n      "clientSecret": "${sha512}",\n`,
      `      "contentHash": "${sha512.replace(/.==$/u, 'B==')}",\n`,
      `      "token": "${sha512}",\n`,
      `  checksum: 10c0/${Buffer.from(sha512, 'base64').toString('hex')}\n  API_SECRET: ${secret}\n`,
    ];
    expect(redactSecrets(texts[1] as string)).toBe(`      "contentHash": "${sha512}",\n      "clientSecret": "<REDACTED:${findSecrets(texts[1] as string)[0]?.type}>",\n`);
    for (const text of texts) {
      expect(findSecrets(text).length, text).toBeGreaterThan(0);
      expect(redactSecrets(text)).not.toContain(secret);
      if (text.includes('checksum')) expect(redactSecrets(text)).toContain('checksum: 10c0/');
      expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
      expect(runChunks(redactSecretsStream(), [...text]).output).toBe(redactSecrets(text));
    }
  });

  test('a named-information SHA-256 (`ni:///sha-256;` and 43 URL-safe base64 characters, unpadded) is public, any chunking; unlabelled or with unused bits set it is judged', () => {
    const digest = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('base64url'));
    fc.assert(
      fc.property(digest, chunking, (value, cuts) => {
        const text = `"ni:///sha-256;${value}" * "nih:///sha-256;…"`;
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 200 },
    );
    const value = 'cD9o9Cq6LG3jD0iKXqEi_vdjJGecm_iXkbqVoScViaU';
    for (const text of [`ni:///sha-256;${value.replace(/U$/u, 'V')} x`, `token=${value}`, `ni:///sha-512;${value} x`]) expect(redactSecrets(text)).not.toBe(text);
  });

  test('a mangled C++ symbol (`_Z`, names written as their length and the name) is public; a random key after `_Z` is judged', () => {
    const symbols = ['_ZThn8_N3NSB6ClassDD1Ev', '_ZTv0_n24_N3NSB6ClassDD1Ev', '_ZNKSbIwSt11char_traitsIwESaIwEE11_M_disjunctEPKw', '_ZNKSt7__cxx117collateIwE4hashEPKwS3_', '_ZNSbIwSt11char_traitsIwESaIwEEC1ERKS2_mRKS1_', '_ZNKSt3tr14hashIRKSsEclES2_', '__ZN4llvm12DenseMapInfoIPvE11getEmptyKeyEv'];
    for (const symbol of symbols) expect(findSecrets(`FUNC:${symbol}@@GLIBCXX_3.4\n`), symbol).toEqual([]);
    const random = seededRandom(7);
    let judged = 0;
    for (let index = 0; index < 200; index += 1) {
      const body = randomRun('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32, random);
      if (findSecrets(`see _Z${body} end`).length > 0) judged += 1;
    }
    expect(judged).toBeGreaterThanOrEqual(195);
  });

  // Adversarial review: what stands before `SHA256:` is not read (a stream would hold every blank
  // back in case a label follows), so a 32-byte key in unpadded base64 after `HMAC-SHA256:` passes
  // as a fingerprint.
  test.fails('known leak: a key after HMAC-SHA256: is redacted', () => {
    const text = 'sig HMAC-SHA256:jl3bwswu80PjjokCgh0o2w5c2U4LhQAE57gj9cz1kzA x';
    expect(redactSecrets(text)).not.toBe(text);
  });

  test('a labelled shape is public by what stands before its run, so its verdict is not remembered for the run: the same key met later without the label is judged, in one text and in the next call', () => {
    const fingerprint = 'jl3bwswu80PjjokCgh0o2w5c2U4LhQAE57gj9cz1kzA';
    for (const [labelled, bare] of [
      [`ssh: SHA256:${fingerprint} ok\n`, `the signing key is ${fingerprint} ok`],
    ] as const) {
      expect(findSecrets(labelled)).toEqual([]);
      // The run (and the character after it) is the same in both lines: only the label differs.
      expect(redactSecrets(bare)).not.toBe(bare);
      expect(redactSecrets(labelled + bare)).toBe(labelled + redactSecrets(bare));
      expect(runChunks(redactSecretsStream(), [...(labelled + bare)]).output).toBe(labelled + redactSecrets(bare));
    }
  });

  test('a package archive name with a random secret in its version or between short name pieces is judged (property, 200 cases)', () => {
    // Adversarial review: the version was not read at all, and a name's pieces only for length.
    const key = (length: number) => fc.integer().map((seed) => randomRun('abcdefghijklmnopqrstuvwxyz0123456789', length, seededRandom(seed)));
    const name = fc.tuple(key(40), key(20), key(20), key(24), fc.constantFrom(0, 1, 2, 3)).map(([long, first, second, piece, shape]) =>
      [`/var/cache/apt/archives/libfoo_1.2-3+${long}_amd64.deb`, `${first}-${second}-${piece}_1_all.deb`, `foo-1.${long}-1.el9.x86_64.rpm`, `${piece}.${first}-1-1.noarch.rpm`][shape] as string,
    );
    fc.assert(
      fc.property(name, (text) => {
        expect(findSecrets(`Unpacking ${text} ...`).length, text).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  test('isUlidAt: Crockford digits of one case, a time in 2000–2099', () => {
    expect(isUlidAt('01ARZ3NDEKTSV4RRFFQ69G5FAV', 0)).toBe(true);
    expect(isUlidAt(`${encodeTime(Date.UTC(2000, 0, 1))}ABCDEFGHJKMNPQRS`, 0)).toBe(true);
    expect(isUlidAt(`${encodeTime(Date.UTC(2100, 0, 1))}ABCDEFGHJKMNPQRS`, 0)).toBe(false);
    expect(isUlidAt(`${encodeTime(Date.UTC(2000, 0, 1) - 1)}ABCDEFGHJKMNPQRS`, 0)).toBe(false);
    expect(isUlidAt('01ARZ3NDEKTSV4RRFFQ69G5FAv', 0)).toBe(false); // mixed case
    expect(isUlidAt('01ARZ3NDEKTSV4RRFFQ69G5FAI', 0)).toBe(false); // I is not Crockford's
    expect(isUlidAt('7ZZZZZZZZZZSV4RRFFQ69G5FAV', 0)).toBe(false); // the year 10889
  });

  test('a ULID among names: names (digits, letters of one case) may stand beside a ULID, nothing random may', () => {
    const ok = (run: string): boolean => publicShapeIn(run, 0, run.length)?.from === 0 && publicShapeIn(run, 0, run.length)?.to === run.length;
    expect(ok('req_01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe(true);
    expect(ok('01ARZ3NDEKTSV4RRFFQ69G5FAV_a8Zt3vN1xR7bLk2mWp9sQ4')).toBe(false);
    expect(ok('a8Zt3vN1xR7bLk2mWp9sQ4-01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe(false);
    expect(ok('01ARZ3NDEKTSV4RRFFQ69G5FAVX')).toBe(false);
    expect(ok('TRACE_01ARZ3NDEKTSV4RRFFQ69G5FAV_span2')).toBe(true);
    expect(ok('fAglkrfAznhcCpAGYXemsg_00VHNCZB000000000000000000')).toBe(false);
  });
});

/**
 * Nanoids and 26-/88-character secrets of other shapes that the entropy rule hides whole on their
 * own (fast-check also draws diluted strings such as `AAFAAAcio…`, FC_SEED=548670900, whose pieces
 * stay in clear alone: a digest beside them must only change nothing).
 */
const randomSecret = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'), minLength: 26, maxLength: 26 }),
    fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'), minLength: 86, maxLength: 90 }),
    fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'), minLength: 21, maxLength: 21 }),
  )
  // No filler in it (a character five times in a row: fast-check draws such runs, FC_SEED=2048320640),
  // which the entropy rule leaves in clear in any secret, digest beside it or not; no leading `/`
  // (glued after `/`, a run starting `//` reads as a URL's host and path, FC_SEED=2048320640 too).
  .filter((text) => /\d/.test(text) && /[A-Z]/.test(text) && !/(.)\1{4}/.test(text) && !text.startsWith('/') && survivingPiece(redactSecrets(`see ${text} end`), text) === undefined);
const providerKey = fc.constantFrom(...samples.filter((sample) => sample.spaceable));
const secret = fc.oneof(
  randomSecret.map((text) => ({ text, secret: text })),
  providerKey.map(({ text, secret: shown }) => ({ text, secret: shown })),
);
const publicDigest = fc.oneof(integrity, ulid, fc.tuple(idName, ulid).map(([name, id]) => name + id));
const glue = fc.constantFrom('', ' ', '_', '-', '/', '==', '=', '"', ', ', '\n', '-sha512-');

/** An integrity value one step off its exact shape. */
const offShape = fc.tuple(integrity, fc.constantFrom(0, 1, 2, 3, 4, 5), fc.nat()).map(([value, mutation, at]) => {
  const dash = value.indexOf('-');
  let padding = value.length;
  while (value[padding - 1] === '=') padding -= 1;
  const body = value.slice(dash + 1, padding);
  const index = at % body.length;
  const last = body[body.length - 1] as string;
  const changed = [
    body.slice(0, -1), // one character short
    `${body}Q`, // one too many
    `${body.slice(0, index)}-${body.slice(index + 1)}`, // base64url
    `${body.slice(0, index)}_${body.slice(index + 1)}`,
    body.slice(0, -1) + (last === 'B' ? 'C' : 'B'), // the unused bits set (or, unpadded, another digest)
    body,
  ][mutation] as string;
  // The last mutation keeps the body and drops or adds the padding.
  const tail = mutation === 5 ? (padding === value.length ? '=' : '') : value.slice(padding);
  return { text: `${value.slice(0, dash)}-${changed}${tail}`, body: changed, exact: mutation === 4 && padding === value.length };
});

describe('a value off the exact shape is judged as before', () => {
  test('an integrity value one character short or long, base64url, unused bits set or the padding wrong: redacted whenever its body alone is (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(offShape, ({ text, body, exact }) => {
        fc.pre(!exact);
        const line = `integrity: ${text}\n`;
        if (findSecrets(body).length > 0) expect(findSecrets(line).length, line).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a secret beside or glued to a public digest is still redacted', () => {
  test.each([
    ['nanoids are not told from random secrets', 'id V1StGXR8_Z5jdHi6B-myT ok'],
    ['a ULID glued to a random secret', '01ARZ3NDEKTSV4RRFFQ69G5FAVa8Zt3vN1xR7bLk2mWp9sQ4'],
    ['FC_SEED=1659104860: a nanoid-like secret glued before msg_ and a ULID (its tail and msg read as one camelCase word)', 'see 3_fAglkrfAznhcCpAGYXemsg_00VHNCZB000000000000000000 end'],
    ['a digest one character short', 'integrity: sha512-Xb74y4Br9KlP+4hnunfmaTHN9B+YALlreeNBywK8P3k+7Js0bUy1bxE1kbvWv/T7ULMaVxwnQ3frndnOoQ0Mp=='],
    ['a GitHub token inside an integrity value', `integrity: sha512-${samples.find((sample) => sample.text.startsWith('ghp_'))?.text ?? ''}`],
  ])('%s', (_, text) => {
    expect(redactSecrets(text)).not.toBe(text);
  });

  // The lead's sweep: the key and the digest as one run read as a near miss of a catalogue format,
  // which declined it, so nothing was judged; the digest is now read by its shape at the run's end.
  test.each([
    ['a key glued before an integrity digest (the whole a near miss)', 'see tAp_AAah6YvWxscAl5Br2sha1-ACVKb5S53gMoTXKXvOEGK1B1mr8= end', 'see <REDACTED:HIGH_ENTROPY>sha1-ACVKb5S53gMoTXKXvOEGK1B1mr8= end'],
    // The ULID is read as the run's last piece (a public shape), so what lies before it is judged
    // alone: the key and its `-sha512` glue go, the ULID stays whole (the filler path used to take
    // its first eight characters with the key).
    ['a key glued before `-sha512-` and a ULID piece (the whole a near miss; found with a random seed of the property above)', 'see A0_AUakhWrAF_4VymKEtZ-sha512-00VHNCZB0000000000000000TS end', 'see <REDACTED:HIGH_ENTROPY>-00VHNCZB0000000000000000TS end'],
    ['a short key glued before a digest: the run judged whole as before', 'see Zq8Lk2Vx9Tn4wRm7Pb3sha1-ACVKb5S53gMoTXKXvOEGK1B1mr8= end', 'see <REDACTED:HIGH_ENTROPY> end'],
  ])('%s', (_, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(expected);
    expectLossless(redactSecretsStream(), [text], { events, everySplit: true });
  });

  test('a random key glued right before any integrity digest: the key hidden, any chunking (property, 400 cases)', { timeout: 120_000 }, () => {
    const keyAlphabet = fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789_');
    fc.assert(
      fc.property(fc.string({ unit: keyAlphabet, minLength: 16, maxLength: 40 }), integrity, chunking, (key, digest, cuts) => {
        // A key the entropy rule hides alone (not one shrunk to filler) stays hidden glued to the digest.
        fc.pre(survivingPiece(redactSecrets(`see ${key} end`), key) === undefined && redactSecrets(`see ${key} end`) !== `see ${key} end`);
        const text = `see ${key}${digest} end`;
        const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, key), `${text} -> ${output}`).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });

  test('any provider key or random 21-/26-/88-character secret before or after a digest or ULID, glued or not, any chunking (property, 800 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(publicDigest, secret, glue, fc.boolean(), chunking, (digest, key, between, keyFirst, cuts) => {
        // The key hidden with its glue alone (a glue such as `_` can pull a short secret's entropy
        // under 4.0, FC_SEED=548670900: a limit of its own), it stays hidden with the digest there.
        fc.pre(survivingPiece(redactSecrets(`see ${keyFirst ? key.text + between : between + key.text} end`), key.secret) === undefined);
        const text = `see ${keyFirst ? key.text + between + digest : digest + between + key.text} end`;
        const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, key.secret), `${text} -> ${output}`).toBeUndefined();
      }),
      { numRuns: 800 },
    );
  });
});

describe('media types are public', () => {
  const random = seededRandom(31);
  const key = randomRun('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32, random);
  test.each([
    ['a media type of mime-db', '  "application/vnd.3gpp-prose-pc3ach+xml": {\n    "source": "iana"\n'],
    ['another', 'Content-Type: application/vnd.3gpp.mcptt-mbms-usage-info+xml\n'],
  ])('%s stays, in any chunking', (_, text) => {
    expect(findSecrets(text)).toEqual([]);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
  });

  test('a key in a media type\'s place is still found, in any chunking', () => {
    for (const text of [`Content-Type: application/${key}\n`, `Content-Type: application/vnd.${key.toLowerCase()}x\n`.replace(key.toLowerCase(), key)]) {
      expect(redactSecrets(text)).not.toContain(key.slice(8, 24));
      expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
    }
  });
});

describe('the labels table', () => {
  test('every label is ASCII of one character or more (scan and runs index them by their characters)', () => {
    for (const label of publicShapeLabels) expect(/^[\x20-\x7e]+$/u.test(label), label).toBe(true);
  });
});
