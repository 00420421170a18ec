import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Matcher, MatchOutcome } from '../engine/matcher';
import { foldAt } from '../text/fold';
import { characters, detector, END, FIELD_ENDS, Reader } from './reader';
import { sqlPasswordMatcher } from './sql-password-matcher';
import { netrcMatcher } from './netrc-matcher';
import { abbreviatedKeyMatcher } from './abbreviated-key-matcher';
import { awsSecretKeyMatcher } from './aws-secret-key-matcher';
import { pemBlockMatcher } from './pem-block-matcher';
import { afterEscapeMatcher } from './after-escape-matcher';
import { assignmentMatcher } from './assignment-matcher';
import { commandPasswordMatcher } from './command-password-matcher';
import { urlPasswordMatcher } from './url-password-matcher';
import { authorizationMatcher } from './authorization-matcher';
import { nameValueMatcher } from './name-value-matcher';
import { userOptionMatcher } from './user-option-matcher';

/**
 * Chunk invariance of the detectors that read with the Reader, at the matcher's level: at every
 * position of a text generated from a detector's own syntax, an answer given on a prefix of the
 * text while more may come (anything but `more`) is the answer on the whole text, final or not, and
 * with the text before the position dropped (as a stream drops what it emitted) the same answer.
 * (Each detector was ported with this file comparing it with the matcher it replaced, at every
 * position, prefix and finality; the examples are those comparisons' cases.)
 */

/** An outcome with its offsets made absolute (`from`: where the text shown begins). */
const describe_ = (outcome: MatchOutcome, from: number): string => (outcome.kind === 'match' ? `${outcome.type} ${outcome.start + from}-${outcome.end + from} ${outcome.resume + from}` : outcome.kind);

/**
 * Checks the invariance at each position a rule may begin (its trigger characters), for prefixes
 * ending near it (every one within 48 characters, then every 5th).
 */
function expectInvariant(matcher: Matcher, text: string, readsBack: boolean): void {
  for (let at = 0; at < text.length; at += 1) {
    if (!matcher.triggers.includes(String.fromCharCode(foldAt(text, at)))) continue;
    const whole = describe_(matcher.match({ text, final: false }, at), 0);
    const ended = describe_(matcher.match({ text, final: true }, at), 0);
    for (const from of at === 0 || readsBack ? [0] : [0, at]) {
      expect(describe_(matcher.match({ text: text.slice(from), final: false }, at - from), from), `${JSON.stringify(text)} at ${at} from ${from}`).toBe(whole);
      for (let end = at + 1; end < text.length; end += 1) {
        if (end - at > 48 && (end - at) % 5 !== 0) continue;
        const answer = describe_(matcher.match({ text: text.slice(from, end), final: false }, at - from), from);
        // `open`: a private key block streaming, whose end the stream finds apart.
        if (answer === 'more' || answer === 'open') continue;
        expect([answer, answer], `${JSON.stringify(text.slice(0, end))} at ${at} from ${from}`).toEqual([whole, ended]);
      }
    }
  }
}

/** Texts made of `pieces` (a detector's words, operators, values and what ends them). */
const textOf = (pieces: readonly string[]): fc.Arbitrary<string> => fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));

const runs = { numRuns: process.env.CI === undefined ? 300 : 150 };

/** Texts in a detector's syntax: one choice from each slot, in order (a slot may offer `''`). */
const shaped = (slots: ReadonlyArray<readonly string[]>): fc.Arbitrary<string> => fc.tuple(...slots.map((slot) => fc.constantFrom(...slot))).map((parts) => parts.join(''));

/** `readsBack`: the detector reads the text before its position (a name's qualifier, a compound word's `-`), so it is always shown. */
function invariant(matcher: Matcher, pieces: readonly string[], examples: readonly string[], slots: ReadonlyArray<readonly string[]> = [], readsBack = false): void {
  for (const text of examples) expectInvariant(matcher, text, readsBack);
  const texts = slots.length === 0 ? textOf(pieces) : fc.oneof(textOf(pieces), shaped(slots), fc.tuple(shaped(slots), textOf(pieces)).map(([a, b]) => a + b));
  fc.assert(
    fc.property(texts, (text) => {
      expectInvariant(matcher, text, readsBack);
    }),
    runs,
  );
}

const values = ['hunter2', 'S3cr3tPa55', 'Xk9q)Vb7mW', '${PASS}', 'changeme', 'a.b', 'x', 'pa ss', 'Zq8vXw3kLp9T.'];
const blanks = ['', ' ', '  ', '\t', ' '.repeat(70)];
const quotes = ['', '"', "'", '`'];
const ends = [' ', '  ', '\t', '\n', '\r\n', ';', ',', ')', '.', '"', "'", '`', '&page=2', '&', '\u001b[0m'];

