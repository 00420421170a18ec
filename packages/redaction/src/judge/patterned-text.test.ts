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

describe('letters sorted whatever their case are written by a rule', () => {
  test.each([
    ['strftime\'s conversions in perlpod', 'These are C<aAbBcdHIjmMpSUwWxXyYZ%>.', 'aAbBcdHIjmMpSUwWxXyYZ'],
    ['a font preview\'s sample text', "    '<ASCII/Latin1>\\n'\n    'AaBbCcDdEeFfGgHhIiJj\\n1234567890'", 'AaBbCcDdEeFfGgHhIiJj'],
  ])('%s', (_, line, run) => {
    expect(isPatterned(run)).toBe(true);
    expect(findSecrets(line)).toEqual([]);
  });

  test('random letters of both cases, and alphanumeric runs, are never read so (20,000 draws of 12 to 40 characters each)', () => {
    const random = seededRandom(29);
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    let patterned = 0;
    for (let index = 0; index < 20_000; index += 1) {
      if (isPatterned(draw(letters, 12 + (index % 29), random))) patterned += 1;
      if (isPatterned(draw(`${letters}0123456789`, 12 + (index % 29), random))) patterned += 1;
    }
    expect(patterned).toBe(0);
  });
});
