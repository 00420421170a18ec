import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HIGH_ENTROPY } from '../rules/built-in-rules';
import { exactShapeSpans, fillerSpans, isShapedPath, shannonEntropy, unionSpans } from '../judge/plausibility';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a shape the entropy rule exempts (a UUID of any version, a hex digest, a path or name
// made of them and of words) stays exempt however much placeholder filler it holds (a `00000000`
// group, a run of `f` in a digest). Splitting a run around its filler only adds findings in pieces
// that are not part of such a shape: a key glued to filler is still redacted.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

/** No eight characters of `key` in a row survive in `output`. */
function survivingPiece(output: string, key: string): string | undefined {
  for (let index = 0; index + 8 <= key.length; index += 1) if (output.includes(key.slice(index, index + 8))) return key.slice(index, index + 8);
  return undefined;
}

const chunking = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(200), { maxLength: 6 }).map((offsets) => ({ offsets, perCharacter: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], perCharacter: true }) },
);
const chunksOf = (text: string, { offsets, perCharacter }: { readonly offsets: readonly number[]; readonly perCharacter: boolean }): string[] => (perCharacter ? [...text] : splitAt(text, [...offsets]));

// Hex digits biased to filler: runs of one digit (`00000000`, `ffffffff`) next to random ones.
const hexDigit = fc.constantFrom(...'0123456789abcdef');
const hexRun = fc.tuple(hexDigit, fc.integer({ min: 5, max: 12 })).map(([digit, count]) => digit.repeat(count));
const hexText = (length: number): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: hexDigit }, { weight: 1, arbitrary: hexRun }), { minLength: 1, maxLength: length })
    .map((parts) => parts.join('').padEnd(length, '0').slice(0, length));
