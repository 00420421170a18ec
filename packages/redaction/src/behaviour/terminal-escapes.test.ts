import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { samples } from '../__fixtures__/secrets';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { escapeEnd, skipEscapes } from '../text/terminal-escape';

// Invariant: terminal colour and control sequences (CSI: `ESC [ params final`) put around names,
// operators, quotes and values (`jq -C`, `yq`, `grep --color`, httpie) read as nothing between
// them, and one right before a key, like a string's `\n`, `\t` or `\r` escape, ends the word
// before it: the secret is hidden as it is without the colours, whatever the chunking.

const E = '\u001b';
const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const webhook = 'https://hooks.slack.com/services/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';

describe('reading a terminal control sequence', () => {
  test('a CSI sequence ends after its final byte; anything else is none; a cut one waits', () => {
    expect(escapeEnd(`${E}[0m`, 0)).toBe(4);
    expect(escapeEnd(`${E}[38;5;208mx`, 0)).toBe(11);
    expect(escapeEnd(`${E}[K`, 0)).toBe(3);
    expect(escapeEnd(`${E}]0;title`, 0)).toBe(0);
    expect(escapeEnd(`${E}[1;3`, 0)).toBe(-1);
    expect(escapeEnd(E, 0)).toBe(-1);
    expect(escapeEnd(`${E}[1\n`, 0)).toBe(0);
    expect(skipEscapes(`${E}[01;31m${E}[Kx`, 0, false)).toBe(11);
    expect(skipEscapes(`${E}[01;31m${E}[`, 0, false)).toBe(-1);
    expect(skipEscapes(`${E}[01;31m${E}[`, 0, true)).toBe(8);
  });
});

