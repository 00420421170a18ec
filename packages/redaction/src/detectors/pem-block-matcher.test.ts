import { expectChunkInvariant, expectLossless, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type Chunking, expectStreamMatchesWhole, randomBody } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

// Invariant: a private key block is decided the same whether the text comes whole or streamed. A
// rule that finds a value after a name (`password=`, `Bearer `, `-u user:`) and stops at the value's
// first blank must not decide before the private key rule could: when the value begins a PEM or PGP
// block, the block is the finding — to its END line, or to the text's end when it never comes —
// whether the block's END line has arrived yet or not (a stream sees the header long before it).

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

const body = ['MIIEowIBAAKCAQEAx9Zq8Lk2Vx9Tn4wRm7Pb3Yc6HdQ4a8Zt3vN1xR7bLk2mWp9sQ4', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 'Zq8Lk2Vx9Tn4wRm7Pb3Yc6Hd/8kQ=='];
const block = (label: string): string => `-----BEGIN ${label}-----\n${body.join('\n')}\n-----END ${label}-----`;

describe('a private key block as the value of a credential name', () => {
  test.each([
    ['after `password= `, ended', `password= ${block('RSA PRIVATE KEY')}\n`, 'password= <REDACTED:PRIVATE_KEY>\n'],
    ['after `password=`, glued, ended', `password=${block('RSA PRIVATE KEY')}\n`, 'password=<REDACTED:PRIVATE_KEY>\n'],
    ['quoted after `PRIVATE_KEY=`', `PRIVATE_KEY="${block('RSA PRIVATE KEY')}"\n`, 'PRIVATE_KEY="<REDACTED:PRIVATE_KEY>"\n'],
    ['after `private_key: `, OpenSSH', `private_key: ${block('OPENSSH PRIVATE KEY')}\n`, 'private_key: <REDACTED:PRIVATE_KEY>\n'],
    ['cut off after its first body line (no END: fail closed)', 'password=-----BEGIN RSA PRIVATE KEY-----\nabc', 'password=<REDACTED:PRIVATE_KEY>'],
    ['the fuzzer\'s case: after a HubSpot key, cut off after `Token `', 'pat-eu1-5dac4619-53ae-8144-bd19-b10ef0cc3d58password= -----BEGIN RSA PRIVATE KEY-----\nToken ', '<REDACTED:HUBSPOT_TOKEN>password= <REDACTED:PRIVATE_KEY>'],
  ])('%s: the same whole, in one write and one character per write', (_name, text, expected) => {
    expect(expectStreamMatchesWhole(text)).toBe(expected);
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, everySplit: text.length < 120, events });
  });

  test('the fuzzer\'s second case: a disabled rule set, the block after `Basic "password=`', () => {
    const text = 'n  mei αxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxEZAKNSIZwVNutXDTh4XM5Sng6LEqtSFzkGpVPIStStfMU5qlPg18ELeNJcQbjKz3V2e3aEl4V6UPZmr8UNsk-Basic "password=-----BEGIN RSA PRIVATE KEY-----\nXbZb7FOFBk5Z8roihrly gix ooytb';
    for (const options of [{}, { disable: ['HIGH_ENTROPY', 'GITHUB_TOKEN', 'URL_PASSWORD'] }]) {
      expect(expectStreamMatchesWhole(text, options)).toMatch(/"password=<REDACTED:PRIVATE_KEY>$/);
    }
  });

  test('a value that merely begins with dashes stays the assignment\'s', () => {
    expect(expectStreamMatchesWhole('password=-----BEGINNER x')).toBe('password=<REDACTED:ASSIGNED_CREDENTIAL> x');
    expect(expectStreamMatchesWhole('password= -----BEGIN CERTIFICATE-----\nMIIB\n')).toBe('password= <REDACTED:ASSIGNED_CREDENTIAL> CERTIFICATE-----\nMIIB\n');
  });
});

const labels = ['RSA PRIVATE KEY', 'EC PRIVATE KEY', 'DSA PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'PGP PRIVATE KEY BLOCK'];
/** What comes before the block: a strong or weak credential name and its operator, a scheme word, a command's password option. */
const leads = ['password=', 'password= ', 'passwd: ', 'secret=', 'client_secret = ', 'api_key=', 'token=', 'private_key: ', 'PRIVATE_KEY=', 'DB_PASSWORD=', 'Authorization: ', 'Bearer ', 'mysql -p', 'curl -u admin:', 'see '];
const chunking: fc.Arbitrary<Chunking> = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(300), { maxLength: 10 }).map((offsets) => ({ offsets, oneByOne: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], oneByOne: true }) },
);
/** A block's body lines: seeded random base64-like text, one to four lines of 8 to 64 characters. */
const bodyLines = fc.array(fc.tuple(fc.integer(), fc.integer({ min: 8, max: 64 })), { minLength: 1, maxLength: 4 }).map((lines) => lines.map(([seed, length]) => randomBody(seed, length)));