describe('a detector answers the same in any chunking', () => {
  test('sql password', () => {
    invariant(sqlPasswordMatcher, ['IDENTIFIED', 'identified', 'Identif', 'BY', 'by', 'PASSWORD', 'password', ...values, ...ends], [
      "ALTER USER 'app'@'%' IDENTIFIED BY 'S3cr3tPa55';",
      'CREATE USER app IDENTIFIED BY Xk9qVb7mW2;',
      'CREATE USER app IDENTIFIED BY "Xk9qVb7mW2";',
      'identified by password hunter2x)',
      'users are identified by username',
    ], [['IDENTIFIED', 'identified', 'IDENT'], blanks, ['BY', 'by', 'bY', 'B', ''], blanks, ['PASSWORD ', 'password\t', 'PASSWORD', ''], quotes, values, quotes, ends]);
  });

  test('netrc', () => {
    const spaces = [' ', '\n', '  \t', '\r\n ', '', ' '.repeat(260)];
    invariant(netrcMatcher, ['machine', 'MACHINE', 'default', 'Defau', 'api.heroku.com', 'localhost', 'host', 'login', 'me@x.io', 'account', 'port', 'password', 'PASSWORD', 'passw', ...values, ...spaces, 'x'.repeat(257), 'a1.'.repeat(86), 'Zq8vXw3kLp9T'.repeat(22)], [
      'machine api.heroku.com login me@x.io password S3cr3tPa55',
      'default\n  login me\n  password Xk9q)Vb7mW\n',
      'machine github.com password changeme',
      'machine is a word',
      `machine h.io password ${'Zq8vXw3k.'.repeat(28)}abcd`,
      `machine h.io password ${'Zq8vXw3k.'.repeat(28)}abcde`,
    ], [['machine', 'Machine', 'default', 'machin', 'm'], spaces, ['api.heroku.com', 'localhost', 'word', ''], spaces, ['login', 'port', 'password', 'account', 'pass', ''], spaces, ['me', '22', ...values], spaces, ['password', 'login', 'PASSWORD', ''], spaces, values, ends]);
  });

  test('user option', () => {
    const users = ['ghp_Zq8vXw3kLp9T1234', 'user', '1000', 'sk_live_abc123def456', '<user', '[user', '$U', 'api'];
    const passwords = ['S3cr3tPa55', 'pa\ns5w0rd', 'pa\rs5w0rd', 'x-oauth-basic', '', '1000', 'pass', '$PASS', 'pw>', 'pw]', 'a b', ':'];
    invariant(userOptionMatcher, ['-u', '--user', '--user=', '--username', '-', '--us', ':', ...users, ...passwords, ...quotes, ...ends], [
      'curl -u admin:S3cr3tPa55 https://x',
      'curl --user "user":"S3cr3tPa55" x',
      "curl -u 'sk_live_abc123def456:' x",
      'docker -u 1000:1000',
      "if o == '-u': x",
      'curl -u "admin:pa\ns5w0rd" x',
      "curl -u 'admin:pa\rs5w0rd' x",
      'curl -u "admin":\'pa\ns5w0rd\' x',
      'curl -u "admin":pa`s5w0rd x',
    ], [['-u', '--user', '--user=', '--users', '-', '--u'], blanks, quotes, users, quotes, [':', '', '::'], quotes, passwords, quotes, ends]);
  });

  test('name and value fields', () => {
    const names = ['DB_PASSWORD', '/prod/db/password', 'DbPassword', 'HOST', 'api_token', 'x y', ''];
    const operators = [':', '=', ': ', ' = ', '"', '":', '": ', ''];
    const between = [', ', ' ', '\n  ', '\n  - ', ', "Type": "SecureString", ', ' name="x" ', '{', '>', ' ' + 'x'.repeat(170) + ' ', ''];
    invariant(nameValueMatcher, ['name', 'Name', 'key', 'value', 'Value', 'nam', ...operators, ...names, ...values, ...between, ...quotes, ...ends], [
      '{"Name": "DB_PASSWORD", "Value": "S3cr3tPa55"}',
      '- name: DB_PASSWORD\n  value: S3cr3tPa55.',
      '<add key="DbPassword" value="S3cr3tPa55" />',
      '<input name="password" value="hunter2xy">',
      '- name: DB_PASSWORD\n- name: other\n  value: S3cr3tPa55',
    ], [['name', 'Name', 'key', 'NAME', 'nam'], quotes, operators, quotes, names, quotes, between, ['value', 'Value', 'valu', 'name'], quotes, operators, quotes, values, quotes, ends]);
  });

  test('authorization', () => {
    const names = ['Authorization', 'authorization', 'AUTHORIZ', 'Bearer', 'bearer', 'Basic', 'basic', 'Token', 'token', 'Digest', 'BEARER', 'x-oauth-basic', 'http_bearer', 'b', 'Be'];
    const credentials = ['k1s3#6GkB6qIg', 'abc123def456ghi', 'eyJhbGciOiJIUzI1NiJ9.e30.x', 'authentication', 'ghp_Zq8vXw3kLp9T1234abcd', '${TOKEN}', 'user@host.io', 'https://x.io/a', 'abc123def456.', 'Zq8vXw3k<Lp9T'];
    invariant(authorizationMatcher, [...names, ':', ': ', '"', ...credentials, ...blanks, ...ends, '\u001b[32m', '\u001b['], [
      'Authorization: Bearer k1s3#6GkB6qIg',
      'authorization: token abc123def456ghi',
      '"Authorization": "Basic dXNlcjpwYXNzd29yZA=="',
      'the token abc123def456. Then',
      'Authorization:eyJhbGciOiJIUzI1NiJ9',
      'Authorization: Digest username=x',
      `Authorization: Bearer ${'Z9'.repeat(2047)}`,
      `Authorization: Bearer ${'Z9'.repeat(2048)}`,
      `Authorization: Bearer ${'Z9'.repeat(2049)}`,
      `Authorization: ${'Z9'.repeat(2049)}`,
      '\u001b[1mAuthorization\u001b[0m: \u001b[32mBearer abc123def456ghi\u001b[0m',
    ], [names, ['', '"', '\u001b[1m'], ['', ':', ': ', ':\t'], ['', '\u001b[0m'], names, blanks, credentials, ends], true);
  });

  test('url password', () => {
    const users = ['u', 'admin', '', 'ghp_Zq8vXw3kLp9T1234abcd', 'Zq8vXw3kLp9T1234abcdEF', 'user'];
    const passwords = ['S3cr3tPa55', 'pa#ss/word', 'p@/ss', 'pa?ss', 'x-oauth-basic', '${PASS}', '<password>', '****', 'Xk9q)Vb7', 'e<iX>k', '12345678#ab', 'PORT', '', 'a b', '"q"'];
    const hosts = ['host', 'db.internal:5432', 'cluster0.j9grj.mongodb.net', '[::1]', '', '/x', 'h@b.c'];
    const tails = ['/db', '/users/@me', '?x=1#top@x', '#frag@x', ' then', '', 'https://x.io/@a', '://y'];
    invariant(urlPasswordMatcher, ['://', ':', '//', '@', ...users, ...passwords, ...hosts, ...tails, ...ends], [
      'postgres://u:pa#ss/word@host/db',
      'redis://:p#a/s?s@h@host:6379/0?x=1',
      'mongodb+srv://admin:S3cr3tPa55@cluster0.j9grj.mongodb.net/shop',
      'https://ghp_Zq8vXw3kLp9T1234abcd@github.com/x',
      'https://ghp_Zq8vXw3kLp9T1234abcd:x-oauth-basic@github.com/x',
      'postgres://app:Xk9q)Vb7@db then',
      'http://localhost:PORT/users/@me',
      'postgres://u:pa#ss/word@host/db?mail=a@b.c',
      ...[1016, 1017, 1018, 1019, 1020, 1021].map((length) => `postgres://u:${'x1'.repeat(length / 2)}#y@host`),
      ...[1017, 1018, 1019, 1020, 1021, 1022].map((length) => `postgres://u:p@${'h'.repeat(length)}:5432 x`),
    ], [['://', 'https://', 'redis://', ':/'], users, [':', '', '::'], passwords, ['@', '', '@@'], hosts, tails, ends]);
  });

  test('command-line password', () => {
    const commands = ['mysql', 'sshpass', 'redis-cli', 'docker', 'az', 'mongosh', 'ldapsearch', 'sqlcmd', 'wget', 'htpasswd', 'ssh', 'mysq', 'SSHPASS=', 'MYSQL_PWD=', 'REDISCLI_AUTH=', 'SSHPAS'];
    const args = ['login', '-u', 'root', '-h', 'localhost:3306', '--host', 'db1', '-b', '-n', '-c', '-C', '10', 'file', 'user', 'A', 'AE2', '-', 'AKIA', 'E23G', 'P7JM', 'Bearer', '--api-key=x', 'in.', '\\\n', '\\'];
    const options = ['-p', '-pS3cr3tPa55', '--password=', '--password', '-a', '--pass', '-w', '-P', '--http-password', '-p=x'];
    const space = [' ', '  ', '\t', ' \\\n  ', ''];
    invariant(commandPasswordMatcher, [...commands, ...args, ...options, ...space, ...values, ...quotes, ...ends], [
      'mysql -u root -pS3cr3tPa55 db',
      'sshpass -p S3cr3tPa55 ssh host',
      'docker login -u me -p S3cr3tPa55 registry',
      'htpasswd -b file user S3cr3tPa55',
      'htpasswd -nb user S3cr3tPa55\n',
      'SSHPASS=S3cr3tPa55 sshpass -e ssh h',
      'redis-cli -a "S3cr3t Pa55" ping',
      'wget --password=S3cr3tPa55 https://x',
      'mysql -u root \\\n  -pS3cr3tPa55',
      `mysql -u ${'r'.repeat(490)} -pS3cr3tPa55`,
      `SSHPASS=${'Zq8vXw3k'.repeat(32)}ab`,
    ], [commands, space, args, space, args, space, options, space, quotes, values, quotes, ends]);
  });

  test('assignment', () => {
    const names = ['password', 'DB_PASSWORD', 'client_secret', 'api-key', 'apiKey', 'x.api.key', '_authToken', 'public_key', 'sortKey', 'fooToken', 'credentials', 'passwd', 'pwd', 'secret', 'SECRET', 'token', 'key', 'keys', 'passw', 'secretary', '<SECRET:GITHUB_TOKEN#1>', '<SECRET:X', 'SECRET:'];
    const closers = ['', '"', "'", '\\"', '\\\\\\"', '[]', '"]', ']', '>', '\u001b[0m', '\\'];
    const operators = ['=', ':', ': ', ' = ', ':=', '=>', '==', '::', '::=', '.=', '+=', '?=', ',', ', ', ' is ', ' was ', ' string = ', ' str ', ' ', ':\n  ', ':\n', ': |\n  ', ': >-\n    ', ':\r\n  ', ' '.repeat(40) + '= ', '@', ''];
    const assigned = [...values, 'ghp_Zq8vXw3kLp9T1234abcd', 'sk-ant-', 'AKIA', 'getPassword()', 'req.body.password', 'db_password', 'await', 'None):', 'hunter2)', 'm{{h}o)p${e]', '9f86d081884c7d659a2feaa0c55ad015', 'xk9mp2vlq8', '<fooToken>', 'Top Secret', 'a@"x"', '@"S3cr3tPa55"', 'cioa1B2c3 D4e5F6G7h8I9j0K1l2M3n4', 'src/keys.ts', '#c', '- item'];
    invariant(assignmentMatcher, [...names, ...closers, ...operators, ...assigned, ...quotes, ...ends, '</fooToken>', '</', '\n'], [
      'password = "S3cr3tPa55"',
      'DB_PASSWORD=S3cr3tPa55\nNEXT=1',
      '"api_key": "S3cr3tPa55",',
      'the api secret is 9f86d081884c7d659a2feaa0c55ad015.',
      'var fooToken string = "Zq8vXw3kLp9T"',
      '<fooToken>Zq8vXw3kLp9T</fooToken>',
      'password:\n  hunter2-but-long\n',
      'password: |\n  hunter2-but-long\n',
      'password:\n  # hunter2-but-long\n',
      'password:\n  - hunter2-but-long\n',
      'password:\n  hunter2-but-long trailing\n',
      'password:\n  "hunter2-but-long"  \n',
      'password:\n  hunter2-but-long:\n',
      'password:\r\n\thunter2-but-long',
      'apikey "Zq8vXw3kLp9T";',
      'fooToken,Zq8vXw3kLp9T1,',
      '("api_token", "Zq8vXw3kLp9T")',
      'def f(password=None):',
      '\\"password\\": \\"S3cr3tPa55\\"',
      'token: cioa1B2c3 D4e5F6G7h8I9j0K1l2M3n4',
      'SECRET = <SECRET:GITHUB_TOKEN#1>',
      'apikey[] = S3cr3tPa55;',
      'password @"S3cr3tPa55"',
      `password = "${'Zq8vXw3k'.repeat(32)}"`,
      `password = ${'Zq8vXw3k'.repeat(32)}a`,
    ], [['', 'const ', '  ', '"', 'export ', 'dict['], names, closers, operators, quotes, assigned, quotes, ends, ['', 'next: 1', 'S3cr3t', '</fooToken>']], true);
  });
});

