import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { fullAlphabetOf, leakedPiece, spacingSeparators, uniformKey, type Writing, written } from '../__fixtures__/row-alphabet-keys';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { catalogue } from '../rules/catalogue';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

/**
 * Issue 24, "No key out": a key's body drawn uniformly from its catalogue row's alphabet, as
 * providers draw it — digitless bodies included (`hf_` + 34 letters, `AKIA` + 16 capitals) —
 * written whole, with a separator every k characters (k = 1 … 8; k = 1 is one between every
 * character) or wrapped at a column, leaves no piece of four body characters in the output, in
 * any chunking. The row-alphabet judge (`row-alphabet-judge.ts`) decides a spaced-out body; "a
 * spaced-out key needs a digit" is gone.
 */
const rows = catalogue.flatMap((rule) => rule.prefixes.slice(0, 3).map((prefix, prefixIndex) => ({ rule, prefix, prefixIndex })));
const contexts: ReadonlyArray<readonly [string, string]> = [
  ['The key is ', ' for now.'],
  ['export TOKEN=', '\n'],
  ['Here it is:\n\n', '\n\nRotate it after.'],
  ['', ''],
];
const writing: fc.Arbitrary<Writing> = fc.oneof(
  fc.constant<Writing>({ kind: 'whole' }),
  fc.record({ kind: fc.constant('spaced' as const), every: fc.integer({ min: 1, max: 8 }), separator: fc.constantFrom(...spacingSeparators) }),
  fc.record({ kind: fc.constant('wrapped' as const), column: fc.integer({ min: 8, max: 80 }) }),
);
const chunking = fc.record({ offsets: fc.array(fc.nat(400), { maxLength: 12 }), oneByOne: fc.boolean() });

describe('keys drawn uniformly from their row alphabet', () => {
  test.each([
    ['hf_A qyZd afQP hXdb LrKw eNzT uVbS cmoY xPAB Cd', 'HUGGING_FACE_TOKEN'],
    ['AKIA ZDOC IS2J HTLG MXGE', 'AWS_ACCESS_KEY_ID'],
    ['AKIA ZDOC ISJH TLGM XGEQ', 'AWS_ACCESS_KEY_ID'],
    ['sk_l ive_ MGEN jeTs ezlQ AnCg GpWe Xrtu', 'STRIPE_SECRET_KEY'],
    ['h\u200bf\u200b_\u200bq\u200by\u200bZ\u200bd\u200ba\u200bf\u200bQ\u200bP\u200bh\u200bX\u200bd\u200bb\u200bL\u200br\u200bK\u200bw\u200be\u200bN\u200bz\u200bT\u200bu\u200bV\u200bb\u200bS\u200bc\u200bm\u200bo\u200bY\u200bx\u200bP\u200bA\u200bB\u200bC\u200bd', 'HUGGING_FACE_TOKEN'],
  ])('the reported shape is found whole: %j', (key, type) => {
    expect(expectStreamMatchesWhole(`see ${key} end`)).toBe(`see <REDACTED:${type}> end`);
  });

  test.each([
    'AKIA IS THE PREFIX FOR ACCESS KEYS',
    'AKIA is the prefix for access keys',
    'hf_ tokens are created in the settings page',
    'sk_live_ keys look like this and you should never share them',
    'The ABIA HELLO WORLD THIS IS A TEST',
  ])('prose after a prefix-like word is left alone: %j', (text) => {
    expect(expectStreamMatchesWhole(text)).toBe(text);
  });

  test(
    'no 4-character piece of any row key body is left, written whole, spaced with any separator every 1 to 8 characters, or wrapped at any column, in any chunking and one character per write (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(fc.constantFrom(...rows), fc.nat(), writing, fc.constantFrom(...contexts), chunking, ({ rule, prefix, prefixIndex }, seed, way, [before, after], cuts) => {
          const key = uniformKey(rule, seededRandom(seed), prefixIndex);
          const input = written(key, way, before, after);
          const output = runChunks(redactor, chunksOf(input, cuts)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), JSON.stringify(input)).toBeUndefined();
          expect(output).toBe(redactSecrets(input));
        }),
        { numRuns: 400 },
      );
    },
  );

  test(
    'digitless bodies of every row whose alphabet has letters: spaced every 1 to 8 characters with a space, a no-break space, a ZWSP or a line break, any chunking (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      const lettered = rows.filter(({ rule }) => rule.body.every((part) => !('alphabet' in part) || /[A-Za-z]-[A-Za-z]/u.test(part.alphabet)));
      fc.assert(
        fc.property(
          fc.constantFrom(...lettered),
          fc.nat(),
          fc.integer({ min: 1, max: 8 }),
          fc.constantFrom(' ', '\u00a0', '\u200b', '\n'),
          chunking,
          ({ rule, prefix, prefixIndex }, seed, every, separator, cuts) => {
            // The row's key with its bodies drawn from their alphabets' letters alone: a digitless body.
            const random = seededRandom(seed);
            const key = prefix + rule.body.map((part) => ('literal' in part ? part.literal : randomRun([...fullAlphabetOf(part.alphabet)].filter((character) => /[A-Za-z]/u.test(character)).join('') || fullAlphabetOf(part.alphabet), Math.max(part.min, 1) + Math.floor(random() * (Math.min(part.max, Math.max(part.min, 1) + 8) - Math.max(part.min, 1) + 1)), random))).join('');
            const input = written(key, { kind: 'spaced', every, separator }, 'The key is ', ' for now.');
            const output = runChunks(redactor, chunksOf(input, cuts)).output;
            expect(leakedPiece(output, key, prefix, `The key is ${prefix} for now.`), JSON.stringify(input)).toBeUndefined();
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
