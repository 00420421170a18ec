import { expectChunkInvariant } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { leakedPiece, uniformKey, type Writing, written } from '../__fixtures__/row-alphabet-keys';
import { redactSecrets } from '../api/redact-secrets';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { readsAsListedWords } from '../judge/listed-word';
import { catalogue } from '../rules/catalogue';
import { characterSet } from '../text/fold';

/**
 * Issue 24, "No key out": a spaced-out or wrapped key whose last group reads like a word but is
 * none (`… NV7D onui`, `… 4DDk xatd`, a wrapped key's last line `cive`) is the key's: its groups
 * are drawn from the row's alphabet, and the word list (`judge/listed-word.ts`), not a vowel,
 * tells a word of prose from them. Prose after the key (`then run it`, `for now.`) is kept.
 */
const hasAll = (set: Uint8Array, from: string, to: string): boolean => {
  for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code += 1) if (set[code] !== 1) return false;
  return true;
};
const rows = catalogue.flatMap((rule) => {
  const last = rule.body.at(-1);
  if (rule.checksum !== undefined || last === undefined || !('alphabet' in last) || /[+/=.]/u.test(last.alphabet)) return [];
  const set = characterSet(last.alphabet);
  const lower = hasAll(set, 'a', 'z');
  const upper = hasAll(set, 'A', 'Z');
  return lower || upper ? [{ rule, lower, upper }] : [];
});
const vowels = 'aeiou';
const consonants = 'bcdfghjklmnpqrstvwxz';
/** Shapes of a pronounceable group: consonant (c) and vowel (v) places. */
const shapes = ['cvcv', 'vcvc', 'cvvc', 'vccv', 'cvc', 'vcv', 'cvv'];
const contexts: ReadonlyArray<readonly [string, string]> = [
  ['The key is ', ' for now.'],
  ['key: ', ' then run it'],
  ['export TOKEN=', '\n'],
  ['Here it is:\n\n', '\n\nRotate it after.'],
];

/** A word-like group of `shape`, in the case the row's alphabet allows (capitalised when it holds both), from `seed`. */
function wordLike(shape: string, seed: number, lower: boolean, upper: boolean): string {
  const random = seededRandom(seed);
  let group = '';
  for (const place of shape) {
    const letters = place === 'v' ? vowels : consonants;
    group += letters[Math.floor(random() * letters.length)] as string;
  }
  if (!lower) return group.toUpperCase();
  return upper && random() < 0.5 ? group.charAt(0).toUpperCase() + group.slice(1) : group;
}

/**
 * Spaced out every 4 to 8 characters with one kind of blank, or wrapped at a column narrow enough
 * that the key crosses a line break before its row's minimum (a key whose first line already holds
 * its minimum is judged by `wrappedRest`, the next line's first token alone: not this rule's).
 */
const writing = fc.oneof(
  fc.record({ kind: fc.constant('spaced' as const), every: fc.integer({ min: 4, max: 8 }), separator: fc.constantFrom(' ', '\t', '\n', '\u00a0') }),
  fc.record({ kind: fc.constant('wrapped' as const), column: fc.integer({ min: 8, max: 40 }) }),
);

