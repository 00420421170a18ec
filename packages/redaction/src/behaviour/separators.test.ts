import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

const separators = [' ', '-', '.', '_', '\n', '\u200b', ' \n ', '\u3000'] as const;

/** Inserts `separator` after every `period` characters of `text`. */
const spaceOut = (text: string, separator: string, period: number): string =>
  Array.from({ length: Math.ceil(text.length / period) }, (_, index) => text.slice(index * period, (index + 1) * period)).join(separator);

const spaceable = samples.filter((sample) => sample.spaceable);

describe('separator-insensitive matching', () => {
  describe.each(spaceable.map((sample) => [`${sample.type} (${sample.text.slice(0, 10)}…)`, sample] as const))('%s', (_name, sample) => {
    test.each(separators.flatMap((separator) => [3, 4, 5, 7].map((period) => [JSON.stringify(separator), period, separator] as const)))(
      'spaced with %s every %i characters, the whole raw range is redacted',
      (_shown, period, separator) => {
        const spaced = spaceOut(sample.text, separator, period);
        const before = 'Rotate this now: ';
        const after = ', then tell the CFO.';
        const output = redactSecrets(`${before}${spaced}${after}`);
        if (separator === '-' || separator === '.' || separator === '_') {
          // These also occur inside keys (base64url, JWT dots), so the type may be the generic
          // one; the whole range must still be gone.
          expect(output).toMatch(/^Rotate this now: (?:<REDACTED:[A-Z_]+>)+, then tell the CFO\.$/);
        } else {
          expect(output).toBe(`${before}<REDACTED:${sample.type}>${after}`);
        }
      },
    );
  });

  test('fullwidth characters fold to ASCII (NFKC) and offsets stay those of the input', () => {
    const key = spaceable.find((sample) => sample.type === 'AWS_ACCESS_KEY_ID')?.text ?? '';
    const fullwidth = [...key].map((character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0)).join('');
    const text = `key ${fullwidth} end`;
    expect(findSecrets(text)).toEqual([{ type: 'AWS_ACCESS_KEY_ID', start: 4, end: 4 + fullwidth.length }]);
  });

  test('words after a spaced-out key are kept when the spacing stops', () => {
    const key = spaceable.find((sample) => sample.type === 'OPENAI_API_KEY')?.text ?? '';
    // The key's last group is short, so the key ends there.
    const spaced = spaceOut(`${key}x`, ' ', 4);
    expect(spaced.length % 5).not.toBe(4);
    expect(redactSecrets(`${spaced} and please rotate it today`)).toBe('<REDACTED:OPENAI_API_KEY> and please rotate it today');
    // A group longer than the spacing is not part of the key either.
    expect(redactSecrets(`${spaceOut(key.slice(0, 160), ' ', 4)} please`)).toBe('<REDACTED:OPENAI_API_KEY> please');
  });

  test('prose that follows a prefix is not a spaced-out key', () => {
    for (const text of ['AKIA IS THE PREFIX OF LONG TERM ACCESS KEYS IN AWS', 'use sk - it is short for skeleton', 'ghp _ is what a classic token starts with, see the docs']) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});
