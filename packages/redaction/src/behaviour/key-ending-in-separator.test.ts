import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { fullAlphabetOf, leakedPiece } from '../__fixtures__/row-alphabet-keys';
import { chunksOf } from '../__fixtures__/stream-matches-whole';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { catalogue } from '../rules/catalogue';

/** Characters of a row's alphabet that read as separators in text (a period after a key ends a sentence: left out). */
const SEPARATOR_LIKE = /[-_/+=]/g;

/**
 * A key written whole whose last characters are characters of its row that read as separators
 * (`…9O-`, `…Ytac/`), at its row's minimum length: the row's length requires them, so they are
 * the key's, and the key is found by its row (not cut short and left to the entropy rule).
 */
describe('a key written whole that ends with separator-like characters of its row', () => {
  const rows = catalogue.filter((rule) => rule.body.length === 1 && 'alphabet' in (rule.body[0] as object) && (fullAlphabetOf((rule.body[0] as { alphabet: string }).alphabet).match(SEPARATOR_LIKE) ?? []).length > 0);

  test('no 4-character piece of the key is left, in any chunking (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.nat(rows.length - 1),
        fc.nat(2 ** 31),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom<readonly [string, string]>(['The key is ', ' for now.'], ['export TOKEN=', '\n'], ['', '']),
        fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
        (row, seed, tail, [before, after], cuts) => {
          const rule = rows[row] as (typeof rows)[number];
          const body = rule.body[0] as { readonly alphabet: string; readonly min: number };
          const alphabet = fullAlphabetOf(body.alphabet);
          const separators = alphabet.match(SEPARATOR_LIKE) ?? [];
          const letters = alphabet.replaceAll(/[-_/+=.]/g, '');
          const random = seededRandom(seed);
          const prefix = rule.prefixes[seed % rule.prefixes.length] as string;
          // The row's minimum: random letters and digits, then `tail` separator-like characters.
          let key = prefix;
          for (let index = 0; index < body.min - tail; index += 1) key += letters[Math.floor(random() * letters.length)] as string;
          for (let index = 0; index < tail; index += 1) key += separators[Math.floor(random() * separators.length)] as string;
          const text = `${before}${key}${after}`;
          const output = runChunks(redactor, chunksOf(text, cuts)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });
});
