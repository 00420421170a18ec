import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exampleOf, seededRandom } from '../__fixtures__/catalogue-examples';
import { chunksOf, expectStreamMatchesWhole, randomBody } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { catalogue } from '../rules/catalogue';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';

/**
 * The invariant: text appended after a complete finding never un-redacts it. A key the rules hide
 * when it ends the text stays hidden whatever follows it — a blank line and another key, a random
 * secret or prose (the adversarial review's leak: a key spaced out with no-break spaces, then a
 * blank line and a second key, came out whole, because the fail-closed extension took the second
 * key in and the row then declined the joined text).
 */

/** The spaces a key is spaced out with in the leak reports, and their cousins. */
const spaces = ['\u00a0', '\u2009', '\u3000', '\u200b', '\u2060', '\u2007', '\u202f', '\u2002', ' ', '\t', '-', '\u3164', '\u2800'] as const;
/** Every space of the report between groups of four, then a blank line and a second key. */
const github = ['ghp_', 'aB3d', 'E5gH', '7jK9', 'mN1p', 'Q3sT', '5vX7', 'zA9c', 'D1fH', '3jK5'];
const googleKey = ['AIza', 'Ytx9', '6HWO', 'urWu', 'HUvf', 'nKuy', 'q0Ak', '65uG', 'aGni', '3Ry'];
const refreshToken = ['1//0', 'TpIH', 'Lx7C', 'BcUp', 'dgBX', '7vmV', 'D2zB', '0Z1b', '4Xu5', '8Vgd', 'YzaN', '5e9p', 'zqqR', 'zjhj', 'wHqg', 'OhCV', 'IHfL'];

describe('text after a complete finding never un-redacts it', () => {
  test.each(spaces.map((space) => [JSON.stringify(space), space]))('a GitHub token spaced out with %s, a blank line, then another key, a random secret or prose', (_name, space) => {
    const key = github.join(space);
    for (const next of ['AKIAQ3EGRXN7T5W2HJ4K', 'xK9fQ2mZ7pL4vB8nR3tY6wC1', 'hello', 'The release notes follow.']) {
      const text = `${key}\n\n${next}`;
      const output = expectStreamMatchesWhole(text);
      expect(survivingPiece(output, github.join('')), output).toBeUndefined();
      expect(findSecrets(text)[0]).toMatchObject({ type: 'GITHUB_TOKEN', start: 0, end: key.length });
    }
  });

  test('the same key spaced out with no-break spaces twice across a blank line: two findings, neither copy left', () => {
    for (const groups of [googleKey, refreshToken, github]) {
      const key = groups.join('\u00a0');
      const text = `${key}\n\n${key}`;
      const output = expectStreamMatchesWhole(text);
      expect(survivingPiece(output, groups.join('')), output).toBeUndefined();
      expect(findSecrets(text).map(({ start, end }) => [start, end])).toEqual([[0, key.length], [key.length + 2, text.length]]);
    }
  });

  /** Rows and prefixes: every catalogue format. */
  const formats = catalogue.flatMap((rule) => rule.prefixes.map((_, prefixIndex) => ({ rule, prefixIndex })));
  /** A separator pattern: a group size (0 is the key written whole) and one or two characters of space. */
  const separatorPattern = fc.record({
    size: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 8 }), fc.constant(4)),
    separator: fc.array(fc.constantFrom(...spaces), { minLength: 1, maxLength: 2 }).map((parts) => parts.join('')),
  });
  const spaceOut = (key: string, size: number, separator: string): string => {
    if (size === 0) return key;
    const groups: string[] = [];
    for (let at = 0; at < key.length; at += size) groups.push(key.slice(at, at + size));
    return groups.join(separator);
  };
  const blankLine = fc.constantFrom('\n\n', '\n\n', '\r\n\r\n', '\n \n', '\n\n\n', '\u2029\u2029');
  /** What follows: another catalogue key written whole, a random secret, or prose. */
  const follower = fc.oneof(
    fc.tuple(fc.constantFrom(...formats), fc.nat()).map(([{ rule, prefixIndex }, seed]) => exampleOf(rule, seededRandom(seed), 'positive', prefixIndex, 'digit-early')),
    fc.tuple(fc.nat(), fc.integer({ min: 16, max: 48 })).map(([seed, length]) => randomBody(seed, length)),
    fc.constantFrom('hello', 'The release notes follow.', 'then rotate it', 'Thanks!', 'x', '42', 'ok\n\nbye'),
  );
  const chunking = fc.record({ offsets: fc.array(fc.nat(600), { maxLength: 12 }), oneByOne: fc.boolean() });

  test('a spaced-out webhook URL written twice: the first copy ends before the second, whose secret path is hidden too', () => {
    const slack = 'http s:// hook s.sl ack. com/ serv ices /gbB N8eo eMJh 93oR cvTW QmGf c';
    const discord = 'https: //disc ordapp .com/a pi/web hooks/ 403925 649630 441014 36/yGM wOMkHs ypEKYz eRDOzJ Jz050t Dk16X3 RH6CWC Hw18Ny PyKw99 wxw1h6 4zTqSS 1';
    for (const [url, type] of [[slack, 'SLACK_WEBHOOK_URL'], [discord, 'DISCORD_WEBHOOK_URL']] as const) {
      for (const join of [' ', '\n', '. ', ', ', '\n\n']) {
        const output = expectStreamMatchesWhole(`${url}${join}${url}`);
        expect(output).toBe(`<REDACTED:${type}>${join}<REDACTED:${type}>`);
      }
    }
  });

  test(
    'any catalogue key spaced out with any separator pattern, a blank line, then another key, a random secret or prose: nothing of the first key is left, any chunking and one character per write (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(fc.constantFrom(...formats), fc.nat(), separatorPattern, fc.constantFrom('', 'key ', 'Rotate this now: '), blankLine, follower, chunking, ({ rule, prefixIndex }, seed, { size, separator }, head, blank, next, cuts) => {
          const key = exampleOf(rule, seededRandom(seed), 'positive', prefixIndex, 'digit-early');
          const spaced = spaceOut(key, size, separator);
          // Keys the rules hide when they end the text: how a key is spaced out is the separator rules' to decide.
          fc.pre(survivingPiece(redactSecrets(`${head}${spaced}`), key) === undefined);
          const input = `${head}${spaced}${blank}${next}`;
          const output = runChunks(redactor, chunksOf(input, cuts)).output;
          expect(survivingPiece(output, key), JSON.stringify(input)).toBeUndefined();
          expect(output).toBe(redactSecrets(input));
        }),
        { numRuns: 400 },
      );
    },
  );

  test(
    'any catalogue key spaced out with any separator pattern written twice, joined by white space or punctuation: nothing of either copy is left, any chunking and one character per write (fast-check)',
    { timeout: 120_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(fc.constantFrom(...formats), fc.nat(), separatorPattern, fc.constantFrom(' ', '\n', '. ', ', ', '\n\n', ' and ', '\t', '\u00a0'), chunking, ({ rule, prefixIndex }, seed, { size, separator }, join, cuts) => {
          const key = exampleOf(rule, seededRandom(seed), 'positive', prefixIndex, 'digit-early');
          const spaced = spaceOut(key, size, separator);
          fc.pre(survivingPiece(redactSecrets(`see ${spaced}`), key) === undefined);
          const input = `see ${spaced}${join}${spaced}`;
          const output = runChunks(redactor, chunksOf(input, cuts)).output;
          expect(survivingPiece(output, key), JSON.stringify(input)).toBeUndefined();
          expect(output).toBe(redactSecrets(input));
        }),
        { numRuns: 400 },
      );
    },
  );
});