describe('colours around names, operators and values (adversary item 2)', () => {
  test.each([
    ['jq -C', `{\n  ${E}[34;1m"password"${E}[0m${E}[1;39m: ${E}[0;32m"hunter2xyz"${E}[0m,\n  ${E}[34;1m"api_key"${E}[0m${E}[1;39m: ${E}[0;32m"q8Lk2Vx9Tn4wRm7Pb3"${E}[0m\n}`, ['hunter2xyz', 'q8Lk2Vx9Tn4wRm7Pb3']],
    ['grep --color, the name highlighted', `config.env:${E}[01;31m${E}[KDB_PASSWORD${E}[m${E}[K=s3cr3tValue99`, ['s3cr3tValue99']],
    ['grep --color, the value highlighted', `config.env:DB_PASSWORD=${E}[01;31m${E}[Ks3cr3tValue99${E}[m${E}[K`, ['s3cr3tValue99']],
    ['yq', `${E}[36mpassword${E}[0m: ${E}[32mhunter2xyz${E}[0m`, ['hunter2xyz']],
    ['httpie', `${E}[36mAuthorization${E}[39;49;00m: ${E}[33mBearer a8Zt3vN1xR7b${E}[39;49;00m`, ['a8Zt3vN1xR7b']],
    ['httpie, no scheme word', `${E}[36mAuthorization${E}[39;49;00m: ${E}[33ma8Zt3vN1xR7bQ9${E}[0m`, ['a8Zt3vN1xR7bQ9']],
    ['a coloured webhook', `${E}[32m${webhook}${E}[0m`, ['aB3dE5gH7jK9mN1pQ3sT5vX7']],
    ['a JSON `\\n` escape before a webhook', `{"msg":"posting to\\n${webhook}"}`, ['aB3dE5gH7jK9mN1pQ3sT5vX7']],
    ['a JSON `\\t` escape before a bearer credential', `{"h":"Authorization:\\tBearer a8Zt3vN1xR7b"}`, ['a8Zt3vN1xR7b']],
  ])('%s', (_name, text, secrets) => {
    const whole = redactSecrets(text);
    for (const secret of secrets) expect(whole).not.toContain(secret);
    // The colour codes themselves are left as they are.
    expect(whole.split(E).length).toBe(text.split(E).length);
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(whole);
    expectLossless(redactSecretsStream(), [text], { events, everySplit: true });
  });

  test('the escape is not redacted in place of the value (grep --color left the password in clear)', () => {
    const text = `DB_PASSWORD=${E}[01;31m${E}[Ks3cr3tValue99${E}[m${E}[K`;
    expect(redactSecrets(text)).toBe(`DB_PASSWORD=${E}[01;31m${E}[K<REDACTED:ASSIGNED_CREDENTIAL>${E}[m${E}[K`);
  });

  test.each([`${E}[31mtoken${E}[0m count`, `${E}[1mpassword${E}[0m: never tell`, `see ${E}[32mthe\\nsecret is out${E}[0m`, 'C:\\new\\temp\\readme.txt'])('stays: %j', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

/** An SGR or erase sequence as terminals write them. */
const sequence = fc.constantFrom('0m', 'm', '1m', '32m', '0;32m', '1;39m', '34;1m', '01;31m', 'K', '39;49;00m', '38;5;208m', '38;2;255;10;10m').map((body) => `${E}[${body}`);
const colours = fc.array(sequence, { minLength: 0, maxLength: 3 }).map((list) => list.join(''));
const chunking = fc.oneof(fc.array(fc.nat(200), { maxLength: 10 }).map((offsets) => ({ offsets, oneByOne: false })), fc.constant({ offsets: [] as number[], oneByOne: true }));
const chunksOf = (text: string, how: { offsets: readonly number[]; oneByOne: boolean }): string[] => (how.oneByOne ? [...text] : splitAt(text, how.offsets));

/** A random credential of letters and digits (a digit at every fifth place), seeded: no shrinking to filler. */
function randomSecret(seed: number, length: number): string {
  const random = seededRandom(seed);
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let secret = '';
  for (let index = 0; index < length; index += 1) secret += index % 5 === 4 ? String(Math.floor(random() * 10)) : alphabet[Math.floor(random() * alphabet.length)];
  return secret;
}

describe('property: colour codes anywhere between the pieces of an assignment or header', () => {
  // Shapes with slots for colours: c[0] before the name, c[1] after it, c[2] after the operator, c[3] after the value.
  const shapes: ReadonlyArray<(c: readonly string[], secret: string) => string> = [
    (c, s) => `${c[0]}"password"${c[1]}: ${c[2]}"${s}"${c[3]},`,
    (c, s) => `config.env:${c[0]}DB_PASSWORD${c[1]}=${c[2]}${s}${c[3]}\n`,
    (c, s) => `${c[0]}api_key${c[1]}: ${c[2]}${s}${c[3]}\n`,
    (c, s) => `  ${c[0]}client_secret${c[1]} = ${c[2]}'${s}'${c[3]}`,
    (c, s) => `${c[0]}Authorization${c[1]}: ${c[2]}Bearer ${s}${c[3]}`,
    (c, s) => `${c[0]}Authorization${c[1]}: ${c[2]}${s}${c[3]} end`,
    (c, s) => `${c[0]}DATABASE_URL${c[1]}=${c[2]}postgres://app:${s}@db.internal:5432/app${c[3]}`,
  ];
  test('the value is hidden and the output is the same for any chunking and one character per write (property, 400 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.nat(shapes.length - 1), fc.array(colours, { minLength: 4, maxLength: 4 }), fc.integer(), fc.integer({ min: 10, max: 40 }), chunking, (shape, slots, seed, length, how) => {
        const secret = randomSecret(seed, length);
        const text = (shapes[shape] as (c: readonly string[], s: string) => string)(slots, secret);
        const whole = redactSecrets(text);
        expect(survivingPiece(whole, secret), text).toBeUndefined();
        expect(runChunks(redactSecretsStream(), chunksOf(text, how)).output).toBe(whole);
      }),
      { numRuns: 400 },
    );
  });

  const keys = samples.filter((sample) => sample.type !== 'PRIVATE_KEY' && sample.type !== 'AWS_SECRET_ACCESS_KEY' && sample.type !== 'HIGH_ENTROPY');
  const lead = fc.oneof(sequence, fc.constantFrom('\\n', '\\t', '\\r'));
  test('a key right after a colour code or a `\\n` escape is hidden as it is after a space, any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.array(lead, { minLength: 1, maxLength: 3 }), colours, fc.constantFrom('', 'see ', '{"msg":"to', 'posting to'), chunking, (sample, before, after, head, how) => {
        const text = `${head}${before.join('')}${sample.text}${after} end`;
        const whole = redactSecrets(text);
        expect(survivingPiece(whole, sample.secret), text).toBeUndefined();
        expect(runChunks(redactSecretsStream(), chunksOf(text, how)).output).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });
});
