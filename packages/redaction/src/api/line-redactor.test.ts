import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { builtInTypes } from '../rules/built-in-rules';
import { ALLOW_MARKER, LINE_TOO_LONG, lineMemory } from './line-redactor';
import type { RedactionEvents } from './redaction-event';
import type { RedactionOptions } from './redaction-options';
import type { RegexSecretRule } from '../user-rules/regex-rule';
import { redactSecretsStream } from './redact-secrets-stream';
import { findSecrets, redactSecrets } from './redact-secrets';
import { redactValue } from './redact-value';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
/** Only the regex rules, so a reference can say exactly what the output must be. */
const regexOnly: RedactionOptions = { disable: builtInTypes, entropy: false };

const acme: RegexSecretRule = { type: 'ACME_KEY', regex: String.raw`(?i)acme[_-]?key\s{0,3}[=:]\s{0,3}([a-z0-9]{16,24})`, keywords: ['acme'] };
const tokenLike: RegexSecretRule = { type: 'ZED_TOKEN', regex: String.raw`\bzed_[A-Za-z0-9]{12}\b` };

const lower = (text: string): string => text.replaceAll(/[A-Z]/gu, (letter) => letter.toLowerCase());

/**
 * What the line semantics say, written plainly: each line (without `\n` and a `\r` before it) is
 * searched by each rule from its first keyword (any case) or, without keywords, from the start;
 * overlapping secrets merge; everything else is left as it is.
 */
function reference(text: string, rules: readonly RegexSecretRule[]): string {
  let output = '';
  for (const piece of text.split(/(?<=\n)/u)) {
    const terminator = piece.endsWith('\r\n') ? 2 : piece.endsWith('\n') ? 1 : 0;
    const content = piece.slice(0, piece.length - terminator);
    const found: Array<{ type: string; start: number; end: number }> = [];
    let hold = -1;
    const froms = rules.map((rule) => {
      const keywords = rule.keywords ?? [];
      if (keywords.length === 0) return 0;
      const positions = keywords.map((keyword) => lower(content).indexOf(keyword.toLowerCase())).filter((at) => at >= 0);
      return positions.length === 0 ? -1 : Math.min(...positions);
    });
    for (const from of froms) if (from >= 0 && (hold < 0 || from < hold)) hold = from;
    const context = Math.max(0, hold - 256);
    const line = content.slice(context);
    rules.forEach((rule, index) => {
      const from = froms[index] as number;
      if (from < 0) return;
      const source = typeof rule.regex === 'string' ? rule.regex.replace('(?i)', '') : rule.regex.source;
      const regex = new RegExp(source, `gd${typeof rule.regex === 'string' && rule.regex.startsWith('(?i)') ? 'i' : ''}`);
      regex.lastIndex = from - context;
      for (let match = regex.exec(line); match !== null; match = regex.exec(line)) {
        const group = match.length > 1 && match[1] !== undefined ? 1 : 0;
        const [start, end] = match.indices?.[group] as [number, number];
        found.push({ type: rule.type, start: start + context, end: end + context });
      }
    });
    found.sort((left, right) => left.start - right.start);
    let cursor = 0;
    for (const finding of found) {
      if (finding.start < cursor) continue;
      output += `${content.slice(cursor, finding.start)}<REDACTED:${finding.type}>`;
      cursor = finding.end;
    }
    output += content.slice(cursor) + piece.slice(piece.length - terminator);
  }
  return output;
}

const secret = fc.string({ unit: fc.constantFrom(...'abcdefxyz0123456789'), minLength: 16, maxLength: 24 });
const zed = fc.string({ unit: fc.constantFrom(...'AbZq09xY'), minLength: 12, maxLength: 12 }).map((body) => `zed_${body}`);
/** Lines biased to the hard cases: the keyword split across chunks, the keyword without a match, several matches, CRLF, no newline at the end. */
const piece = fc.oneof(
  fc.tuple(fc.constantFrom('acme_key=', 'ACME-KEY: ', 'AcmeKey =  ', 'acmekey:'), secret).map(([name, value]) => name + value),
  fc.constantFrom('acme', 'ACM', 'the acme docs', 'key=', 'acme_key=short', 'ac', 'me'),
  zed,
  fc.constantFrom(' ', 'text ', '; ', '\n', '\r\n', 'x'),
);
const input = fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));
const chunking = fc.array(fc.nat(300), { maxLength: 10 });

