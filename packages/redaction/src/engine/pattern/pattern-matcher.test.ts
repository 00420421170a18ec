import { describe, expect, test } from 'vitest';
import { expectStreamMatchesWhole } from '../../__fixtures__/stream-matches-whole';

/**
 * What follows a key that has crossed a gap that is not its own (`ghp_…-x9`): the whole key's
 * rule no longer decides its end, and the fail-closed extension reads on across white space.
 * Twelve letters of words in a row end it (`WORD_RUN` in `extend`), so a random-looking token
 * after a sentence is not taken in with the prose before it. Without that rule the key's
 * placeholder swallowed the sentence (measured when the rule was tried for removal).
 */
describe('a key that crossed a gap of its own kind ends before prose', () => {
  const keys = {
    GITHUB_TOKEN: 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5',
    OPENAI_API_KEY: 'sk-proj-aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5aB3dE5gH7jK9mN1pQ3sT5vX7z',
  };
  for (const [type, key] of Object.entries(keys)) {
    for (const glue of ['-x9', '.Q7']) {
      for (const tail of [' the quick brown fox jumps over a1B2c3D4', ' then these words follow here before Zx9Qw2Lp']) {
        test(`${type}${glue}${tail}`, () => {
          expect(expectStreamMatchesWhole(`token ${key}${glue}${tail} end`)).toBe(`token <REDACTED:${type}>${tail} end`);
        });
      }
    }
  }
});
