import { expectChunkInvariant, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { contextNames, everyContext, type PlantedCase, plantedCases, randomPassword, verdictOf } from '../__fixtures__/planted-contexts';
import { exampleOf, labelAndSecret, seededRandom } from '../__fixtures__/catalogue-examples';
import { catalogue, type CatalogueRule } from '../rules/catalogue';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

/** What the output must be: the context with exactly the secret replaced by one marker. */
const expectExact = (planted: PlantedCase, output: string): void => {
  expect(verdictOf(planted, output), `${JSON.stringify(planted.text)}\n-> ${JSON.stringify(output)}`).toBe('exact');
};

describe('exact spans: a finding covers the planted secret and nothing else', () => {
  test('generic credentials in every context, in any chunking (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(fc.nat(2 ** 31 - 1), fc.array(fc.nat(400), { maxLength: 12 }), fc.boolean(), (seed, offsets, oneByOne) => {
        const [planted] = plantedCases(seed, 1, ['generic']) as [PlantedCase];
        expectExact(planted, redactSecrets(planted.text));
        const chunks = oneByOne ? [...planted.text] : splitAt(planted.text, offsets);
        expectExact(planted, runChunks(redactor, chunks).output);
      }),
      { numRuns: 300 },
    );
  });

  test('catalogue keys in every context, in any chunking and one character per write (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(fc.nat(2 ** 31 - 1), fc.array(fc.nat(400), { maxLength: 12 }), fc.boolean(), (seed, offsets, oneByOne) => {
        const [planted] = plantedCases(seed, 1, ['catalogue']) as [PlantedCase];
        // Some drawn bodies are judged no key (the randomness judge's business): exact or untouched.
        const whole = redactSecrets(planted.text);
        if (whole === planted.text) return;
        expectExact(planted, whole);
        expectExact(planted, runChunks(redactor, oneByOne ? [...planted.text] : splitAt(planted.text, offsets)).output);
      }),
      { numRuns: 400 },
    );
  });

  test('every generic context once, every split and random chunkings', { timeout: 120_000 }, () => {
    const password = randomPassword(seededRandom(20260524));
    for (const planted of everyContext(password, 'generic', 'DB_PASSWORD')) {
      expectExact(planted, redactSecrets(planted.text));
      expectChunkInvariant(redactSecretsStream(), planted.text, { randomChunkings: 10 });
    }
    expect(contextNames.generic.length).toBeGreaterThan(40);
  });

  test('the lost-text cases the issue names that the value readers decide', () => {
    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ['GET https://api.acme.io/v1/items?client_secret=', 'E0g1DEXZZ-1qXbGxpWAIXCPzU', '&page=2 HTTP/1.1'],
      ['const uri = "mongodb+srv://admin:', 'UNw4Rg6F4MWZyGvFg0YLGI', '@cluster0.j9grj.mongodb.net/shop?retryWrites=true";'],
      ['Server=db.acme.io;Database=shop;User Id=sa;Password=', 'Xk9qVb7mT2pL!e', ';Encrypt=true'],
      ['def connect(password=', 'Xk9qVb7mT2pLe', '):'],
    ];
    for (const [before, secret, after] of cases) expectExact({ context: 'example', kind: 'generic', before, secret, after, text: before + secret + after }, redactSecrets(before + secret + after));
  });

  test('the lost-text cases the issue names that the pattern rule decides', () => {
    // A GitHub token's body is 36 characters or more (the marker this replaces drew 34: short of
    // the row's minimum, a key goes on across a line break to be whole, as the rule says).
    const gho = `gho_${'R8bF3kLm9QwErTyUiOp1AsDfGhJkLzXc4dQ2'}`;
    const stripe = 'sk_live_51HcXk2Lq9TbW3vN8rYpZa0Ms';
    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ['export GITHUB_PAT=', gho, '\ngh repo list acme'],
      ['config: &{Endpoint:https://api.acme.io Credential:', stripe, ' Timeout:30s Debug:false}'],
      ['| stripe_secret_key | prod | ', stripe, ' | 2025-01-17 |\n| other | dev | n/a | - |\n'],
      ['FROM node:20-alpine\nENV GITHUB_TOKEN=', gho, '\nRUN npm ci --omit=dev\nCMD ["node", "server.js"]\n'],
      ['stripe-secret-key: ', stripe, '\n'],
      ['| github_pat | prod | ', 'github_pat_11ABCDEFG0Xk9QvB7mT2pLe4RwZy8NcH5jU3sD6fGa1KoPq', ' |\n'],
      ['curl -u ', stripe, ': https://api.stripe.com/v1/charges'],
    ];
    for (const [before, secret, after] of cases) {
      const planted: PlantedCase = { context: 'example', kind: 'catalogue', before, secret, after, text: before + secret + after };
      expectExact(planted, redactSecrets(planted.text));
      expectChunkInvariant(redactSecretsStream(), planted.text, { randomChunkings: 10 });
    }
  });
});

