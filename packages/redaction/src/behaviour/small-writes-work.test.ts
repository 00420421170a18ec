import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { scanWork } from '../text/scan-work';

/**
 * Issue 24: hostile streams written in small pieces. A rule that waits for more text used to be
 * asked again from its start after every write, so the work per write grew with what was held: a
 * JWT header and `.` repeated, one character per write, cost time quadratic in its length (16 KB:
 * 8.8 s), and `sk-ant-api03-` repeated 0.5 ms per character. Counted without a clock
 * (`scan-work.ts`: characters the scan and its rules look at, and the held text copied per scan).
 */

/** Counted work and output of streaming `text` in `width`-character writes. */
function stream(text: string, width: number): { readonly work: number; readonly output: string } {
  const session = redactSecretsStream().open();
  scanWork.characters = 0;
  let output = '';
  for (let at = 0; at < text.length; at += width) output += session.write(text.slice(at, at + width));
  output += session.end();
  return { work: scanWork.characters, output };
}

const repeated = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const perCharacter = (unit: string, size: number, width: number): number => stream(repeated(unit, size), width).work / size;

/** The shapes of the issue, and the adversarial bench's prefixes. */
const hostile = ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.', 'sk-ant-api03-', 'eyJ.', 'eyJ1 ', 'sk-', 'ghp_', 'g h p _ ', 'A K I A ', 'AKIA', 'xoxb-', '-----BEGIN '];
const prose = 'The council agreed to ship the plan. ';

describe('linear work on hostile streams in small writes', () => {
  const base = perCharacter(prose, 8192, 1);
  test.each(hostile.flatMap((unit) => [1, 3].map((width) => [unit, width] as const)))(
    '%j repeated in %i-character writes: work per character flat in the length, within a constant factor of the text written whole, and that of prose',
    { timeout: 120_000 },
    (unit, width) => {
      const [small = 0, large = 0] = [2048, 8192].map((size) => perCharacter(unit, size, width));
      // Four times the text, the same work per character (a rescan of the hold per write quadruples it).
      expect(large, `${small.toFixed(1)} then ${large.toFixed(1)} per character`).toBeLessThan(1.25 * small + 2);
      // A long hold is scanned again each time it has grown by half (`RESCAN_GROWTH`): small writes
      // cost at most about three scans of the text written whole, and the text written whole costs
      // a constant factor of prose. (Compared with prose in small writes before: small writes of
      // prose are now gathered, `SCAN_BATCH`, and cost about what prose written whole does, 2.5
      // per character against 4.8, while these units' work did not change, 56 for `sk-ant-api03-`.)
      const whole = perCharacter(unit, 8192, 8192);
      expect(large, `written whole: ${whole.toFixed(1)} per character`).toBeLessThan(3 * whole + 2);
      expect(whole, `prose: ${base.toFixed(1)} per character`).toBeLessThan(16 * base);
    },
  );

  test('a JWT header and `.` repeated, one character per write, is redacted as when written whole', { timeout: 60_000 }, () => {
    const text = `${repeated(hostile[0] as string, 4096)}\nafter`;
    expect(stream(text, 1).output).toBe(redactSecrets(text));
  });

  test('hostile runs, prose and keys in any order, in any small writes: work within a constant factor of writing it whole, and the same output (fast-check)', { timeout: 120_000 }, () => {
    const piece = fc.tuple(fc.constantFrom(...hostile, prose, 'eyJhbGciOiJIUzI1NiJ9', 'ghp_Q3eGrXn7T5w2Hj4Km9Pz1Lc8Vb6Nd0Sf2Ty5', '\n', ' ', '.', 'sk-ant-api03-Xk9vQ2mW7pLr4tN8bZ1cY6hJ3fD5gS0aE'), fc.integer({ min: 1, max: 120 }));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 6 }), (pieces, width) => {
        const text = pieces.map(([unit, times]) => unit.repeat(times)).join('');
        const { work, output } = stream(text, width);
        expect(output).toBe(redactSecrets(text));
        // Written whole, the text costs what it costs (linear: see `fail-closed.test.ts`); in small
        // writes, at most a constant factor more.
        const whole = stream(text, text.length).work;
        expect(work, `${whole} written whole`).toBeLessThanOrEqual(8 * whole + 8 * base * text.length);
      }),
      { numRuns: 60 },
    );
  });
});