describe('a spaced-out or wrapped key whose last group reads like a word', () => {
  test.each([
    ['sk-a nt-a pi03 -9u6 W5HM YWhW qq6X fdnH bZrk 3pvP NV7D onui', '<REDACTED:ANTHROPIC_API_KEY>'],
    ['cmVm dGtu 90AE RBQy JMHw I1jY N2ix 8aax hSBd Ds8Q J3Gh Kk6f 2lwK n63N 0Tyx 4DDk xatd', '<REDACTED:ARTIFACTORY_TOKEN>'],
    ['The key is sk-heli cone-6e tscus3h jf43sc9 2ee4z76 5drui6d enef for now.', 'The key is <REDACTED:HELICONE_API_KEY> for now.'],
    ['The key is sk-helicone-hc4\nrz06o3xg4mqazi7zm38iv32sgl\ncive for now.', 'The key is <REDACTED:HELICONE_API_KEY> for now.'],
    ['Here it is:\n\nsbp_SYnAKAMOx1hrvh1mr\nB7gW-KZS-tU8faMXoBgbf\nMedo\n\nRotate it after.', 'Here it is:\n\n<REDACTED:SUPABASE_TOKEN>\n\nRotate it after.'],
    ['sk-a nt-a pi03 -9u6 W5HM YWhW qq6X fdnH bZrk 3pvP NV7D then run it', '<REDACTED:ANTHROPIC_API_KEY> then run it'],
    ['sk-a nt-a pi03 -9u6 W5HM YWhW qq6X fdnH bZrk 3pvP NV7D onui then run it', '<REDACTED:ANTHROPIC_API_KEY> then run it'],
    // A listed word of the key's group length after it, with the text going on, is prose, not a group of its rhythm (the input-guard acceptance's conversation 35).
    ['Earlier I noted "sk-a nt-a pi03 -9u6 W5HM YWhW qq6X fdnH bZrk 3pvP NV7D onui to push the release.', 'Earlier I noted "<REDACTED:ANTHROPIC_API_KEY> to push the release.'],
    ['sk-a nt-a pi03 -9u6 W5HM YWhW qq6X fdnH bZrk 3pvP NV7D onui so push it', '<REDACTED:ANTHROPIC_API_KEY> so push it'],
  ])('the reported shape: %j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 20 });
  });

  test('the key is redacted whole and the prose after it kept: one write, every split offset, one character per write and random chunkings (fast-check)', { timeout: 300_000 }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...rows), fc.nat(), fc.constantFrom(...shapes), writing, fc.constantFrom(...contexts), ({ rule, lower, upper }, seed, shape, way, [before, after]) => {
        const group = wordLike(shape, seed, lower, upper);
        fc.pre(readsAsListedWords(group, 0, group.length) === false);
        const drawn = uniformKey(rule, seededRandom(seed));
        const key = drawn.slice(0, drawn.length - group.length) + group;
        const prefix = rule.prefixes[0] as string;
        fc.pre(key.length - prefix.length >= 2 * group.length);
        // Only keys the redactor takes whole when written whole.
        fc.pre(redactSecrets(key) === `<REDACTED:${rule.type}>`);
        // The word-like group is the last group as written: the key's length (a wrapped key's line with the text before it) leaves it alone.
        const lineStart = before.lastIndexOf('\n') + 1;
        const cut = way.kind === 'spaced' ? way.every : way.column;
        const laid = way.kind === 'spaced' ? key.length : before.length - lineStart + key.length;
        fc.pre(laid % cut === group.length % cut && laid > cut);
        const firstLine = way.kind === 'wrapped' ? cut - (before.length - lineStart) - prefix.length : 0;
        fc.pre(way.kind === 'spaced' || firstLine < Math.max(...rule.body.map((part) => ('min' in part ? part.min : 0))));
        // A fixed-length key wrapped before its length is not judged by its groups (the line layer
        // decides whether it crosses the line break at all): not this rule's either.
        fc.pre(way.kind === 'spaced' || rule.body.some((part) => 'min' in part && part.min < part.max));
        // Only keys found whole written this way when their last group holds a digit (`c7ve`): what
        // is asked here is that reading like a word does not matter.
        const control = `${key.slice(0, key.length - group.length + 1)}7${key.slice(key.length - group.length + 2)}`;
        fc.pre(leakedPiece(redactSecrets(written(control, way as Writing, before, after)), control, prefix, before + prefix + after) === undefined);
        const text = written(key, way as Writing, before, after);
        const output = redactSecrets(text);
        expect(leakedPiece(output, key, prefix, before + prefix + after), JSON.stringify(text)).toBeUndefined();
        expect(output.endsWith(after), JSON.stringify(text)).toBe(true);
        expectChunkInvariant(redactSecretsStream(), text, { seed, randomChunkings: 3 });
      }),
      { numRuns: 150 },
    );
  });
});
