import { expectChunkInvariant } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { opensSshPublicKey } from '../judge/encodes-no-secret';

// Invariant: what documentation and library code write where a credential could stand is left as
// written — a man page's placeholder in roff (`\fIPASSWORD\fR`, `my\-secret`), a metavariable
// (`--passwd=FILE`), a path to where a secret is kept, a record's layout (`passwd:uid:gid:…`), an argument passed
// on from an attribute (`f(password=self.password)`), prose after `default password` (no netrc
// entry), a word in Markdown emphasis after a scheme word (`**Basic evaluation**`), a format's
// placeholder as a field's value (`Token token=%s`), .NET's `publicKeyToken`, an SSH public key, a
// C++ thunk's mangled name — while a secret written the same way is still hidden. Any chunking.

/** The stream gives what the whole text gives, however `text` is cut. */
const expectSameInAnyChunking = (text: string): void => {
  expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
};

const assigned = '<REDACTED:ASSIGNED_CREDENTIAL>';

describe('values documentation writes where a credential could stand', () => {
  test.each([
    // roff: a placeholder in font escapes, `\-` for a hyphen, `\e` for a backslash.
    '\\fB\\-\\-root\\-password=\\fR\\fB\\fIPASSWORD\\fR\\fR, \\fB\\-\\-root\\-password\\-file=\\fR',
    '.B password=\\fIpassword\\fR',
    '$ gcloud beta secrets versions enable 123 \\-\\-secret=my\\-secret \\e',
    '    \\-\\-pvk\\-password=my\\-pvk\\-password',
    // A metavariable, a reference to where the secret is kept, a record's layout.
    '.BR \\-P ,\\  \\-\\-passwd=FILE',
    '\\fB\\-P\\fP,\\ \\fB\\-\\-passwd=ФАЙЛ\\fP',
    '    \\-\\-secret=projects/my\\-project/secrets/my\\-secret/versions/2 \\e',
    'DB_PASSWORD=/run/secrets/db_password',
    'account:password:UID:GID:GECOS:directory:shell',
    '        """Load and return a dynamic library identified by \'name\'.',
    // An argument passed on from an attribute, the call closing after it.
    '        return self.create_token(request, refresh_token=self.refresh_token)',
    'connect(host, password=cfg.db.password)',
    // Prose after `default password`: a netrc `default` entry names its login first.
    'Sets the default password callback called when loading/storing a PEM key.',
    // A word in Markdown emphasis after a scheme word.
    'in which case the resulting ID Token *should* include a calculated claim.',
    '**Basic evaluation**',
    'info (which is plaintext in the case of HTTP Basic authentication).',
    // A format's placeholder as a field's value.
    'self.headers["Authorization"] = "Token token=%s" % api_key',
    // .NET: a digest of an assembly's public key.
    '<assemblyIdentity name="Microsoft.VC90.CRT" publicKeyToken="1fc8b3b9a1e18e3b"></assemblyIdentity>',
    // An SSH public key, whole or elided, and a C++ thunk's mangled name.
    "To remove the SSH public key 'AAAAB3NzaC1yc2EAAAADAQABAAAB...ZrPg+DZJIwPab2wPlveLh+ut1Lxs5QTR/9QfEa7', run:",
    'pubkey = """ssh-rsa\n    AAAAB3NzaC1yc2EAAAADAQABAAABAQDV5+voluw2zmzqpqCAqtsyoP01TQ8Ydx1eS1yD6wUsHcPqMIqpo57YxiC8XPwrdeKQ6GG6MC3bHsgXoPypGP0LyixbiuLTU31DnnqorcHt4bWs6rQa7dK2pCCflz2f\n"""',
    'even if _ZThn8_N3NSB6ClassDD1Ev@Base on 32-bit architectures',
    // OAuth's published examples (RFC 6749's tokens, RFC 7636's verifier and challenge), as OAuth libraries quote them.
    '        {\n            "access_token":"2YotnFZFEjr1zCsicMWpAA",\n            "token_type":"example",\n            "refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"\n        }\n',
    'code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    // A mangled name after a roff escape's name (`\*(Aq`, a quote), and a font's (`\fB`).
    '\\&  $ echo \\*(Aq_ZThn8_N3NSB6ClassDD1Ev@Base\\*(Aq | c++filt',
    'the symbol \\fB_ZThn8_N3NSB6ClassDD1Ev\\fR is kept',
    // A resource's entity tag, named as one.
    '      for the ETAG ABcdO1Rf5clu7Yhlkwgelo7Vl4tiqd7Sy5iP5SdkSVU\n',
    '  $ gcloud scc postures delete posture-foo-1 --etag=ABcdO1Rf5clu7Yhlkwgelo7Vl4tiqd7Sy5iI5SdkSVU\n',
    '{"etag": "ABcdO1Rf5clu7Yhlkwgelo7Vl4tiqd7Sy5iI5SdkSVU"}',
    // A token written as hex words.
    "  _authToken: 'deadbeefcafebad',",
    // A git object's path (its fan-out folder, then the rest of its digest), in roff.
    '\\&.git/objects/3b/18e512dba79e4c8300dd08aeb37f8e728b8dad\n',
    // A README badge whose logo is an image's data URI, percent-encoded in the badge's URL.
    '[![otel](https://img.shields.io/badge/otel-api-blue?logo=data%3Aimage%2Fpng%3Bbase64%2CiVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAYAAADgdz34AAAAAXNSR0IArs4c6QAAAIRlWElmTU0AKgAAAAgABQESAAMAAAABAAEAAAEaAAUAAAABAAAASgEbAAUAAAABAAAAUgEoAAMAAAABAAIAAIdpAAQAAAABAAAAWgAAAAAAAACQAAAAAQ%2BsAAAABAABCb8WzlbvYnL0M%2FtQmdk3)](https://opentelemetry.io)',
  ])('stays: %j', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expectSameInAnyChunking(text);
  });

  test.each([
    ['\\-\\-password=Xk9mPq2\\-vLz', `\\-\\-password=${assigned}`],
    ['password=\\fIXk9mPq2vLz\\fR', `password=${assigned}`],
    // A published example one character off is a token; a key in a store's fan-out folder, a text's data URI, are judged.
    ['"access_token":"2YotnFZFEjr1zCsicMWpAB",', `"access_token":"${assigned}",`],
    ['\\&.git/objects/3b/aB9xK2mQ7vL4pR8sT1wZ6yN3cF5hJ0\n', '\\&<REDACTED:HIGH_ENTROPY>\n'],
    ['x \\*(AqaB9xK2mQ7vL4pR8sT1wZ6yN3cF5hJ0 y', 'x \\*(<REDACTED:HIGH_ENTROPY> y'],
    ['etag_secret=ABcdO1Rf5clu7Yhlkwgelo7Vl4tiqd7Sy5iI5SdkSVU', `etag_secret=${assigned}`],
    ['x \\fBaB9xK2mQ7vL4pR8sT1wZ6yN3cF5hJ0\\fR y', 'x \\<REDACTED:HIGH_ENTROPY>\\fR y'],
    ['logo=data%3Atext%2Fplain%3Bbase64%2CaB9xK2mQ7vL4pR8sT1wZ6yN3cF5hJ0aB9xK2mQ7vL4pR8s', 'logo=<REDACTED:HIGH_ENTROPY>'],
    ['API_KEY=QWXZRTPLMKJHGF', `API_KEY=${assigned}`],
    ["ALTER USER 'app'@'%' IDENTIFIED BY 'name';", `ALTER USER 'app'@'%' IDENTIFIED BY '${assigned}';`],
    ["the user is identified by 'k8#Qv2!mZr9'.", `the user is identified by '${assigned}'.`],
    ['password: Xk9:mPq2vL', `password: ${assigned}`],
    ['password=Zq8v/Xw3kLp9T', `password=${assigned}`],
    // A path of words needs two pieces of words about a `/` (random property values: FC seeds).
    ['password=/--9', `password=${assigned}`],
    ['password=a/aaa3', `password=${assigned}`],
    ['connect(host, password=Zq8vXw3kLp9T)', `connect(host, password=${assigned})`],
    ['default login anonymous password Xk9mPq2vLz', `default login anonymous password ${assigned}`],
    // Prose or an entry without a login: a random token after `default password` is still one.
    ['Change the default password Xk9mPq2vLz8w now.', `Change the default password ${assigned} now.`],
    // A person's password with one `/` is no path; capitals of many words are a passphrase, not a metavariable.
    ['password = "Summer/2024"', `password = "${assigned}"`],
    ['DB_PASSWORD=ttwkrnxhhe/gjjjokd', `DB_PASSWORD=${assigned}`],
    ['DB_PASSWORD=CASTLE_RIVER_CORRECT_STAPLE', `DB_PASSWORD=${assigned}`],
    // A format's placeholder is a field's whole value, not the start of a password holding one.
    ["export API_SECRET='yYAOm=%s!8IhzAVI23uF'", `export API_SECRET='${assigned}'`],
    // Markdown's bold marks and a sentence's closing `.` around the credential are the text's.
    ['Authorization: Bearer **k1s3#6GkB6qIg**', 'Authorization: Bearer **<REDACTED:AUTHORIZATION_CREDENTIAL>**'],
    ['use Bearer k1s3#6GkB6qIg.', 'use Bearer <REDACTED:AUTHORIZATION_CREDENTIAL>.'],
    ['Authorization: Token token=Xk9mPq2vLz8w', 'Authorization: Token <REDACTED:AUTHORIZATION_CREDENTIAL>'],
    ['<add privateKeyToken="9fQ2xL7mZ4kW8pR3" />', `<add privateKeyToken="${assigned}" />`],
  ])('still hidden: %j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expectSameInAnyChunking(text);
  });

  test('an SSH public key is known by the algorithm name its wire form opens with, and random base64 about never opens so', () => {
    const wire = (name: string, rest: Uint8Array): string => Buffer.concat([Buffer.from([0, 0, 0, name.length]), Buffer.from(name), rest]).toString('base64');
    for (const name of ['ssh-rsa', 'ssh-ed25519', 'ecdsa-sha2-nistp256', 'sk-ssh-ed25519@openssh.com']) {
      const key = wire(name, Buffer.alloc(40, 7));
      expect(opensSshPublicKey(key, 0, key.length), name).toBe(true);
    }
    // A private key's wire form, and a length that does not fit the name, are none.
    for (const key of [Buffer.from('openssh-key-v1\0\0\0\0\0\0\0\0\0\0\0').toString('base64'), wire('ssh-rsa', Buffer.alloc(0)).replace('AAAAB', 'AAAAC')]) expect(opensSshPublicKey(key, 0, key.length), key).toBe(false);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 96 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        const name = Buffer.from(bytes.subarray(4, 4 + (bytes[3] ?? 0))).toString('latin1');
        expect(opensSshPublicKey(text, 0, text.length)).toBe(bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0 && 4 + (bytes[3] ?? 0) <= bytes.length && /^(?:ssh|ecdsa|sk)-[a-z\d@.-]{2,60}$/u.test(name));
      }),
      { numRuns: 300 },
    );
  });
});