const upperOrLower = (arbitrary: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.tuple(arbitrary, fc.boolean()).map(([text, upper]) => (upper ? text.toUpperCase() : text));
/** A UUID of any version, its groups often filler (`00000000`, `ffffffff`, `0000`). */
const uuid = upperOrLower(
  fc
    .tuple(
      fc.oneof(hexText(8), fc.constantFrom('00000000', 'ffffffff', 'aaaaaaaa')),
      fc.oneof(hexText(4), fc.constant('0000')),
      fc.oneof(hexText(4), fc.constantFrom('1000', '4000', '0000')),
      fc.oneof(hexText(4), fc.constantFrom('8000', '0000')),
      fc.oneof(hexText(12), fc.constantFrom('000000000000', 'ffffffffffff')),
    )
    .map((groups) => groups.join('-')),
);
/** A hex digest (an abbreviated commit SHA up to a SHA-512) with runs in it. */
const digest = upperOrLower(fc.integer({ min: 7, max: 128 }).chain(hexText));
const word = fc.constantFrom('runs', 'reports', 'out', 'v2', 'README', 'data', 'tmp', 'App', 'node', 'modules', 'build', '2026', 'json', 'wine', 'eda', 'utf8', 'getUserName', 'Pdf99999');
const segment = fc.oneof({ weight: 3, arbitrary: uuid }, { weight: 3, arbitrary: digest }, { weight: 1, arbitrary: word });
const joint = fc.constantFrom('/', '_', '-', '.');
/** A path of exempt segments, joined by `/ _ - .`. */
const shapedPath = fc.tuple(fc.array(fc.tuple(segment, joint), { maxLength: 5 }), segment).map(([pairs, last]) => `${pairs.map(([name, between]) => name + between).join('')}${last}`);
const before = fc.constantFrom('', 'at ', 'path: ', 'saved to ./', 'id=', '"', 'see runs/');
const after = fc.constantFrom('', ' ok', '.', '.json', '"', '\n');

/**
 * A random secret the entropy rule finds on its own (a digit and a capital in it, no filler of its
 * own: filler stays in clear), clear of the threshold (4.25 bits or more, as most are): a key on the
 * threshold's edge falls under it with one character of glue more or less, the threshold's own limit.
 */
const randomKey = fc
  .string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'), minLength: 24, maxLength: 40 })
  .filter((text) => /\d/.test(text) && /[A-Z]/.test(text) && fillerSpans(text, 0, text.length).length === 0 && shannonEntropy(text) >= 4.25 && findSecrets(text).length > 0);
const filler = fc.constantFrom('xxxxx', 'xxxxxxxxxx', 'XXXXXXXX', 'AAAAAA', '00000000', 'ffffffff', 'YOUR', 'your', 'your_', 'example', 'example-', 'dummy', 'zed_AAAAAAxxxxxA');

describe('exempt shapes stay exempt whatever filler they hold', () => {
  test.each([
    ['the envelope counterexample (FC_SEED=1457028584): a UUID starting 00000000 in a path, beside hex segments', '00000000-0012-1000-81a2-537514347b66/4b2ffad1c50c83a060f7410490edc_3f28ef1'],
    ['a UUID of version 1 and a SHA-1 in a path', 'runs/3f1e2a4b-9c8d-1e7f-a1b2-c3d4e5f60718/da39a3ee5e6b4b0d3255bfef95601890afd80709.json'],
    ['a UUID whose first group is ffffffff', 'runs/ffffffff-9c8d-1e7f-a1b2-c3d4e5f60718/da39a3ee5e6b4b0d3255bfef95601890afd80709.json'],
    ['the nil UUID after a digest', 'da39a3ee5e6b4b0d3255bfef95601890afd80709_00000000-0000-0000-0000-000000000000'],
    ['a digest with a run of zeros', 'da39a3ee5e6b4b0d3255bf00000ef95601890afd80709'],
    ['capital hex segments', 'DA39A3EE5E6B4B0D3255BF00000EF95601890AFD80709/00000000-0012-1000-81A2-537514347B66'],
  ])('%s', (_, shape) => {
    const text = `at ${shape} ok`;
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
  });

  test('the exact text of the lead note', () => {
    const text = 'path 00000000-0012-1000-81a2-537514347b66/4b2ffad1c50c83a060f7410490edc_3f28ef1 ok';
    expect(redactSecrets(text)).toBe(text);
  });

  test('isShapedPath: UUIDs of any version, digests of 7 or more hex digits in one case, and words; nothing random', () => {
    for (const run of ['00000000-0012-1000-81a2-537514347b66/4b2ffad1c50c83a060f7410490edc_3f28ef1', 'runs/v2/README', 'abcdef1', 'ABCDEF1.json', 'build-2026_00000000-0000-0000-0000-000000000000']) expect(isShapedPath(run), run).toBe(true);
    for (const run of ['0012-1000-81a2-537514347b66/4b2ffad1c50c83a060f7410490edc_3f28ef1', 'abcDEF1234567', 'a1b2c3', 'runs/Xk9fQ2mZ7pL4vB8nR3tW6yH1', '00000000-0012-1000-81a2-537514347b6', '00000000-0012-1000-81a2-537514347b66x', 'a%20b']) expect(isShapedPath(run), run).toBe(false);
  });

  test('isShapedPath with filler: a piece the randomness judge reads as written counts too, a piece holding letter filler does not', () => {
    expect(isShapedPath('HTTPServer/00000000-0012-1000-81a2-537514347b66', true)).toBe(true);
    expect(isShapedPath('HTTPServer/00000000-0012-1000-81a2-537514347b66')).toBe(false);
    // One case or few capitals, but random to the judge from 20 characters on: no word.
    expect(isShapedPath('xxxxxAAYLzbTpkmsseNpfzSfqUC77')).toBe(false);
    expect(isShapedPath('xxxxxAAYLzbTpkmsseNpfzSfqUC77', true)).toBe(false);
    expect(isShapedPath('build-00000/Pdf99999', true)).toBe(true);
  });

  test('exactShapeSpans finds whole UUIDs and digests between punctuation; unionSpans merges ordered spans', () => {
    const run = 'runs/00000000-0012-1000-81a2-537514347b66/4b2ffad1c_x1234567_abc';
    expect(exactShapeSpans(run, 0, run.length)).toEqual([5, 41, 42, 51]);
    expect(exactShapeSpans('a0b1c2d3e4g', 0, 11)).toEqual([]);
    expect(unionSpans([0, 5, 20, 25], [3, 8, 10, 12, 25, 30])).toEqual([0, 8, 10, 12, 20, 30]);
    expect(unionSpans([], [1, 2])).toEqual([1, 2]);
  });

  test('any path of UUIDs, digests and words, filler groups and runs included, comes out unchanged, any chunking (property, 600 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(before, shapedPath, after, chunking, (lead, path, tail, cuts) => {
        const text = `${lead}${path}${tail}`;
        // The entropy rule never flags it. A catalogue row may still read a key whose prefix a
        // capital UUID begins with (`EAAAAA00-…` is Square's `EAAA`): that is the row's verdict.
        const findings = findSecrets(text);
        expect(findings.filter(({ type }) => type === HIGH_ENTROPY)).toEqual([]);
        const run = runChunks(redactSecretsStream(), chunksOf(text, cuts));
        expect(run.output).toBe(redactSecrets(text));
        if (findings.length === 0) expect(run.output).toBe(text);
      }),
      { numRuns: 600 },
    );
  });
});