describe('regex rules, line by line', () => {
  test('a keyword rule redacts its secret group; the rest of the line, and lines without the keyword, are untouched', () => {
    const text = 'ok\nset ACME_KEY = abcdef0123456789 now\nacme is a company\n';
    expect(redactSecrets(text, { rules: [acme] })).toBe('ok\nset ACME_KEY = <REDACTED:ACME_KEY> now\nacme is a company\n');
    expect(findSecrets(text, { rules: [acme] })).toEqual([{ type: 'ACME_KEY', start: 18, end: 34 }]);
  });

  test('redactValue and findSecrets take regex rules too', () => {
    expect(redactValue({ env: ['acme_key=abcdef0123456789'], 'zed_Ab12Cd34Ef56': 1 }, { rules: [acme, tokenLike] })).toEqual({ env: ['acme_key=<REDACTED:ACME_KEY>'], '<REDACTED:ZED_TOKEN>': 1 });
    expect(findSecrets('x zed_Ab12Cd34Ef56', { rules: [tokenLike] })).toEqual([{ type: 'ZED_TOKEN', start: 2, end: 18 }]);
  });

  test('a rule without keywords searches every line', () => {
    expect(redactSecrets('use zed_Ab12Cd34Ef56 and zed_Zz99Yy88Xx77\nzed_short', { rules: [tokenLike] })).toBe(
      'use <REDACTED:ZED_TOKEN> and <REDACTED:ZED_TOKEN>\nzed_short',
    );
  });

  test('a RegExp rule is used as it is (JavaScript syntax)', () => {
    expect(redactSecrets('id=acme_12345678', { rules: [{ type: 'ACME_ID', regex: /acme_(?<id>\d{8})/u, keywords: ['acme_'] }] })).toBe('id=acme_<REDACTED:ACME_ID>');
  });

  test('text before the first keyword is released at once; a keyword line is held until its end', () => {
    const session = redactSecretsStream({ rules: [acme] }).open();
    expect(session.write('hello there, this line has no keyword yet, ')).toBe('hello there, this line has no keyword yet, ');
    // `the ` goes on to the scan at once, which gathers a piece this short (`SCAN_BATCH`) until the line ends.
    expect(session.write('the acme_key=abcdef0123456789')).toBe('');
    expect(session.write(' and more\nnext ')).toBe('the acme_key=<REDACTED:ACME_KEY> and more\nnext ');
    expect(session.end()).toBe('');
  });

  test('a keyword split across chunks is still found', () => {
    expect(runChunks(redactSecretsStream({ rules: [acme] }), ['x ac', 'me_key=abcdef0123456789\n']).output).toBe('x acme_key=<REDACTED:ACME_KEY>\n');
  });

  test('built-in rules still run beside regex rules, before and after a regex finding', () => {
    const text = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5 acme_key=abcdef0123456789 AKIAQ3EGRXN7T5W2HJ4K';
    expect(redactSecrets(text, { rules: [acme] })).toBe('<REDACTED:GITHUB_TOKEN> acme_key=<REDACTED:ACME_KEY> <REDACTED:AWS_ACCESS_KEY_ID>');
    expectLossless(redactSecretsStream({ rules: [acme] }), text, { events, randomChunkings: 5 });
  });

  test('a regex finding inside a built-in secret never cuts it short: the findings merge', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8w zed_Ab12Cd34Ef56\nq9\n-----END PRIVATE KEY-----`;
    for (const entropy of [undefined, false] as const) {
      const options = { rules: [tokenLike], ...(entropy === undefined ? {} : { entropy }) };
      expect(redactSecrets(`key: ${pem} done`, options)).toBe('key: <REDACTED:PRIVATE_KEY> done');
      expectLossless(redactSecretsStream(options), `key: ${pem} done`, { events, everySplit: false, randomChunkings: 10 });
    }
    expect(redactSecrets('https://u:xacme_key=abcdef0123456789y@host/x', { rules: [acme] })).toBe('https://u:<REDACTED:URL_PASSWORD>@host/x');
    expect(redactSecrets('sk-ant-api03-acme_key=abcdef0123456789', { rules: [acme] })).not.toContain('abcdef0123456789');
  });

  test('overlapping findings of two rules become one, typed by the earlier', () => {
    const wide: RegexSecretRule = { type: 'WIDE', regex: String.raw`key=[a-z0-9]{8}`, keywords: ['key='] };
    expect(redactSecrets('acme_key=abcdef0123456789', { rules: [acme, wide], ...regexOnly })).toBe('acme_<REDACTED:WIDE>');
  });

  test('disable turns a regex rule off; allow leaves its findings alone', () => {
    expect(redactSecrets('acme_key=abcdef0123456789', { rules: [acme], disable: ['ACME_KEY'] })).toBe('acme_key=abcdef0123456789');
    expect(redactSecrets('acme_key=abcdef0123456789', { rules: [acme], allow: ['abcdef0123456789'] })).toBe('acme_key=abcdef0123456789');
  });

  test('onSecret and the redaction event see input offsets', () => {
    const seen: unknown[] = [];
    const redactor = redactSecretsStream({ rules: [acme], onSecret: (event) => seen.push(event) });
    const { output, events: recorded } = runChunks(redactor, ['ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5 ', 'acme_key=abcdef0123456789'], { streamId: 's' });
    expect(output).toBe('<REDACTED:GITHUB_TOKEN> acme_key=<REDACTED:ACME_KEY>');
    expect(seen).toEqual([
      { type: 'GITHUB_TOKEN', start: 0, end: 40, stream: 's' },
      { type: 'ACME_KEY', start: 50, end: 66, stream: 's' },
    ]);
    expect(recorded.map(({ event }) => event)).toEqual(seen);
  });

  test('matches the line reference and is lossless for any chunking (fast-check)', { timeout: 180_000 }, () => {
    const rules = [acme, tokenLike];
    const redactor = redactSecretsStream({ rules, ...regexOnly });
    fc.assert(
      fc.property(input, chunking, (text, offsets) => {
        const chunks = splitAt(text, offsets);
        expect(runChunks(redactor, chunks).output).toBe(reference(text, rules));
        expectLossless(redactor, text, { events, everySplit: false, randomChunkings: 2, chunkings: [chunks] });
      }),
      { numRuns: 300 },
    );
  });

  test('the FC_SEED=-1119937414 counterexample: a GitHub token glued after a placeholder-ish run is redacted, any chunking', () => {
    const parts = ['zed_AAAAAAxxxxxA', 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5 '];
    const text = parts.join('');
    const expected = 'zed_AAAAAAxxxxxA<REDACTED:GITHUB_TOKEN> ';
    expect(redactSecrets(text, { rules: [acme, tokenLike] })).toBe(expected);
    expect(runChunks(redactSecretsStream({ rules: [acme, tokenLike] }), parts).output).toBe(expected);
    expect(runChunks(redactSecretsStream({ rules: [acme, tokenLike] }), [...text]).output).toBe(expected);
    expectLossless(redactSecretsStream({ rules: [acme, tokenLike] }), text, { events, everySplit: true });
  });

  test('with the built-in rules on, no planted secret leaks, nothing the built-in rules redact is let through, and every chunking gives redactSecrets (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream({ rules: [acme, tokenLike] });
    const github = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5';
    // A private key whose body holds a regex rule's match: the scan holds it open across lines.
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8w zed_Ab12Cd34Ef56\nacme_key=abcdef0123456789\nZq9Wv7Tx\n-----END PRIVATE KEY-----\n';
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.constant(`${github} `), fc.constant(`\n${pem}`), fc.constant(`\n${pem.slice(0, 60)}`)), { minLength: 1, maxLength: 10 }), chunking, (parts, offsets) => {
        const text = parts.join('');
        const chunks = splitAt(text, offsets);
        const { output, events: recorded } = runChunks(redactor, chunks);
        expect(output).toBe(redactSecrets(text, { rules: [acme, tokenLike] }));
        expect(output).not.toContain(github.slice(4, 16));
        // Regex rules only ever add: every character the built-in rules redact alone is redacted here too.
        const covered = recorded.map(({ event }) => event as RedactionEvents['redaction']);
        for (const finding of findSecrets(text)) {
          for (let at = finding.start; at < finding.end; at += 1) expect(covered.some(({ start, end }) => start <= at && at < end)).toBe(true);
        }
        for (const match of text.matchAll(/zed_[A-Za-z0-9]{12}(?![A-Za-z0-9])/gu)) if (/(?:^|\W)$/u.test(text.slice(0, match.index))) expect(output).not.toContain(match[0]);
        expectLossless(redactor, text, { events, everySplit: false, randomChunkings: 1, chunkings: [chunks] });
      }),
      { numRuns: 200 },
    );
  });
});

describe('a line longer than maxLineLength fails closed', () => {
  const options = { rules: [acme], maxLineLength: 256, ...regexOnly };

  test('the held part is searched; the rest of the line is redacted as LINE_TOO_LONG', () => {
    const text = `acme_key=abcdef0123456789 ${'x'.repeat(300)} acme_key=zzzzzzzzzzzzzzzz\nnext acme_key=abcdef0123456789`;
    const output = redactSecrets(text, options);
    expect(output).toBe(`acme_key=<REDACTED:ACME_KEY> ${'x'.repeat(256 - 26)}<REDACTED:${LINE_TOO_LONG}>\nnext acme_key=<REDACTED:ACME_KEY>`);
    expect(findSecrets(text, options).map(({ type }) => type)).toEqual(['ACME_KEY', LINE_TOO_LONG, 'ACME_KEY']);
    expectLossless(redactSecretsStream(options), text, { events, everySplit: false, randomChunkings: 10 });
  });

  test('a long line without a keyword is never held', () => {
    const session = redactSecretsStream(options).open();
    expect(session.write('why '.repeat(2000))).toBe('why '.repeat(2000));
  });

  test('lossless for any line length around the limit and any chunking (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream(options);
    fc.assert(
      fc.property(fc.nat(300), fc.nat(300), fc.boolean(), chunking, (before, after, newline, offsets) => {
        const text = `${'a'.repeat(before)} acme_key=abcdef0123456789${'b'.repeat(after)}${newline ? '\nacme_key=0123456789abcdef' : ''}`;
        const chunks = splitAt(text, offsets);
        const { output } = runChunks(redactor, chunks);
        expect(output).not.toContain('abcdef0123456789');
        expect(output).not.toContain('0123456789abcdef');
        expectLossless(redactor, text, { events, everySplit: false, randomChunkings: 2, chunkings: [chunks] });
      }),
      { numRuns: 200 },
    );
  });
});

describe('the parley:allow marker', () => {
  const github = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5';

  test('is off by default: a model cannot exempt a line', () => {
    expect(redactSecrets(`${github} # ${ALLOW_MARKER}`)).toBe(`<REDACTED:GITHUB_TOKEN> # ${ALLOW_MARKER}`);
  });

  test('when on, a line carrying it is left as it is, before or after the secret; other lines are redacted', () => {
    const text = `fixture ${github} # ${ALLOW_MARKER}\n# ${ALLOW_MARKER}: ${github}\nreal ${github}\nacme_key=abcdef0123456789 ${ALLOW_MARKER}`;
    expect(redactSecrets(text, { allowMarker: true, rules: [acme] })).toBe(
      `fixture ${github} # ${ALLOW_MARKER}\n# ${ALLOW_MARKER}: ${github}\nreal <REDACTED:GITHUB_TOKEN>\nacme_key=abcdef0123456789 ${ALLOW_MARKER}`,
    );
    expectLossless(redactSecretsStream({ allowMarker: true, rules: [acme] }), text, { events, everySplit: false, randomChunkings: 10 });
  });

  test('counts only within the first maxLineLength characters of its line', () => {
    const far = `${github} ${'x '.repeat(200)}${ALLOW_MARKER}`;
    const output = redactSecrets(far, { allowMarker: true, maxLineLength: 256 });
    expect(output).not.toContain(github.slice(4));
    expect(output).toMatch(/^<REDACTED:[A-Z_]+> (?:x )+parley:allow$/u);
  });

  test('marked lines come out whole, no secret of an unmarked line leaks, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const redactor = redactSecretsStream({ allowMarker: true });
    // Drawn by a seeded generator: it shrinks to another random body, never to `aaaa…`, a constant
    // body the catalogue leaves alone on purpose (FC_SEED=1626234065).
    const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const token = fc.integer().map((seed) => {
      const random = seededRandom(seed);
      return `ghp_${Array.from({ length: 36 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')}`;
    });
    const line = fc.record({
      lead: fc.constantFrom('', 'token ', 'x = '),
      secret: fc.option(token, { nil: undefined }),
      marker: fc.constantFrom('before', 'after', 'none', 'broken'),
      tail: fc.constantFrom('', ' done', ' # ok'),
    });
    const render = ({ lead, secret, marker, tail }: { lead: string; secret: string | undefined; marker: string; tail: string }): string => {
      const body = `${lead}${secret ?? 'nothing here'}${tail}`;
      if (marker === 'before') return `${ALLOW_MARKER} ${body}`;
      if (marker === 'after') return `${body} ${ALLOW_MARKER}`;
      if (marker === 'broken') return `${body} parley: allow`;
      return body;
    };
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), chunking, (lines, newline, offsets) => {
        const text = lines.map(render).join(newline);
        const chunks = splitAt(text, offsets);
        const { output } = runChunks(redactor, chunks);
        for (const entry of lines) {
          if (entry.marker === 'before' || entry.marker === 'after') expect(output).toContain(render(entry));
          else if (entry.secret !== undefined && !lines.some((other) => other !== entry && other.secret === entry.secret)) expect(output).not.toContain(entry.secret.slice(8, 16));
        }
        expectLossless(redactor, text, { events, everySplit: false, randomChunkings: 2, chunkings: [chunks] });
      }),
      { numRuns: 200 },
    );
  });
});

