/**
 * A catalogue key glued after letters — capitals, the letters of its own prefix, the same letter
 * again and again — is found whatever its body's alphabet mix, as long as the body is valid for its
 * row (the FC_SEED=1809393284 / 1651651044 sweep: `AAAEAAB` and 90 digits, a Facebook token glued
 * after capitals, was left in clear, because the run read as one upper-case hex digest and the key
 * inside it as the digest's own characters).
 *
 * Leak criterion: `survivingPiece` (no 8 characters of the body in a row reach the output).
 */
import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { alphabetOf, exampleOf, seededRandom } from '../__fixtures__/catalogue-examples';
import { survivingPiece } from '../__fixtures__/surviving-piece';
import { catalogue, type CatalogueRule } from '../rules/catalogue';
import { skeletonOf } from '../judge/catalogue-index';
import { midWordJudge, skewJudge, strongPrefixes } from '../judge/catalogue-judge';
import { isNearConstant } from '../judge/near-constant';
import { isPatterned } from '../judge/patterned-text';
import { isPlaceholder } from '../judge/placeholder';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

/** How a body is re-drawn: from one kind of the row's characters only, or from a few repeated. */
type Skew = 'digits' | 'upper' | 'lower' | 'upper-digits' | 'lower-digits' | 'doubled' | 'few';
const skews: readonly Skew[] = ['digits', 'upper', 'lower', 'upper-digits', 'lower-digits', 'doubled', 'few'];

const isDigit = (character: string): boolean => character >= '0' && character <= '9';
const isUpper = (character: string): boolean => character >= 'A' && character <= 'Z';
const isLower = (character: string): boolean => character >= 'a' && character <= 'z';

/** The characters of `alphabet` a skew draws from (the whole alphabet when it holds none of them). */
function poolOf(alphabet: string, skew: Skew, random: () => number): string[] {
  const all = [...alphabet];
  const kept =
    skew === 'digits' ? all.filter(isDigit)
    : skew === 'upper' ? all.filter(isUpper)
    : skew === 'lower' ? all.filter(isLower)
    : skew === 'upper-digits' ? all.filter((character) => isUpper(character) || isDigit(character))
    : skew === 'lower-digits' ? all.filter((character) => isLower(character) || isDigit(character))
    : skew === 'few' ? Array.from({ length: 3 }, () => all[Math.floor(random() * all.length)] as string)
    : all;
  return kept.length > 0 ? kept : all;
}

/**
 * A key of `rule` (prefix number `prefixIndex`) whose every run is re-drawn in the skew at a length
 * the row allows (`lengthChoice`, 0 to 1, from its minimum to four past it), literals as written:
 * a body valid for its row.
 */
function skewedKey(rule: CatalogueRule, prefixIndex: number, random: () => number, skew: Skew, lengthChoice: number): string {
  let key = rule.prefixes[prefixIndex] as string;
  for (const part of rule.body) {
    if ('literal' in part) {
      key += part.literal;
      continue;
    }
    const least = Math.max(part.min, 1);
    const length = least + Math.floor(lengthChoice * (Math.min(part.max, least + 4) - least + 1));
    const pool = poolOf(alphabetOf(part.alphabet), skew, random);
    let run = '';
    while (run.length < length) {
      const character = pool[Math.floor(random() * pool.length)] as string;
      run += skew === 'doubled' ? character.repeat(2) : character;
    }
    key += run.slice(0, length);
  }
  return key;
}

/** Token characters (see `fold.ts`): a run the mid-word search reads is made of these. */
const TOKEN_CHARACTERS = /^[\w./+~%-]*$/;
/** A key holding `:`, `$` or `=` is cut into runs there and is found inside a word only from a word start (a README limit). */
const tokenOnly = (rule: CatalogueRule): boolean =>
  rule.prefixes.every((prefix) => TOKEN_CHARACTERS.test(prefix)) &&
  rule.body.every((part) => ('literal' in part ? TOKEN_CHARACTERS.test(part.literal) : !part.alphabet.includes('=') && !part.alphabet.includes(':') && !part.alphabet.includes('$')));

const rows = catalogue.filter((rule) => rule.prefixes.length > 0 && tokenOnly(rule));
const hexPrefixRows = rows.filter((rule) => rule.prefixes.some((prefix) => /^[\da-f-]+$/i.test(prefix)));

