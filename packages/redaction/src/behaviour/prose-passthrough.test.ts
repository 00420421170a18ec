import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exampleOf, labelAndSecret, seededRandom, spacedIndex } from '../__fixtures__/catalogue-examples';
import { samples } from '../__fixtures__/secrets';
import { catalogue, type CatalogueRule } from '../rules/catalogue';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const words = [
  'the', 'council', 'agreed', 'to', 'ship', 'plan', 'and', 'a', 'I', 'it', 'is', 'rotate', 'token', 'before', 'Friday', 'please',
  'review', 'Accept', 'application', 'json', 'for', 'tenant', 'deploy', 'staging', 'CFO', 'API', 'JSON', 'Q3', 'v2', 'revenue',
  'pipeline', 'risk', 'The', 'We', 'should', 'then', 'tell', 'them', 'about', 'keys', 'secret', 'manager', 'today', 'region',
];
const word = fc.constantFrom(...words);
/** Identifier and path parts: words without digits (a digit inside a long run is what random strings do). */
const part = fc.constantFrom(...words.filter((entry) => !/\d/.test(entry)));
const identifier = fc.oneof(
  fc.array(part, { minLength: 2, maxLength: 4 }).map((parts) => parts.map((part, index) => (index === 0 ? part.toLowerCase() : part[0]?.toUpperCase() + part.slice(1).toLowerCase())).join('')),
  fc.array(part, { minLength: 2, maxLength: 4 }).map((parts) => parts.join('_').toLowerCase()),
  fc.array(part, { minLength: 2, maxLength: 3 }).map((parts) => parts.join('_').toUpperCase()),
);
const path = fc.array(fc.oneof(part, identifier), { minLength: 2, maxLength: 5 }).map((parts) => `src/${parts.join('/').toLowerCase()}.ts`);
const url = fc
  .tuple(fc.constantFrom('https', 'http'), fc.array(word, { minLength: 1, maxLength: 3 }), fc.array(word, { minLength: 0, maxLength: 3 }), fc.nat(9999))
  .map(([scheme, host, parts, page]) => `${scheme}://${host.join('.').toLowerCase()}.example.com/${parts.join('/')}?page=${page}#top`);
const number = fc.oneof(fc.nat(99_999).map(String), fc.tuple(fc.nat(9), fc.nat(30), fc.nat(9)).map(([major, minor, patch]) => `${major}.${minor}.${patch}`));
const separator = fc.constantFrom(' ', ' ', ' ', ', ', '. ', '\n', ' - ', ': ', '; ', ' (', ') ', '\t');
/** Ordinary prose and code: words, identifiers, paths, URLs without credentials, numbers. */
const prose = fc
  .array(fc.tuple(fc.oneof({ weight: 6, arbitrary: word }, identifier, path, url, number), separator), { minLength: 1, maxLength: 40 })
  .map((parts) => parts.map(([piece, gap]) => piece + gap).join(''));

