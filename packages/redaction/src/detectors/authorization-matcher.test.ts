import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { startsWithProviderPrefix } from '../judge/catalogue-index';
import { isCredentialShaped, isLooselyRandom } from '../judge/value-judge';
import { isStructured } from '../judge/plausibility';
import { isPlaceholder } from '../judge/placeholder';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: a scheme word (`Bearer`, `Basic`, `Token`) names the credential after it in any case:
// after `Authorization:` the value is hidden whatever its case; in prose a lower-case `token` is
// followed by a credential only when the value looks like one (letters and digits both, not words),
// so "the token expires" stays. Any chunking.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const stream = (chunks: readonly string[]): string => runChunks(redactSecretsStream(), chunks).output;
const hidden = '<REDACTED:AUTHORIZATION_CREDENTIAL>';

describe('lower-case scheme words', () => {
  test.each([
    ['authorization: token abcdef0123456789abcd', `authorization: token ${hidden}`],
    ['curl -H "Authorization: token 5eb4c2a9f0d1e3b7"', `curl -H "Authorization: ${'token'} ${hidden}"`],
    ['AUTHORIZATION: TOKEN 5eb4c2a9f0d1e3b7', `AUTHORIZATION: TOKEN ${hidden}`],
    ['use token ghx7Yq2LmP9s now', `use token ${hidden} now`],
    ['the bearer a8Zt3vN1xR7bLk2mWp9s works', `the bearer ${hidden} works`],
  ])('%j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(stream([...text])).toBe(expected);
    expectLossless(redactSecretsStream(), [text], { events });
  });

  test('a value with a provider\'s prefix after a lower-case token is that provider\'s (it names it and follows it spaced out)', () => {
    expect(redactSecrets('(token AKIAE23GP7JMUETVKQ7Z. Again: A K I A E 2 3 G P 7 J M U E T V K Q 7 Z)')).toBe('(token <REDACTED:AWS_ACCESS_KEY_ID>. Again: <REDACTED:AWS_ACCESS_KEY_ID>)');
  });

  test.each(['the token expires soon', 'token count 12345678 rows', 'a token abcdefghijklmnop', 'token refresh_interval_2', 'authorization: token <your-token>', 'the token v1.2.3-beta4 tag'])('prose: %j is unchanged', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(stream([...text])).toBe(text);
  });
});

describe('what ends a header\'s credential in prose and Markdown', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  test.each([
    // A sentence's closing `.` and Markdown's bold marks after the credential are the text's; a JWT's own dots are its.
    ['Send Authorization: Bearer k8Qv2mZr9xLpT4wE7bN3.', `Send Authorization: Bearer ${hidden}.`],
    [`Authorization: Bearer ${jwt}.\nThen retry.`, `Authorization: Bearer ${hidden}.\nThen retry.`],
    ['Use **Authorization: Bearer k8Qv2mZr9xLpT4wE7bN3**', `Use **Authorization: Bearer ${hidden}**`],
    ['**Authorization: Basic YWRtaW46czNjcjN0UGFzcw==**.', `**Authorization: Basic ${hidden}**.`],
    ['Authorization: k8Qv2mZr9xLpT4wE7bN3.', `Authorization: ${hidden}.`],
    // One `*` ending the credential is its own.
    ['{"Authorization": "Bearer Vo42IQT+O#f^V&=Az!o!yRPr1*"}', `{"Authorization": "Bearer ${hidden}"}`],
  ])('%j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(stream([...text])).toBe(expected);
    expectLossless(redactSecretsStream(), [text], { events });
  });
});

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const valueCharacter = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...alnum) }, fc.constantFrom('-', '.', '_', '~', '+', '/', '='));
const value = fc.array(valueCharacter, { minLength: 8, maxLength: 48 }).map((characters) => characters.join(''));
const randomCase = (word: string): fc.Arbitrary<string> => fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) => [...word].map((character, index) => (upper[index] === true ? character.toUpperCase() : character)).join(''));
const scheme = fc.constantFrom('token', 'bearer', 'basic').chain(randomCase);
const chunking = fc.oneof({ weight: 3, arbitrary: fc.array(fc.nat(100), { maxLength: 8 }) }, fc.constant(undefined));
const chunksOf = (text: string, offsets: number[] | undefined): string[] => (offsets === undefined ? [...text] : splitAt(text, offsets));
const around = fc.constantFrom(['', ''], ['curl -H "', '" https://x'], ['> ', '\n'], ["-H '", "'"]);

