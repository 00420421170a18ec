/**
 * No catalogue row redacts a body that is one character repeated with at most two exceptions: a
 * placeholder, not a key (the FC_SEED=1809393284 sweep: `sk-proj-0000000l000000000000 and more
 * text` was redacted as an OpenAI key — the `sk-proj-` row declined the body, and the legacy `sk-`
 * row, whose keys are 32 characters or more, read `proj`, the body and the words after it as one
 * key spaced out, and judged the words part of the body).
 *
 * The exception, by decision (README): a checksummed format whose checksum validates the body is
 * the row's whatever its body (`ghp_` + 30 `A` and their CRC-32).
 */
import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { alphabetOf } from '../__fixtures__/catalogue-examples';
import { catalogue, type CatalogueRule } from '../rules/catalogue';
import { catalogueJudge } from '../judge/catalogue-judge';
import { verifyChecksum } from '../rules/checksum';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

type Run = { readonly alphabet: string; readonly min: number; readonly max: number };
const runsOf = (rule: CatalogueRule): Run[] => rule.body.flatMap((part) => ('alphabet' in part ? [part] : []));

/** The characters every run of the row holds (its separators left out): what a body of one character repeated can be made of. */
const sharedCharacters = (rule: CatalogueRule): string[] => {
  const alphabets = runsOf(rule).map((part) => alphabetOf(part.alphabet));
  return [...(alphabets[0] ?? '')].filter((character) => alphabets.every((alphabet) => alphabet.includes(character)));
};

// Every row has a prefix and, but for none, a character its runs share; checked below, so no row is left out silently.
const rows = catalogue.filter((rule) => rule.prefixes.length > 0 && sharedCharacters(rule).length > 0);

/**
 * A key of `rule`: `prefix`, then every run at a length the row allows filled with `fill`, the
 * literals as written, and up to two characters changed to others of their run's alphabet.
 */
function nearConstantKey(rule: CatalogueRule, prefix: string, fill: string, lengths: readonly number[], changes: ReadonlyArray<readonly [number, number]>): string {
  const runs = runsOf(rule);
  const filled = runs.map((part, index) => {
    const length = part.min + Math.floor((lengths[index] ?? 0) * (Math.min(part.max, part.min + 40) - part.min + 1));
    return [...fill.repeat(Math.max(length, 1))];
  });
  const total = filled.reduce((sum, run) => sum + run.length, 0);
  for (const [position, pick] of changes) {
    let at = position % total;
    const runIndex = filled.findIndex((run) => (at < run.length ? true : ((at -= run.length), false)));
    const alphabet = alphabetOf((runs[runIndex] as Run).alphabet);
    (filled[runIndex] as string[])[at] = alphabet[pick % alphabet.length] as string;
  }
  let key = prefix;
  let next = 0;
  for (const part of rule.body) key += 'literal' in part ? part.literal : (filled[next++] as string[]).join('');
  return key;
}

/** A token character (see `fold.ts`): what the entropy rule's runs are made of. */
const TOKEN_CHARACTER = /^[\w./+~%-]$/;
const literalsOf = (rule: CatalogueRule): string => rule.body.map((part) => ('literal' in part ? part.literal : '')).join('');

/** Whether the key's checksum validates it (a checksummed row's key is its own whatever its body). */
const checksumHolds = (rule: CatalogueRule, prefix: string, key: string): boolean => rule.checksumAlgorithm !== undefined && verifyChecksum(rule.checksumAlgorithm, key, prefix);

const before = fc.constantFrom('', 'see ', '"', '(', '\n', 'The deploy used ', '`', 'id=', 'value: ');
const after = fc.constantFrom('', ' ', '"', ')', '.', '\n', ', ok', '`;', ' and more text', ' and more text follows here.', ' see the docs', ' is a placeholder', ' for the 2024 release', '\n\nThe next paragraph');
const chunking = fc.oneof(
  fc.array(fc.nat(700), { maxLength: 8 }).map((offsets) => ({ offsets, perCharacter: false })),
  fc.constant({ offsets: [] as number[], perCharacter: true }),
);

