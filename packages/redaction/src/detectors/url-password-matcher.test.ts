import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { isPlaceholderCredential } from '../judge/placeholder';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

// Invariant: a URL's user information ends at the last `@` before its host, and its password (from
// the first `:`) is hidden whole, however many `/`, `?`, `#`, `@` and `:` it holds unencoded; a URL
// without a password (a port, a path or query holding `@`) is left as it is. Any chunking.

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };
const stream = (text: string, chunks: readonly string[] = [text]): string => runChunks(redactSecretsStream(), chunks).output;

describe('a URL password holding `/`, `?` or `#` unencoded', () => {
  test.each([
    ['postgres://u:pa#ss/word@host/db', 'postgres://u:<REDACTED:URL_PASSWORD>@host/db'],
    ['postgres://u:pa?ss@host/db', 'postgres://u:<REDACTED:URL_PASSWORD>@host/db'],
    ['postgres://admin:S3cr3t#Pa/ss?@db.internal:5432/app', 'postgres://admin:<REDACTED:URL_PASSWORD>@db.internal:5432/app'],
    ['redis://:p#a/s?s@h@host:6379/0?x=1', 'redis://:<REDACTED:URL_PASSWORD>@host:6379/0?x=1'],
    ['postgres://:A#@AAAA#AA#@host', 'postgres://:<REDACTED:URL_PASSWORD>@host'],
    ['a path `/@` after the host is no host: postgres://u:pa#ss@host/users/@me', 'a path `/@` after the host is no host: postgres://u:<REDACTED:URL_PASSWORD>@host/users/@me'],
    ['the password `@` first: postgres://u:p@/x#y@host/db end', 'the password `@` first: postgres://u:<REDACTED:URL_PASSWORD>@host/db end'],
    // By decision, fail-closed: such a URL's last `@` before a host ends the password, even one in its path or query.
    ['postgres://u:pa#ss/word@host/db?mail=a@b.c', 'postgres://u:<REDACTED:URL_PASSWORD>@b.c'],
  ])('%j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(stream(text, [...text])).toBe(expected);
    expectLossless(redactSecretsStream(), [text], { events });
  });

  test.each([
    'https://host/path?x=1#frag@x',
    'https://u@host/a@b',
    'http://host:8080/x@y',
    'http://host:8080#frag@x',
    'http://localhost:PORT/users/@me',
    'http://host:${PORT}/a@b',
    'https://registry.npmjs.org:x/@scope/pkg',
    'see https://example.com/@user/status?from=a@b.c#top@x then',
    'ssh://git@github.com/org/repo.git',
  ])('no password: %j is unchanged', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(stream(text, [...text])).toBe(text);
  });

  test('by decision, a password whose text before its first `/`, `?` or `#` is digits reads as a port: http://u:123#abc@host stays', () => {
    expect(redactSecrets('http://u:123#abc@host')).toBe('http://u:123#abc@host');
  });

  // Known limit (README): kept visible until a reading tells a port from such a password.
  test.fails('known limit: a password of digits then `#` is read as a port and its rest left in clear', () => {
    const text = 'http://u:12345678#abcdefgh@host/db';
    expect(survivingPiece(redactSecrets(text), '12345678#abcdefgh')).toBeUndefined();
  });

  test('by decision, an `@` before the first `/`, `?` or `#` with more after it starts the host: u:ab@cd#ef@host reads as password ab, host cd', () => {
    expect(redactSecrets('postgres://u:abcd@cd#ef@host')).toBe('postgres://u:<REDACTED:URL_PASSWORD>@cd#ef@host');
  });
});

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const passwordCharacter = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...`${letters}0123456789`) },
  { weight: 3, arbitrary: fc.constantFrom('#', '/', '?', '@', ':') },
  { weight: 1, arbitrary: fc.constantFrom('!', '$', '%', '^', '&', '*', '-', '_', '.', '+', '=', ',', ';', '~', '|') },
);
/** A password with `# / ? @ :` unencoded; not one the rules call a placeholder, nor one read as a port or a path's `/@`. */
const password = fc
  .array(passwordCharacter, { minLength: 8, maxLength: 40 })
  .map((characters) => characters.join(''))
  .filter((value) => {
    const firstDelimiter = value.search(/[#/?]/);
    // Before its first `/ ? #`: an `@` there (but right before it) starts the host, and digits alone or a word holding `port` are a port (both by decision);
    // an `@` right after a `/` is a path's, or followed by no host character (the host's `@` must be the last before a host: `@@`, `@#` read on).
    const head = (firstDelimiter < 0 ? value : value.slice(0, firstDelimiter)).replace(/@$/, '');
    const portLike = /^\d*$/.test(head) || (/^[a-z_]+$/i.test(head) && head.toLowerCase().includes('port'));
    return !isPlaceholderCredential(value) && !head.includes('@') && !portLike && !value.includes('/@') && !value.endsWith('/') && !value.startsWith('@') && !value.startsWith('${') && !value.startsWith('{{');
  });
const user = fc.constantFrom('', 'u', 'app', 'admin', 'db_user', 'first.last');
const host = fc.constantFrom('host', 'db.internal', 'db.example.com:5432', '10.0.0.7:6379', '[::1]:5432');
/** What follows the host: no `@` but a path's `/@` (an `@` there is taken for the host's, by decision). */
const rest = fc.constantFrom('', '/', '/db', '/app?sslmode=require', '/0#x', '/users/@me', '/x?q=a%40b');
const scheme = fc.constantFrom('postgres', 'postgresql', 'mysql', 'redis', 'amqp', 'https', 'mongodb+srv');
const around = fc.constantFrom(['', ''], ['DATABASE_URL=', '\n'], ['connect to ', ' now.'], ['"', '"'], ['`', '`'], ['(', ')']);
const chunking = fc.oneof({ weight: 3, arbitrary: fc.array(fc.nat(120), { maxLength: 8 }) }, fc.constant(undefined));
const chunksOf = (text: string, offsets: number[] | undefined): string[] => (offsets === undefined ? [...text] : splitAt(text, offsets));

test('a URL password with # / ? @ : unencoded is hidden whole, the rest unchanged, any chunking (property, 600 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(scheme, user, password, host, rest, around, chunking, (protocol, name, secret, authority, after, [before, end], offsets) => {
      const head = `${before}${protocol}://${name}:`;
      const tail = `@${authority}${after}${end}`;
      const text = head + secret + tail;
      const output = stream(text, chunksOf(text, offsets));
      expect(output, text).toBe(`${head}<REDACTED:URL_PASSWORD>${tail}`);
      expect(survivingPiece(output, secret)).toBeUndefined();
    }),
    { numRuns: 600 },
  );
});

