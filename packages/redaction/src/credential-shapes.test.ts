import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { RedactionEvents } from './redaction-event';
import { redactSecretsStream } from './redact-secrets-stream';
import { redactSecrets } from './redact-secrets';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const token = 'k8Xq2mZ9pLw4RtY7vB3nQ6sD';

describe('Authorization: Token (leak 1)', () => {
  test.each([
    ['a short DRF-style token', 'Authorization: Token k8Xq2mZ9pL', 'Authorization: Token <REDACTED:AUTHORIZATION_CREDENTIAL>'],
    ['a hex token', 'Authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b\n', 'Authorization: Token <REDACTED:AUTHORIZATION_CREDENTIAL>\n'],
    ['in curl', `curl -H "authorization: Token ${token}" x`, 'curl -H "authorization: Token <REDACTED:AUTHORIZATION_CREDENTIAL>" x'],
  ])('%s is redacted', (_, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expectLossless(redactSecretsStream(), text, { events, everySplit: true });
  });

  test.each(['Token authentication is enabled.', 'the token expired yesterday', 'Token <your-token>'])('%j is left alone', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, everySplit: true });
  });
});

describe('curl -u user:password (leak 2)', () => {
  test.each([
    ['-u', 'curl -u alice:hunter22 https://x', 'curl -u alice:<REDACTED:USER_OPTION_PASSWORD> https://x'],
    ['--user', 'curl --user alice:hunter22 https://x', 'curl --user alice:<REDACTED:USER_OPTION_PASSWORD> https://x'],
    ['--user=', 'curl --user=alice:hunter22 https://x', 'curl --user=alice:<REDACTED:USER_OPTION_PASSWORD> https://x'],
    ['attached', 'curl -ualice:hunter22 x', 'curl -ualice:<REDACTED:USER_OPTION_PASSWORD> x'],
    ['single-quoted', "curl -u 'alice:p@ss word' x", "curl -u 'alice:<REDACTED:USER_OPTION_PASSWORD>' x"],
    ['double-quoted', 'curl -u "alice:a:b" x', 'curl -u "alice:<REDACTED:USER_OPTION_PASSWORD>" x'],
    ['at the end', 'curl x -u alice:hunter22', 'curl x -u alice:<REDACTED:USER_OPTION_PASSWORD>'],
  ])('%s: the part after the first colon is redacted', (_, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expectLossless(redactSecretsStream(), text, { events, everySplit: true });
  });

  test.each(['docker run -u 1000:1000 img', 'curl -u alice https://x', 'curl -u alice: x', 'curl -u alice:$PASSWORD x', 'ls -ul', 'grep --user-agent a:b'])('%j is left alone', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), text, { events, everySplit: true });
  });
});