test('after Authorization:, any case of the header and its scheme word, the credential is hidden whole, any chunking (property, 500 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(randomCase('authorization'), scheme, value, around, chunking, (name, word, secret, [before, after], offsets) => {
      // A sentence's closing `.` after the credential is the text's (by decision).
      fc.pre(!isStructured(secret) && !isPlaceholder(secret) && !secret.endsWith('.'));
      const text = `${before}${name}: ${word} ${secret}${after}`;
      const output = stream(chunksOf(text, offsets));
      expect(output, text).toBe(`${before}${name}: ${word} ${hidden}${after}`);
      expect(survivingPiece(output, secret)).toBeUndefined();
    }),
    { numRuns: 500 },
  );
});

test('lower-case token in prose: a credential-shaped value is hidden, a value of words is not, any chunking (property, 500 cases)', { timeout: 120_000 }, () => {
  const words = fc.array(fc.constantFrom('refresh', 'count', 'expires', 'session', 'v1', 'beta', 'limit', 'x', 'page', 'next'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('_'));
  fc.assert(
    fc.property(fc.oneof(value, words), fc.constantFrom(['the ', ' is set.'], ['use token ', ''], ['', '\n']), chunking, (secret, [before, after], offsets) => {
      // A sentence's closing `.` is not the value's; a value with a provider's prefix is that provider's rule's (by decision).
      fc.pre(!secret.endsWith('.') && !startsWithProviderPrefix(secret));
      const prose = before.endsWith('token ') ? before : `${before}token `;
      const text = `${prose}${secret}${after}`;
      const output = stream(chunksOf(text, offsets));
      const shaped = isCredentialShaped(secret) && isLooselyRandom(secret) && !isPlaceholder(secret);
      if (shaped) {
        expect(output, text).toBe(`${prose}${hidden}${after}`);
        expect(survivingPiece(output, secret)).toBeUndefined();
      } else expect(output).toBe(redactSecrets(text));
      if (!shaped && isStructured(secret)) expect(output).toBe(text);
    }),
    { numRuns: 500 },
  );
});

test('a scheme word outside a header followed by code is code: a C++ type named Token', () => {
  for (const text of ['  Token &peekNext();\n  Token getNext();', 'inline static Token integerToken(int32_t);', 'Token Transliterator::pointerToken(void* p) {']) {
    expect(redactSecrets(text), text).toBe(text);
  }
  expect(redactSecrets('Token k8Qv2mZr9xLpT4wE')).toBe('Token <REDACTED:AUTHORIZATION_CREDENTIAL>');
});

// Invariant: the standards' published examples (RFC 7617's `Aladdin:open sesame`, RFC 6749's
// client credentials, RFC 6750's token) and a Basic credential whose password is a placeholder
// (`username:password`) are documentation, any chunking; a Basic credential with any other
// password, words and all, is still hidden.
describe('published and placeholder credentials', () => {
  test.each([
    'Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
    'Authorization: Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW',
    'Authorization: Bearer mF_9.B5f-4.1JqM',
    'curl -H "Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=" https://example.com/',
    'headers = {"Authorization": "Basic YWRtaW46PHBhc3N3b3JkPg=="}',
  ])('%j is unchanged', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 20, events });
  });

  test.each(['admin:SummerDragon', 'user:Xk9mPq2vLz8w', 'ci:monkeyTiger'])('Basic %s is hidden', (pair) => {
    const value = Buffer.from(pair).toString('base64');
    expect(redactSecrets(`Authorization: Basic ${value}`)).toBe('Authorization: Basic <REDACTED:AUTHORIZATION_CREDENTIAL>');
  });
});
