import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../__fixtures__/catalogue-examples';
import { leakedPiece, uniformKey, type Writing, written } from '../../__fixtures__/row-alphabet-keys';
import { expectStreamMatchesWhole } from '../../__fixtures__/stream-matches-whole';
import { redactSecrets } from '../../api/redact-secrets';
import { readsAsListedWords } from '../../judge/listed-word';
import { catalogue } from '../../rules/catalogue';
import { WordShape } from '../../text/word-shape';
import { continuationOdds } from './key-continuation';

/**
 * Issue 24, exact spans and "no key out", stated as one class: a key whose body is drawn from its
 * row's alphabet, written spaced out with any one blank separator every 2 to 8 characters or
 * wrapped at any column, then ordinary prose or code, comes out as exactly one placeholder in its
 * place — nothing of the key left, nothing after it lost — in one write, one character per write
 * and random chunkings. The decision at each gap is `continuationOdds`.
 */
const rows = catalogue.filter((rule) => rule.checksum === undefined);
const blanks = [' ', '\u00a0', '\t', '\u200b', '\n'];
/** Prose and code after the key: a paragraph, words, a command's line, a field. */
const after = ['\n\nRotate it after.', ' then run it', '\nnpm publish --access public', '\ngh repo list acme', '\nPORT=3000', '. Done'];
/** Separator-like characters a row's alphabet may hold (`-`, `_`, `.`, `/`, `+`, `=`, `~`): a body with none, so every gap is the writer's. */
const SEPARATOR_LIKE = /[-_./+=~]/u;
const writing: fc.Arbitrary<Writing> = fc.oneof(
  fc.record({ kind: fc.constant('spaced' as const), every: fc.integer({ min: 2, max: 8 }), separator: fc.constantFrom(...blanks) }),
  fc.record({ kind: fc.constant('wrapped' as const), column: fc.integer({ min: 8, max: 80 }) }),
);
const chunking = fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.constant(false) });
const placeholder = /^<REDACTED:[A-Z0-9_]+>$/u;