/** 1 to 6 letters drawn from the key's prefix letters and the capitals. */
const glueFor = (prefix: string): fc.Arbitrary<string> => {
  const letters = [...new Set([...prefix].filter((character) => isUpper(character) || isLower(character)))];
  return fc.string({ unit: fc.oneof(fc.constantFrom(...(letters.length > 0 ? letters : ['A'])), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ')), minLength: 1, maxLength: 6 });
};
const before = fc.constantFrom('', 'see ', 'token=', '"', '\n', 'id: ');
const after = fc.constantFrom('', ' ', ' ok', '.', '"', '\n', ', then');
const chunking = fc.oneof(
  fc.array(fc.nat(700), { maxLength: 8 }).map((offsets) => ({ offsets, perCharacter: false })),
  fc.constant({ offsets: [] as number[], perCharacter: true }),
);

/**
 * Whether the row itself declines the key, by a rule of its own that these bodies can meet (left
 * out of the property, each with its reason): a near-constant body is a placeholder (`catalogueJudge`;
 * a body drawn from three characters can be one); a placeholder word (`xxxxx`) in the key is judged
 * before anything else; and a short generic prefix (`sk-`, `SK`, `key-`) inside a word stands only
 * when its body cannot be read as a word or an identifier (`midWordJudge`: `disk-`, `TASK`,
 * `monkey-` are words; letters of one case read as a word — a documented limit).
 */
function rowDeclines(rule: CatalogueRule, prefixIndex: number, key: string): boolean {
  const prefix = rule.prefixes[prefixIndex] as string;
  const body = skeletonOf(key.slice(prefix.length));
  // A body far from a uniform draw over its row's alphabet (a few characters repeated) is no key a provider drew.
  if (isNearConstant(body) || isPatterned(body) || skewJudge(rule)(body) || isPlaceholder(key)) return true;
  return !strongPrefixes(rule).includes(prefix) && !midWordJudge(rule)(key);
}

function expectHidden(text: string, body: string, offsets: readonly number[], perCharacter: boolean): void {
  const whole = redactSecrets(text);
  expect(survivingPiece(whole, body), `${JSON.stringify(text)} -> ${JSON.stringify(whole)}`).toBeUndefined();
  const { output } = runChunks(redactSecretsStream(), perCharacter ? [...text] : splitAt(text, [...offsets]));
  expect(output, JSON.stringify(text)).toBe(whole);
}

describe('a catalogue key glued after letters is found whatever its body\'s alphabet mix', () => {
  test.each([
    ['after three A (the sweep\'s case)', 'AAAEAAB'],
    ['after three B', 'BBBEAAB'],
    ['after one capital', 'AEAAB'],
    ['after its own prefix\'s letters', 'EAEAAB'],
    ['after a lower-case letter (found before too)', 'xEAAB'],
  ])('a Facebook token with an all-digit body, %s', (_, glued) => {
    const digits = '202145664520947686512830795430752132321384477955342603944001073298480278702430875805723640';
    const text = `${glued}${digits}`;
    expect(redactSecrets(text)).toBe(`${glued.slice(0, -4)}<REDACTED:FACEBOOK_ACCESS_TOKEN>`);
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, events });
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(redactSecrets(text));
  });

  test.each([
    ['a Firecrawl key with an all-digit body after its prefix letters', 'cfcfc', 'fc-', '67498373063580529933762151344768'],
    ['a Firecrawl key with a hex body after its prefix letters', 'fcfcfc', 'fc-', '0a1b2c3d4e5f60718293a4b5c6d7e8f9'],
    // Square's `EAAA` overlaps the A's glued before it: the key may begin at several offsets (FC_SEED=1676765817 in mid-word-keys.test.ts).
    ['a Square token with an all-digit body after AAA', 'AAA', 'EAAA', '254535045729722279793596080121653223964663176674904900192878'],
    ['a Square token with an all-digit body after AAAA', 'AAAA', 'EAAA', '254535045729722279793596080121653223964663176674904900192878'],
    ['a Square token with an all-digit body after twelve A', 'AAAAAAAAAAAA', 'EAAA', '254535045729722279793596080121653223964663176674904900192878'],
  ])('%s', (_, glue, prefix, body) => {
    const text = `see ${glue}${prefix}${body} ok`;
    expect(survivingPiece(redactSecrets(text), body)).toBeUndefined();
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, events });
  });

  test('every prefixed row: a body of digits, one case, doubled or few characters, glued after 1 to 6 capitals or prefix letters, any chunking (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...rows).chain((rule) => fc.tuple(fc.constant(rule), fc.nat(rule.prefixes.length - 1)).chain(([row, prefixIndex]) => fc.tuple(fc.constant(row), fc.constant(prefixIndex), glueFor(row.prefixes[prefixIndex] as string)))),
        fc.integer(),
        fc.constantFrom(...skews),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        before,
        after,
        chunking,
        ([rule, prefixIndex, glue], seed, skew, lengthChoice, head, tail, { offsets, perCharacter }) => {
          const key = skewedKey(rule, prefixIndex, seededRandom(seed), skew, lengthChoice);
          fc.pre(!rowDeclines(rule, prefixIndex, key));
          const body = key.slice((rule.prefixes[prefixIndex] as string).length);
          expectHidden(`${head}${glue}${key}${tail}`, body, offsets, perCharacter);
        },
      ),
      { numRuns: 600 },
    );
  });

  // A piece of hex digits before a key read as a digest, and the key as the digest's own characters
  // (FC_SEED=216072609 in adversary-leaks.test.ts: `fc-<hex>` after 256 zeros). Padding, a unit
  // repeated, is no digest, whatever its length (across the run's cut at maxTokenLength included).
  test.each([
    ['a Firecrawl key after 256 zeros', '0'.repeat(256), 'fc-bdbdfa57a368f77e8682920d9a7ac1d4'],
    ['a Firecrawl key after 1100 zeros (across the run\'s cut)', '0'.repeat(1100), 'fc-bdbdfa57a368f77e8682920d9a7ac1d4'],
    ['a Firecrawl key after deadbeef repeated', 'deadbeef'.repeat(8), 'fc-0a1b2c3d4e5f60718293a4b5c6d7e8f9'],
    ['a Facebook token with a hex body after 0A repeated', '0A'.repeat(20), 'EAAB5943EFA1540183E0118D202CA7671A64689A6FBF6E8F239F77069A81AAFDB89EE7FC617FBA2DB7B6AAC8F5ABAB5F0BCD'],
  ])('%s', (_, padding, key) => {
    const text = `see ${padding}${key} end`;
    const body = key.slice(key.startsWith('fc-') ? 3 : 4);
    expect(survivingPiece(redactSecrets(text), body), text).toBeUndefined();
    expect(survivingPiece(runChunks(redactSecretsStream(), [...text]).output, body)).toBeUndefined();
  });

  test('every prefixed row: a key glued after hex or digit padding (a unit of 1 to 8 repeated twice or more, up to 1100 characters), any body shape, any chunking (fast-check)', { timeout: 180_000 }, () => {
    const unit = fc.tuple(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 8 }), fc.boolean()).map(([text, upper]) => (upper ? text.toUpperCase() : text));
    const length = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 200, max: 1100 }));
    fc.assert(
      fc.property(
        // Half the time a row with a prefix of hex digits and dashes (`fc-`, `EAAB`): its key can read as a digest's characters.
        fc.oneof(fc.constantFrom(...rows), fc.constantFrom(...hexPrefixRows)).chain((rule) => fc.tuple(fc.constant(rule), fc.nat(rule.prefixes.length - 1))),
        fc.integer(),
        fc.constantFrom<Skew | 'random'>('random', ...skews),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        unit,
        length,
        after,
        chunking,
        ([rule, prefixIndex], seed, skew, lengthChoice, padUnit, padLength, tail, { offsets, perCharacter }) => {
          const random = seededRandom(seed);
          const key = skew === 'random' ? exampleOf(rule, random, 'positive', prefixIndex, 'any', lengthChoice) : skewedKey(rule, prefixIndex, random, skew, lengthChoice);
          fc.pre(!rowDeclines(rule, prefixIndex, key));
          // Padding repeats its unit at least twice: a shorter stretch of hex that does not repeat is what
          // a short digest is (`00a00fc-<hex>`: a README limit).
          const padding = padUnit.repeat(Math.ceil(padLength / padUnit.length) + 1).slice(0, Math.max(padLength, 2 * padUnit.length));
          const body = key.slice((rule.prefixes[prefixIndex] as string).length);
          // The padding itself must not show 8 characters of the body (`22222222` before a body holding them).
          fc.pre(survivingPiece(`see ${padding}\u0000${tail}`, body) === undefined);
          expectHidden(`see ${padding}${key}${tail}`, body, offsets, perCharacter);
        },
      ),
      { numRuns: 300 },
    );
  });

  // Known limit (README): a short stretch of hex that does not repeat, then a hex-lettered prefix and
  // a random hex body, is what a short digest followed by another looks like. Kept visible.
  test.fails.each([
    ['00a00', 'fc-0a1b2c3d4e5f60718293a4b5c6d7e8f9'],
    ['a1b2c3d4', 'fc-0a1b2c3d4e5f60718293a4b5c6d7e8f9'],
  ])('known limit: a key glued after %s (hex that does not repeat) reads as a digest\'s characters', (glue, key) => {
    expect(survivingPiece(redactSecrets(`see ${glue}${key} end`), key.slice(3))).toBeUndefined();
  });

  test('the example keys of every row, glued after capitals, stay found (the generator\'s own check)', () => {
    for (const rule of rows) {
      const key = exampleOf(rule, seededRandom(11), 'positive', 0, 'digit-early');
      const body = key.slice((rule.prefixes[0] as string).length);
      expect(survivingPiece(redactSecrets(`AAA${key} `), body), `${rule.id} ${key}`).toBeUndefined();
    }
  });
});
