import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exampleOf, seededRandom } from '../__fixtures__/catalogue-examples';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { catalogue } from '../rules/catalogue';
import { spacedOutBodyLooksRandom } from '../engine/pattern/pattern-matcher';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

/**
 * A prefix of lower-case letters glued to the first letters of a key spaced out (`ciom sSc5 …`,
 * `dapia 84041 …`, `patw tmA6 …`) read as a word followed by a one-piece name (`sSc5` is wordy),
 * the label rule for `path runs/<uuid>/…`, and the key was missed outright (adversarial review,
 * item 13). A label's path is a path (it holds `/ . _ - + ~`) or a name of seven characters or
 * more (a digest, a UUID); one short piece is the key's next group.
 */
describe('a key whose prefix is lower-case letters, spaced out after a glued first group', () => {
  test.each([
    ['see ciom sSc5 CHth zovy tcNJ Ai5D 093e AfJU 0ne end', 'CRATES_IO_TOKEN'],
    ['see dapia 84041 61c47 1c2d5 7ed64 598c6 32a3c 2 end', 'DATABRICKS_TOKEN'],
    ['see patw tmA6 HVyF bcVw w.b4 877c b4e2 aefa bd0f 3b9d 0164 f74f 7c39 5966 580b 6120 5b41 6a35 4c3b c8a7 8a end', 'AIRTABLE_TOKEN'],
  ])('the reported shape is found: %j', (text, type) => {
    const output = expectStreamMatchesWhole(text);
    expect(output).toBe(`see <REDACTED:${type}> end`);
  });

  test('a word and a path or long name stays a label (`path runs/…`, `pattern <uuid>`)', () => {
    for (const text of ['path runs/0e1f2a3b-4c5d-11ee-8f9a-0242ac120002/9e836c1.json', 'pattern 0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', 'cior 9e836c1aa3ed46']) expect(expectStreamMatchesWhole(text)).toBe(text);
  });

  const rows = catalogue.flatMap((rule) => rule.prefixes.map((prefix, prefixIndex) => ({ rule, prefix, prefixIndex }))).filter(({ prefix }) => /^[a-z]+$/u.test(prefix));
  test(
    'any row whose prefix is lower-case letters, spaced out every 3 to 6 characters from its start with a space or a no-break space: nothing of it is left, any chunking and one character per write (fast-check)',
    { timeout: 60_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(
          fc.constantFrom(...rows),
          fc.nat(),
          fc.integer({ min: 3, max: 6 }),
          fc.constantFrom(' ', '\u00a0'),
          fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
          ({ rule, prefix, prefixIndex }, seed, size, space, cuts) => {
            const key = exampleOf(rule, seededRandom(seed), 'positive', prefixIndex, 'digit-early');
            const groups: string[] = [];
            for (let at = 0; at < key.length; at += size) groups.push(key.slice(at, at + size));
            const spaced = groups.join(space);
            // Keys whose groups read as words are a documented limit, decided by the rules' own judgement.
            fc.pre(spacedOutBodyLooksRandom(spaced.slice(prefix.length)));
            const input = `see ${spaced} end`;
            const output = runChunks(redactor, chunksOf(input, cuts)).output;
            expect(survivingPiece(output, key), JSON.stringify(input)).toBeUndefined();
            expect(output).toBe(redactSecrets(input));
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