test('the price, by decision: a hex key after a word and punctuation is left to other rules (an assignment takes it)', () => {
  const hex = '9f86d081884c7d659a2feaa0c55ad015';
  expect(redactSecrets(`x mytoken_${hex} y`)).toBe(`x mytoken_${hex} y`);
  expect(redactSecrets(`api_key=${hex}`)).toBe('api_key=<REDACTED:ASSIGNED_CREDENTIAL>');
});

describe('a key glued to filler is still redacted, in or beside an exempt shape', () => {
  test.each([
    ['after xxxxx', 'xxxxxa8Zt3vN1xR7bLk2mWp9sQ4'],
    ['after AAAAAA', 'AAAAAAa8Zt3vN1xR7bLk2mWp9sQ4kP7wE2'],
    ['after ffffffff, the filler and the key reading as one code identifier (found by the property below)', 'ffffffffkPJAWA8sinCazbHvzsASV3AS'],
    ['after xxxxx, likewise', 'xxxxxzAAA6ARWChiMssaYKQnbosum'],
    ['after xxxxx, the filler lowering the share of capitals to a third (a word by that measure)', 'xxxxxAAYLzbTpkmsseNpfzSfqUC77'],
    ['after example, likewise', 'exampleAAYLzbTpkmsseNpfzSfqUC77'],
    ['after xxxxx, before UUIDs full of zeros that would dilute it (found by the property below)', 'xxxxxAAAsAAohxv8LJVgZDd3Qs4Up/00070000-0000-1000-8000-000000000000/00000000-0000-1000-0000-000000000000'],
    ['likewise, one UUID', 'xxxxxkAAoACYXA5e4sTgvD3rD7s3V/000d0000-0000-1000-8000-000000000000'],
    ['after a 00000000 group, in a path of UUIDs', '00000000-0012-1000-81a2-537514347b66/00000000a8Zt3vN1xR7bLk2mWp9sQ4kP7wE2'],
  ])('%s', (_, text) => {
    // The filler before the key (a UUID's own `00000000-` group is not: the UUID is public and stays).
    const afterFiller = text.replace(/^.*?(?:x{5}|A{6}|f{8}|0{8}(?!-)|example)/u, '');
    const key = afterFiller.includes('/') ? afterFiller.slice(0, afterFiller.indexOf('/')) : afterFiller;
    expect(survivingPiece(redactSecrets(`see ${text} end`), key)).toBeUndefined();
  });

  test('a random key glued to filler, alone or as a segment of a path of exempt shapes, any chunking (property, 400 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.option(fc.tuple(shapedPath, joint), { nil: undefined }), filler, randomKey, fc.option(fc.tuple(joint, shapedPath), { nil: undefined }), chunking, (head, fill, key, rest, cuts) => {
        // A path a catalogue row reads as a key (a capital UUID starting `EAAA`, Square's prefix) is that
        // row's to end: left to its own tests.
        fc.pre([head?.[0], rest?.[1]].every((path) => path === undefined || findSecrets(path).length === 0));
        // A key that begins with the filler's character gives its first characters to the filler (a
        // key at the entropy threshold falls under it without them: the threshold's own limit).
        fc.pre(!key.startsWith(fill.at(-1) as string));
        const text = `see ${head === undefined ? '' : head.join('')}${fill}${key}${rest === undefined ? '' : rest.join('')} end`;
        const output = runChunks(redactSecretsStream(), chunksOf(text, cuts)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, key), `${text} -> ${output}`).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });
});
