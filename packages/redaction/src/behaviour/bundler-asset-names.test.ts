import { expectLossless, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { chunkings, chunksOf } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { publicShapes } from '../rules/public-shapes';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a bundled asset's name (`<dir>/<name>-<hash>.<extension>`, Rollup's eight base64url
// characters or 8–20 lower-case hex) comes out unchanged, in any chunking; a random secret in the
// name's place, or glued in front of the hash, is still redacted, with no eight of its characters
// in a row left in the output.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

const chunking = chunkings(120);

const base64Url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Random characters of `alphabet` drawn from a seed, so that shrinking never makes them filler. */
const seeded = (alphabet: string, length: number): fc.Arbitrary<string> => fc.integer().map((seed) => randomRun(alphabet, length, seededRandom(seed)));

const rollupHash = fc.oneof(seeded(base64Url, 8), fc.constantFrom('B_TqY17P', 'Cgl6axSs', '-AbC_dEf', 'DZ-2_x9q')).map((hash) => `-${hash}`);
const hexHash = fc.tuple(fc.integer({ min: 8, max: 20 }), fc.constantFrom('-', '.')).chain(([length, separator]) => seeded('0123456789abcdef', length).map((hash) => separator + hash));
const assetName = fc.tuple(
  fc.constantFrom('assets/', 'dist/assets/', './assets/', '../../static.files/', ''),
  fc.constantFrom('index', 'urlMatch', 'favicon-32x32', 'vendor', 'main', 'MaterialIcons-Regular', 'page.module', 'worker_threads'),
  fc.oneof(rollupHash, hexHash),
  fc.constantFrom('js', 'mjs', 'css', 'map', 'png', 'svg', 'woff2', 'WOFF2', 'wasm', 'json'),
).map(([directory, name, hash, extension]) => `${directory}${name}${hash}.${extension}`);
const assetLine = fc.tuple(assetName, fc.constantFrom(0, 1, 2, 3)).map(([name, shape]) =>
  [`dist/${name}  2.1 kB │ gzip: 0.9 kB`, `<link rel="stylesheet" href="${name}">`, `import("./${name}")`, `GET /${name} 200`][shape] as string,
);

describe('bundled asset names are not secrets', () => {
  test.each([
    ['a Vite stylesheet', 'assets/index-B_TqY17P.css'],
    ['a Vite chunk in a build report', 'dist/assets/urlMatch-Cgl6axSs.js  2.1 kB'],
    ['rustdoc favicon', '<link rel="icon" href="../../static.files/favicon-32x32-eab170b8.png">'],
    ['a Webpack chunk', 'static/js/main.3f2a9c1e8b7d6a5f4e3d.js'],
  ])('%s', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
  });

  test('generated asset names in build reports, HTML, imports and access logs, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(assetLine, chunking, (text, cuts) => {
        expect(findSecrets(text)).toEqual([]);
        expect(runChunks(redactSecretsStream(), chunksOf(text, cuts)).output).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a secret in an asset name is still redacted', () => {
  test('the bundler-asset-hash shape: the separator, the hash length and alphabet, the extension', () => {
    const at = (run: string): number | undefined => publicShapes.find(({ id }) => id === 'bundler-asset-hash')?.read(run, 0, run.length);
    expect(at('index-B_TqY17P.css')).toBe(5);
    expect(at('main.3f2a9c1e.js')).toBe(4);
    expect(at('index-B_TqY17.css')).toBe(-1);
    expect(at('index-B_TqY17P.exe')).toBe(-1);
    expect(at('main_3f2a9c1e.js')).toBe(-1);
    expect(at('-B_TqY17P.css')).toBe(-1);
    expect(at('3f2a9c1e3f2a9c1e3f2a9c1e.js')).toBe(-1);
  });

  test('a random 20-40 character secret the entropy rule finds alone, as the name, glued before the hash or ending in .js without one: redacted, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 40 }).chain((length) => seeded(base62, length)), rollupHash, fc.constantFrom(0, 1, 2), chunking, (secret, hash, place, cuts) => {
        // A secret the entropy rule finds standing alone (a short one is not, asset or no asset).
        fc.pre(findSecrets(`see ${secret} ok`).length > 0);
        const text = [`dist/assets/${secret}${hash}.js  2.1 kB`, `<script src="/assets/${secret}${hash}.js">`, `GET /static/${secret}.js 200`][place] as string;
        const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, secret), output).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