describe('whether a key goes on past a gap', () => {
  test('the row\'s length decides first: a key short of its minimum goes on, one at its maximum stops, a field\'s name is text', () => {
    const group = { text: 'then', from: 0, to: 4, classBits: 6, count: 4, rhythm: 'exact', wordShaped: true, namesField: false, gluedToWord: false } as const;
    expect(continuationOdds('key-separator', 'short', group)).toBe(Number.POSITIVE_INFINITY);
    expect(continuationOdds('key-separator', 'full', group)).toBe(Number.NEGATIVE_INFINITY);
    expect(continuationOdds('line-break', 'room', { ...group, namesField: true })).toBe(Number.NEGATIVE_INFINITY);
  });

  test('at a line\'s start a listed word or command is text, a random group alone on its line the key\'s', () => {
    const at = (text: string, endsLine: boolean): number => continuationOdds('line-break', 'room', { text, from: 0, to: text.length, classBits: 6, count: text.length, rhythm: 'none', wordShaped: true, namesField: false, gluedToWord: false, endsLine });
    expect(at('Then', false)).toBeLessThan(0);
    expect(at('npm', false)).toBeLessThan(0);
    expect(at('ZWBX', true)).toBeGreaterThan(0);
    expect(at('ZWBX', false)).toBeGreaterThan(0);
  });

  test(
    'a row key spaced with one blank separator or wrapped at a column, then prose or code, is replaced exactly: one write, one character per write, random chunkings (fast-check)',
    { timeout: 300_000 },
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...rows), fc.nat(), writing, fc.constantFrom(...after), fc.array(chunking, { maxLength: 2 }), (rule, seed, way, tail, chunkings) => {
          const key = uniformKey(rule, seededRandom(seed));
          fc.pre(!SEPARATOR_LIKE.test(key.slice((rule.prefixes[0] as string).length)));
          // The key begins a line, so a wrap's column counts from the key's first character.
          const before = 'The key is:\n';
          // Only keys the redactor replaces exactly when written whole in the same place.
          fc.pre(placeholder.test(redactSecrets(key)) && redactSecrets(before + key + tail).startsWith(before) && redactSecrets(before + key + tail).endsWith(tail));
          const text = written(key, way, before, tail);
          // A last group that reads as a word (`go`, `j7`, `lldstpa2`; a listed one below) is a
          // coin toss the odds decide, not this class: `word-like-last-groups.test.ts` states the
          // unlisted ones. Here the last group has a random shape (a digit inside, mixed case).
          const lastGroup = text.slice(before.length, text.length - tail.length).split(/[\s\u200b]/u).at(-1) ?? '';
          const shape = new WordShape();
          for (const character of lastGroup) shape.add(character.charCodeAt(0));
          fc.pre(lastGroup.length >= 3 && !shape.isWord());
          const output = expectStreamMatchesWhole(text, {}, chunkings);
          expect(output.startsWith(before) && output.endsWith(tail), JSON.stringify(text)).toBe(true);
          expect(output.slice(before.length, output.length - tail.length), JSON.stringify(text)).toMatch(placeholder);
        }),
        { numRuns: 200 },
      );
    },
  );

  test(
    'a key written whole keeps the short token after it: a shell option (`<key> -d`, ` --rm`) or a next line that opens with one or a number and goes on (`3) restart`, `200 OK`, `C:\\>`, `2024-03-01 rotated`): one write, one character per write, random chunkings (fast-check)',
    { timeout: 300_000 },
    () => {
      // Options, and lines that open with one to three characters of many rows' alphabets, then more of the line.
      const tails = [...['3) restart the worker', '200 OK', 'C:\\> node index.js', 'Q3 revenue was up', 'ok then', '1 row affected', 'v2 is out', 'A: yes', 'b) run the tests', '2024-03-01 rotated', '42 rows'].map((line) => `\n${line}\n`), ' -d\n', ' --rm\n', ' -e NODE_ENV=prod\n', ' -p 8080:8080 acme/api\n'];
      fc.assert(
        fc.property(fc.constantFrom(...catalogue), fc.nat(), fc.constantFrom(...tails), fc.array(chunking, { maxLength: 2 }), (rule, seed, tail, chunkings) => {
          const key = uniformKey(rule, seededRandom(seed));
          const before = 'C:\\> set KEY=';
          // Only keys the redactor replaces exactly when written whole.
          fc.pre(placeholder.test(redactSecrets(key)));
          const output = expectStreamMatchesWhole(before + key + tail, {}, chunkings);
          expect(output.startsWith(before) && output.endsWith(tail), JSON.stringify(before + key + tail)).toBe(true);
          expect(output.slice(before.length, output.length - tail.length)).toMatch(placeholder);
        }),
        { numRuns: 300 },
      );
    },
  );

  test('a line break that shows no wrap is weighed, not ruled out: a random line start the list lacks is the key\'s, a word or command the text\'s', () => {
    const at = (text: string, endsLine: boolean, classBits: number): number => continuationOdds('line-break', 'room', { text, from: 0, to: text.length, classBits, count: text.length, rhythm: 'none', wordShaped: true, namesField: false, gluedToWord: false, endsLine });
    // A wrapped key's last line (`…zulzg⏎lyzi4 for now.`, `…FLIF⏎TEHP for now.`).
    expect(at('lyzi4', false, Math.log2(37))).toBeGreaterThan(0);
    expect(at('TEHP', false, Math.log2(36))).toBeGreaterThan(0);
    for (const word of ['Then', 'done', 'npm', 'echo', 'Rotate']) expect(at(word, false, Math.log2(62))).toBeLessThan(0);
  });

  test.each([
    // The leak bench's wrapped keys whose short last line alone showed the wrap (PARLEY_LEAKS_SEED=6 … 11).
    ['y0_jyK_k5BxErFmgNlpTgwMDk8OH8bmDw8anffi9kfMbBvVD9zrpne8ju\ne505', '<REDACTED:YANDEX_CLOUD_TOKEN>'],
    ['The key is sk-helicone-m3xwjyqoizr0q10fqbl-wfbymb61yzulzg\nlyzi4 for now.', 'The key is <REDACTED:HELICONE_API_KEY> for now.'],
    ['The key is rpa_6FSW8DTYPU1R1C4MD9EA9VIC6G5B5BETEKO39HFXFLIF\nTEHP for now.', 'The key is <REDACTED:RUNPOD_API_KEY> for now.'],
    ['Here it is:\n\neyJrIjoin8eTNNos=ZZvWALzJb5w0PUsTgiJE6Jbmwf=Tbbnfj+18drMmB7uciAaQaeZllOp\nurk=\n\nRotate it after.', 'Here it is:\n\n<REDACTED:GRAFANA_TOKEN>\n\nRotate it after.'],
  ])('a wrapped key\'s last line that alone shows the wrap is the key\'s: %j', (text, redacted) => {
    expect(expectStreamMatchesWhole(text)).toBe(redacted);
  });

  /** Contexts of the leak bench: a sentence, a shell line, a paragraph, nothing. */
  const contexts: ReadonlyArray<readonly [string, string]> = [['The key is ', ' for now.'], ['export TOKEN=', '\n'], ['Here it is:\n\n', '\n\nRotate it after.'], ['', '']];
  test(
    'a key wrapped at any column, its last line alone showing the wrap (one line break in the key), leaves no 4-character piece: one write, one character per write, random chunkings (fast-check)',
    { timeout: 300_000 },
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...catalogue), fc.nat(), fc.integer({ min: 8, max: 80 }), fc.constantFrom(...contexts), fc.array(chunking, { maxLength: 2 }), (rule, seed, column, [before, after], chunkings) => {
          const key = uniformKey(rule, seededRandom(seed));
          const text = written(key, { kind: 'wrapped', column }, before, after);
          const keyText = text.slice(before.length, text.length - after.length);
          const lines = keyText.split('\n');
          const rest = lines.at(-1) ?? '';
          // One line break inside the key, and a rest of four characters or more (a shorter one is no leak).
          fc.pre(lines.length === 2 && rest.length >= 4);
          // Known limit: a rest the word list reads (`gate`) is text's by the odds.
          fc.pre(readsAsListedWords(rest, 0, rest.length) !== true);
          const output = expectStreamMatchesWhole(text, {}, chunkings);
          expect(leakedPiece(output, key, rule.prefixes[0] as string, before + (rule.prefixes[0] as string) + after), JSON.stringify(text)).toBeUndefined();
        }),
        { numRuns: 300 },
      );
    },
  );

  test(
    'a key wrapped at any column, then a line that opens with a short token: the line is kept once the key\'s last line is shorter than its line before, and no 4-character piece of the key is left, any chunking (fast-check)',
    { timeout: 300_000 },
    () => {
      const tails = ['ok', '200 OK', '2) restart the worker', 'Q3 revenue was up', 'v2 is out', 'fi', 'EOF'].map((line) => `\n${line}\n`);
      fc.assert(
        fc.property(fc.constantFrom(...catalogue), fc.nat(), fc.integer({ min: 8, max: 80 }), fc.constantFrom('Here you go:\n', 'The key is:\n'), fc.constantFrom(...tails), fc.array(chunking, { maxLength: 2 }), (rule, seed, column, before, tail, chunkings) => {
          const key = uniformKey(rule, seededRandom(seed));
          // Only keys the redactor replaces exactly when written whole.
          fc.pre(placeholder.test(redactSecrets(key)));
          const lines = written(key, { kind: 'wrapped', column }, before, '').slice(before.length).split('\n');
          const last = lines.at(-1) ?? '';
          // Wrapped (two lines or more), the last shorter than the one before; a last line ending in
          // one of the row's own separators (`…eZB_`) is a limit left (see the report of the change).
          fc.pre(lines.length >= 2 && last.length < (lines.at(-2) ?? '').length && !SEPARATOR_LIKE.test(last.at(-1) ?? ''));
          const text = written(key, { kind: 'wrapped', column }, before, tail);
          const output = expectStreamMatchesWhole(text, {}, chunkings);
          // The line after the key whole; of the key no 4-character piece (a last line of one to
          // three characters is left to the text: `MIN_LINE_GROUP`).
          expect(output.startsWith(`${before}<REDACTED:`) && output.endsWith(tail), JSON.stringify(text)).toBe(true);
          expect(leakedPiece(output, key, rule.prefixes[0] as string, before + (rule.prefixes[0] as string) + tail), JSON.stringify(text)).toBeUndefined();
        }),
        { numRuns: 300 },
      );
    },
  );

  test(
    'a key wrapped at a column from a line\'s start, its last line shorter than its line before, keeps the next line whole (a lone word, a file, an ISO time, a command, a bullet, a field): one write, one character per write, random chunkings (fast-check)',
    { timeout: 300_000 },
    () => {
      const lines = ['TODO', 'main.py', 'src/index.ts', '2026-01-02T03:04:05Z', '1767225600', 'npm run build', 'git push origin main', '- rotate it now', '* Done', 'DEBUG=true', 'LOG_LEVEL=info', 'region: us-east-1'];
      fc.assert(
        fc.property(fc.constantFrom(...rows), fc.nat(), fc.integer({ min: 16, max: 80 }), fc.constantFrom(...lines), fc.boolean(), fc.array(chunking, { maxLength: 2 }), (rule, seed, column, line, newline, chunkings) => {
          const key = uniformKey(rule, seededRandom(seed));
          const before = 'The key is:\n';
          const keyLines = written(key, { kind: 'wrapped', column }, before, '').slice(before.length).split('\n');
          // Wrapped, its last line shorter than the one before: the wrap's last line (the key ended).
          fc.pre(keyLines.length >= 2 && (keyLines.at(-1) ?? '').length < (keyLines.at(-2) ?? '').length);
          // Only keys the redactor finds whole when so wrapped (a key wrapped inside a literal is a limit of its own).
          fc.pre(placeholder.test(redactSecrets(keyLines.join('\n'))));
          const tail = `\n${line}${newline ? '\n' : ''}`;
          const text = written(key, { kind: 'wrapped', column }, before, tail);
          const output = expectStreamMatchesWhole(text, {}, chunkings);
          expect(output.slice(0, before.length) + output.slice(output.length - tail.length), JSON.stringify(text)).toBe(before + tail);
          expect(output.slice(before.length, output.length - tail.length), JSON.stringify(text)).toMatch(placeholder);
        }),
        { numRuns: 300 },
      );
    },
  );

  test('after a wrap\'s last line the key has ended, past its row\'s minimum: the decision is the row\'s length alone', () => {
    const group = { text: 'xQ7vZ', from: 0, to: 5, classBits: 6, count: 5, rhythm: 'none', wordShaped: false, namesField: false, gluedToWord: false, endsLine: true } as const;
    expect(continuationOdds('wrap-end', 'room', group)).toBe(Number.NEGATIVE_INFINITY);
    expect(continuationOdds('wrap-end', 'short', group)).toBe(Number.POSITIVE_INFINITY);
    // At the key's column, a random rest is the key's, a number or a listed word the text's.
    expect(continuationOdds('column-wrap', 'room', { ...group, column: 40 })).toBeGreaterThan(0);
    for (const text of ['2026-01-02T03:04:05Z', '1767225600', 'done']) expect(continuationOdds('column-wrap', 'room', { ...group, text, to: text.length, count: text.length, wordShaped: true, column: 40 })).toBeLessThan(0);
  });

  test.each([
    // The leak bench's Airtable PATs wrapped over several lines, below the row's length on each (PARLEY_LEAKS_SEED=12, 14).
    ['The key is pat90NgedtspIJsRF.3\n6ee57d01265b23258eb93196757d65\n492306cde43280e88325c5d0183401\n865 for now.', 'The key is <REDACTED:AIRTABLE_TOKEN> for now.'],
    ['export TOKEN=patS9Yr72x\nVpAMPn0.9431f2475209184\n32c1235563e02d15068b846\n3aa67500623744208192549\naf1\n', 'export TOKEN=<REDACTED:AIRTABLE_TOKEN>\n'],
    // A class that begins on a wrapped line counts only the wraps inside it: the hex run's 32 characters end at `a71`, the next line is text.
    ['The key is access_token$sandbox$1\n7zsi91kijj541k9$9435daf247228e6cc\nd6175f6afe26a71\nconfig.yaml\n', 'The key is <REDACTED:BRAINTREE_ACCESS_TOKEN>\nconfig.yaml\n'],
    // A spaced key's last group in its rhythm, holding a piece of key, is the key's; what follows it is out of the rhythm (PARLEY_LEAKS_SEED=3, 12, 17).
    ['export TOKEN=HRKU-J XohBjS RoTZ5D Yw6ugq aSeUgT 7ZOpcW yQbwdf zVn-mC ayjm2T AT_141\n', 'export TOKEN=<REDACTED:HEROKU_API_KEY>\n'],
    ['The key is github_p at_lWIK4 kGOHYcW0 9_bcxT7v HCREQ for now.', 'The key is <REDACTED:GITHUB_TOKEN> for now.'],
    ['export TOKEN=hchik_hl we2ufs2x a4x1hqkh vhkpkbui pavk91z8 7d1gzy93 gmzpuxzm gate\n', 'export TOKEN=<REDACTED:HONEYCOMB_API_KEY>\n'],
  ])('a key the leak bench left out: %j', (text, redacted) => {
    expect(expectStreamMatchesWhole(text)).toBe(redacted);
  });

  test('a key at a line\'s end keeps an aligned assignment on the next line: a field\'s name before blanks and `=`', () => {
    for (const key of ['dbtc_ZdiQ4SRk3eaBw0cwfMCZFg-Z3By_hvEbBpafgm-sB', 'sk-ant-QKawBwUJWgjTqW5Q8PEoq8ME5rDNaxXmF9Q']) {
      for (const next of ['RFC2047_CHROME_LEN = 7', 'NLCRE_crack = re.compile(x)', 'TIMEOUT\t= 30']) {
        expect(expectStreamMatchesWhole(`export TOKEN=${key}\n${next}\n`)).toMatch(new RegExp(`^export TOKEN=<REDACTED:[A-Z_]+>\\n${next.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}\\n$`, 'u'));
      }
    }
  });

  test.each([
    // A prefix that ends with a separator the body uses too: the body's characters are counted, not the prefix's.
    ['The key is GOCSPX-vrRWFL39ryOPn0Cx1GEXM4mFgIo lWaRyA for now.', 'The key is <REDACTED:GOOGLE_OAUTH_CLIENT_SECRET> for now.'],
    ['The key is https://hooks.slack.com/services/GK7Arh96hVtmN0obrc6 NGwh3Y for now.', 'The key is <REDACTED:SLACK_WEBHOOK_URL> for now.'],
    // A group after one blank that reads random is the key's rest; a short token or a word is the text's.
    ['Your key is `xoxs-Qygj8XQQxKBoaxPf-rrewQLC IaUF3` — keep it.', 'Your key is `<REDACTED:SLACK_TOKEN>` — keep it.'],
    ['```\nya29.IbaR85nTQAxc1KlT_5fPmg47IcqKt7439GbA_IHEyttdupEwvTtA _ePYoBgaJW\n```', '```\n<REDACTED:GOOGLE_OAUTH_ACCESS_TOKEN>\n```'],
    ['K=sk-helicone-c525ro042fa661qf09hyfgl94vq0t6w4\tprod\n', 'K=<REDACTED:HELICONE_API_KEY>\tprod\n'],
    // A number after a blank is read as one (key-contexts' key-then-number).
    ['token rpa_0AP4DTMNZ90LPFZ019RBOB36RX0XIN69ISOEEX9LC 3600 seconds\n', 'token <REDACTED:RUNPOD_API_KEY> 3600 seconds\n'],
  ])('a key\'s rest after a blank, written whole: %j', (text, redacted) => {
    expect(expectStreamMatchesWhole(text)).toBe(redacted);
  });

  test('a key one line holds short of its row\'s written length takes the next line\'s short rest, however short', () => {
    // The skeleton reads a Telegram bot token's id, `:` and 35 characters as one class: the token's
    // written length, not the class's, says the `8x` on the next line is the key's.
    const text = 'https://api.telegram.org/bot4968990:tgt6PoCxQJz_tAMPSkRMg0s23myfLMDP5\n8x is the rest';
    expect(expectStreamMatchesWhole(text)).toBe('https://<REDACTED:TELEGRAM_BOT_TOKEN> is the rest');
  });

  // Known limit: a key's last group that is a listed word is read as prose by the text model (the
  // word list), as likely as the key's by the odds: `go` alone on the key's last line is left.
  test.fails('known limit: a wrapped key whose last line is a listed word leaves it', () => {
    const text = 'The key is:\nxau_iAC6OaP68AyWyl\naBHQfy6Er1m7GOL7D4\ngo\n\nRotate it after.';
    expect(expectStreamMatchesWhole(text)).toBe('The key is:\n<REDACTED:XATA_API_KEY>\n\nRotate it after.');
  });

  // Known limit: inside a spaced key's tail the groups are weighed by the written model alone (the
  // word list is asked only at a line's start: a key's own short groups are listed words as often
  // as prose's are), and two short words in the key's rhythm may together read as random.
  test.fails('known limit: `for now.` after a key spaced in fives whose last group is full is taken in', () => {
    const text = 'The key is:\nos_v2 _app_ tn62w wn3mh 7otce arw6i uu32e 4kuns 7x5n5 6uuir 4nb7i jp5ji k5ljp ambrq s7m3x rjkus mmino jsei3 for now.';
    expect(expectStreamMatchesWhole(text)).toBe('The key is:\n<REDACTED:ONESIGNAL_API_KEY> for now.');
  });
});