test('a private key block after any name, scheme word or option is found the same streamed as whole, ended or cut off anywhere, and none of its body shows once its header is whole (property, 400 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(fc.constantFrom(...leads), fc.constantFrom(...labels), bodyLines, fc.constantFrom('\n', '"\n', ' and more text', ''), fc.option(fc.nat(), { nil: undefined }), chunking, (lead, label, lines, tail, cutAt, cuts) => {
      const header = `-----BEGIN ${label}-----`;
      const whole = `${lead}${header}\n${lines.join('\n')}\n-----END ${label}-----${tail}`;
      // Cut off anywhere after the lead (a stream that ends inside the block), or whole.
      const text = cutAt === undefined ? whole : whole.slice(0, lead.length + 1 + (cutAt % (whole.length - lead.length)));
      const output = expectStreamMatchesWhole(text, {}, [cuts]);
      if (text.length >= lead.length + header.length) {
        expect(output.startsWith(`${lead}<REDACTED:PRIVATE_KEY>`), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBe(true);
        for (const line of lines) expect(survivingPiece(output, line.slice(0, Math.max(0, text.length - whole.indexOf(line)))), output).toBeUndefined();
      }
    }),
    { numRuns: 400 },
  );
});

// Invariant: a PEM block of public DER data (a certificate, a public key: a CA bundle is hundreds)
// is public text, left as written however it is split; only a body that is base64 of exactly one DER
// value of its declared length is taken for one, so a secret put inside a block is still found.

/** A self-signed certificate and its public key, made for this test (`openssl req -x509 -newkey ec`). */
const certificate = `-----BEGIN CERTIFICATE-----
MIIBgjCCASegAwIBAgIUdHEb2n36vb3US7qtzG2fWYFhBiUwCgYIKoZIzj0EAwIw
FjEUMBIGA1UEAwwLcGFybGV5LXRlc3QwHhcNMjYxMjA1MjExMTI1WhcNMjYxMjA2
MjExMTI1WjAWMRQwEgYDVQQDDAtwYXJsZXktdGVzdDBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABFgL5kQGYcatOuwCzXY8TmxZNXr+IjPbUrxp8tBAJqBvprDNFKwV
yBVYgQQ3/JWHtt/QH4y6lYt0LBZ0W5UeO/ejUzBRMB0GA1UdDgQWBBQbLPfClLiX
eiuJN7NPcFHd0LZ6cDAfBgNVHSMEGDAWgBQbLPfClLiXeiuJN7NPcFHd0LZ6cDAP
BgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQD421KvFCkmRrtYAY7B
42BSBHgoxWg2C3g6cQ0hxDcowAIhAIq7PTBNkYeXwRH+vZbkXHD/BbdKORepEYuf
Dp4SyfOs
-----END CERTIFICATE-----`;
const publicKey = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWAvmRAZhxq067ALNdjxObFk1ev4i
M9tSvGny0EAmoG+msM0UrBXIFViBBDf8lYe239AfjLqVi3QsFnRblR479w==
-----END PUBLIC KEY-----`;
/** Debian 12's release signing key, as apt keeps it (`/etc/apt/trusted.gpg.d/debian-archive-bookworm-stable.asc`). */
const pgpKey = `-----BEGIN PGP PUBLIC KEY BLOCK-----

