import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { survivingPiece, withoutSeparators } from '../__fixtures__/surviving-piece';
import { fold, foldAt, INVISIBLE, OTHER } from '../text/fold';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

/**
 * Characters that draw nothing though Unicode does not class them as format characters or spaces
 * (the adversarial review's U+3164, U+FFA0, U+115F, U+2800, U+17B4 between a key's groups hid it
 * from every rule): they fold to invisible, so they are separators like a zero-width space.
 */
const fillers = ['\u3164', '\uffa0', '\u115f', '\u1160', '\u2800', '\u17b4', '\u17b5', '\u034f', '\u2065', '\u180f'] as const;

describe('invisible fillers are separators', () => {
  test.each(fillers.map((filler) => [`U+${filler.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, filler]))('%s folds to invisible', (_name, filler) => {
    expect(fold(filler.charCodeAt(0))).toBe(INVISIBLE);
  });

  test('what draws something stays what it was: a Hangul syllable and jamo, Braille dots, a Khmer letter, a plane-14 private use neighbour', () => {
    for (const character of ['\uac00', '\u1100', '\u3131', '\u2801', '\u28ff', '\u1780', '\u17b6']) expect(fold(character.charCodeAt(0)), character).toBe(OTHER);
    // An unassigned plane-14 code point past the selectors is default-ignorable: invisible, read as one character.
    expect(foldAt('\u{e0200}', 0)).toBe(INVISIBLE);
  });

  test('the leak criterion sees through fillers whatever the fold says', () => {
    expect(withoutSeparators('AKIA\u3164Q3EG\u2800RXN7\u17b4T5W2')).toBe('AKIAQ3EGRXN7T5W2');
    expect(survivingPiece('id AKIA\u3164Q3EG\u3164RXN7 end', 'AKIAQ3EGRXN7T5W2HJ4K')).toBe('AKIAQ3EG');
  });

  const awsKey = ['AKIA', 'Q3EG', 'RXN7', 'T5W2', 'HJ4K'];
  const githubToken = ['ghp_aB3d', 'E5gH7jK9', 'mN1pQ3sT', '5vX7zA9c', 'D1fH3jK5'];
  test.each(fillers.map((filler) => [`U+${filler.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, filler]))('an AWS key id and a GitHub token with %s between their groups are found (the reported shapes)', (_name, filler) => {
    expect(expectStreamMatchesWhole(`id ${awsKey.join(filler)} end`)).toBe('id <REDACTED:AWS_ACCESS_KEY_ID> end');
    expect(expectStreamMatchesWhole(`t ${githubToken.join(filler)} end`)).toBe('t <REDACTED:GITHUB_TOKEN> end');
  });

  const spaceable = samples.filter((sample) => sample.spaceable);
  const gap = fc.oneof(
    { weight: 3, arbitrary: fc.array(fc.constantFrom(...fillers), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u200b', '-', '\u00a0') },
  );
  test(
    'any spaceable key with fillers (mixed with other separators) between groups of any size: nothing of it is left, any chunking and one character per write (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(
          fc.constantFrom(...spaceable),
          fc.integer({ min: 1, max: 8 }),
          fc.array(gap, { minLength: 1, maxLength: 4 }),
          fc.constantFrom('', 'key ', 'token: '),
          fc.constantFrom('', ' end', '\n', '. Thanks!'),
          fc.record({ offsets: fc.array(fc.nat(600), { maxLength: 12 }), oneByOne: fc.boolean() }),
          (sample, size, gaps, head, tail, cuts) => {
            let spaced = '';
            for (let at = 0, group = 0; at < sample.text.length; at += size, group += 1) spaced += (at === 0 ? '' : (gaps[group % gaps.length] ?? '')) + sample.text.slice(at, at + size);
            // The same key with zero-width spaces where the fillers are is the separator rules' to decide.
            const plain = [...spaced].map((character) => ((fillers as readonly string[]).includes(character) ? '\u200b' : character)).join('');
            fc.pre(survivingPiece(redactSecrets(`${head}${plain}${tail}`), sample.secret) === undefined);
            const input = `${head}${spaced}${tail}`;
            const output = runChunks(redactor, chunksOf(input, cuts)).output;
            expect(survivingPiece(output, sample.secret), JSON.stringify(input)).toBeUndefined();
            expect(output).toBe(redactSecrets(input));
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
