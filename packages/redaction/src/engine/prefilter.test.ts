import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { analyse } from 'scslre';
import { describe, expect, test } from 'vitest';
import { negatives, samples } from '../__fixtures__/secrets';
import { providerPatterns } from '../rules/built-in-rules';
import { ALPHANUMERIC, asciiFold, classes, fold, OTHER } from '../text/fold';
import type { RecordedEvent } from '@parley/core/testing';
import { ANYWHERE_TRIGGER, type RedactionPlan, referencePlan, WORD_START_TRIGGER } from './redaction-plan';
import { createRedactionPlan } from '../api/create-redaction-plan';
import type { RedactionOptions } from '../api/redaction-options';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactWithPlan } from '../api/redact-secrets';
import type { FoundStop } from './prefilter';
import { type Finding, scan, startCursor } from './scan';
import { superLinearReason } from '../user-rules/regex-safety';
import { characters, literal } from './pattern/secret-pattern';

/**
 * The prefilter only decides where the exact scan walks: with it and without it (the reference
 * path, every character walked) a scan must find the same secrets, hold back the same tail after
 * every write, and stream the same output and events, for any text and any chunking.
 */

/** Streams `chunks` through `scan` as the middleware does (the text kept whole): the cut after each write, then every finding. */
function streamScan(plan: RedactionPlan, chunks: readonly string[]): { cuts: number[]; findings: Finding[] } {
  const cursor = startCursor(OTHER);
  const findings: Finding[] = [];
  const cuts: number[] = [];
  let text = '';
  for (let index = 0; index <= chunks.length; index += 1) {
    text += chunks[index] ?? '';
    cuts.push(scan(text, cursor, index === chunks.length, plan, findings));
    // A private key block streams through its own path: the scan stops there.
    if (cursor.open !== undefined) break;
  }
  return { cuts, findings };
}

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const token = fc.string({ unit: fc.constantFrom(...`${upper}abcdefghijklmnopqrstuvwxyz0123456789_-./+`), minLength: 1, maxLength: 90 });
const words = ['the', 'plan', 'skilled', 'sky', 'ghost', 'xo', 'AKA', 'passage', 'secretary', 'accept', 'apiary', 'Bearer', 'basic', 'Token', 'token', 'key', 'eyJ', 'npm', 'glad', 'sk', 'AK', 'is', 'a'];
const separators = [' ', ' ', '-', ' - ', '.', '_', '\n', '\u200b', '\u00b7', '\u00a0', '\t', ', ', '\u2060', '\u{E0020}'];
const separator = fc.constantFrom(...separators);
/** A secret spaced out: none, one or a run of separators (up to and past a gap's limits) between any two characters. */
const spacedOut = (secret: string): fc.Arbitrary<string> =>
  fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 2, arbitrary: separator }, fc.array(separator, { minLength: 2, maxLength: 12 }).map((run) => run.join(''))), { minLength: secret.length, maxLength: secret.length }).map((gaps) =>
    [...secret].map((character, index) => character + (index < secret.length - 1 ? (gaps[index] ?? '') : '')).join(''),
  );
/** Fullwidth forms of ASCII letters and digits: folded back by the exact scan. */
const fullwidth = (text: string): string => text.replace(/[\dA-Z]/gi, (character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0));
const prefixes = [...new Set(providerPatterns.flatMap(([, pattern]) => (pattern[0]?.kind === 'literal' ? pattern[0].options : [])))];
const sample = fc.constantFrom(...samples.map((entry) => entry.text));
const nearMiss = fc.oneof(
  sample.map((text) => text.slice(0, -1)),
  fc.tuple(sample, fc.nat(80)).map(([text, cut]) => text.slice(0, 1 + (cut % text.length))),
  fc.constantFrom(...prefixes),
  fc.tuple(fc.constantFrom(...prefixes), token).map(([prefix, body]) => prefix.slice(0, -1) + body),
);
/**
 * Token runs one character either side of where the prefilter's loop changes its mind: the run
 * length it stops for (8, 15 — the shortest key found inside a word, under the entropy rule's 20
 * and 100 — or 15 with the option sets below), the split length (64, 1024), and
 * the same with a rule's start glued inside or at either end (a stop inside a run it would pass).
 */