const nearConstantCase = fc
  .constantFrom(...rows)
  .chain((rule) =>
    fc.record({
      rule: fc.constant(rule),
      prefix: fc.constantFrom(...rule.prefixes),
      fill: fc.constantFrom(...sharedCharacters(rule)),
      lengths: fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })), { minLength: runsOf(rule).length, maxLength: runsOf(rule).length }),
      changes: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 2 }),
    }),
  );

describe('a body of one character repeated with at most two exceptions is no key, for any row', () => {
  test('every row has a character its runs share (so the property below leaves none out)', () => {
    expect(catalogue.filter((rule) => !rows.includes(rule)).map((rule) => rule.id)).toEqual([]);
  });

  test.each([
    ['the sweep\'s case: zeros and one l, then words', 'sk-proj-0000000l000000000000 and more text'],
    ['zeros and one a, then words', 'sk-proj-0000000a000000000000 and more text'],
    ['zeros and two others, then more words', 'sk-proj-000z0000000000000q00 and more text follows here.'],
    ['an admin key of x with one y, then words', 'sk-admin-xxxxxxxxxyxxxxxxxxxx see the docs'],
    ['a Notion key inside a Supabase prefix, then words and a number', `sb_secret_A${'0'.repeat(30)} for the 2024 release`],
    ['a Slack workspace token of zeros, then words and a number (the fail-closed extension takes `for the 2024`)', 'xoxa-0000000000 for the 2024 release'],
    ['a PyPI token whose fill runs on from its prefix\'s last letter (the entropy rule read the prefix as a piece)', `pypi-AgENdGVzdC5weXBpLm9yZw${'w'.repeat(50)}`],
  ])('%s is left unchanged, however it streams', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, events });
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(text);
  });

  test('every prefixed row: such a body at the row\'s lengths, any prefix, context and chunking, is left unchanged (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(nearConstantCase, before, after, chunking, ({ rule, prefix, fill, lengths, changes }, head, tail, { offsets, perCharacter }) => {
        const key = nearConstantKey(rule, prefix, fill, lengths, changes);
        // A right checksum makes the key the row's whatever its body (the README's decision).
        fc.pre(!checksumHolds(rule, prefix, key));
        // A character that ends a token run (`=` in a base64 alphabet), not one of the row's literals,
        // cuts the key into runs, and the entropy rule judges its prefix with a character or two as a
        // run of its own (`eyJhcGlfYWRkcmVzcyI6+` then `=`: a known limit, not the rows').
        fc.pre([...key.slice(prefix.length)].every((character) => TOKEN_CHARACTER.test(character) || literalsOf(rule).includes(character)));
        const text = `${head}${key}${tail}`;
        expect(redactSecrets(text), text).toBe(text);
        expect(runChunks(redactSecretsStream(), perCharacter ? [...text] : splitAt(text, [...offsets])).output, text).toBe(text);
      }),
      { numRuns: 1500 },
    );
  });

  // Known limit (README): `=` ends the token run, and the entropy rule judges the public prefix with
  // the character after it as a run of its own. Kept visible.
  test.fails('known limit: a neptune.ai placeholder cut by `=` after its first character leaves its prefix to the entropy rule', () => {
    const text = `eyJhcGlfYWRkcmVzcyI6+=${'+'.repeat(78)}`;
    expect(redactSecrets(text)).toBe(text);
  });

  test('the rows\' own judges decline every such body (the generator\'s own check)', () => {
    for (const rule of rows) {
      const fill = sharedCharacters(rule)[0] as string;
      const key = nearConstantKey(rule, rule.prefixes[0] as string, fill, [], [[3, 1], [7, 2]]);
      expect(catalogueJudge(rule)(key, false) && !checksumHolds(rule, rule.prefixes[0] as string, key), `${rule.id} ${key}`).toBe(false);
    }
  });
});
