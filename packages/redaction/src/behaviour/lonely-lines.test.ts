import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { samples } from '../__fixtures__/secrets';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

/**
 * After a line break the key never used, a short line of prose is not the key's (`a <token>\nb x`)
 * — but one character per line for three lines or more is: that is the key's rest spaced out by
 * line breaks (the lead's sweep: a Slack token spaced ` -` in pairs,
 * then `M y`, then `x`, `U`, `I`, `7`, `K`, `q` each after U+2028, left `MyxUI7Kq` in clear).
 */
describe('a short rest of a key, one character per line', () => {
  test('the reported shape: nothing of the token is left, and a short line of prose after a key is still kept', () => {
    const key = 'xoxb-578208020088-7067946158032-BATbNPFdGSuYeE2RMyxUI7Kq';
    const head = key.slice(0, -6);
    const pairs: string[] = [];
    for (let at = 0; at < head.length; at += 2) pairs.push(head.slice(at, at + 2));
    for (const lineBreak of ['\u2028', '\n', '\r\n']) {
      const text = `${pairs.join(' -')}${lineBreak}${[...key.slice(-6)].join(lineBreak)}`;
      expect(expectStreamMatchesWhole(text)).toBe('<REDACTED:SLACK_TOKEN>');
    }
    expect(expectStreamMatchesWhole(`a ${key}\nb x`)).toBe('a <REDACTED:SLACK_TOKEN>\nb x');
  });

  test('a SendGrid key whose last seven characters are one per line is the provider\'s whole (it was a near miss written short, left to the entropy rule)', () => {
    const text = 'SG.bohoW7qNZtn8b-95eDc7Kq.dRF6NOFmuAa59ygmWlOJZ7mMfMls3d0zxBGT\u20281\u2028y\u20282\u2028L\u20287\u2028K\u2028q';
    expect(expectStreamMatchesWhole(text)).toBe('<REDACTED:SENDGRID_API_KEY>');
  });

  const spaceable = samples.filter((sample) => sample.spaceable);
  test(
    'any spaceable key spaced out with one gap pattern, its last 3 to 7 characters one per line: nothing of it is left, any chunking and one character per write (fast-check)',
    { timeout: 60_000 },
    () => {
      const redactor = redactSecretsStream();
      fc.assert(
        fc.property(
          fc.constantFrom(...spaceable),
          fc.integer({ min: 0, max: 6 }),
          fc.constantFrom('', ' ', ' -', '\u00a0', '\u200b', '.'),
          fc.integer({ min: 3, max: 7 }),
          fc.constantFrom('\n', '\r\n', '\u2028', '\u2029'),
          fc.constantFrom('', 'key ', 'Rotate this now: '),
          fc.record({ offsets: fc.array(fc.nat(400), { maxLength: 10 }), oneByOne: fc.boolean() }),
          (sample, size, gap, last, lineBreak, head, cuts) => {
            const text = sample.text;
            const first = text.slice(0, -last);
            const groups: string[] = [];
            if (size === 0) groups.push(first);
            else for (let at = 0; at < first.length; at += size) groups.push(first.slice(at, at + size));
            const spaced = groups.join(gap);
            // Keys the rules hide spaced out that way to their end: the separator rules' to decide.
            fc.pre(survivingPiece(redactSecrets(`${head}${spaced}${gap}${text.slice(-last)}`), sample.secret) === undefined);
            const input = `${head}${spaced}${lineBreak}${[...text.slice(-last)].join(lineBreak)}`;
            const output = runChunks(redactor, chunksOf(input, cuts)).output;
            expect(survivingPiece(output, sample.secret), JSON.stringify(input)).toBeUndefined();
            expect(output).toBe(redactSecrets(input));
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