const edgeLength = fc.constantFrom(7, 8, 9, 14, 15, 16, 19, 20, 21, 63, 64, 65, 99, 100, 101, 127, 128, 129, 1023, 1024, 1025);
const runAlphabet = `${upper}abcdefghijklmnopqrstuvwxyz0123456789_-./+~%`;
/** A run of `length` token characters drawn from `seed` (random-looking, so the entropy rule judges it, or a near-constant one). */
function runOf(length: number, seed: number, constant: boolean): string {
  let state = seed >>> 0;
  let run = '';
  for (let index = 0; index < length; index += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    run += runAlphabet[constant ? seed % runAlphabet.length : (state >>> 16) % runAlphabet.length] ?? 'a';
  }
  return run;
}
const edgeRun: fc.Arbitrary<string> = fc
  .tuple(edgeLength, fc.nat(), fc.boolean(), fc.option(fc.oneof(sample, fc.constantFrom(...prefixes, 'password=', 'https://u:p@h', 'sk-', 'ghp_')), { nil: undefined }), fc.nat())
  .map(([length, seed, constant, glued, at]) => {
    const body = runOf(length, seed, constant);
    if (glued === undefined) return body;
    const cut = at % (body.length + 1);
    return body.slice(0, cut) + glued + body.slice(cut);
  });

/** Passwords on command lines and in URLs with `/ ? #` unencoded (`command-password-matcher.ts`, `url-password-matcher.ts`), a YAML value on the next line, lower-case `token`. */
const commandLineShapes = [
  'postgres://u:pa#ss/word@host/db',
  'redis://:p#a/s?s@h@host:6379/0',
  'http://host:abc/x@y',
  'mysql -u root -pS3cr3tPass',
  'mysqldump --password=S3cr3tPass db',
  "sshpass -p 'pw x1z' ssh h",
  'redis-cli -h h -p 6379 -a S3cr3tPass',
  'docker login -u x -p S3cr3tPass r',
  'htpasswd -bc f u S3cr3tPass',
  'SSHPASS=hunter22 sshpass -e ssh',
  'MYSQL_PWD=hunter22 mysql',
  'mysql \\\n -pS3cr3tPass',
  'ssh -p 22 h',
  'password:\n  hunter2-but-long',
  'authorization: token abcdef0123456789abcd',
  'use token ghx7Yq2LmP9s now',
  'the api secret is 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.',
];
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...words) },
  { weight: 3, arbitrary: token },
  { weight: 2, arbitrary: sample },
  { weight: 2, arbitrary: sample.chain(spacedOut) },
  { weight: 1, arbitrary: sample.map(fullwidth) },
  { weight: 3, arbitrary: nearMiss },
  { weight: 1, arbitrary: fc.constantFrom(...negatives) },
  { weight: 1, arbitrary: fc.constantFrom('password = "hunter22"', 'DB_PASSWORD=s3cr3t', 'x-api-key: Zq8v', 'curl -u bob:pw1 https://x', 'https://u:p@h/x', 'Bearer a8Zt3vN1xR7bLk2mWp9s', '-----BEGIN ', 'é', '中文', '🔑', '\u00ad') },
  { weight: 1, arbitrary: fc.constantFrom(...commandLineShapes) },
  { weight: 2, arbitrary: edgeRun },
);
const log = fc.array(fc.tuple(piece, fc.constantFrom(' ', ' ', '\n', '', ': ', '=', '"', ' (', ') ', '\t', '\u3000')), { minLength: 1, maxLength: 24 }).map((parts) => parts.map(([text, gap]) => text + gap).join(''));

/** Cut offsets, or one character per write (`undefined`): where a rule's start is cut at every length. */
const chunking = fc.oneof({ weight: 3, arbitrary: fc.array(fc.nat(2000), { maxLength: 12 }) }, fc.constant(undefined));

const optionSets: ReadonlyArray<readonly [string, RedactionOptions]> = [
  ['default', {}],
  ['no entropy rule', { entropy: false }],
  ['entropy from 8 characters', { entropy: { minLength: 8, threshold: 3 } }],
  ['maxTokenLength 64', { maxTokenLength: 64 }],
  ['entropy from 100, runs split at 64', { maxTokenLength: 64, entropy: { minLength: 100 } }],
  ['JWT and AWS keys off', { disable: ['JWT', 'AWS_ACCESS_KEY_ID'] }],
  ['a custom rule', { rules: [{ type: 'ACME_API_KEY', pattern: [literal('acme_live_'), characters('a-z0-9', { min: 24, max: 24 })] }] }],
];

