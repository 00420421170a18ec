import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { startsWithProviderPrefix } from '../judge/catalogue-index';
import { isCredentialShaped, isLooselyRandom, isPlaceholderValue, readsAsProse } from '../judge/value-judge';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant (issue 24, the value judge as one decision): beside a credential's name, a value of a
// shape that is never a secret (a reference, a template, a call, a subscript, a member path, the
// name itself, a variable named for a secret) changes nothing, in any chunking; a value drawn at
// random from a common key alphabet, 16 characters or more, is replaced, and only it.

const placeholder = '<REDACTED:ASSIGNED_CREDENTIAL>';
const word = fc.constantFrom('config', 'settings', 'request', 'body', 'user', 'db', 'auth', 'value', 'options', 'env', 'shared', 'client', 'app', 'current');
const camel = (words: readonly string[]): string => words.map((part, index) => (index === 0 ? part : (part[0]?.toUpperCase() ?? '') + part.slice(1))).join('');
const identifier = fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom('camel', 'snake')).map(([words, style]) => (style === 'camel' ? camel(words) : words.join('_')));
const credentialName = fc.constantFrom('password', 'passwd', 'secret', 'client_secret', 'api_key', 'apiKey', 'access_token', 'DB_PASSWORD', 'x509Credential', 'authToken');

/** Code in a credential value's place, given the name it is assigned to. */
const codeValue = fc.oneof(
  // References: `$NAME`, `${NAME}`, `%NAME%`, `process.env.NAME`, `os.environ["NAME"]`.
  identifier.map((name) => () => `$${name.toUpperCase()}`),
  identifier.map((name) => () => `\${${name.toUpperCase()}}`),
  identifier.map((name) => () => `%${name.toUpperCase()}%`),
  identifier.map((name) => () => `process.env.${name.toUpperCase()}`),
  identifier.map((name) => () => `os.environ["${name.toUpperCase()}"]`),
  // Calls, nested calls and subscripts.
  fc.tuple(identifier, identifier).map(([call, argument]) => () => `${call}(${argument})`),
  fc.tuple(identifier, identifier, identifier).map(([outer, inner, argument]) => () => `${outer}(${inner}(${argument}))`),
  fc.tuple(identifier, identifier).map(([object, key]) => () => `${object}['${key}']`),
  // Member paths of letters and `_`.
  fc.array(fc.constantFrom('config', 'self', 'this', 'req', 'body', 'auth', 'settings', 'secret', 'api_key'), { minLength: 2, maxLength: 4 }).map((parts) => () => parts.join('.')),
  // The very name it is assigned to, in another case; a variable named for a secret.
  fc.constant((name: string) => name.toUpperCase()),
  fc.constant((name: string) => (name[0]?.toUpperCase() ?? '') + name.slice(1)),
  fc.tuple(identifier, fc.constantFrom('_password', '_secret', '_api_key', 'Password', 'Secret')).map(([head, tail]) => () => head + tail),
);
/** Where a value is written beside its name, unquoted (code's places). */
const codeSite = fc.constantFrom(
  (name: string, value: string) => `${name} = ${value}\n`,
  (name: string, value: string) => `  ${name}: ${value},\n`,
  (name: string, value: string) => `    this.${name} = ${value};\n`,
  (name: string, value: string) => `conn = connect(host=h, ${name}=${value}, port=5432)\n`,
  (name: string, value: string) => `  #${name}: ${value} | undefined;\n`,
);
const chunking = fc.oneof({ weight: 3, arbitrary: fc.array(fc.nat(120), { maxLength: 8 }) }, fc.constant(undefined));
const chunksOf = (text: string, offsets: number[] | undefined): string[] => (offsets === undefined ? [...text] : splitAt(text, offsets));

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';
const alphabet = fc.constantFrom(upper + lower + digits, lower + digits, `${digits}abcdef`, `${upper}${digits}`, `${upper}${lower}${digits}-_`);
const randomValue = alphabet.chain((characters) => fc.string({ unit: fc.constantFrom(...characters), minLength: 16, maxLength: 48 }));
/** Where a value is written beside its name: the text before and after it. */
const valueSite = fc.constantFrom(
  (name: string) => [`${name} = "`, '"\n'],
  (name: string) => [`${name}='`, "'"],
  (name: string) => [`export ${name}=`, '\nNEXT=1\n'],
  (name: string) => [`{"${name}": "`, '", "region": "eu"}'],
  (name: string) => [`${name}: `, '\n'],
  (name: string) => [`<add key="${name}" value="`, '" />'],
  (name: string) => [`${name}                 = "`, '"'],
);

// False alarms measured on other projects' code and docs (bench/false-alarm-corpora.ts), one of each class.
describe('values beside credential words that other projects write and hold no secret', () => {
  test.each([
    '  #x509Credential: X509Credential | undefined;',
    'exports.exchangeX509Token = exchangeX509Token;',
    "const X509_SUBJECT_TOKEN = 'urn:openai:params:oauth:token-type:x509';",
    "const key = `stainless-node-retry-${uuid4()}`;",
    '  // apiKey: "Defaults to the LANGSMITH_API_KEY env var"',
    'arn:aws:secretsmanager:us-east-1:123456789012:secret:SecretName-6RandomCharacters',
    " * const secret = 'abcdefg';",
    "     *   passphrase: 'sample',",
    "        passwd = passwd + 'anonymous@'",
    '        self.passwd = passwd',
    'Makefile with some basic Libmp3lame-dynamic.lib generation ability',
    'distinct-values|document(?:-uri)?|doc(?:-available)?|element-(?:available|with-id)|empty',
    'PASS: ld-x86-64/property-x86-shstk1a-x32',
  ])('%j is unchanged, any chunking', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(text);
  });
});

describe('the value judge beside a credential name (property)', () => {
  test('code in a credential value\'s place (references, calls, subscripts, member paths, its own name, a variable named for a secret) is unchanged, any chunking (300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(credentialName, codeValue, codeSite, chunking, (name, value, site, offsets) => {
        const text = site(name, value(name));
        expect(redactSecrets(text), text).toBe(text);
        expect(runChunks(redactSecretsStream(), chunksOf(text, offsets)).output, text).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  test('a random value of 16 or more characters from a common key alphabet is replaced, and only it, any chunking (300 cases)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(credentialName, randomValue, valueSite, chunking, (name, value, site, offsets) => {
        const [before, after] = site(name) as [string, string];
        // A provider's prefix is that provider's rule's; a placeholder mark (`xxx`) is a placeholder;
        // unquoted after `:` words and paths are prose (by decision); after a weak name (`…Token`,
        // `…Credential`) the value must look like a credential and read as random.
        fc.pre(!startsWithProviderPrefix(value) && !isPlaceholderValue(value) && !(before.endsWith(': ') && readsAsProse(value)));
        fc.pre(!/(?:token|credential)$/iu.test(name) || (isCredentialShaped(value) && isLooselyRandom(value)));
        const text = before + value + after;
        const expected = `${before}${placeholder}${after}`;
        expect(redactSecrets(text), text).toBe(expected);
        expect(runChunks(redactSecretsStream(), chunksOf(text, offsets)).output, text).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