test('a URL password is lossless: only the reported edit, random chunkings (property, 60 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(scheme, user, password, host, rest, (protocol, name, secret, authority, after) => {
      expectLossless(redactSecretsStream(), [`${protocol}://${name}:${secret}@${authority}${after}`], { events, randomChunkings: 3, everySplit: false });
    }),
    { numRuns: 60 },
  );
});

const pathCharacter = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...`${letters}0123456789`) }, fc.constantFrom('/', '?', '#', '@', '=', '&', '.', '-', '%'));
test('a URL with no password (a port, then a path, query or fragment holding @) is unchanged, any chunking (property, 400 cases)', { timeout: 120_000 }, () => {
  fc.assert(
    fc.property(scheme, fc.constantFrom('host', 'db.example.com', 'localhost:8080', 'h:443', 'u@host', '10.0.0.7:6379'), fc.constantFrom('/', '?', '#'), fc.array(pathCharacter, { maxLength: 40 }), chunking, (protocol, authority, delimiter, path, offsets) => {
      const text = `see ${protocol}://${authority}${delimiter}${path.join('')} end`;
      const output = stream(text, chunksOf(text, offsets));
      expect(output).toBe(redactSecrets(text));
      // Nothing from the authority on is taken for a URL password.
      expect(output.includes('URL_PASSWORD'), `${text} -> ${output}`).toBe(false);
    }),
    { numRuns: 400 },
  );
});