mDMEY865UxYJKwYBBAHaRw8BAQdAd7Z0srwuhlB6JKFkcf4HU4SSS/xcRfwEQWzr
crf6AEq0SURlYmlhbiBTdGFibGUgUmVsZWFzZSBLZXkgKDEyL2Jvb2t3b3JtKSA8
ZGViaWFuLXJlbGVhc2VAbGlzdHMuZGViaWFuLm9yZz6IlgQTFggAPhYhBE1k/sEZ
wgKQZ9bnkfjSWFuHg9SBBQJjzrlTAhsDBQkPCZwABQsJCAcCBhUKCQgLAgQWAgMB
Ah4BAheAAAoJEPjSWFuHg9SBSgwBAP9qpeO5z1s5m4D4z3TcqDo1wez6DNya27QW
WoG/4oBsAQCEN8Z00DXagPHbwrvsY2t9BCsT+PgnSn9biobwX7bDDg==
=5NZE
-----END PGP PUBLIC KEY BLOCK-----`;
const token = 'ghp_hRpx1w3Z1h3FOPyYIbdWOfXPIYlOpSiU74gX';
/** An armoured block as a man page's roff writes it in a deb822 field: `\-` for each dash, lines indented, the blank one ` \&.`. */
const roffArmour = (armour: string): string => armour.replaceAll('-', '\\-').replaceAll(/^/gmu, ' ').replace('\n \n', '\n \\&.\n');

describe('public PEM blocks', () => {
  test.each([
    ['a certificate', certificate],
    ['a public key', publicKey],
    ['a CA bundle', `# Issuer: CN=parley-test\n${certificate}\n\n# Subject: CN=parley-test\n${certificate}\n${publicKey}\n`],
    ['a certificate in CRLF lines', certificate.replaceAll('\n', '\r\n')],
    ['an OpenPGP public key (armour with its CRC-24 line)', pgpKey],
    ['an OpenPGP public key in a deb822 field (apt\'s Signed-By:, each line indented, the blank one " .")', `Types: deb\nSigned-By:\n${pgpKey.replaceAll(/^/gmu, ' ').replace('\n \n', '\n .\n')}\n`],
    ['the same in a man page\'s roff source (`\\-` for each dash, ` \\&.` for the blank line)', `Signed\\-By:\n${roffArmour(pgpKey)}\n.fi\n`],
  ])('%s is left as written, in any chunking', (_, text) => {
    expect(findSecrets(text)).toEqual([]);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 5 });
  });

  test('in roff too, a checksum that does not match leaves the lines judged; a private key\'s header in roff is no block of its own', () => {
    const armour = roffArmour(pgpKey);
    expect(findSecrets(armour.replace('=5NZE', '=5NZF')).length).toBeGreaterThan(0);
    const roffKey = `\\-\\-\\-\\-\\-BEGIN PRIVATE KEY\\-\\-\\-\\-\\-\n${body[0]}\n\\-\\-\\-\\-\\-END PRIVATE KEY\\-\\-\\-\\-\\-\n`;
    expect(redactSecrets(roffKey)).not.toContain(body[0]!.slice(8, 24));
  });

  test('in a deb822 field too, a line more in the armour fails its checksum: the lines are judged', () => {
    const lines = ` ${pgpKey.replaceAll('\n', '\n ').replace('\n \n', '\n .\n')}`.split('\n');
    const withToken = [...lines.slice(0, 4), ` ${token}`, ...lines.slice(4)].join('\n');
    expect(redactSecrets(withToken)).not.toContain(token);
  });

  test('a secret after a certificate is found, and the same in any chunking', () => {
    const text = `ca.pem:\n${certificate}\nexport GITHUB_TOKEN=${token}\n`;
    expect(redactSecrets(text)).toBe(`ca.pem:\n${certificate}\nexport GITHUB_TOKEN=<REDACTED:GITHUB_TOKEN>\n`);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 30 });
  });

  test('a body that is not one DER value of its length is not public: what it holds is judged', () => {
    const lines = certificate.split('\n');
    const withToken = [...lines.slice(0, 3), token, ...lines.slice(3)].join('\n');
    expect(redactSecrets(withToken)).not.toContain(token);
    const withLine = [...lines.slice(0, 3), 'AKIAQ3EGRXN7T5W2HJ4K', ...lines.slice(3)].join('\n');
    expect(redactSecrets(withLine)).not.toContain('AKIAQ3EGRXN7T5W2HJ4K');
    // A line taken out: the declared length no longer holds, so the lines are judged as any others.
    const shorter = [...lines.slice(0, 3), ...lines.slice(4)].join('\n');
    expect(findSecrets(shorter).length).toBeGreaterThan(0);
    // A private key under a public label begins with an INTEGER (its version), not a SEQUENCE: not public.
    const pkcs8 = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgto0gR4PAvswr6l6vs0kBkvuwl4LnhWDOxDz2qK3VdguhRANCAATxx1MAoNe7ncszAWaE6C+L2UEBfXMi1im7bwssb6PFDU7bpYtnOcJ8DjjYwOs2AnysLTkda7y9cyVybbBRMo+7'; // generated for this test, never used
    const relabelledKey = `-----BEGIN PUBLIC KEY-----\n${pkcs8.match(/.{1,64}/gu)!.join('\n')}\n-----END PUBLIC KEY-----`;
    expect(findSecrets(relabelledKey).length).toBeGreaterThan(0);
    // A label that says private stays a private key, redacted whole.
    const relabelled = certificate.replaceAll('CERTIFICATE', 'PRIVATE KEY');
    expect(redactSecrets(relabelled)).toBe('<REDACTED:PRIVATE_KEY>');
  });

  test('an OpenPGP block whose CRC-24 line is missing or does not match its bytes is not public', () => {
    const lines = pgpKey.split('\n');
    const withoutChecksum = lines.filter((line) => !/^=[A-Za-z0-9+/]{4}$/u.test(line)).join('\n');
    expect(findSecrets(withoutChecksum).length).toBeGreaterThan(0);
    const changed = [...lines.slice(0, 3), lines[3]!.replace(/[A-Z]/u, (letter) => (letter === 'Q' ? 'R' : 'Q')), ...lines.slice(4)].join('\n');
    expect(findSecrets(changed).length).toBeGreaterThan(0);
    const withToken = [...lines.slice(0, 3), token, ...lines.slice(3)].join('\n');
    expect(redactSecrets(withToken)).not.toContain(token);
    expectChunkInvariant(redactSecretsStream(), `${pgpKey}\nexport GITHUB_TOKEN=${token}\n`, { randomChunkings: 20 });
    // Adversarial review: a header line is not covered by the checksum, so a block with one is not
    // public; nor is text after the padding, nor a private key's packet under a public label.
    const headed = pgpKey.replace('BLOCK-----\n', `BLOCK-----\nComment: ${token}\n`);
    expect(redactSecrets(headed)).not.toContain(token);
    const afterPadding = pgpKey.replace('DDg==', 'DDg==AKIAQ3EGRXN7T5W2HJ4K');
    expect(redactSecrets(afterPadding)).not.toContain('AKIAQ3EGRXN7T5W2HJ4K');
  });

  test('a block that never ends is not public: its lines are judged', () => {
    const cut = certificate.slice(0, certificate.indexOf('-----END'));
    expect(findSecrets(cut).length).toBeGreaterThan(0);
    expectChunkInvariant(redactSecretsStream(), cut, { randomChunkings: 30 });
  });
});

