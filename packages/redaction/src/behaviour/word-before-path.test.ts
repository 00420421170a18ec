import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a provider prefix spelled by the first letters of an ordinary word (`pat` of `path`,
// `cio`, `dapi`), the word followed by a blank and a path of UUIDs, digests and words, is a word
// and its path: never a key spaced out after the prefix. A key spaced out after its prefix is still one.

test('`path runs/<uuid v1>/<sha1>.json` is not an Airtable token spaced out after `pat` (the reported shape)', () => {
  const text = 'path runs/6f1c2b3a-1d2e-11ef-9a4b-0242ac120002/da39a3ee5e6b4b0d3255bfef95601890afd80709.json';
  expect(findSecrets(text)).toEqual([]);
  expect(runChunks(redactSecretsStream(), [...text]).output).toBe(text);
  for (const word of ['patch', 'pattern']) expect(findSecrets(`${word} runs/6f1c2b3a-1d2e-11ef-9a4b-0242ac120002/da39a3ee5e6b4b0d3255bfef95601890afd80709`)).toEqual([]);
});

test('an Airtable token spaced out after its prefix is still one', () => {
  const key = `pat Xb3dEf5gH7iJ9k.${'9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'}`;
  expect(redactSecrets(`token ${key} end`)).toBe('token <REDACTED:AIRTABLE_TOKEN> end');
});

const hexDigits = '0123456789abcdef';
const hex = (length: number): fc.Arbitrary<string> => fc.array(fc.constantFrom(...hexDigits), { minLength: length, maxLength: length }).map((digits) => digits.join(''));
const uuid = fc
  .tuple(hex(8), hex(4), fc.constantFrom('1', '4', '7'), hex(3), fc.constantFrom('8', '9', 'a', 'b'), hex(3), hex(12))
  .map(([first, second, version, third, variant, fourth, last]) => `${first}-${second}-${version}${third}-${variant}${fourth}-${last}`);
const digest = fc.constantFrom(7, 12, 40, 64).chain(hex).filter((text) => /\d/u.test(text) && /[a-f]/u.test(text));
const shaped = fc.oneof(uuid, digest);
const pathWord = fc.constantFrom('runs', 'out', 'data', 'tmp', 'reports', 'v2', 'build', 'report.json');
const joint = fc.constantFrom('/', '_', '-', '.');
/** A path of words, UUIDs and digests with at least one UUID or digest. */
const path = fc
  .tuple(fc.array(fc.tuple(fc.oneof(pathWord, shaped), joint), { maxLength: 3 }), shaped, fc.array(fc.tuple(joint, fc.oneof(pathWord, shaped)), { maxLength: 2 }))
  .map(([head, middle, tail]) => `${head.map(([piece, between]) => piece + between).join('')}${middle}${tail.map(([between, piece]) => between + piece).join('')}`);
/** A word that begins with a provider prefix of lower-case letters: a real one, or the prefix and more letters. */
const word = fc.oneof(
  fc.constantFrom('path', 'patch', 'pattern', 'patterns', 'patrol', 'patient', 'ciotola', 'dapifer'),
  fc.tuple(fc.constantFrom('pat', 'cio', 'dapi'), fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 1, maxLength: 10 })).map(([prefix, letters]) => prefix + letters.join('')),
);
const blank = fc.constantFrom(' ', '  ', '\t', ' \t');
const lead = fc.constantFrom('', 'the ', 'wrote to ', '- ', 'see ');
const trail = fc.constantFrom('', ' ok', '.json', '\n', ', then stop.');
const chunking = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(200), { maxLength: 6 }).map((offsets) => ({ offsets, perCharacter: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], perCharacter: true }) },
);

test('a word beginning with a provider prefix, a blank and a path of UUIDs, digests and words comes out unchanged, any chunking (property, 500 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(lead, word, blank, path, trail, chunking, (before, name, space, where, after, { offsets, perCharacter }) => {
      const text = `${before}${name}${space}${where}${after}`;
      expect(findSecrets(text), text).toEqual([]);
      expect(runChunks(redactSecretsStream(), perCharacter ? [...text] : splitAt(text, offsets)).output).toBe(text);
    }),
    { numRuns: 500 },
  );
});
