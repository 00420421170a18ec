import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { alphabetOf, exampleOf, seededRandom } from '../__fixtures__/catalogue-examples';
import { chunksOf, expectStreamMatchesWhole, randomBody } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { catalogue } from '../rules/catalogue';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { WordShape } from '../text/word-shape';

/**
 * A key written whole ends at a field's `;` or a list's `,`, so the next field is kept
 * (`AccountKey=…;EndpointSuffix=…`). But the key's own rest cut by the same mark into groups of
 * key characters (the lead's sweep: a Slack token ending `BATbN;PFdG;SuYe;E2RM;yxUI;7Kq` left its
 * last 20 characters in clear) is no field: a group that is no word, number, field name or
 * another key's prefix goes on the key.
 */
const isWordGroup = (group: string): boolean => {
  const shape = new WordShape();
  for (const character of group) shape.add(character.charCodeAt(0));
  return shape.isWord() || shape.digits === shape.size;
};

describe('a key written whole, then its rest cut by `;` or `,`', () => {
  test('the reported shape: nothing of the token is left', () => {
    const text = 'Rotate this now: xoxb-578208020088-7067946158032-BATbN;PFdG;SuYe;E2RM;yxUI;7Kq';
    expect(expectStreamMatchesWhole(text)).toBe('Rotate this now: <REDACTED:SLACK_TOKEN>');
  });

  test.each([
    ['DefaultEndpointsProtocol=https;AccountName=foo;AccountKey=Ab3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5Ab3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5Ab3dE5gH7jK9mN1pQ3==;EndpointSuffix=core.windows.net', ';EndpointSuffix=core.windows.net'],
    ['ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5,user,admin,2024', ',user,admin,2024'],
    ['ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5;token=abc', ';token=abc'],
    ['ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5,5432,ok', ',5432,ok'],
  ])('a field, a word, a number or a name after the mark is kept: %j', (text, kept) => {
    expect(expectStreamMatchesWhole(text).endsWith(kept)).toBe(true);
  });

  test('two keys joined by `;` are two findings', () => {
    const text = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5;ghp_Zb3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK6';
    expect(expectStreamMatchesWhole(text)).toBe('<REDACTED:GITHUB_TOKEN>;<REDACTED:GITHUB_TOKEN>');
  });

  /** Rows with one run of variable length whose alphabet holds neither `;` nor `,` nor `=`: the rest past its minimum is what a mark may cut. */
  const formats = catalogue
    .filter((rule) => rule.body.length === 1 && rule.body.every((part) => 'alphabet' in part && part.max >= part.min + 24 && !/[;,=]/u.test(part.alphabet) && [...'aZ0'].every((character) => alphabetOf(part.alphabet).includes(character))))
    .flatMap((rule) => rule.prefixes.map((_, prefixIndex) => ({ rule, prefixIndex })));
  test(
    'any one-run key written whole, its part past the format\'s minimum cut by `;` or `,` into groups of 2 to 6 that are no words or numbers: nothing of it is left, any chunking and one character per write (fast-check)',
    { timeout: 60_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(
          fc.constantFrom(...formats),
          fc.nat(),
          fc.double({ min: 0.4, max: 0.9, noNaN: true }),
          fc.integer({ min: 2, max: 6 }),
          fc.constantFrom(';', ','),
          fc.constantFrom('', 'Rotate this now: ', 'key ', '"'),
          fc.constantFrom('', ' end', '\n', '" and more'),
          fc.record({ offsets: fc.array(fc.nat(400), { maxLength: 10 }), oneByOne: fc.boolean() }),
          ({ rule, prefixIndex }, seed, share, size, mark, head, tail, cuts) => {
            // Up to 24 more letters and digits past the example's length, which stays within the format's maximum.
            const key = exampleOf(rule, seededRandom(seed), 'positive', prefixIndex, 'digit-early') + randomBody(seed, 8 + (seed % 13));
            const prefix = rule.prefixes[prefixIndex] ?? '';
            const minimum = rule.body.reduce((sum, part) => sum + ('alphabet' in part ? part.min : 0), 0);
            // Past the recognised part: a mark inside it spaces the key out, which the separator rules judge.
            const cut = Math.max(prefix.length + minimum, Math.floor(key.length * share));
            const groups: string[] = [];
            for (let at = cut; at < key.length; at += size) groups.push(key.slice(at, at + size));
            // Groups that read as words or numbers end the key by decision (a list of words after a key is kept).
            fc.pre(groups.length > 0 && groups.every((group) => group.length >= 2 && !isWordGroup(group)));
            fc.pre(survivingPiece(redactSecrets(`${head}${key}${tail}`), key) === undefined);
            const input = `${head}${key.slice(0, cut)}${mark}${groups.join(mark)}${tail}`;
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

describe('the next field of a connection string after a value read as a key', () => {
  // The lead's probe 3: a value too short for the row (`AccountKey=<40 hex>`) took `;EndpointSuffix=…`
  // as its rest to reach the row's length, and so did a key spaced out once.
  const key = `${'q7Zp2xLm9V/R4sKw8NbY3cJd'.repeat(3)}kF2mQ8xR5vT1nW==`;
  test.each([
    ['DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=0b42aaf60597502a825f1aca834c63f959dcf8ad;EndpointSuffix=core.windows.net', ';EndpointSuffix=core.windows.net'],
    [`AccountKey=${key.slice(0, 44)} ${key.slice(44)};EndpointSuffix=core.windows.net`, ';EndpointSuffix=core.windows.net'],
    [`AccountKey=${key.slice(0, 44)} ${key.slice(44)},BlobEndpoint=https://acme.blob.core.windows.net/`, ',BlobEndpoint=https://acme.blob.core.windows.net/'],
  ])('a field\'s name after `;` or `,` is never the key\'s rest: %j', (text, kept) => {
    const output = expectStreamMatchesWhole(text, {}, [{ offsets: [11, 40, 60, 97], oneByOne: false }, { offsets: [55], oneByOne: true }]);
    expect(output.endsWith(kept), output).toBe(true);
    expect(survivingPiece(output, key)).toBeUndefined();
  });
});
