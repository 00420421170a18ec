import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { catalogue } from '../rules/catalogue';
import { fold, foldAt, isSeparator } from '../text/fold';
import { spacedOutBodyLooksRandom } from '../engine/pattern/pattern-matcher';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { scanWork } from '../text/scan-work';

/** The text with every separator left out (astral format characters too). */
const strip = (text: string): string => {
  let kept = '';
  for (let index = 0; index < text.length; index += 1) if (!isSeparator(foldAt(text, index)) && !isSeparator(fold(text.charCodeAt(index)))) kept += text[index];
  return kept;
};
const pieces = (secret: string): string[] => Array.from({ length: Math.max(1, secret.length - 7) }, (_, index) => secret.slice(index, index + 8));
const spaceable = samples.filter((sample) => sample.spaceable);
/** What reaches the reader: the output without placeholders, separators removed. */
const clear = (output: string): string => strip(output.replaceAll(/<REDACTED:[A-Z_]+>/g, '\u0000'));
const expectNoPiece = (output: string, secret: string): void => {
  const shown = clear(output);
  for (const piece of pieces(strip(secret))) expect(shown).not.toContain(piece);
};

/**
 * Every separator the property draws from: Unicode Cf (astral ones included), Cc, Zs, Zl, Zp,
 * variation selectors, tag characters, and the punctuation `- _ . · • | / \ : ; ,`.
 */
const separatorPool: readonly string[] = (() => {
  const pool = new Set<string>([...'-_.·•|/\\:;,']);
  const kinds = /^[\p{Cf}\p{Cc}\p{Zs}\p{Zl}\p{Zp}]$/u;
  for (const [from, to] of [[0, 0xffff], [0x10000, 0x1ffff], [0xe0000, 0xe01ef]] as const) {
    for (let point = from; point <= to; point += 1) {
      if (point >= 0xd800 && point <= 0xdfff) continue;
      const character = String.fromCodePoint(point);
      if (kinds.test(character)) pool.add(character);
    }
  }
  for (const point of [0x180b, 0x180c, 0x180d, 0x180f]) pool.add(String.fromCodePoint(point));
  for (let point = 0xfe00; point <= 0xfe0f; point += 1) pool.add(String.fromCodePoint(point));
  for (let point = 0xe0100; point <= 0xe01ef; point += 1) pool.add(String.fromCodePoint(point));
  for (let point = 0xe0000; point <= 0xe007f; point += 1) pool.add(String.fromCodePoint(point));
  return [...pool];
})();
/** Biased towards the hard cases: the key's own punctuation, spaces, line breaks, invisible characters. */
const separatorCharacter = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('-', '_', '.', ' ', '\n', '\t', '\u200b', '\u2028', '\u{e0041}', '\u0000') },
  { weight: 2, arbitrary: fc.constantFrom(...separatorPool) },
);
/** One gap: none, or a run of one to three separator characters, mixing kinds. */
/**
 * Blank lines as a gap (three characters at most, as every gap here): a key spaced out with them is
 * one key, not a paragraph's end (FC_SEED=-318701415).
 */
const blankLineGap = fc.constantFrom('\n\n', '\n \n', '\r\n\n', '\u2029\u2029', '\n\n\n');
const gapArbitrary = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: fc.array(separatorCharacter, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: blankLineGap },
);
const sampleArbitrary = fc.constantFrom(...spaceable);
const spaceOut = (key: string, gapAt: (index: number) => string): string => [...key].map((character, index) => (index === 0 ? character : gapAt(index) + character)).join('');
/** A spaced-out key: a gap drawn for every position, or one pattern that changes to another halfway. */
const spacedKey = fc.oneof(
  fc.tuple(sampleArbitrary, fc.array(gapArbitrary, { minLength: 400, maxLength: 400 })).map(([sample, gaps]) => ({ sample, text: spaceOut(sample.text, (index) => gaps[index % gaps.length] ?? '') })),
  fc
    .tuple(sampleArbitrary, gapArbitrary, fc.integer({ min: 1, max: 6 }), gapArbitrary, fc.integer({ min: 1, max: 6 }), fc.double({ min: 0.1, max: 0.9, noNaN: true }))
    .map(([sample, first, firstPeriod, second, secondPeriod, share]) => {
      const turn = Math.floor(sample.text.length * share);
      return {
        sample,
        text: spaceOut(sample.text, (index) => (index < turn ? (index % firstPeriod === 0 ? first : '') : (index - turn) % secondPeriod === 0 ? second : '')),
      };
    }),
);
const before = fc.constantFrom('', 'key ', 'Rotate this now: ', 'token=', '"');
const after = fc.constantFrom('', ' end', ', then tell the CFO.', '\n', '" and more', '. Thanks!');