describe('ordinary prose and code pass through unchanged', () => {
  test('words, identifiers, paths, URLs without credentials and numbers, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(prose, fc.array(fc.nat(600), { maxLength: 10 }), (text, offsets) => {
        expect(runChunks(redactor, splitAt(text, offsets)).output).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a key never swallows the prose after it', () => {
  test('across a line break (`a <token>\\nb x\\n`)', () => {
    const token = `ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}`;
    expect(redactSecrets(`a ${token}\nb x\n`)).toBe('a <REDACTED:GITHUB_TOKEN>\nb x\n');
    expectLossless(redactSecretsStream(), `a ${token}\nb x\n`, { events });
    // The CLI's `--report` shape: a key on each line.
    expect(redactSecrets(`a ${token}\nb ${token}\n`)).toBe('a <REDACTED:GITHUB_TOKEN>\nb <REDACTED:GITHUB_TOKEN>\n');
  });

  const keys = samples.filter((sample) => sample.spaceable);
  const sentence = fc.array(word, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));
  test('a key, then a line break or a sentence end, then ordinary prose: the prose comes out whole, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.constantFrom('\n', '\r\n', '. ', '.\n', '\n\n', ' \n'),
        sentence,
        fc.constantFrom('', '\n', '.', '.\n'),
        fc.array(fc.nat(300), { maxLength: 8 }),
        (sample, brk, after, end, offsets) => {
          const text = `key: ${sample.text}${brk}${after}${end}`;
          const output = runChunks(redactor, splitAt(text, offsets)).output;
          expect(output).toBe(`key: <REDACTED:${sample.type}>${brk}${after}${end}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a plain key, prose, then the same key spaced out: both redacted, the prose between kept', () => {
    const token = `ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}`;
    const spaced = token.split('').join(' ');
    expect(redactSecrets(`(token ${token}, or spaced out: ${spaced}); next`)).toBe('(token <REDACTED:GITHUB_TOKEN>, or spaced out: <REDACTED:GITHUB_TOKEN>); next');
  });

  // FC_SEED=492846840: a write that ended inside the second key's spaced-out prefix (`g. i. t. h`)
  // let the first key run on through the words between: whether a prefix begins there waits for the text.
  test('plain key, prose, the key spaced out: cut anywhere inside the spaced-out prefix, the same output as whole', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    for (const sample of keys) {
      for (const [between, gapText] of [['\nand then ', '. '], [' and once more as ', ' '], [', or spaced out: ', ' - ']] as const) {
        const head = `(token ${sample.text}${between}`;
        const text = `${head}${[...sample.text].join(gapText)}); next`;
        const whole = redactSecrets(text);
        for (let cut = head.length; cut < head.length + 16 * (gapText.length + 1); cut += 1) {
          expect(runChunks(redactor, splitAt(text, [cut])).output, `${text} cut at ${cut}`).toBe(whole);
        }
      }
    }
  });

  test('plain key, prose, the key spaced out: both redacted, the prose kept, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.constantFrom(', or spaced out: ', '. Again: ', '\nand then ', ' and once more as '),
        fc.constantFrom(' ', ' - ', '\u200b', '. '),
        fc.array(fc.nat(400), { maxLength: 8 }),
        (sample, between, gapText, offsets) => {
          const text = `(token ${sample.text}${between}${[...sample.text].join(gapText)}); next`;
          const output = runChunks(redactor, splitAt(text, offsets)).output;
          // The prose between is kept whole; a spaced key's last letters may read as words (`A A`, fewer than eight).
          expect(output.startsWith(`(token <REDACTED:${sample.type}>${between}<REDACTED:${sample.type}>`)).toBe(true);
          expect(output.endsWith('); next')).toBe(true);
          expect(output.length - `(token <REDACTED:${sample.type}>${between}<REDACTED:${sample.type}>); next`.length).toBeLessThan(16);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** Catalogue prefixes that are themselves ordinary words or identifier pieces. */
const wordPrefixes = ['secret_', 'secret-', 'key-', 'api-', 'API-', 'sdk-', 'mob-', 'sk-', 'sk_', 'fc-', 'fw_', 'ck_', 'cs_', 'pul-'];

describe('prose after a prefix that is an ordinary word is not a key (issue 16)', () => {
  test('the CI seed\'s shape: `secret_the is the src/today/revenueshould.ts 10000 about the `', () => {
    const text = 'secret_the is the src/today/revenueshould.ts 10000 about the ';
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, events });
  });

  test('a word prefix, then words, identifiers, paths and numbers, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(fc.constantFrom('', ' ', '\n', 'see ', '('), fc.constantFrom(...wordPrefixes), word, separator, prose, fc.array(fc.nat(600), { maxLength: 10 }), (before, prefix, first, gap, after, offsets) => {
        // A word first: an identifier glued to the prefix (`fw_revenueDeployApplication`) is a key by the row's facts (a known limit).
        const text = `${before}${prefix}${first}${gap}${after}`;
        expect(runChunks(redactor, splitAt(text, offsets)).output).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  test.each([
    ['FC_SEED=137368219', 'API-LW9WNNO8AVFNWZLBZFYDOTYNON', 3],
    ['FC_SEED=1296723055', 'API-XX0TNDXZLOPIHKFHQCNXIPMDKQ', 7],
  ])('%s: an all-capital key with two digits or fewer, spaced out in equal groups, is found', (_, key, period) => {
    const spaced = (key.match(new RegExp(`.{1,${period}}`, 'gsu')) ?? []).join(' ');
    expect(redactSecrets(`Rotate this now: ${spaced}, then tell the CFO.`)).toBe('Rotate this now: <REDACTED:OCTOPUS_DEPLOY_API_KEY>, then tell the CFO.');
  });

  test('a key of capitals with one digit, spaced out in equal groups of 3 to 7 (three or more between its body\'s first and last), is found with its type (fast-check)', { timeout: 180_000 }, () => {
    const capitalRows = catalogue.filter((rule) => rule.body.length === 1 && rule.prefixes.some((prefix) => /^[A-Z]/u.test(prefix)) && (rule.body[0] as { alphabet: string }).alphabet.startsWith('A-Z'));
    fc.assert(
      fc.property(fc.nat(capitalRows.length - 1), fc.integer(), fc.nat(63), fc.integer({ min: 3, max: 7 }), fc.constantFrom(' ', '\n', ' \n '), (rowIndex, seed, digitAt, period, gapText) => {
        const rule = capitalRows[rowIndex] as CatalogueRule;
        const prefix = rule.prefixes.find((option) => /^[A-Z]/u.test(option)) ?? '';
        const part = rule.body[0] as { min: number };
        // Random capitals from a seed (shrinking a string would only make it near-constant, which is declined).
        const random = seededRandom(seed);
        // The digit inside the part a spaced-out key is recognised by (past its first group, within three quarters of its length).
        const digit = 3 + (digitAt % Math.max(1, Math.floor((part.min * 3) / 4) - 3));
        const body = Array.from({ length: part.min }, (_, index) => (index === digit ? '7' : String.fromCharCode(65 + Math.floor(random() * 26)))).join('');
        const key = prefix + body;
        const groups = key.match(new RegExp(`.{1,${period}}`, 'gsu')) ?? [];
        // Random, not near-constant (a body of one letter repeated is a placeholder, declined).
        // The body's groups: from the one the prefix ends in; three or more between its first and last.
        const bodyStart = Math.floor(prefix.length / period);
        fc.pre(!/[-_.\d]/u.test(prefix) && groups.length - bodyStart - 2 >= 3 && new Set(body).size >= 8 && !rule.prefixes.some((other) => other !== prefix && key.startsWith(other)));
        const text = `Rotate this now: ${groups.join(gapText)}, then tell the CFO.`;
        const output = redactSecrets(text);
        // A labelled row's label (`AccountKey=`) stays, spaced out as written.
        const label = groups.join(gapText).slice(0, rule.labelled === true ? spacedIndex(prefix.length, period, gapText) : 0);
        expect(output.startsWith(`Rotate this now: ${label}<REDACTED:${rule.type}>`), text).toBe(true);
        expect(output.endsWith(', then tell the CFO.'), text).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('a real key of those rows, contiguous or spaced out with blanks every 3 to 7 characters, is still found with its type (fast-check)', { timeout: 180_000 }, () => {
    const rows = catalogue.filter((rule) => rule.prefixes.some((prefix) => wordPrefixes.includes(prefix)));
    fc.assert(
      fc.property(fc.nat(rows.length - 1), fc.integer(), fc.constantFrom(0, 3, 4, 5, 7), fc.constantFrom(' ', '\n', ' \n '), (rowIndex, seed, period, gapText) => {
        const rule = rows[rowIndex] as CatalogueRule;
        const prefixIndex = rule.prefixes.findIndex((prefix) => wordPrefixes.includes(prefix));
        const key = exampleOf(rule, seededRandom(seed), 'positive', prefixIndex, 'digit-early');
        const spaced = period === 0 ? key : (key.match(new RegExp(`.{1,${period}}`, 'gsu')) ?? []).join(gapText);
        const text = `Rotate this now: ${spaced}, then tell the CFO.`;
        const output = redactSecrets(text);
        // A labelled row's label (`AccountKey=`) stays, spaced out as written.
        const labelLength = labelAndSecret(rule, key)[0].length;
        const label = spaced.slice(0, period === 0 ? labelLength : spacedIndex(labelLength, period, gapText));
        // Found with its row's type; past the row's length, a last group that reads as a word (`Sue`)
        // may be left as prose (a known limit, see the README), never more than a few characters.
        expect(output.startsWith(`Rotate this now: ${label}<REDACTED:${rule.type}>`), text).toBe(true);
        expect(output.endsWith(', then tell the CFO.'), text).toBe(true);
        expect(output.length - `Rotate this now: ${label}<REDACTED:${rule.type}>, then tell the CFO.`.length, text).toBeLessThan(8);
      }),
      { numRuns: 300 },
    );
  });
});
