import { expectChunkInvariant, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { fullAlphabetOf, leakedPiece, written } from '../__fixtures__/row-alphabet-keys';
import { chunksOf } from '../__fixtures__/stream-matches-whole';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { catalogue } from '../rules/catalogue';

/**
 * A key spaced out one character at a time whose body holds a run of its own separators
 * (`x _ - - _ T`): the gap between two of its letters then holds nine separators, four of them the
 * key's characters. The gap reader's bound counts the writer's separators, so the key goes on
 * past the run and no piece of its rest is left.
 */
describe('a spaced-out key whose body holds a run of its own separators', () => {
  const key = 'sk-svcacct-xzKWs6aFwou010gfGCKDhx_--_TynI9m';
  const text = `Here it is:\n\n${written(key, { kind: 'spaced', every: 1, separator: ' ' }, '', '')}\n\nRotate it after.`;

  test('is redacted whole, in every chunking', () => {
    const output = runChunks(redactSecretsStream(), [text]).output;
    expect(leakedPiece(output, key, 'sk-svcacct-', 'Here it is:\n\nsk-svcacct-\n\nRotate it after.'), output).toBeUndefined();
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 20 });
  });

  const rows = catalogue.filter((rule) => rule.body.length === 1 && 'alphabet' in (rule.body[0] as object) && /[-_]/.test(fullAlphabetOf((rule.body[0] as { alphabet: string }).alphabet)));

  test('rows whose alphabet holds - or _: a run of 4 to 6 of them, spaced with any of three separators, leaves nothing (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.nat(rows.length - 1),
        fc.nat(2 ** 31),
        fc.integer({ min: 4, max: 6 }),
        fc.constantFrom(' ', '\u00a0', '\u200b'),
        fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
        (row, seed, run, separator, cuts) => {
          const rule = rows[row] as (typeof rows)[number];
          const body = rule.body[0] as { readonly alphabet: string; readonly min: number };
          const alphabet = fullAlphabetOf(body.alphabet);
          const own = alphabet.replaceAll(/[^-_]/g, '');
          const letters = alphabet.replaceAll(/[^a-z0-9]/gi, '');
          const random = seededRandom(seed);
          const prefix = rule.prefixes[seed % rule.prefixes.length] as string;
          // Letters to the middle of the row's minimum, the run of its own separators, letters to the minimum.
          const length = Math.max(body.min, run + 8);
          const at = Math.floor((length - run) / 2);
          let key = prefix;
          for (let index = 0; index < length; index += 1) {
            const inRun = index >= at && index < at + run;
            const from = inRun ? own : letters;
            key += from[Math.floor(random() * from.length)] as string;
          }
          const before = 'The key is ';
          const after = ' for now.';
          const text = written(key, { kind: 'spaced', every: 1, separator }, before, after);
          const output = runChunks(redactor, chunksOf(text, cuts)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});