describe('a header alone in code is no key', () => {
  // jose's key import and pyca/cryptography's OpenSSH serializer look for the header.
  test.each([
    ['in a call', 'if (typeof pkcs8 != "string" || pkcs8.indexOf("-----BEGIN PRIVATE KEY-----") !== 0)\n    throw new TypeError(\'"pkcs8" must be PKCS#8 formatted string\');\n  return fromPKCS8(pkcs8, alg, options);\n'],
    ['as a bytes literal', '_SK_START = b"-----BEGIN OPENSSH PRIVATE KEY-----"\n_SK_END = b"-----END OPENSSH PRIVATE KEY-----"\n_BCRYPT = b"bcrypt"\n'],
  ])('%s, whole and in every chunking at the header\'s end', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    const headerEnd = text.indexOf('KEY-----') + 'KEY-----'.length;
    for (const cut of [headerEnd - 1, headerEnd, headerEnd + 1]) expect(runChunks(redactSecretsStream(), [text.slice(0, cut), text.slice(cut)]).output).toBe(text);
  });

  test('a key whose header ends a string line (`"-----BEGIN RSA PRIVATE KEY-----\\n" +`) is still a key', () => {
    const text = `const key = "-----BEGIN RSA PRIVATE KEY-----\\n" +\n  "${body[0]}\\n" +\n  "-----END RSA PRIVATE KEY-----";\n`;
    expect(redactSecrets(text)).toContain('<REDACTED:PRIVATE_KEY>');
    expect(redactSecrets(text)).not.toContain(body[0]!.slice(0, 16));
  });
});

// Invariant: documentation writes a private key block with a placeholder body (npm's `config`
// page: `key="-----BEGIN PRIVATE KEY-----\nXXXX\nXXXX\n-----END PRIVATE KEY-----"`, in Markdown,
// HTML, roff and JavaScript): mostly one character, or none, and its end line within a few lines.
// Such a block is no key, whole or streamed; a body of a key's characters, however short, still is.
describe('a private key block with a placeholder body is no key', () => {
  test.each([
    ['a string in an ini example', 'key="-----BEGIN PRIVATE KEY-----\\nXXXX\\nXXXX\\n-----END PRIVATE KEY-----"\n'],
    ['roff', 'key="-----BEGIN PRIVATE KEY-----\\[rs]nXXXX\\[rs]nXXXX\\[rs]n-----END PRIVATE KEY-----"\n.fi\n'],
    ['JavaScript building the string', '      key="-----BEGIN PRIVATE KEY-----\\\\nXXXX\\\\nXXXX\\\\n-----END PRIVATE KEY-----"\n'],
    ['an elided body', '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n'],
  ])('%s, whole and in any chunking', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 20 });
  });

  test.each([
    ['eight characters of a key', '-----BEGIN PRIVATE KEY-----\naB3xK9mQ\n-----END PRIVATE KEY-----'],
    ['a key after filler', `-----BEGIN PRIVATE KEY-----\nXXXXXXXXXXXX${body[0]}\n-----END PRIVATE KEY-----`],
    ['a placeholder body that never ends', '-----BEGIN PRIVATE KEY-----\nXXXX\nXXXX\n'],
    ['a placeholder body ended by another block', '-----BEGIN PRIVATE KEY-----\nXXXX\n-----END CERTIFICATE-----\n'],
  ])('%s is still a key, in any chunking', (_, text) => {
    expect(redactSecrets(text)).toContain('<REDACTED:PRIVATE_KEY>');
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 20 });
  });
});