/**
 * Where a catalogue key ends (pattern-matcher.ts `extend`): a key written whole that holds its row's
 * minimum ends at a gap not its own unless its rest follows spaced out one way (the same gap after
 * groups of one size) or, after punctuation alone, a group that is no word, number or name; a prefix
 * at a name's tail (`stripe-secret-key`, `github_pat`) begins a key only written contiguously; a
 * spaced-out key never holds a key written whole.
 */
describe('a catalogue key ends where the key does', () => {
  const befores = ['', 'curl -u ', 'Credential:', 'export TOKEN=', 'ENV TOKEN=', '| token | prod | ', 'key: ', 'stripe-secret-key: ', '| github_pat | prod | ', '| mapbox_secret_token | prod | ', '| npm_token | prod | ', 'id,service,jina_api_key,owner\n3,billing,'];
  const afters = [' Timeout:30s Debug:false}', '\ngh repo list acme\n', ' | 2025-01-17 |\n| other | dev | n/a | - |\n', '\nRUN npm ci --omit=dev\nCMD ["node"]\n', '\nPORT=3000\nLOG_LEVEL=info\n', ': https://api.stripe.com/v1/charges', ' for the staging account.', ',ops@acme.io\n', '\n\nRotate it after the demo.\n', ' |\n'];
  const rows = catalogue.filter((rule) => !rule.prefixes[0]?.includes('/'));

  test('any row, written whole before text, fields, commands or another line: the rest is kept, any chunking and one character per write (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.constantFrom(...rows),
        fc.nat(2 ** 31 - 1),
        fc.constantFrom(...befores),
        fc.constantFrom(...afters),
        fc.array(fc.nat(300), { maxLength: 12 }),
        fc.boolean(),
        (rule, seed, before, after, offsets, oneByOne) => {
          // `-u <key>: <url>` is curl's (a value with a trailing `:` after a label is the assignment
          // reader's; a key holding `:` after `-u` is a user and a password to it).
          fc.pre((before === 'curl -u ') === after.startsWith(':') && (before !== 'curl -u ' || !rule.body.some((part) => 'literal' in part && part.literal.includes(':'))));
          const random = seededRandom(seed);
          const [label, secret] = labelAndSecret(rule, exampleOf(rule, random, 'positive', Math.floor(random() * rule.prefixes.length), 'any', random()));
          const planted: PlantedCase = { context: 'end', kind: 'catalogue', before: before + label, secret, after, text: before + label + secret + after };
          const whole = redactSecrets(planted.text);
          // A body the rules judge no key (the randomness judge's business) leaves the text as it is.
          if (whole === planted.text) return;
          expectExact(planted, whole);
          expectExact(planted, runChunks(redactor, oneByOne ? [...planted.text] : splitAt(planted.text, offsets)).output);
        },
      ),
      { numRuns: 600 },
    );
  });

  test('every split, one character per write and random chunkings: one key of each body shape in each place', { timeout: 120_000 }, () => {
    const random = seededRandom(20260525);
    const shapes = ['sk_live_', 'github_pat_', 'eyJ', 'ABSK', 'xoxb-', 'hf_'].map((prefix) => rows.find((rule) => rule.prefixes.includes(prefix)) as CatalogueRule);
    for (const [index, rule] of shapes.entries()) {
      const secret = exampleOf(rule, random, 'positive', rule.prefixes.findIndex((prefix) => ['sk_live_', 'github_pat_', 'eyJ', 'ABSK', 'xoxb-', 'hf_'].includes(prefix)));
      for (const after of [afters[index % afters.length] as string, afters[(index + 3) % afters.length] as string]) {
        const before = befores[index + 5] as string;
        const planted: PlantedCase = { context: 'end', kind: 'catalogue', before, secret, after, text: before + secret + after };
        expectExact(planted, redactSecrets(planted.text));
        expectChunkInvariant(redactSecretsStream(), planted.text, { randomChunkings: 5 });
      }
    }
  });

  test('a key spaced out after it was written whole still goes on: its rest spaced one way is the key', () => {
    const key = 'xoxb-578208020088-7067946158032-BATbNPFdGSuYeE2RMyxUI7Kq';
    for (const gap of [' ', '\n', ' - ', '\u2028', ';']) {
      const text = `Rotate this now: ${key.slice(0, 34)}${[...key.slice(34)].map((character) => gap + character).join('')} end`;
      expect(redactSecrets(text), JSON.stringify(text)).toBe('Rotate this now: <REDACTED:SLACK_TOKEN> end');
    }
    // Groups of one size, then a word: the word is not the key's.
    expect(redactSecrets(`${key.slice(0, 40)} ${key.slice(40, 44)} ${key.slice(44, 48)} ${key.slice(48, 52)} ${key.slice(52)} then`)).toBe('<REDACTED:SLACK_TOKEN> then');
  });
});

