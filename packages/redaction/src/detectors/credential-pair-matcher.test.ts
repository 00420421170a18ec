import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCredentialShaped, isPlaceholderValue } from '../judge/value-judge';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: the password of a user and password pair given to a basic-auth or login call (or to
// `auth=`) is hidden whole, its quotes and the user kept, in any chunking; calls whose second
// argument is a word, a sentence, a variable or an example password are left as they are.

const hidden = '<REDACTED:ASSIGNED_CREDENTIAL>';
const stream = (chunks: readonly string[]): string => runChunks(redactSecretsStream(), chunks).output;

describe('a password beside its user in a pair', () => {
  const contexts: ReadonlyArray<readonly [string, string]> = [
    ['resp = requests.get(url, auth=("admin", "', '"))\n'],
    ["r = requests.post(u, auth = ('svc', '", "'), timeout=5)\n"],
    ['auth = HTTPBasicAuth("admin", "', '")\n'],
    ['session = aiohttp.ClientSession(auth=aiohttp.BasicAuth("user", "', '"))\n'],
    ["await request(app).get('/api').auth('tobi', '", "')\n"],
    ['server.login("me@example.com", "', '")\n'],
    ['{"auth": ["admin", "', '"], "verify": false}\n'],
    ['var creds = new NetworkCredential("svc-backup", "', '");\n'],
    ['provider.setCredentials(AuthScope.ANY, new UsernamePasswordCredentials("admin", "', '"));\n'],
    ['Connection conn = DriverManager.getConnection("jdbc:mysql://db:3306/app", "app", "', '");\n'],
    ['conn = DriverManager.getConnection(DB_URL, "sa", "', '")\n'],
    ['resp = requests.get(url, auth=(username, "', '"))\n'],
  ];
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWYZabcdefghijkmnpqrstuvwyz0123456789!#%*+-=?@^_~';
  // Drawn uniformly, as a password manager draws.
  const password = fc.tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 11, max: 32 })).map(([seed, length]) => `${randomRun(alphabet, length, seededRandom(seed))}7`);
  const chunking = fc.oneof({ weight: 3, arbitrary: fc.array(fc.nat(90), { maxLength: 8 }) }, fc.constant(undefined));

  test('the password alone is hidden, whole, in any chunking (property, 300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...contexts), password, chunking, ([head, tail], secret, offsets) => {
        fc.pre(isCredentialShaped(secret) && !isPlaceholderValue(secret));
        const text = `${head}${secret}${tail}`;
        const expected = `${head}${hidden}${tail}`;
        expect(redactSecrets(text)).toBe(expected);
        expect(stream(offsets === undefined ? [...text] : splitAt(text, offsets)), text).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  test.each([
    'auth=("admin", "password")',
    'client.login("alice", "hunter2")',
    'showLogin("Welcome", "Please sign in")',
    'auth=(user, password)',
    'auth=("admin", os.environ["PASS"])',
    'author("Jane", "abc123def456")',
    'login("user", "${PASSWORD}")',
    "login('user', '<password>')",
    'auth=("a", "b")',
    'authenticate("svc", "Zq8vXw3kLp9T")',
    'getCredentialsFor("svc", "Deploy key 2")',
    'credentialsFile("ci", "credentials.json")',
    'credentialing("Zq8vXw3kLp9T", "Zq8vXw3kLp9T")',
    'DriverManager.getConnection(url, user, password)',
    'getConnectionPool("a", "b", "Zq8vXw3kLp9T")',
    'getConnection("Zq8vXw3kLp9T")',
  ])('stays: %j', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(stream([...text])).toBe(text);
  });
});
