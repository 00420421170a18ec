import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exampleOf, seededRandom } from '../__fixtures__/catalogue-examples';
import { samples } from '../__fixtures__/secrets';
import { catalogue } from '../rules/catalogue';
import type { RedactionPlan } from './redaction-plan';
import { createRedactionPlan } from '../api/create-redaction-plan';
import { createRunVerdicts, MAX_REMEMBERED_RUNS } from './run-verdicts';
import { type Finding, scan, startCursor } from './scan';

const OTHER = 0;

/** Findings of one whole-text scan with `plan`. */
const findingsOf = (text: string, plan: RedactionPlan): Finding[] => {
  const findings: Finding[] = [];
  scan(text, startCursor(OTHER), true, plan, findings);
  return findings;
};

/** The same plan with a memo that never keeps anything: every run judged afresh, the reference. */
const unremembering = (plan: RedactionPlan): RedactionPlan => ({ ...plan, runVerdicts: { get: () => undefined, set: () => undefined } });

const random = seededRandom(20261130);
const keys = catalogue.slice(0, 60).map((rule) => exampleOf(rule, random));
// Runs a log repeats, and the shapes whose verdict reads past the run or its length: integrity
// digests (the `=` after them), ULIDs, near misses of catalogue keys, keys glued in words, fillers.
const pool = [
  '9fceb02d0ae598e95dc970b74767f19372d61af8',
  '3f2b8c1e-9d4a-4b7e-a1c2-7e5f9b0d3a61',
  'src/components/UserProfileCard/index.tsx',
  `sha512-${'A'.repeat(40)}7xQ2mZ9kLp0vB3nR6tY1uWq8sD4fG5hJ2kL9zX0cV7bN1mQ3wE5r`,
  'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU',
  '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  'Zq8vXwL2pN4rT6yB9cF1hJ3kM5sD7gQ0',
  'aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5',
  'xxxxxxxxxxxxxxxxxxxxxxxxZq8vXwL2pN4rT6yB9c',
  'PdfEncryptionKeySize.Key128Bit',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  ...samples.slice(0, 20).map((sample) => sample.secret),
  ...keys,
  ...keys.map((key) => key.slice(0, -1)),
  // Near misses: left alone inside a text, redacted where a text ends in them (a stream's cut).
  ...catalogue.slice(0, 60).map((rule) => exampleOf(rule, random, 'wrong-alphabet')),
  ...catalogue.slice(0, 60).map((rule) => exampleOf(rule, random, 'short')),
  ...keys.map((key) => `AAA${key}`),
];
const separators = [' ', '\n', '=', '==', '"', ': ', ', ', '/', '.', '\t', '=\n'];

describe('run verdicts: answering a repeated run from the memo finds what judging it again finds', () => {
  // One warm plan across every generated text (the memo fills, repeats and starts over), checked
  // against the same plan judging every run afresh.
  const warm = createRedactionPlan();
  const reference = unremembering(createRedactionPlan());

  test('texts of repeated runs joined by separators (fast-check)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...pool), fc.constantFrom(...separators)), { minLength: 1, maxLength: 12 }), (pieces) => {
        const text = pieces.map(([run, separator]) => run + separator).join('');
        expect(findingsOf(text, warm)).toEqual(findingsOf(text, reference));
      }),
      { numRuns: 400 },
    );
  });

  test('a run the text ends in is judged again, not taken from the memo', () => {
    const plan = createRedactionPlan();
    for (const run of pool) {
      // First met with more text after it (kept), then ending the text (a stream's last run).
      expect(findingsOf(`${run} `, plan)).toEqual(findingsOf(`${run} `, reference));
      expect(findingsOf(run, plan)).toEqual(findingsOf(run, reference));
      expect(findingsOf(`${run}=`, plan)).toEqual(findingsOf(`${run}=`, reference));
    }
  });

  test('the memo starts over when full: it never holds more than its bound', () => {
    const memo = createRunVerdicts();
    for (let index = 0; index < 3 * MAX_REMEMBERED_RUNS; index += 1) memo.set(`run-${index}`, []);
    let kept = 0;
    for (let index = 0; index < 3 * MAX_REMEMBERED_RUNS; index += 1) if (memo.get(`run-${index}`) !== undefined) kept += 1;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(MAX_REMEMBERED_RUNS);
  });
});
