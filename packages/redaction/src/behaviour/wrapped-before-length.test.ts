import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { leakedPiece, uniformKey, written } from '../__fixtures__/row-alphabet-keys';
import { chunksOf } from '../__fixtures__/stream-matches-whole';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { LISTED_WORD_MAX, readsAsListedWords } from '../judge/listed-word';
import { catalogue } from '../rules/catalogue';

/**
 * A key hard-wrapped at a column before its row's length: the row requires more characters, and
 * the next line starts with the row's alphabet, so the key goes on there (issue 24: "a key
 * continues across a line break only when its row's length requires it and the next line starts
 * with the row's alphabet"). Once wrapped, a line as long as the key's line before it was cut by
 * the same column: the next line's first token is the key's too.
 */
describe('a key wrapped before its row has its length', () => {
  // Rows whose body is one run of one alphabet, after a prefix.
  const rows = catalogue.filter((rule) => rule.body.length === 1 && 'alphabet' in (rule.body[0] as object));
  const contexts: ReadonlyArray<readonly [string, string]> = [
    ['The key is ', ' for now.'],
    ['export TOKEN=', '\n'],
    ['Here it is:\n\n', '\n\nRotate it after.'],
    ['', ''],
  ];

  test('no 4-character piece of the key is left, in any chunking (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.nat(rows.length - 1),
        fc.nat(2 ** 31),
        fc.constantFrom(...contexts),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
        (row, seed, [before, after], where, cuts) => {
          const rule = rows[row] as (typeof rows)[number];
          const prefixIndex = seed % rule.prefixes.length;
          const prefix = rule.prefixes[prefixIndex] as string;
          const key = uniformKey(rule, seededRandom(seed), prefixIndex);
          const body = rule.body[0] as { readonly min: number };
          // The first line ends after the prefix and before the row's minimum.
          const lineStart = before.length - (before.lastIndexOf('\n') + 1);
          const first = lineStart + prefix.length + 1;
          const last = lineStart + prefix.length + body.min - 1;
          fc.pre(last > first && first >= 8);
          const column = first + Math.floor(where * (last - first));
          const text = written(key, { kind: 'wrapped', column }, before, after);
          const output = runChunks(redactor, chunksOf(text, cuts)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBeUndefined();
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('the reported shapes', () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['Here it is:\n\nHRKU-xCWDlCAGqj_bF5qRz8BRpeiq0UAokWg5qO1Lj1owFq7j64q\naabsc\n\nRotate it after.', 'Here it is:\n\n<REDACTED:HEROKU_API_KEY>\n\nRotate it after.'],
      ['nvapi-HHXB6pTcpoJFP8ZqMTRrHRI7cQRpm5Jamtyku1uBiwZt6V9Rd3BCQRHi\nSLDRSEJY', '<REDACTED:NVIDIA_API_KEY>'],
      ['The key is NRII-BbBbvFDXKv4ZjVG6KuphjX8v7N\n-_bes3 for now.', 'The key is <REDACTED:NEW_RELIC_KEY> for now.'],
      ['export TOKEN=sq0atp-aZgMNHUlckMymUAjuC5\nEXQ8\n', 'export TOKEN=<REDACTED:SQUARE_TOKEN>\n'],
      ['The key is ops_eyJYULYvSUiWiyL8-tFBPYJ2nVZmR0iuW5f2iy2hhERm\nWgB3OfKbSmR0jRMVgCikkKBHVrDtJQfBNJ2RRfDGyFqdP2XLTJF8j7LNXnJ\nluTx for now.', 'The key is <REDACTED:ONEPASSWORD_TOKEN> for now.'],
    ];
    const redactor = redactSecretsStream();
    for (const [text, expected] of cases) for (const size of [1, 3, 7, 1000]) expect(runChunks(redactor, chunksOf(text, { offsets: Array.from({ length: Math.ceil(text.length / size) }, (_, index) => (index + 1) * size), oneByOne: false })).output).toBe(expected);
  });
});

/**
 * A key written whole to a line's end once it has its row's minimum, its row's length leaving the
 * rest open: the next line's first token, when short enough for the word list and of letters with
 * a lower-case one, is its rest unless the list reads it as written (a listed word, a command or
 * code token: `Then`, `npm`, `fi`). A rest drawn from the row's alphabet that is no listed word is
 * the key's, however its letters read (`Tazc`). Longer tokens, tokens with digits and capitals
 * alone (acronyms) are left to the character model (not asserted here).
 */
describe('a key wrapped after its row has its minimum', () => {
  const rows = catalogue.filter((rule) => rule.body.length === 1 && 'alphabet' in (rule.body[0] as object) && (rule.body[0] as { max: number; min: number }).max > (rule.body[0] as { min: number }).min);
  test('a rest that is no listed word is redacted with the key, in any chunking (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.nat(rows.length - 1),
        fc.nat(2 ** 31),
        fc.integer({ min: 2, max: LISTED_WORD_MAX }),
        fc.constantFrom<readonly [string, string]>(['The key is ', ' for now.'], ['export TOKEN=', '\n'], ['', '']),
        fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
        (row, seed, restLength, [before, after], cuts) => {
          const rule = rows[row] as (typeof rows)[number];
          const prefixIndex = seed % rule.prefixes.length;
          const prefix = rule.prefixes[prefixIndex] as string;
          const key = uniformKey(rule, seededRandom(seed), prefixIndex);
          const cut = key.length - restLength;
          const rest = key.slice(cut);
          fc.pre(cut - prefix.length >= (rule.body[0] as { min: number }).min && /^[a-z]+$/i.test(rest) && /[a-z]/.test(rest) && readsAsListedWords(rest, 0, rest.length) !== true);
          const text = `${before}${key.slice(0, cut)}\n${rest}${after}`;
          const output = runChunks(redactor, chunksOf(text, cuts)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBeUndefined();
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/**
 * A key whose prefix a wrap cuts (`Accoun⏎tKey=…`): the prefix is the row's, so no other secret
 * (an assignment `tKey=`) begins inside it, and the key is found whole.
 */
describe('a key whose prefix is cut by a wrap', () => {
  // Prefixes that end with a credential's name and `=` or `:` (`AccountKey=`): a wrap before the name leaves an assignment on the next line.
  const named = /(?:key|token|secret|password)[=:]$/i;
  const rows = catalogue.filter((rule) => rule.body.length === 1 && 'alphabet' in (rule.body[0] as object) && rule.prefixes.some((prefix) => named.test(prefix)));
  test('no 4-character piece of the key is left, in any chunking (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.nat(rows.length - 1),
        fc.nat(2 ** 31),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.constantFrom<readonly [string, string]>(['The key is ', ' for now.'], ['export TOKEN=', '\n']),
        fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
        (row, seed, where, [before, after], cuts) => {
          const rule = rows[row] as (typeof rows)[number];
          const prefixIndex = rule.prefixes.findIndex((prefix) => named.test(prefix));
          const prefix = rule.prefixes[prefixIndex] as string;
          const key = uniformKey(rule, seededRandom(seed), prefixIndex);
          // The first line ends inside the prefix, after its first two characters and before the name.
          const nameStart = prefix.search(named);
          fc.pre(nameStart > 2);
          const column = before.length + 2 + Math.floor(where * (nameStart - 1));
          const text = written(key, { kind: 'wrapped', column }, before, after);
          const output = runChunks(redactor, chunksOf(text, cuts)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});