describe('generic credentials where models put them', () => {
  const password = 'k1s3#6GkB6qIg';
  const examples: ReadonlyArray<readonly [string, string]> = [
    [`DB_PASSWORD:                ${password}`, 'DB_PASSWORD:                <R>'],
    [`  password                 = "${password}"`, '  password                 = "<R>"'],
    [`API_KEY                    = "Zq8vXw3kLp9T4mN2"`, 'API_KEY                    = "<R>"'],
    [`<add key="DbPassword" value="${password}" />`, '<add key="DbPassword" value="<R>" />'],
    [`ALTER USER 'app'@'%' IDENTIFIED BY '${password}';`, "ALTER USER 'app'@'%' IDENTIFIED BY '<R>';"],
    [`CREATE USER scott IDENTIFIED BY tiger8Xk2q;`, 'CREATE USER scott IDENTIFIED BY <R>;'],
    [`authorization: Bearer ${password}`, 'authorization: Bearer <R>'],
    [`curl -H "Authorization: Basic dXNlcjpw#XNz" https://x.io`, 'curl -H "Authorization: Basic <R>" https://x.io'],
    ['curl -u my8user2token9x:x-oauth-basic https://api.github.com/user', 'curl -u <R>:x-oauth-basic https://api.github.com/user'],
    [`cfg: {User:app Password:tSv9P0zBcZyRf8mPR Host:db}`, 'cfg: {User:app Password:<R> Host:db}'],
    [`conn = connect(host="db", password="${password}", dbname="shop")`, 'conn = connect(host="db", password="<R>", dbname="shop")'],
    [`postgres://app:${password.replace('#', '')}@db.acme.io:5432/shop`, 'postgres://app:<R>@db.acme.io:5432/shop'],
  ];
  test.each(examples)('%s', (text, expected) => {
    const output = redactSecrets(text).replace(/<REDACTED:[A-Z_]+>/g, '<R>');
    expect(output).toBe(expected);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 5 });
  });

  const negatives = [
    'def connect(host, password=None):',
    'const secret = await fetchSecret()',
    'const token = await getToken(scope)',
    'password: ${{ secrets.DB_PASSWORD }}',
    'DB_PASSWORD:                ${DB_PASSWORD}',
    'if (password == null) return;',
    'users are identified by username and email',
    "IDENTIFIED BY '${DB_PASS}'",
    'Use Bearer $GITHUB_TOKEN in the header.',
    'Bearer authentication is described in RFC 6750.',
    '<add key="Timeout" value="30" />',
    '<add key="DbPassword" value="{{ db_password }}" />',
    'curl -u admin:$PASSWORD https://x.io',
  ];
  test.each(negatives)('%s stays unchanged', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  test('≥ 95% of generated generic credentials are redacted whole', () => {
    const cases = plantedCases(7, 600, ['generic']);
    const caught = cases.filter((planted) => verdictOf(planted, redactSecrets(planted.text)) !== 'survives').length;
    expect(caught / cases.length).toBeGreaterThanOrEqual(0.95);
  });
});
