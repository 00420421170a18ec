import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HeldText, heldTextWork } from '../text/held-text';
import type { RegexSecretRule } from '../user-rules/regex-rule';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

const rule: RegexSecretRule = { type: 'ACME_KEY', regex: '(?i)acme_key\\s{0,3}=\\s{0,3}([a-z0-9]{8,32})', keywords: ['acme_key'] };

/** The line layer's own work (characters copied and pieces walked) streaming `text` in `width`-character writes. */
function work(text: string, width: number): { readonly steps: number; readonly output: string } {
  const session = redactSecretsStream({ rules: [rule], maxLineLength: 1_048_576 }).open();
  heldTextWork.steps = 0;
  let output = '';
  for (let at = 0; at < text.length; at += width) output += session.write(text.slice(at, at + width));
  output += session.end();
  return { steps: heldTextWork.steps, output };
}

describe('the line layer holds a long line in linear work', () => {
  test('a keyword line with no line break, written 16 characters at a time (the reported shape): work per character stays flat', { timeout: 60_000 }, () => {
    const line = (size: number): string => `acme_key ${'the council agreed to fund the library. '.repeat(size / 40 + 1)}`.slice(0, size);
    const sizes = [32_768, 65_536, 131_072];
    const steps = sizes.map((size) => work(line(size), 16).steps);
    for (let index = 0; index < sizes.length; index += 1) expect(steps[index], `${sizes[index]} characters`).toBeLessThanOrEqual(6 * (sizes[index] as number));
    // Doubling the line doubles the work (a rescan of the held line per write quadruples it).
    expect(steps[2] as number).toBeLessThanOrEqual(2.2 * (steps[1] as number));
    expect(steps[1] as number).toBeLessThanOrEqual(2.2 * (steps[0] as number));
    // And a secret at the end of the long line is still found.
    const text = `${line(65_536)} acme_key=k3j9x0q2m8v7\n`;
    expect(work(text, 16).output).toBe(redactSecrets(text, { rules: [rule], maxLineLength: 1_048_576 }));
    expect(work(text, 16).output).toContain('acme_key=<REDACTED:ACME_KEY>');
  });

  test('any lines, keywords and secrets, in any writes: work within a constant factor of the text and the writes (fast-check)', { timeout: 120_000 }, () => {
    const piece = fc.constantFrom('acme_key', 'acme_key = k3j9x0q2m8v7', ' the council ', 'ghp_', '\n', '\r\n', 'x', '  ', 'AKIAQ3EGRXN7T5W2HJ4K');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 400 }), fc.integer({ min: 1, max: 24 }), (pieces, width) => {
        const text = pieces.join('');
        const { steps, output } = work(text, width);
        expect(output).toBe(redactSecrets(text, { rules: [rule], maxLineLength: 1_048_576 }));
        const writes = Math.ceil(text.length / width) + 1;
        expect(steps).toBeLessThanOrEqual(6 * text.length + 8 * writes + 64);
      }),
      { numRuns: 200 },
    );
  });

  test('HeldText reads what was appended, in any pieces, after any drop', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 20 }), fc.nat(), fc.nat(), fc.nat(), (chunks, drop, from, length) => {
        const held = new HeldText();
        for (const chunk of chunks) held.append(chunk);
        const whole = chunks.join('');
        const cut = whole.length === 0 ? 0 : drop % (whole.length + 1);
        held.dropBefore(cut);
        expect(held.length).toBe(whole.length - cut);
        const start = cut + (whole.length === cut ? 0 : from % (whole.length - cut + 1));
        const end = Math.min(whole.length, start + length);
        expect(held.slice(start, end)).toBe(whole.slice(start, end));
        if (start < whole.length) expect(held.charCodeAt(start)).toBe(whole.charCodeAt(start));
      }),
      { numRuns: 300 },
    );
  });
});
