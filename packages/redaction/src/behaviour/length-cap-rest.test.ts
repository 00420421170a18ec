import { expectLossless } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type Chunking, expectStreamMatchesWhole, randomBody } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { catalogue } from '../rules/catalogue';
import type { RedactionEvents } from '../api/redaction-event';
import type { RedactionOptions } from '../api/redaction-options';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets } from '../api/redact-secrets';
import { characters, literal } from '../engine/pattern/secret-pattern';

// Invariants: (1) a finding that stops at a length cap inside a long run — a rule's own cap (a `-u`
// argument's 256 characters, a key's fail-closed run, a key glued inside a word) or a run cut at
// `maxTokenLength` — leaves a rest that is judged with the finding's last characters as context,
// and that judgement is the same however the text came: the stream's output and events equal
// `redactSecrets`'s and `findSecrets`'s, one character per write included (a rule may decide at a
// cap before the next character has come). (2) When a run cut at `maxTokenLength` had its piece
// redacted, the next piece is judged as that piece's rest: no 8 characters of a random run
// survive, whatever its length.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

/** A random-fragment fuzzer's cases: a key run on past its cap beside keys spaced out, glued or over lines. */
const VERCEL = "vci_I7DqFT3PM9OCQEnG0ra9sM2bu2EWxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx3f32c4fbca5c4ec76b0d37890cacb07c2465e31b578b8de8655b6e7d0O80AGVcMhHZ2mQU8em4R1Fd9Df463a24ef0bdA\u200bI\u200bz\u200ba\u200bw\u200bu\u200bM\u200bd\u200bm\u200bf\u200bk\u200bW\u200b2\u200b0\u200bg\u200bl\u200b0\u200bB\u200b6\u200bx\u200bY\u200bv\u200bu\u200bI\u200b2\u200bY\u200b5\u200bN\u200bO\u200bd\u200b2\u200b2\u200bt\u200bi\u200bB\u200bA\u200br\u200bW\u200bx4d2f0e0af5b6f2aef64efd335aa3f7172e903b2508a6e68fcb6fef79964b67fcef6b\u200bk\u200bu\u200ba\u200b_\u200b5\u200bc\u200b7\u200ba\u200ba\u200b9\u200b9\u200b1\u200b4\u200b5\u200b2\u200bd\u200b5\u200b5\u200b5\u200b0\u200bd\u200bc\u200b1\u200ba\u200b4\u200b1\u200b3\u200ba\u200b2\u200b1\u200b0\u200b3\u200ba\u200b9\u200be\u200be\u200ba\u200b4\u200b7\u200ba\u200b4\u200b1\u200b1\u200b6";
const ALLOW = "jpronruu b stkzkumcbuhfow famjkluufd AIzatj0OFLCJLyECmU0QynbHjykVo2xX5tceeFpPARLEY:ALLOW \u200b5cc1ed563dfb1f98959b9c886271df540ca7735f88002d28e852fd725d9d92c9181ad24de9c546cadca9d7a0464ca67116nlwH5osk_live_  ";
const PATTERN = "\u4e2dc\nf\na\nt\n_\nh\nC\n6\n4\nH\n7\nr\nY\nx\n1\nH\nc\n3\no\ng\nc\ns\nH\nY\n9\nz\nH\n6\nn\nH\nb\nK\nQ\nj\nX\na\nr\nk\nc\nr\no\nw\nv\nR\nJ\nK\nR\ne\nc7Pu1Qft2LLv99gv6gcXJyX5ooZqogrjiDglLAhpRWsirhnsuIqNHwPHxEcgh - c - m - i - k - _ - l - p - 5 - j - l - g - q - m - j - z - w - a - i - 7 - c - 5 - p - x - e - z - b - 2 - 0 - l - i - o - c - t - p - l - s - f - 0 - a - j - i - h - h - x - k - k - m - d - l - o - b - h - h - a - i - x - h - t - juHsrxt7nBoXH2hciXSsAazBLguc2737539c435f7aeee35bd07fc98c30e9f721be19s\u200bl\u200b.\u200b0\u200bu\u200bX\u200bb\u200bR\u200b6\u200bc\u200b0\u200be\u200bI\u200bP\u200bK\u200bf\u200b8\u200bW\u200bf\u200bD\u200bN\u200b0\u200bJ\u200bK\u200ba\u200bs\u200bz\u200bU\u200bU\u200bi\u200bd\u200ba\u200bz\u200br\u200bJ\u200b2\u200bH\u200bU\u200bG\u200bT\u200bG\u200bj\u200bx\u200bj\u200bh\u200bw\u200bD\u200bF\u200bS\u200b2\u200b3\u200bb\u200bL\u200bd\u200bq\u200bs\u200bI\u200bs\u200b9\u200be\u200b1\u200bS\u200bt\u200bS\u200b0\u200bp\u200be\u200bA\u200bv\u200bM\u200bf\u200bm\u200bs\u200bQ\u200bM\u200bC\u200bj\u200b6\u200be\u200bw\u200br\u200bz\u200bd\u200bc\u200bJ\u200b7\u200b7\u200bQ\u200bH\u200bP\u200bJ\u200b5\u200bs\u200bB\u200b1\u200b0\u200b0\u200bl\u200br\u200bG\u200bK\u200bu\u200bq\u200bV\u200bS\u200bn\u200b4\u200bT\u200b7\u200ba\u200bY\u200bn\u200bf\u200bp\u200bn\u200bV\u200bn\u200b9\u200bu\u200bS\u200bg\u200ba\u200bi\u200br\u200bU\u200b3\u200b4\u200bE\u200bU\u200bt\u200bo\u200bp\u200bb\u200bi\u200b7\u200bZ\u200bzhcrlk_tnxpujllwhhdtv5s5gkcnf0jokiq5fra032jthg8n6swqsg0r6g1ap=h  c  p  i  k  _  u  n  x  5  6  f  8  h  u  9  f  i  a  n  4  u  8  a  v  i  a  t  x  m  k  t  4  n  h  c  p  9  x  t  w  t  5  w  f  m  n  z  2  4  x  z  b  d  v  n  4  v  d  b1//0";

