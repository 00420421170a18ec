import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { findSecrets } from '../api/redact-secrets';
import { isPatterned } from './patterned-text';

/** `length` characters drawn uniformly from `characters`. */
function draw(characters: string, length: number, random: () => number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += characters[Math.floor(random() * characters.length)];
  return text;
}

describe('a regular expression\'s character class is written by a rule: ranges are not random', () => {
  test.each([
    ['zod\'s ULID class (Crockford\'s base32)', 'export const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;', '0-9A-HJKMNP-TV-Za-hjkmnp-tv-z'],
    ['a base58 class', "const base58 = /^[1-9A-HJ-NP-Za-km-z]+$/;", '1-9A-HJ-NP-Za-km-z'],
  ])('%s', (_, line, run) => {
    expect(isPatterned(run)).toBe(true);
    expect(findSecrets(line)).toEqual([]);
  });

  test('random base64url runs, dashes and all, are never read as a class (20,000 draws of 16 to 64 characters)', () => {
    const random = seededRandom(17);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let patterned = 0;
    for (let index = 0; index < 20_000; index += 1) if (isPatterned(draw(alphabet, 16 + (index % 49), random))) patterned += 1;
    expect(patterned).toBe(0);
  });

  test('a key after a class is still found', () => {
    const key = 'ghp_' + 'Zq3vLk9XbT7mNp2RcW8yHd4FsJ6gKa1EuQ0o'.slice(0, 36);
    expect(findSecrets(`[0-9A-Z] ${key}`).map((finding) => finding.type)).toEqual(['GITHUB_TOKEN']);
  });
});
