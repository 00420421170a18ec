import { runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { leakedPiece, uniformKey, written } from '../__fixtures__/row-alphabet-keys';
import { chunksOf, expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { redactSecrets } from '../api/redact-secrets';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { catalogue, type CatalogueRule } from '../rules/catalogue';

/**
 * A key spaced out every few characters is cut into groups of one size but its last. So a group
 * after a shorter one is never the key's: the text after the key is kept (`… oofk ai0, ok` lost
 * its `, ok` to the marker, and a restored placeholder carried it into a tool's arguments).
 */
const rows = ['honeycomb-api-key', 'anthropic-api-key', 'github-fine-grained-token', 'slack-token'].map((id) => catalogue.find((rule) => rule.id === id) as CatalogueRule);

describe('the last group of a spaced-out key', () => {
  test('the reported shape keeps the text after the key', () => {
    const text = 'Please deploy the release. key: hcai k_6n p9a6 covw isr8 vpzf oczn jxlw lsw1 yj5p y3jv qwrk 84do oofk ai0, ok';
    expect(expectStreamMatchesWhole(text)).toBe('Please deploy the release. key: <REDACTED:HONEYCOMB_API_KEY>, ok');
    expect(expectStreamMatchesWhole('key: hcai k_6n p9a6 covw isr8 vpzf oczn jxlw lsw1 yj5p y3jv qwrk 84do oofk ai0 ok')).toBe('key: <REDACTED:HONEYCOMB_API_KEY> ok');
  });

  const after = fc.constantFrom(', ok', ' ok', ', then run it', ' and go', '. Done', '; ok');
  test('any key of these rows whose last group is short keeps what follows, any chunking (fast-check)', { timeout: 300_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.constantFrom(...rows),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(3, 4, 5),
        after,
        fc.record({ offsets: fc.array(fc.nat(160), { maxLength: 8 }), oneByOne: fc.boolean() }),
        (rule, seed, every, tail, cuts) => {
          // mulberry32: a small, well-mixed generator, so every seed draws a uniform key.
          let state = seed;
          const random = (): number => {
            state = (state + 0x6d_2b_79_f5) | 0;
            let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
            mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
            return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
          };
          const key = uniformKey(rule, random);
          // A short last group.
          fc.pre(key.length % every !== 0);
          // Only keys the redactor takes whole when written whole (a body that follows a rule is no key's).
          fc.pre(/^<REDACTED:[A-Z0-9_]+>$/u.test(redactSecrets(key)));
          const before = 'the key: ';
          const text = written(key, { kind: 'spaced', every, separator: ' ' }, before, tail);
          const output = runChunks(redactor, chunksOf(text, cuts)).output;
          expect(leakedPiece(output, key, rule.prefixes[0] as string, before + tail)).toBeUndefined();
          expect(output.startsWith(`${before}<REDACTED:`), text).toBe(true);
          expect(output.endsWith(tail), text).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