const hidden = (text: string, secret: string, options: RedactionOptions = {}): string => {
  const output = expectStreamMatchesWhole(text, options);
  expect(survivingPiece(output, secret), output).toBeUndefined();
  return output;
};

describe('a finding capped inside a long run: the rest is judged with it, streamed as whole', () => {
  test.each([
    ['curl -u with a 258-character password', 'curl -u admin:', 258, ' https://x.io'],
    ['curl --user with a 256-character password', 'curl --user admin:', 256, ' x'],
    ['curl --user= with a 270-character password', 'curl --user=admin:', 270, ' x'],
    ['an Anthropic key run on to 1040 characters', 't sk-ant-api03-', 1040, ' x'],
    ['a legacy OpenAI key read inside a word (`csk-`), 268 characters', 't csk-', 268, ' x'],
    ['an Authorization value past its 4096 characters', 'Authorization: Bearer ', 4108, '\n'],
  ])('%s', (_name, head, length, tail) => {
    const secret = randomBody(length, length);
    const output = hidden(`${head}${secret}${tail}`, secret);
    expect(output.endsWith(`<REDACTED:HIGH_ENTROPY>${tail}`), output).toBe(true);
  });

  test('the fuzzer\'s SendGrid key run on past its cap', () => {
    const text = 'SG.UmeJ7tuPLAKb24e4ef509f00eafd83047aaab57407eEXAMPLE1e130979990d306fd4514bd679b3ae05d1n17GyKdpeDa3k8LnYArxkYTOZ8bBBSviNfL3DrtCwxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxai17PyMtVEr4UixjMpn3tJkhrv0FQ8iVC5PW7DvwkNKWvtxEija4pD003lElXVt70qnD3yV4zuZEX9C';
    expect(expectStreamMatchesWhole(text)).toBe('<REDACTED:SENDGRID_API_KEY><REDACTED:HIGH_ENTROPY>');
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, everySplit: false, events });
  });

  test.each([
    ['a Vercel key run on, then keys spaced out by zero-width spaces', {}, VERCEL],
    ['a Google key glued to hex, with an allow list', { allow: ['AKIA', /^sk_/] }, ALLOW],
    ['a Google key glued to hex, default options', {}, ALLOW],
    ['a Cloudflare token over one-character lines, with a rule of its own', { rules: [{ type: 'ACME_TOKEN', pattern: [literal('ACME_'), characters('A-Z0-9', { min: 10, max: 20 })] }] }, PATTERN],
    ['a Cloudflare token over one-character lines, default options', {}, PATTERN],
  ] as const)('the fuzzer\'s case: %s', (_name, options, text) => {
    expectStreamMatchesWhole(text, options as RedactionOptions);
  });
});