/**
 * Whether a sample's key spaced out as `spaced` passes the pattern rules' judgement of a separated
 * body (`spacedOutBodyLooksRandom`), for a row of one prefix, written whole, and one run: the body
 * the matcher judges is then all that follows the prefix. Other rows are not filtered.
 */
function readsRandomSpacedOut(type: string, spaced: string): boolean {
  const row = catalogue.find((rule) => rule.type === type && rule.body.length === 1 && rule.prefixes.some((prefix) => spaced.startsWith(prefix)));
  const prefix = row?.prefixes.find((option) => spaced.startsWith(option));
  return prefix === undefined || spacedOutBodyLooksRandom(spaced.slice(prefix.length));
}

describe('fail closed on separated keys', () => {
  test(
    'no 8-character piece of any pattern key reaches the output, for any separator pattern and any chunking (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(spacedKey, before, after, fc.array(fc.nat(2000), { maxLength: 12 }), ({ sample, text }, head, tail, offsets) => {
          const input = `${head}${text}${tail}`;
          const output = runChunks(redactor, splitAt(input, offsets)).output;
          expectNoPiece(output, sample.secret);
          expect(output).toBe(redactSecrets(input));
        }),
        { numRuns: 250 },
      );
    },
  );

  test(
    'a spaced-out key the rules hide alone stays hidden as the value of a name or keyword, whose rule may stop earlier (FC_SEED=1371788179), any chunking (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      const names = fc.constantFrom('token=', 'token: ', 'password = ', 'api_key: "', 'Authorization: Bearer ', 'export SECRET_KEY=', 'client_secret=');
      fc.assert(
        fc.property(spacedKey, names, after, fc.array(fc.nat(2000), { maxLength: 12 }), ({ sample, text }, name, tail, offsets) => {
          // Only keys the rules hide when written alone: how a key is spaced out is the separator
          // rules' to decide, not this property's.
          fc.pre(clear(redactSecrets(`key ${text}${tail}`)).length === clear(`key <REDACTED:X>${tail}`).length);
          const input = `${name}${text}${tail}`;
          const output = runChunks(redactor, splitAt(input, offsets)).output;
          expectNoPiece(output, sample.secret);
          expect(output).toBe(redactSecrets(input));
        }),
        { numRuns: 200 },
      );
    },
  );

  const every = (gapText: string) => (key: string) => spaceOut(key, () => gapText);
  test.each([
    ['" - " between every character', every(' - ')],
    ['"_ " between every character', every('_ ')],
    ['". " between every character', every('. ')],
    ['LRM/RLM between every character', every('\u200e\u200f')],
    ['U+2061 and U+034F', every('\u2061\u034f')],
    ['variation selectors', every('\ufe0f\u{e0100}')],
    ['tag characters', every('\u{e0041}')],
    ['NUL, SOH and ESC', every('\u0000\u0001\u001b')],
    ['U+2028 and U+2029', every('\u2028')],
    ['five zero-width spaces', every('\u200b'.repeat(5))],
    ['astral format characters (U+110BD, U+1D173)', every('\u{110bd}\u{1d173}')],
    ['a pattern change halfway (" " every 4, then "-" every character)', (key: string) => spaceOut(key, (index) => (index < key.length / 2 ? (index % 4 === 0 ? ' ' : '') : '-'))],
    ['a pattern change halfway (none, then " - " every character)', (key: string) => spaceOut(key, (index) => (index < key.length / 2 ? '' : ' - '))],
  ])('%s: the key is redacted whole, fed one character at a time', (_name, spaceKey) => {
    for (const sample of spaceable) {
      const text = `key ${spaceKey(sample.text)} end`;
      expectNoPiece(runChunks(redactSecretsStream(), [...text]).output, sample.secret);
    }
  });

  test('a gap made of the prefix\'s own characters: `s - k - - a n t …`, `x - o - x - b …`', () => {
    const anthropic = spaceable.find((sample) => sample.type === 'ANTHROPIC_API_KEY')?.text ?? '';
    const slack = spaceable.find((sample) => sample.type === 'SLACK_TOKEN')?.text ?? '';
    const spacedAnthropic = `s - k - - a n t - - ${[...anthropic.slice(7)].join(' ')}`;
    const spacedSlack = `x - o - x - b - - ${[...slack.slice(5)].join(' - ')}`;
    for (const [spaced, type, key] of [[spacedAnthropic, 'ANTHROPIC_API_KEY', anthropic], [spacedSlack, 'SLACK_TOKEN', slack]] as const) {
      const output = redactSecrets(`key ${spaced} end`);
      // The key's last letters may read as words (`A A`): never eight of its characters.
      expect(output).toMatch(new RegExp(`^key <REDACTED:${type}>[ A-Za-z0-9]{0,8} end$`, 'u'));
      expectNoPiece(output, key);
    }
  });

  test('FC_SEED=-318701415: `sk-admin-hZv`, then groups of three between blank lines, is one key', () => {
    const key = 'sk-admin-hZvyJ5KVBtkNdPVb-p4KTTUJErDrmOZ-8xiLvNAQWmxuOjLDlR7c_7z7Kq';
    const text = 'sk-admin-hZv\n\nyJ5\n\nKVB\n\ntkN\n\ndPV\n\nb-p\n\n4KT\n\nTUJ\n\nErD\n\nrmO\n\nZ-8\n\nxiL\n\nvNA\n\nQWm\n\nxuO\n\njLD\n\nlR7\n\nc_7\n\nz7K\n\nq';
    expect(redactSecrets(text)).toBe('<REDACTED:OPENAI_API_KEY>');
    expectNoPiece(runChunks(redactSecretsStream(), [...text]).output, key);
  });

  test(
    'a key spaced out in groups of any size between blank lines (the first group a dozen characters or more): no 8-character piece, any chunking (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(
          sampleArbitrary,
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 0, max: 12 }),
          blankLineGap,
          before,
          after,
          fc.array(fc.nat(2000), { maxLength: 12 }),
          (sample, size, firstExtra, blank, head, tail, offsets) => {
            // The first group runs to a dozen characters or more (the prefix and some body), then groups of `size`.
            const firstLength = Math.min(sample.text.length, Math.max(12, firstExtra + 1));
            const groups = [sample.text.slice(0, firstLength)];
            for (let at = firstLength; at < sample.text.length; at += size) groups.push(sample.text.slice(at, at + size));
            // Cut into groups and judged by the pattern rules' own rule (a documented limit when its
            // groups read as words: `npm_tMwWdycb9 cf u3 …`, FC_SEED=1404033969, 1449691059).
            fc.pre(groups.length === 1 || readsRandomSpacedOut(sample.type, groups.join(blank)));
            const input = `${head}${groups.join(blank)}${tail}`;
            const output = runChunks(redactor, splitAt(input, offsets)).output;
            expectNoPiece(output, sample.secret);
            expect(output).toBe(redactSecrets(input));
          },
        ),
        { numRuns: 250 },
      );
    },
  );

  test('FC_SEED=-4223088\'s class: a key cut into equal groups of two by invisible characters alone is found (its groups read as words: `cf u3 ln`)', () => {
    const key = 'npm_tMwWdycb9cfu3lnnbpNN4FyLbOuXDMaCV7Kq';
    const text = `npm_tMwWdycb9${(key.slice(13).match(/.{1,2}/gu) ?? []).map((group) => `\u200b${group}`).join('')}`;
    expect(redactSecrets(text)).toBe('<REDACTED:NPM_TOKEN>');
  });

  // Fixed (issue 24, the row-alphabet judge): these were known limits, kept as `test.fails` while
  // a spaced-out key needed a digit and groups that read as words made it prose. The body is now
  // judged against its row's alphabet with the randomness judge's written model.
  test.each([
    ['an all-capital AWS key id with one digit in groups of four', 'AKIAQWERTYU7ZXCVBNMP', (key: string) => (key.match(/.{1,4}/gu) ?? []).join(' ')],
    ['a key cut into groups of two by blanks that read as words', 'npm_tMwWdycb9cfu3lnnbpNN4FyLbOuXDMaCV7Kq', (key: string) => `${key.slice(0, 13)} ${(key.slice(13).match(/.{1,2}/gu) ?? []).join(' ')}`],
    ['FC_SEED=1404033969: groups of two between blank lines that read as words', 'npm_tMwWdycb9cfu3lnnbpNN4FyLbOuXDMaCV7Kq', (key: string) => `${key.slice(0, 13)}\n\n${(key.slice(13).match(/.{1,2}/gu) ?? []).join('\n\n')}`],
  ])('fixed, was a known limit: %s', (_, key, spaceKey) => {
    expectNoPiece(redactSecrets(`key ${spaceKey(key)} end`), key);
  });

  // Known limit (README, "Separators, folding and spaced-out keys"): kept visible; it fails today.
  test.fails.each([
    ['a key\'s contiguous rest after a blank line (the next paragraph)', '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', (key: string) => `${key.slice(0, 35)}\n\n${key.slice(35)}`],
  ])('known limit: %s', (_, key, spaceKey) => {
    expectNoPiece(redactSecrets(`key ${spaceKey(key)} end`), key);
  });

  // Was "leaves out … groups of two that read as words": the row-alphabet judge (issue 24) reads
  // groups of two as the key's too, so the property no longer leaves them out.
  test('the property\'s filter is the rule\'s own: groups of two and of three of a random key both read as random', () => {
    const key = 'npm_tMwWdycb9cfu3lnnbpNN4FyLbOuXDMaCV7Kq';
    const grouped = (size: number): string => `${key.slice(0, 13)}\n\n${(key.slice(13).match(new RegExp(`.{1,${size}}`, 'gu')) ?? []).join('\n\n')}`;
    expect(readsRandomSpacedOut('NPM_TOKEN', grouped(2))).toBe(true);
    expect(readsRandomSpacedOut('NPM_TOKEN', grouped(3))).toBe(true);
    expect(redactSecrets(grouped(2))).toBe('<REDACTED:NPM_TOKEN>');
    expect(redactSecrets(grouped(3))).toBe('<REDACTED:NPM_TOKEN>');
  });

  test('separated JWTs are found', () => {
    const jwt = samples.find((sample) => sample.type === 'JWT')?.text ?? '';
    for (const spaced of [jwt.replaceAll('.', ' . '), [...jwt].join(' '), jwt.replaceAll('.', '.\n'), [...jwt].join(' - '), [...jwt].join('. ')]) {
      expect(redactSecrets(`auth ${spaced} ok`)).toMatch(/^auth (?:<REDACTED:[A-Z_]+>)+ ok$/);
    }
  });
});