describe('a token as a URL user name (leak 3)', () => {
  test.each([
    ['x-oauth-basic', `git clone https://${token}:x-oauth-basic@github.com/o/r`, 'git clone https://<REDACTED:URL_PASSWORD>@github.com/o/r'],
    ['no password', `https://${token}@github.com/o/r.git`, 'https://<REDACTED:URL_PASSWORD>@github.com/o/r.git'],
    ['a ghp_ token, port', 'https://ghp_abcdefghij1234567890ABCDEFGHIJ123456@github.com:443/x', 'https://<REDACTED:URL_PASSWORD>@github.com:443/x'],
    ['x-access-token', `https://x-access-token:${token}@github.com`, 'https://x-access-token:<REDACTED:URL_PASSWORD>@github.com'],
    ['oauth2', `https://oauth2:${token}@gitlab.com`, 'https://oauth2:<REDACTED:URL_PASSWORD>@gitlab.com'],
  ])('%s', (_, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expectLossless(redactSecretsStream(), text, { events, everySplit: true });
  });

  test.each(['https://user@host', 'git@github.com:org/repo', 'ssh://git@github.com/org/repo', 'https://alice.smith.long.name.here@example.com/x', 'https://ANOTHERVERYLONGUSERNAME2@host'])('%j is left alone', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

const tokenValue = fc.string({ unit: fc.constantFrom(...'aZ9qK3hW7mB2'), minLength: 20, maxLength: 40 }).filter((value) => /\d/.test(value) && /[a-z]/i.test(value) && !/^[a-z]+\d*$/i.test(value) && !/^[A-Z]+\d*$/.test(value));
const password = fc.string({ unit: fc.constantFrom(...'aZ9q%@!xK#'), minLength: 1, maxLength: 16 }).filter((value) => !/^[*x]+$/i.test(value) && !/^\d+$/.test(value));
const before = fc.constantFrom('', 'ok ', 'run: ', '\n', 'see `');
const after = fc.constantFrom('', ' ', ' https://x', '\nnext', '` done');
/** A chunking: cut points as fractions of the text. */
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 });

const chunk = (text: string, fractions: readonly number[]): string[] =>
  splitAt(text, [...new Set(fractions.map((fraction) => Math.floor(fraction * text.length)))]);

/** The secret never reaches the output, the rest of the text is unchanged, whatever the chunking. */
function expectRedacted(prefix: string, secret: string, suffix: string, fractions: readonly number[], type: string): void {
  const text = prefix + secret + suffix;
  const { output } = runChunks(redactSecretsStream(), chunk(text, fractions));
  expect(output).toBe(`${prefix}<REDACTED:${type}>${suffix}`);
  expectLossless(redactSecretsStream(), text, { events, chunkings: [chunk(text, fractions)] });
}

describe('properties', () => {
  test('Authorization: Token <value>: the value never leaks, the rest is unchanged', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(before, fc.constantFrom('Authorization: Token ', 'authorization: Token ', 'Token\t'), tokenValue, after, cuts, (prefix, header, value, suffix, fractions) => {
        expectRedacted(prefix + header, value, suffix, fractions, 'AUTHORIZATION_CREDENTIAL');
      }),
      { numRuns: 200 },
    );
  });

  test('-u user:password: the password never leaks, the rest is unchanged', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(before, fc.constantFrom('curl -u ', 'curl --user ', 'curl -u', 'curl --user=', 'http -u  '), fc.constantFrom('', "'", '"'), fc.stringMatching(/^[a-z]{1,8}$/), password, after, cuts, (prefix, option, quote, user, secret, suffix, fractions) => {
        const quoted = quote === '' ? secret.replace(/[\s'"]/g, 'a') : secret.replaceAll(quote, 'a');
        expectRedacted(`${prefix}${option}${quote}${user}:`, quoted, `${quote}${suffix}`, fractions, 'USER_OPTION_PASSWORD');
      }),
      { numRuns: 200 },
    );
  });

  test('a token user name in a URL never leaks, the rest is unchanged', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(before, fc.constantFrom('https://', 'http://', 'git+https://'), tokenValue, fc.constantFrom('', ':x-oauth-basic', ':x-access-token', ':oauth2', ':pw9Zq'), fc.constantFrom('github.com', 'gitlab.com:443'), fc.constantFrom('', '/o/r.git', '?x=1'), after, cuts, (prefix, scheme, value, marker, host, path, suffix, fractions) => {
        expectRedacted(prefix + scheme, value + marker, `@${host}${path}${suffix}`, fractions, 'URL_PASSWORD');
      }),
      { numRuns: 200 },
    );
  });

  test('uid:gid and plain user names stay byte for byte', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(before, fc.constantFrom('docker run -u ', 'curl -u ', 'https://', 'ssh://'), fc.tuple(fc.nat(65535), fc.nat(65535)).map(([uid, gid]) => `${uid}:${gid}`), fc.stringMatching(/^[a-z]{1,12}$/), fc.constantFrom(' img', ''), cuts, (prefix, command, ids, name, suffix, fractions) => {
        const text = command.includes('//') ? `${prefix}${command}${name}@host.com/x${suffix}` : prefix + command + (suffix === '' ? name : ids) + suffix;
        expect(runChunks(redactSecretsStream(), chunk(text, fractions)).output).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