describe('memory', () => {
  test("what a session keeps stays within maxLineLength, context, the built-in scan's hold and one chunk, for every kind of hold (fast-check)", { timeout: 180_000 }, () => {
    const kinds: RedactionOptions[] = [
      { rules: [acme], maxLineLength: 256 },
      { rules: [tokenLike], maxLineLength: 256 },
      { allowMarker: true, maxLineLength: 256 },
      { rules: [acme, tokenLike], allowMarker: true, maxLineLength: 256 },
    ];
    const line = fc.oneof(
      fc.constantFrom('acme_key=abcdef0123456789 ok', `fixture ${ALLOW_MARKER}`, 'plain words here', 'zed_Ab12Cd34Ef56'),
      fc.nat(600).map((length) => `acme ${'w'.repeat(length)}`),
      fc.nat(600).map((length) => 'q '.repeat(length)),
      fc.integer({ min: 1000, max: 3000 }).map((length) => `${ALLOW_MARKER} acme ${'a '.repeat(length)}`),
    );
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.array(line, { minLength: 50, maxLength: 120 }), fc.integer({ min: 1, max: 64 }), (options, lines, width) => {
        const text = lines.join('\n');
        const chunks: string[] = [];
        for (let at = 0; at < text.length; at += width) chunks.push(text.slice(at, at + width));
        lineMemory.mostKept = 0;
        runChunks(redactSecretsStream(options), chunks);
        // maxLineLength, the context before a hold, what the built-in scan holds (a token run: maxTokenLength), one chunk.
        expect(lineMemory.mostKept).toBeLessThanOrEqual(256 + 256 + 1024 + width);
      }),
      { numRuns: 60 },
    );
  });
});