describe('the prefilter changes nothing but speed', () => {
  test.each(optionSets)('%s: same findings and hold-back after every write as the reference, any chunking (fast-check)', { timeout: 120_000 }, (_, options) => {
    const fast = createRedactionPlan(options);
    const reference = referencePlan(fast);
    fc.assert(
      fc.property(log, chunking, (text, offsets) => {
        const chunks = offsets === undefined ? [...text] : splitAt(text, offsets);
        expect(streamScan(fast, chunks)).toEqual(streamScan(reference, chunks));
      }),
      { numRuns: 300 },
    );
  });

  test('the middleware streams what the reference redacts whole, with the same events, any chunking (fast-check)', { timeout: 120_000 }, () => {
    const reference = referencePlan(createRedactionPlan());
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(log, chunking, (text, offsets) => {
        const run = runChunks(redactor, offsets === undefined ? [...text] : splitAt(text, offsets));
        expect(run.output).toBe(redactWithPlan(text, reference));
        const findings: Finding[] = [];
        scan(text, startCursor(OTHER), true, reference, findings);
        const reported = run.events.map(({ event }: RecordedEvent) => event as { type: string; start: number; end: number });
        expect(reported.map(({ type, start, end }) => ({ type, start, end }))).toEqual(findings);
      }),
      { numRuns: 300 },
    );
  });

  const shapes = [
    'the key is ＡＫＩＡ' + 'Q3EGRXN7T5W2HJ4K and more',
    's\u200bk\u200b-\u200bant-api03-' + 'a1B2c3D4e5F6'.repeat(8),
    'A K I A Q 3 E G R X N 7 T 5 W 2 H J 4 K end',
    `${'x'.repeat(1100)}sk-ant-api03-${'a1B2c3D4e5F6'.repeat(8)}`,
    `run ${'aZ9q'.repeat(300)} end`,
    'path=/api/v1/orders/12 DB_PASSWORD=s3cr3t',
    'é sk-proj-' + 'a1B2c3D4e5F6'.repeat(7),
    '3f2b8c1e-9d4a-4b7e-a1c2-7e5f9b0d3a61apikey=Zq8vXw',
    // A private key's `-----BEGIN ` cut after `--`: a word-start rule (`--user`) must not hide it.
    `before\n${samples.find((entry) => entry.type === 'PRIVATE_KEY')?.text ?? ''}\nafter`,
    'x -- u --user a:b -----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY----- ok',
  ];
  test.each(shapes)('%j: same findings and hold-back as the reference at every split', (text) => {
    const fast = createRedactionPlan();
    const reference = referencePlan(fast);
    for (let offset = 0; offset <= text.length; offset += 1) {
      const chunks = splitAt(text, [offset]);
      expect(streamScan(fast, chunks)).toEqual(streamScan(reference, chunks));
    }
    expect(streamScan(fast, [...text])).toEqual(streamScan(reference, [...text]));
  });
});

/**
 * The gate (`prefilter.at`): the prefilter's loop asks the rules only where the gate matches (and
 * fills its table of three characters from the gate), so the gate must match at every ASCII
 * position where some rule the walk would ask answers anything but `none`, with the text cut
 * anywhere (a rule waiting for more) or final. Non-ASCII positions always stop the loop.
 */
function turnedAway(plan: RedactionPlan, text: string, final: boolean): string | undefined {
  const gate = plan.prefilter?.at;
  if (gate === undefined) return undefined;
  const input = { text, final };
  for (let position = 0; position < text.length; position += 1) {
    const code = text.charCodeAt(position);
    if (code >= 128) continue;
    const folded = asciiFold[code] ?? 0;
    const trigger = plan.triggers[folded] ?? 0;
    if (trigger === 0) continue;
    const before = position === 0 ? OTHER : fold(text.charCodeAt(position - 1));
    const wordStart = (trigger & WORD_START_TRIGGER) !== 0 && ((classes[before] ?? 0) & ALPHANUMERIC) === 0;
    const asked = [...(wordStart ? (plan.atWordStart[folded] ?? []) : []), ...((trigger & ANYWHERE_TRIGGER) !== 0 ? (plan.anywhere[folded] ?? []) : [])];
    const answering = asked.find((matcher) => matcher.match(input, position).kind !== 'none');
    gate.lastIndex = position;
    if (answering !== undefined && !gate.test(text)) return `${answering.type} answers at ${position} of ${JSON.stringify(text)} (final: ${final}) but the gate turns it away`;
  }
  return undefined;
}

