import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCredentialShaped, isPlaceholderValue } from './value-judge';
import { expectChunkInvariant } from '@parley/core/testing';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

/** The stream gives what the whole text gives, however `text` is cut (ten random chunkings besides every split). */
const expectSameInAnyChunking = (text: string): void => {
  expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
};

/** `text` comes out as written, whole and in any chunking. */
const expectLeftInAnyChunking = (text: string): void => {
  expect(redactSecrets(text)).toBe(text);
  expectSameInAnyChunking(text);
};

describe('the value judge', () => {
  test('placeholder values', () => {
    for (const value of ['${VAR}', '{{ secret }}', '<your-key>', 'changeme', 'YOUR_PASSWORD', 'REPLACE_WITH_TOKEN', 'xxxxx', '***', 'aaaaaaaa', 'null']) expect(isPlaceholderValue(value), value).toBe(true);
    for (const value of ['hunter22', 's3cr3t-pw', 'c2VjcmV0']) expect(isPlaceholderValue(value), value).toBe(false);
  });

  test('doubling is all it takes: any value of doubled characters is filler, and one single character makes it credential-shaped again', () => {
    const character = fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const doubled = fc.array(fc.tuple(character, fc.integer({ min: 2, max: 6 })), { minLength: 4, maxLength: 16 }).map((runs) => runs.map(([value, count]) => value.repeat(count)).join(''));
    fc.assert(
      fc.property(doubled, fc.nat(), character, (value, at, extra) => {
        expect(isCredentialShaped(value)).toBe(false);
        // A single character (different from its neighbours) inserted: judged as any other value again.
        const index = at % (value.length + 1);
        if (value[index - 1] === extra || value[index] === extra) return;
        const broken = value.slice(0, index) + extra + value.slice(index);
        const judged = isCredentialShaped(broken);
        expect(judged).toBe(isCredentialShaped(`${broken}z9Q`) && judged);
      }),
      { numRuns: 300 },
    );
  });
});

describe('minified code after a credential\'s name is no value (Algolia\'s bundled clients)', () => {
  // From @algolia/client-abtesting's and search-insights' browser builds.
  test.each([
    ['an object and a call closing after a name', 'getClientApiKey(){return a},setClientApiKey({apiKey:o}){!r||r==="WithinHeaders"?u.baseHeaders["x-algolia-api-key"]=o:u.baseQueryParameters["x-algolia-api-key"]=o},addABTests(o,n){'],
    ['a comparison after a name', '{"X-Algolia-Application-Id":null!=a?a:r,"X-Algolia-API-Key":null!=c?c:o,"X-Algolia-Agent":e}'],
  ])('%s', (_, line) => {
    expect(findSecrets(line)).toEqual([]);
  });

  test('quoted, or without the code after the name, the same characters are judged as a value', () => {
    expect(findSecrets('apiKey: "o}){!r||r===Xq9Lm2Pz"').length).toBeGreaterThan(0);
    expect(findSecrets('API_KEY=ab}cdEF12xy9Q\n').length).toBeGreaterThan(0);
  });
});

describe('a replacement field or a Vim variable after a credential\'s name is no value', () => {
  // Vim's netrw plugin (`autoload/netrw.vim`), Python's and C#'s format strings.
  test.each([
    '    let s:netrw_passwd= g:netrw_passwd\n  let s:netrw_hup[host].passwd = s:netrw_passwd\n',
    'password = "{password}"\nurl = f"postgres://{user}:{password}@{host}/db"\n',
    'db_password = "{db_password}"\nTOKEN = "{0}"\n',
  ])('%j stays, in any chunking', (text) => {
    expectLeftInAnyChunking(text);
  });

  test.each([
    ['a password in braces that is no name of one case', 'password = "{Xk9#mPq2vL}"\n'],
    ['a password after a scope-like prefix, mixed case', 'password = s:Xk9mPq2vL7aQ\n'],
  ])('%s is still found, in any chunking', (_, text) => {
    expect(redactSecrets(text)).not.toBe(text);
    expectSameInAnyChunking(text);
  });
});

describe('a value that names its place, or the password every example uses, is no secret', () => {
  // Documentation's examples (gcloud's, an OAuth client's tests, React's, Google's P12 password).
  test.each([
    'gcloud secrets versions enable 123 --secret=my-secret --etag=123\n',
    'gcloud sql export tde --pvk-password=my-pvk-password\n',
    '  access_token: "new-access-token",\n  refresh_token: "valid-refresh-token"\n',
    "const ReactPropTypesSecret = 'SECRET_DO_NOT_PASS_THIS_OR_YOU_WILL_BE_FIRED';\n",
    "  headers: { 'X-TOKEN-SECRET': 'SuperSecretToken' },\n",
    'gcloud database-migration connection-profiles create postgresql --password=123456 --username=my-user\n',
    'const P12_PASSWORD = "notasecret";\nmachine example.com password 123456\n',
  ])('%j stays, in any chunking', (text) => {
    expectLeftInAnyChunking(text);
  });

  // What a user writes is still found: words with digits or symbols, a passphrase that names nothing, a longer number.
  test.each([
    ['DB_PASSWORD=Summer2024!\n', 'Summer2024!'],
    ['password: "hunter2x!Q"\n', 'hunter2x!Q'],
    ['--secret=my-s3cret-Xk9q\n', 'my-s3cret-Xk9q'],
    ['password: "correct-horse-battery-staple"\n', 'correct-horse-battery-staple'],
    ['access_token: "new-access-token-7fK2qZ9x"\n', 'new-access-token-7fK2qZ9x'],
    ['--password=1234567\n', '1234567'],
  ])('%j is redacted, in any chunking', (text, secret) => {
    expect(redactSecrets(text)).not.toContain(secret);
    expectSameInAnyChunking(text);
  });

  test('the phrase judge: words of letters, each in one case, one of them naming a credential', () => {
    for (const value of ['my-secret', 'new-access-token', 'SECRET_DO_NOT_PASS', 'My-Password', 'SuperSecretToken', 'mySecretKey', 'qwerty', 'hunter2']) expect(isPlaceholderValue(value), value).toBe(true);
    for (const value of ['my-s3cret', 'correct-horse-battery', 'sEcReT-token', 'TextInput', 'SuperSecretPassw0rd', 'hunter2x', 'new-access-token!']) expect(isPlaceholderValue(value), value).toBe(false);
  });
});

describe('a version, or a configure result, after a credential\'s name is no secret', () => {
  test.each([
    ['a package pinned in package.json', '    "@secretlint/secretlint-rule-1password": "13.1.0",\n'],
    ['Perl\'s Config', "d_grpasswd='define'\nd_pwpasswd='undef'\n"],
  ])('%s stays, in any chunking', (_, text) => {
    expectLeftInAnyChunking(text);
  });

  test('a password of digits and dots that is no version, or a word beside one, is still found', () => {
    for (const [text, secret] of [['password: "13.1.0.7.9"\n', '13.1.0.7.9'], ["d_grpasswd='define9Xq'\n", 'define9Xq'], ['DB_PASSWORD=1.2.3-Xk9qLm\n', '1.2.3-Xk9qLm']] as const) {
      expect(redactSecrets(text)).not.toContain(secret);
      expectSameInAnyChunking(text);
    }
  });
});
