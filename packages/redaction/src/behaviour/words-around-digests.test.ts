import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

/**
 * A diff's header and a log line are words around hex digests: a prefix of lower-case letters at a
 * word's start (`pat` of `pattern`, `secret-` of `secret-store`, `cio` of `cio-report`) read with
 * the rest spaced out over file names and commit ids was a key (adversarial review, item 14).
 * Invariant: words and lower-case hex digests of seven characters or more, in any arrangement
 * git prints them, are not a key; a key's body of hex alone spaced out still is.
 */
describe('words around hex digests are prose', () => {
  test.each([
    'diff --git a/src/pattern_matcher.py b/src/pattern_matcher.py\nindex 9e836c1..97e9b09 100644\n--- a/src/pattern_matcher.py\n+++ b/src/pattern_matcher.py',
    'diff --git a/src/secret-store.ts b/src/secret-store.ts\nindex 9e836c1..97e9b09 100644\n--- a/src/secret-store.ts',
    'diff --git a/src/cio-report.ts b/src/cio-report.ts\nindex 9e836c1..97e9b09 100644',
    'the secret-manager client\naa3ed462675d6f241ba01befb66cd0aaba589573',
    'fix the path handling\naa3ed462675d6f241ba01befb66cd0aaba589573',
  ])('the reported shape is left alone: %j', (text) => {
    expect(expectStreamMatchesWhole(text)).toBe(text);
  });

  test('a key of hex alone spaced out is still a key (Twilio, Mailgun, Airtable)', () => {
    for (const key of ['SK0f3a9c1e7b2d4f6a8c0e2b4d6f8a1c3e5', 'key-0f3a9c1e7b2d4f6a8c0e2b4d6f8a1c3e', 'patAb3dE5gH7jK9mN.0f3a9c1e7b2d4f6a8c0e2b4d6f8a1c3e50f3a9c1e7b2d4f6a8c0e2b4d6f8a1c3e5']) {
      const spaced = key.replace(/(.{8})(?=.)/gu, '$1 ');
      expect(survivingPiece(expectStreamMatchesWhole(`see ${spaced} end`), key)).toBeUndefined();
    }
  });

  /** Lower-case words beginning with a catalogue prefix of lower-case letters, and ordinary ones. */
  const word = fc.constantFrom('pattern', 'path', 'patch', 'pattern_matcher', 'secret-store', 'secret-manager', 'cio-report', 'dapi-client', 'handling', 'fix', 'src', 'lib', 'index', 'store', 'utils', 'the', 'report');
  const extension = fc.constantFrom('.ts', '.py', '.go', '.rs', '.md', '');
  const digest = fc.tuple(fc.nat(), fc.constantFrom(7, 8, 10, 12, 40, 64)).map(([seed, length]) => {
    // A digest has a digit and a letter (git's ids almost always do; one of each is set).
    const body = randomRun('0123456789abcdef', length - 2, seededRandom(seed));
    return `a${body}7`;
  });
  const gitText = fc.oneof(
    fc.tuple(word, extension, digest, digest).map(([name, ext, from, to]) => `diff --git a/src/${name}${ext} b/src/${name}${ext}\nindex ${from.slice(0, 7)}..${to.slice(0, 7)} 100644\n--- a/src/${name}${ext}\n+++ b/src/${name}${ext}`),
    fc.tuple(fc.array(word, { minLength: 2, maxLength: 5 }), digest).map(([words, sha]) => `${words.join(' ')}\n${sha}`),
    fc.tuple(digest, fc.array(word, { minLength: 2, maxLength: 5 })).map(([sha, words]) => `${sha.slice(0, 7)} ${words.join(' ')}`),
    fc.tuple(word, fc.array(fc.tuple(digest, word), { minLength: 1, maxLength: 4 })).map(([first, rest]) => `${first} ${rest.map(([sha, each]) => `${sha.slice(0, 8)} ${each}`).join(' ')}`),
  );

  test(
    'git diff headers and log lines with words that begin with a lower-case prefix, and digests of 7 to 64 characters, come out unchanged, any chunking and one character per write (fast-check)',
    { timeout: 60_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(gitText, fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }), (text, cuts) => {
          expect(runChunks(redactor, chunksOf(text, cuts)).output).toBe(text);
          expect(redactSecrets(text)).toBe(text);
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('a hex key spaced out every seven characters is no words around digests', () => {
  // Its pieces of hex letters alone (`effa`, `eb`) read as lower-case words, and its seven-character
  // groups as commit ids: the whole key was prose (FC_SEED=2026113, 55501, 789022262 in
  // prose-passthrough.test.ts left an ElevenLabs key whole). Hex letters alone count as no words here.
  test.each([
    ['ElevenLabs, groups of seven', 'Rotate this now: sk_effa 18773d5 fa80bb0 678ae2c 45b3c3c dbbbfde a9f8ff9 eb, then tell the CFO.', 'effa18773d5fa80bb0678ae2c45b3c3cdbbbfdea9f8ff9eb'],
  ])('%s', (_, text, body) => {
    for (const output of [redactSecrets(text), runChunks(redactSecretsStream(), [...text]).output]) expect(survivingPiece(output.replaceAll(' ', ''), body)).toBeUndefined();
  });
});