/** DER of one element: its tag, its length (short or long form) and its content. */
const der = (tag: number, content: Buffer): Buffer => {
  const length = content.length < 0x80 ? Buffer.from([content.length]) : content.length < 0x100 ? Buffer.from([0x81, content.length]) : Buffer.from([0x82, content.length >> 8, content.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
/** A PEM block of `label` around `bytes`, its base64 in lines of 64. */
const pem = (label: string, bytes: Buffer): string => `-----BEGIN ${label}-----\n${bytes.toString('base64').match(/.{1,64}/gu)!.join('\n')}\n-----END ${label}-----`;
// A 1024-bit "prime" (any odd number of that length: the matcher reads structure, not primality) and the generator 2.
const prime = Buffer.from(Array.from({ length: 128 }, (_, index) => (index * 167 + 0x8b) & 0xff));
const dhParameters = pem('DH PARAMETERS', der(0x30, Buffer.concat([der(0x02, Buffer.concat([Buffer.from([0]), prime])), der(0x02, Buffer.from([2]))])));

describe('public blocks indented or written in a string, and parameters, are public by their DER', () => {
  test.each([
    ['indented (a YAML value, a heredoc)', certificate.split('\n').map((line) => `    ${line}`).join('\n')],
    ['joined by written \\n escapes in a JSON string', `{"ca": "${certificate.replaceAll('\n', '\\n')}\\n"}`],
    ['joined by \\\\n in code that builds the string', `const ca = "${publicKey.replaceAll('\n', '\\\\n')}";`],
    ['Diffie-Hellman parameters', dhParameters],
  ])('%s: left as written, and a token after it found, in any chunking', (_, written) => {
    expect(findSecrets(written)).toEqual([]);
    const text = `${written}\nexport GITHUB_TOKEN=${token}\n`;
    expect(redactSecrets(text)).toBe(`${written}\nexport GITHUB_TOKEN=<REDACTED:GITHUB_TOKEN>\n`);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 20 });
  });

  test('a token written into an escaped or indented block, or a private key under a parameters label, is not public', () => {
    const escaped = certificate.replaceAll('\n', '\\n');
    const withToken = escaped.replace('\\n', `\\n${token}\\n`);
    expect(redactSecrets(withToken)).not.toContain(token);
    // An RSA private key (PKCS #1) is a SEQUENCE of nine INTEGERs: parameters hold two or three.
    const rsa = der(0x30, Buffer.concat(Array.from({ length: 9 }, (_, index) => der(0x02, index === 0 ? Buffer.from([0]) : prime.subarray(index * 8)))));
    expect(findSecrets(pem('DH PARAMETERS', rsa)).length).toBeGreaterThan(0);
  });
});

describe('a certificate or a public key in base64 without its PEM lines is public by its DER structure', () => {
  const bare = (block: string): string => block.split('\n').slice(1, -1).join('');
  test('as a JSON value or after a key\'s name, any chunking; a private key so written is redacted', () => {
    const text = `{"rawBytes": "${bare(certificate)}",\n "key": "${bare(publicKey)}"}\nexport GITHUB_TOKEN=${token}\n`;
    expect(redactSecrets(text)).toBe(text.replace(token, '<REDACTED:GITHUB_TOKEN>'));
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 10 });
    const pkcs8 = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgto0gR4PAvswr6l6vs0kBkvuwl4LnhWDOxDz2qK3VdguhRANCAATxx1MAoNe7ncszAWaE6C+L2UEBfXMi1im7bwssb6PFDU7bpYtnOcJ8DjjYwOs2AnysLTkda7y9cyVybbBRMo+7'; // generated for this test, never used
    for (const written of [`{"rawBytes": "${pkcs8}"}`, `key: "${pkcs8}"`]) expect(redactSecrets(written)).not.toContain(pkcs8.slice(40, 56));
  });
});
