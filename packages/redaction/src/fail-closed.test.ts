import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from './__fixtures__/secrets';
import { fold, isSeparator } from './fold';
import { redactSecrets } from './redact-secrets';
import { redactText } from './redact-text';
import { scanWork } from './scan-work';

const strip = (text: string): string => [...text].filter((character) => !isSeparator(fold(character.charCodeAt(0)))).join('');
const pieces = (secret: string): string[] => Array.from({ length: Math.max(1, secret.length - 7) }, (_, index) => secret.slice(index, index + 8));
const spaceable = samples.filter((sample) => sample.spaceable);
/** What reaches the reader: the output without placeholders, separators removed. */
const clear = (output: string): string => strip(output.replaceAll(/<REDACTED:[A-Z_]+>/g, '\u0000'));

describe('fail closed on separated keys', () => {
  test.each([
    ['LRM/RLM between every character', (key: string) => [...key].join('\u200e\u200f')],
    ['U+2061 and U+034F', (key: string) => [...key].join('\u2061\u034f')],
    ['variation selectors', (key: string) => [...key].join('\ufe0f\u{e0100}')],
    ['tag characters', (key: string) => [...key].join('\u{e0041}')],
    ['NUL, SOH and ESC', (key: string) => [...key].join('\u0000\u0001\u001b')],
    ['U+2028 and U+2029', (key: string) => [...key].join('\u2028')],
    ['five zero-width spaces', (key: string) => [...key].join('\u200b'.repeat(5))],
  ])('%s: the key is redacted whole, fed one character at a time', (_name, spaceOut) => {
    for (const sample of spaceable) {
      const text = `key ${spaceOut(sample.text)} end`;
      const output = runChunks(redactSecrets(), [...text]).output;
      for (const piece of pieces(strip(sample.secret))) expect(clear(output)).not.toContain(piece);
    }
  });

  test('separated JWTs are found', () => {
    const jwt = samples.find((sample) => sample.type === 'JWT')?.text ?? '';
    for (const spaced of [jwt.replaceAll('.', ' . '), [...jwt].join(' '), jwt.replaceAll('.', '.\n')]) {
      expect(redactText(`auth ${spaced} ok`)).toMatch(/^auth (?:<REDACTED:[A-Z_]+>)+ ok$/);
    }
  });
});

describe('no false positives in prose', () => {
  const words = ['the', 'council', 'agreed', 'to', 'ship', 'Q3', 'plan', 'and', 'AKIA', 'is', 'a', 'prefix', 'sk', 'ghp', 'token', 'rotate', 'it', 'CFO', 'v2.1', 'see', 'README.md', 'x', 'Bearer', 'auth', 'https://example.com/docs'];
  test('plain prose without keys passes through unchanged, however it is chunked (fast-check)', { timeout: 60_000 }, () => {
    const redactor = redactSecrets();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(' ', ' ', ', ', '. ', '\n', ' - ', ': ')), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(400), { maxLength: 10 }),
        (parts, offsets) => {
          const text = parts.map(([word, separator]) => word + separator).join('');
          expect(runChunks(redactor, splitAt(text, offsets)).output).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('linear work on hostile prefixes', () => {
  const work = (text: string): number => {
    scanWork.characters = 0;
    const session = redactSecrets().open();
    for (let offset = 0; offset < text.length; offset += 4096) session.write(text.slice(offset, offset + 4096));
    session.end();
    return scanWork.characters;
  };
  // The per-character bound records today's constant: `sk-` floods still cost ~70 visits a character.
  test.each([
    ['sk- repeated', 'sk-', 80],
    ['A K I A repeated', 'A K I A ', 16],
    ['prose', 'The council agreed to ship the plan. ', 4],
  ])('%s: characters visited grow linearly with the input', { timeout: 60_000 }, (_name, unit, perCharacter) => {
    const sizes = [20_000, 40_000, 80_000];
    const counts = sizes.map((size) => work(unit.repeat(Math.ceil(size / unit.length))));
    const [small = 0, medium = 0, large = 0] = counts;
    expect(medium / small).toBeLessThan(2.2);
    expect(large / medium).toBeLessThan(2.2);
    expect(large / 80_000).toBeLessThan(perCharacter);
  });
});