describe('a detector answers the same in any chunking: keys and blocks', () => {
  test('abbreviated', () => {
    const p = ['AKIA', 'ghp_', 'github_pat_', 'sk-ant-', 'sk-', 'AIza', 'gh', 'x1Y2z3', 'A'.repeat(17), '…', '.', '..', '...', ' '];
    invariant(abbreviatedKeyMatcher, p, ['AKIA…', 'ghp_9xQ2...', 'sk-ant-abc..', `AKIA${'A'.repeat(16)}…`, `AKIA${'A'.repeat(17)}…`], [p, p, p, p]);
  });
  test('aws secret', () => {
    const p = ['aws_secret_access_key', 'AWS_SECRET_KEY', 'secret_access_key', '=', ':', ' = ', ': "', '=>', '"', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8vXw3k1a', 'abc', 'x', '_'];
    invariant(awsSecretKeyMatcher, p, ['aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8vXw3k1a'], [p, p, p, p, p]);
  });
  test('private key', () => {
    const p = ['-----BEGIN ', '-----BEGIN', 'RSA PRIVATE KEY', 'PUBLIC KEY', '-----', '\nMIIE\n', '-----END RSA PRIVATE KEY-----', '-----END ', 'X'.repeat(70), '-', ' '];
    invariant(pemBlockMatcher, p, ['-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----'], [p, p, p, p]);
  });
  test('after escape', () => {
    const rules = Array.from({ length: 128 }, (_, code) => (code === 112 || code === 80 ? [assignmentMatcher] : code === 66 ? [authorizationMatcher] : undefined));
    const p = ['\u001b[32m', '\u001b[', '\u001b', '\\n', '\\t', '\\x', '\\', 'password=S3cr3tPa55', 'Bearer abc123def456ghi', ' ', 'x'];
    invariant(afterEscapeMatcher(rules), p, ['\u001b[32mpassword=S3cr3tPa55'], [p, p, p, p]);
  });
});

describe('the Reader', () => {
  const reader = (text: string, final: boolean, at = 0): Reader => new Reader({ text, final }, at);

  test('a read past the text\'s end raises "the text ended" while more may come, and reads END when none will', () => {
    expect(() => reader('ab', false).code(2)).toThrow();
    expect(reader('ab', true).code(2)).toBe(END);
    const wanting = detector((r) => (r.word('password') ? r.found('X', 0, r.at) : { kind: 'none' }));
    expect(wanting({ text: 'pass', final: false }, 0)).toEqual({ kind: 'more' });
    expect(wanting({ text: 'pass', final: true }, 0)).toEqual({ kind: 'none' });
    expect(wanting({ text: 'pan', final: false }, 0)).toEqual({ kind: 'none' });
    expect(wanting({ text: 'PASS-WORD', final: false }, 0)).toEqual({ kind: 'none' });
    expect(wanting({ text: 'Pa\uff53sword', final: false }, 0)).toEqual({ kind: 'match', type: 'X', start: 0, end: 8, resume: 8 });
  });

  test('word() reads `_` as `-` or `.` only when asked; literal() as written', () => {
    expect(reader('api-key', true).word('api_key')).toBe(false);
    expect(reader('api-key', true).word('api_key', true)).toBe(true);
    expect(reader('API', true).literal('api')).toBe(false);
  });

  test('until() stops at a terminator, at `&name=`, or gives up past its limit', () => {
    const r = reader('abc&d=1', true);
    expect(r.until(FIELD_ENDS, 256)).toBe(true);
    expect(r.at).toBe(3);
    const bare = reader('abc&d e', true);
    expect(bare.until(FIELD_ENDS, 256)).toBe(true);
    expect(bare.at).toBe(5);
    expect(reader('abcdef', true).until(FIELD_ENDS, 3)).toBe(false);
    expect(() => reader('abc&d', false).until(FIELD_ENDS, 256)).toThrow();
  });

  test('quoted() ends at its quote on the line; a line break or the text\'s end is no value', () => {
    const r = reader('ab"c', true);
    expect(r.quoted(34, 256)).toBe(true);
    expect(r.at).toBe(2);
    expect(reader('ab\n"', true).quoted(34, 256)).toBe(false);
    expect(reader('ab', true).quoted(34, 256)).toBe(false);
    expect(() => reader('ab', false).quoted(34, 256)).toThrow();
  });

  test('skip() and blanks() stop at their limit without reading on', () => {
    const r = reader('    ', false);
    expect(r.blanks(2)).toBe(2);
    expect(() => r.blanks(5)).toThrow();
    expect(reader('ab cd', true).skip(10, characters(' '), true)).toBe(2);
  });
});