describe("the gate turns away no position where a rule answers", () => {
  test.each(optionSets)('%s: any text, cut anywhere, waiting or final (fast-check)', { timeout: 120_000 }, (_, options) => {
    const plan = createRedactionPlan(options);
    fc.assert(
      fc.property(log, fc.nat(), fc.boolean(), (text, cut, final) => {
        expect(turnedAway(plan, text.slice(0, cut % (text.length + 1)), final)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  test.each([
    'xo',
    'password = "hunter22" and sk-ant-api03-a1B2',
    'path=/api/v1/orders/12 apikey=Zq8vXw',
    '-----BEG',
    'https://u:p@h',
    ...commandLineShapes,
    ...samples.map((entry) => entry.text),
  ])('%j: at every cut', (text) => {
    const plan = createRedactionPlan();
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(turnedAway(plan, text.slice(0, cut), false)).toBeUndefined();
      expect(turnedAway(plan, text.slice(0, cut), true)).toBeUndefined();
    }
  });
});

/**
 * The prefilter's loop (`prefilter.find`) stands in for the gate everywhere: its table of three
 * characters must turn away no position where a rule answers. From any position where some rule
 * the walk would ask answers anything but `none` (the text cut anywhere, waiting or final), the
 * loop must stop right there and say a rule may begin. One plan serves every run, so the table is
 * tried both as it fills and once it holds answers.
 */
function passedOver(plan: RedactionPlan, text: string, final: boolean): string | undefined {
  const prefilter = plan.prefilter;
  if (prefilter === undefined) return undefined;
  const found: FoundStop = { runStart: -1, stop: false };
  const input = { text, final };
  for (let position = 0; position < text.length; position += 1) {
    const folded = fold(text.charCodeAt(position));
    const trigger = plan.triggers[folded] ?? 0;
    if (trigger === 0) continue;
    const before = position === 0 ? OTHER : fold(text.charCodeAt(position - 1));
    const wordStart = (trigger & WORD_START_TRIGGER) !== 0 && ((classes[before] ?? 0) & ALPHANUMERIC) === 0;
    const asked = [...(wordStart ? (plan.atWordStart[folded] ?? []) : []), ...((trigger & ANYWHERE_TRIGGER) !== 0 ? (plan.anywhere[folded] ?? []) : [])];
    const answering = asked.find((matcher) => matcher.match(input, position).kind !== 'none');
    if (answering === undefined) continue;
    const next = prefilter.find(text, position, -1, plan.maxTokenLength, found);
    if (next !== position || !found.stop) return `${answering.type} answers at ${position} of ${JSON.stringify(text)} (final: ${final}) but the loop goes on to ${next}`;
  }
  return undefined;
}

describe("the prefilter's loop stops wherever a rule answers", () => {
  test.each(optionSets)('%s: any text, cut anywhere, waiting or final (fast-check)', { timeout: 120_000 }, (_, options) => {
    const plan = createRedactionPlan(options);
    fc.assert(
      fc.property(log, fc.nat(), fc.boolean(), (text, cut, final) => {
        expect(passedOver(plan, text.slice(0, cut % (text.length + 1)), final)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  test.each(['path=/api/v1/orders/12 apikey=Zq8vXw', 'x\u00a0sk-ant-api03-a1B2', 'A K I A Q 3 E G R X N 7 T 5 W 2 H J 4 K', ...commandLineShapes, ...samples.map((entry) => entry.text)])('%j: at every cut', (text) => {
    const plan = createRedactionPlan();
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(passedOver(plan, text.slice(0, cut), false)).toBeUndefined();
      expect(passedOver(plan, text.slice(0, cut), true)).toBeUndefined();
    }
  });
});

describe("the prefilter's gate regex", () => {
  test.each(optionSets)('%s: cannot backtrack super-linearly (the analysis of the regexp lint)', (_, options) => {
    const prefilter = createRedactionPlan(options).prefilter;
    expect(prefilter).toBeDefined();
    const regex = prefilter?.at;
    expect(superLinearReason(regex?.source ?? '', regex?.flags ?? '')).toBeUndefined();
    // As the lint judges a literal: whatever may follow it could reject.
    expect(analyse({ source: regex?.source ?? '', flags: '' }, { assumeRejectingSuffix: true }).reports).toEqual([]);
  });

  test('the analysis catches a run search that re-reads a run from every start', () => {
    expect(analyse({ source: '[A-Za-z0-9]{20,}', flags: '' }, { assumeRejectingSuffix: true }).reports).not.toEqual([]);
  });
});