describe('a random run longer than maxTokenLength: its last piece is judged as the rest of the one before', () => {
  test.each([
    ['1040 characters, the default 1024', 1040, {}],
    ['2068 characters (twice the default and 20), the default 1024', 2068, {}],
    ['75 characters, maxTokenLength 64', 75, { maxTokenLength: 64 }],
    ['72 characters, maxTokenLength 64', 72, { maxTokenLength: 64 }],
    ['140 characters, maxTokenLength 64', 140, { maxTokenLength: 64 }],
  ])('%s', (_name, length, options) => {
    const secret = randomBody(12 + length, length);
    hidden(`see ${secret} end`, secret, options);
    hidden(`{"access_token":"${secret}"}`, secret, options);
  });

  test('FC_SEED=55501: a piece cut before maxTokenLength that reads as a near miss (`xai-` and 79 characters of a 645-character run) is judged, not excused', () => {
    const secret = randomBody(-4, 645);
    hidden(`t xai-${secret} x`, secret, { maxTokenLength: 100 });
  });

  test('FC_SEED=918273645: a cut piece\'s rest holding a key further in (`pat…` read as Airtable\'s) is judged with the context before the key', () => {
    const secret = randomBody(1502472633, 645);
    hidden(`t AKIA${secret} x`, secret, { maxTokenLength: 100 });
  });

  test('a rest shorter than six characters, or of lower-case letters only, is not the cut piece\'s', () => {
    const head = randomBody(3, 64);
    expect(expectStreamMatchesWhole(`see ${head}abcd end`, { maxTokenLength: 64 })).toBe('see <REDACTED:HIGH_ENTROPY>abcd end');
    expect(expectStreamMatchesWhole(`see ${head}backup end`, { maxTokenLength: 64 })).toBe('see <REDACTED:HIGH_ENTROPY>backup end');
  });
});

/**
 * For every catalogue row (its first prefix) whose key runs on to a cap in a long random run: the
 * prefix and the cap (from the prefix's start; a key found inside the prefix, `csk-` read as
 * legacy `sk-`, counts from there too).
 */
const cappedRows = (() => {
  const rows: { readonly prefix: string; readonly cap: number }[] = [];
  const long = randomBody(20261130, 2400);
  for (const rule of catalogue) {
    const prefix = rule.prefixes[0] as string;
    const found = findSecrets(`t ${prefix}${long} x`)[0];
    if (found !== undefined && found.start >= 2 && found.start < 2 + prefix.length && found.end - 2 < 2200) rows.push({ prefix, cap: found.end - 2 });
  }
  return rows;
})();

/** A text with a random body whose length is drawn around a cap: `head`, the body, `tail`; options for the stream. */
interface Capped {
  readonly head: string;
  readonly length: number;
  readonly tail: string;
  readonly options: RedactionOptions;
}

const around = (cap: number): fc.Arbitrary<number> => fc.integer({ min: -20, max: 20 }).map((offset) => Math.max(1, cap + offset));
const anyOptions = fc.constantFrom<RedactionOptions>({}, { maxTokenLength: 64 }, { maxTokenLength: 100 });
const capped: fc.Arbitrary<Capped> = fc.oneof(
  // A plain run around one to three times maxTokenLength.
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(64, 100, 1024), fc.integer({ min: 1, max: 3 }), fc.integer({ min: -20, max: 20 }), fc.constantFrom(['see ', ' end'], ['{"access_token":"', '"}'], ['x=', '\n']))
      .filter(([maximum, times]) => maximum < 1024 || times < 3)
      .map(([maximum, times, offset, [head, tail]]) => ({ head, length: maximum * times + offset, tail, options: { maxTokenLength: maximum } })),
  },
  // A catalogue key run on around its row's cap (the cap is the prefix and body together).
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom(...cappedRows), fc.integer({ min: -20, max: 20 }), anyOptions).map(([{ prefix, cap }, offset, options]) => ({ head: `t ${prefix}`, length: Math.max(1, cap - prefix.length + offset), tail: ' x', options })),
  },
  // A rule with a cap of its own: a -u argument, an assignment's or a command's value, an Authorization value.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(['curl -u admin:', 256], ['curl --user admin:', 256], ['curl --user=admin:', 256], ['curl -uadmin:', 256], ['password=', 256], ['sshpass -p ', 256], ['mysql -p', 256], ['Authorization: Bearer ', 4096]), anyOptions)
      .chain(([[head, cap], options]) => around(cap).map((length) => ({ head, length, tail: ' x', options }))),
  },
);
const chunking: fc.Arbitrary<Chunking> = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(2200), { maxLength: 12 }).map((offsets) => ({ offsets, oneByOne: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], oneByOne: true }) },
);

test('a random body around a length cap (every capped catalogue row, the -u, assignment, command and Authorization caps, 1-3 times maxTokenLength; ±20) is redacted the same streamed as whole, and no 8 characters of it show (property, 300 cases)', { timeout: 180_000 }, () => {
  expect(cappedRows.length).toBeGreaterThan(100);
  fc.assert(
    fc.property(capped, fc.integer(), chunking, ({ head, length, tail, options }, seed, cuts) => {
      const secret = randomBody(seed, length);
      const output = expectStreamMatchesWhole(`${head}${secret}${tail}`, options, [cuts]);
      expect(survivingPiece(output, secret), output).toBeUndefined();
    }),
    { numRuns: 300 },
  );
});
