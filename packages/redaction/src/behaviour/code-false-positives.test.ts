import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { namesSecret } from '../judge/value-judge';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: code that names a secret without holding one stays as it is — a variable named for a
// secret passed or assigned (`password=db_password`, `secret=shared_secret`), a call however deeply
// nested (`bytes(memoryview(password))`), a reference type (`password: &str`), a CSS rule after a
// pseudo-class (`a.password:focus{…}`), a quoted `'-u'` compared in an option parser — while a
// literal value in the same place is still hidden (adversary item 14). Any chunking.

const placeholder = '<REDACTED:ASSIGNED_CREDENTIAL>';

describe('code that names a secret and holds none (adversary item 14)', () => {
  test.each([
    '    conn = connect(host=db_host, user=db_user, password=db_password, port=5432)',
    '    client = Client(api_key=settings.api_key, secret=shared_secret)',
    '    password = bytes(memoryview(password))',
    '    oauth_token = self._build_oauth_token(destination)',
    "        if o == '-u': func = decode",
    'pub fn verify_password(password: &str, hash: &PasswordHash) -> bool {',
    'a.password:focus{outline:none}',
    '.codicon-gist-secret:before{content:"\\eb0a"}',
    'login(password=userPassword)',
    'env(PASSWORD=DB_PASSWORD)',
  ])('stays: %j', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(text);
  });

  test.each([
    ['password=hunter2xyz, port=5432', `password=${placeholder}, port=5432`],
    ['password = SuperSecretPassw0rd', `password = ${placeholder}`],
    ['secret=Zq8vXw3kLp9T)', `secret=${placeholder})`],
    ["curl -u 'admin:Xk9qVb7mLp2Zr' https://x", "curl -u 'admin:<REDACTED:USER_OPTION_PASSWORD>' https://x"],
    ['a.password:Xk9qVb7mLp2Zr', `a.password:${placeholder}`],
  ])('still hidden: %j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(expected);
  });

  test('a variable named for a secret: snake, camel or constant case ending in a credential word', () => {
    for (const name of ['db_password', 'shared_secret', 'dbPassword', 'DB_PASSWORD', 'api_key', 'authToken']) expect(namesSecret(name), name).toBe(true);
    for (const name of ['SuperSecretPassword', 'SuperSecretPassw0rd', 'password', 'hunter2_password', 'Password', 'xpassword', 'monkey']) expect(namesSecret(name), name).toBe(false);
  });
});

const word = fc.constantFrom('db', 'shared', 'user', 'admin', 'app', 'client', 'old', 'new', 'root', 'smtp', 'redis', 'my');
const keyword = fc.constantFrom('password', 'secret', 'api_key', 'token', 'passwd', 'access_token');
const camel = (words: readonly string[]): string => words.map((part, index) => (index === 0 ? part : part[0]?.toUpperCase() + part.slice(1).replaceAll(/_(.)/gu, (_, letter: string) => letter.toUpperCase()))).join('');
const variable = fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), keyword, fc.constantFrom('snake', 'camel', 'constant')).map(([words, last, style]) => {
  if (style === 'camel') return camel([...words, last]);
  const snake = [...words, last].join('_');
  return style === 'constant' ? snake.toUpperCase() : snake;
});
const site = fc.constantFrom(
  (name: string, value: string) => `    conn = connect(host=h, ${name}=${value}, port=5432)\n`,
  (name: string, value: string) => `    client = Client(${name}=${value})\n`,
  (name: string, value: string) => `${name} = ${value}\n`,
  (name: string, value: string) => `  ${name}: ${value},\n`,
);
const chunking = fc.oneof(fc.array(fc.nat(80), { maxLength: 8 }).map((offsets) => ({ offsets, oneByOne: false })), fc.constant({ offsets: [] as number[], oneByOne: true }));

/** A seeded random literal credential: letters with a digit at every fourth place. */
function literal(seed: number, length: number): string {
  const random = seededRandom(seed);
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = '';
  for (let index = 0; index < length; index += 1) value += index % 4 === 3 ? String(Math.floor(random() * 10)) : letters[Math.floor(random() * letters.length)];
  return value;
}

describe('property: a variable named for a secret stays, a literal in its place is hidden', () => {
  test('any name, site and chunking (property, 400 cases)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(keyword, variable, site, fc.integer(), fc.integer({ min: 8, max: 32 }), chunking, (name, value, place, seed, length, how) => {
        const chunks = (text: string): string[] => (how.oneByOne ? [...text] : splitAt(text, how.offsets));
        const code = place(name, value);
        expect(runChunks(redactSecretsStream(), chunks(code)).output).toBe(code);
        const secret = literal(seed, length);
        const leaked = place(name, secret);
        const output = runChunks(redactSecretsStream(), chunks(leaked)).output;
        expect(output).toBe(redactSecrets(leaked));
        expect(survivingPiece(output, secret), leaked).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });
});
