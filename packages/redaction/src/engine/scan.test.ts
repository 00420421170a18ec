import { judgesRandom } from '../judge/randomness-judge';
import { publicShapeIn } from '../judge/public-shape';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HIGH_ENTROPY } from '../rules/built-in-rules';
import { OTHER } from '../text/fold';
import { isCatalogueNearMiss } from '../judge/near-miss';
import { isPatterned } from '../judge/patterned-text';
import { fillerSpans, isHex, isShapedPath, isUuidV4, shannonEntropy } from '../judge/plausibility';
import { isPlaceholder } from '../judge/placeholder';
import { createRedactionPlan } from '../api/create-redaction-plan';
import { type Finding, labelStart, scan, startCursor } from './scan';
import { publicShapeLabels } from '../rules/public-shapes';

/**
 * The entropy rule's judge rules out request ids and commit hashes by shape before it computes
 * the entropy (the commonest long runs of a log). Its filters are pure and any one of them leaves
 * a run alone, so the order must change nothing: a lone run is reported exactly when the rule as
 * written (entropy first, then every filter) says so.
 */
const plan = createRedactionPlan();
const asWritten = (run: string): boolean =>
  shannonEntropy(run, 0, run.length, plan.entropyThreshold) >= plan.entropyThreshold &&
  !(isShapedPath(run) || isUuidV4(run) || (run.length === 40 && isHex(run)) || isPlaceholder(run)) &&
  !(publicShapeIn(run, 0, run.length)?.from === 0 && publicShapeIn(run, 0, run.length)?.to === run.length) &&
  judgesRandom(run, 0, run.length, plan.entropyMinLength) &&
  !isPatterned(run) &&
  !plan.isAllowed(run);

const hex = '0123456789abcdefABCDEF';
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const of = (alphabet: string, min: number, max: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max });
/** UUID-shaped: hex groups 8-4-4-4-12, the version and variant characters any hex digit (so v4 and not). */
const uuidShaped = fc.tuple(of(hex, 8, 8), of(hex, 4, 4), of(hex, 4, 4), of(hex, 4, 4), of(hex, 12, 12)).map((parts) => parts.join('-'));
const v4 = fc.tuple(of(hex, 8, 8), of(hex, 3, 3), fc.constantFrom('8', '9', 'a', 'b', 'A', 'B'), of(hex, 3, 3), of(hex, 3, 3), of(hex, 12, 12)).map(
  ([a, b, variant, c, d, e]) => `${a}-4${b}-${variant}${c}-${d}-${e}`,
);
const run = fc.oneof(
  uuidShaped,
  v4,
  of(hex, 40, 40),
  of(hex, 36, 36),
  of(base62, 36, 36),
  of(base62, 40, 40),
  of(`${base62}-_.~`, 20, 60),
  fc.tuple(of(hex, 39, 39), fc.constantFrom('-', '.', '_', '~', 'g', 'Z')).map(([body, last]) => body + last),
);

function judged(text: string): Finding[] {
  const findings: Finding[] = [];
  scan(text, startCursor(OTHER), true, plan, findings);
  return findings;
}

describe('the entropy judge: shape filters first change nothing', () => {
  test('a lone run is reported exactly when entropy and the filters, in the written order, say so (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(run, (token) => {
        const findings = judged(` ${token} `);
        // Another rule (a provider's key) decides such a run: not this property's business.
        fc.pre(findings.every((finding) => finding.type === HIGH_ENTROPY));
        let last = token.length;
        while (last > 0 && '.-_~'.includes(token[last - 1] as string)) last -= 1;
        const body = token.slice(0, last);
        // A run holding placeholder filler is judged in pieces too, and a catalogue near miss is the
        // catalogue's (both tested beside their rules): this property is about the order of the filters.
        fc.pre(fillerSpans(body, 0, body.length).length === 0 && !isCatalogueNearMiss(body));
        // A run that misses as a whole is judged again without its leading `. - _ ~` (README), reported from there.
        let first = 0;
        while (first < body.length && '.-_~'.includes(body[first] as string)) first += 1;
        const bare = body.slice(first);
        const expected =
          body.length >= plan.entropyMinLength && asWritten(body)
            ? [{ type: HIGH_ENTROPY, start: 1, end: 1 + body.length }]
            : first > 0 && bare.length >= plan.entropyMinLength && !bare.startsWith('//') && asWritten(bare)
              ? [{ type: HIGH_ENTROPY, start: 1 + first, end: 1 + body.length }]
              : [];
        expect(findings).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    ['a v4 request id', '3f2b8c1e-9d4a-4b7e-a1c2-7e5f9b0d3a61', false],
    ['a commit hash', '9fceb02d0ae598e95dc970b74767f19372d61af8', false],
    ['a commit hash, then a dot', '9fceb02d0ae598e95dc970b74767f19372d61af8.', false],
    ['a random 40-character key', 'aZ3kQ9vL2mX7pR4tW8yB1nC6dF0gH5jK3sE7uI9o', true],
    ['a random 36-character key', 'aZ3kQ9vL2mX7pR4tW8yB1nC6dF0gH5jK3sE7', true],
  ])('%s', (_, token, reported) => {
    expect(judged(`id ${token} ok`).some((finding) => finding.type === HIGH_ENTROPY)).toBe(reported);
  });
});

describe('labelStart', () => {
  /** Every label tried at every place it may cover the character before `at`: what the index of places must agree with. */
  const everyLabel = (text: string, at: number, floor: number): number => {
    let hold = at;
    for (const label of publicShapeLabels) {
      for (let place = 0; place < label.length; place += 1) {
        const from = at - place - 1;
        if (from < floor || from >= hold) continue;
        let index = 0;
        while (index < label.length && from + index < text.length && text.charCodeAt(from + index) === label.charCodeAt(index)) index += 1;
        if (index === label.length || from + index === text.length) hold = from;
      }
    }
    return hold;
  };
  const piece = fc.oneof(fc.constantFrom(...publicShapeLabels), fc.constantFrom(...publicShapeLabels).map((label) => label.slice(1)), fc.string({ unit: fc.constantFrom('s', 'h', 'a', '1', '2', '5', '6', '-', '=', ':', ' ', '"', "'", 'x', '\u00e9'), maxLength: 6 }));
  test('holds from the same place as trying every label at every place (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.nat(), fc.nat(), (pieces, atSeed, floorSeed) => {
        const text = pieces.join('');
        const at = atSeed % (text.length + 1);
        const floor = floorSeed % (at + 1);
        expect(labelStart((index) => text.charCodeAt(index), at, floor, text.length)).toBe(everyLabel(text, at, floor));
      }),
      { numRuns: 2000 },
    );
  });
});