describe('linear work on hostile prefixes', () => {
  const work = (text: string): number => {
    scanWork.characters = 0;
    const session = redactSecretsStream().open();
    for (let offset = 0; offset < text.length; offset += 65_536) session.write(text.slice(offset, offset + 65_536));
    session.end();
    return scanWork.characters;
  };
  const perCharacter = (unit: string, size: number): number => work(unit.repeat(Math.ceil(size / unit.length))) / size;
  const prose = 'The council agreed to ship the plan. ';
  // Characters looked at per input character, counted without a clock, at 100 K, 200 K and 400 K.
  test.each(['sk-', 'A K I A ', 'ghp_', 'g h p _ ', 'xoxb-', 'AKIA', 'eyJ.', 'eyJ1 ', '-----BEGIN ', 'sk-1 ', 'xoxb-1 the '])(
    '%j repeated: work grows linearly, within a small factor of prose',
    { timeout: 120_000 },
    (unit) => {
      const base = perCharacter(prose, 100_000);
      const [small = 0, medium = 0, large = 0] = [100_000, 200_000, 400_000].map((size) => perCharacter(unit, size));
      expect(medium / small).toBeLessThan(1.1);
      expect(large / medium).toBeLessThan(1.1);
      expect(large).toBeLessThan(8 * base);
    },
  );
});
