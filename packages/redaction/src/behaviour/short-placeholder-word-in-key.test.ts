import { expectChunkInvariant, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { fullAlphabetOf, leakedPiece } from '../__fixtures__/row-alphabet-keys';
import { chunksOf } from '../__fixtures__/stream-matches-whole';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { catalogue } from '../rules/catalogue';

/**
 * A random key holds a short placeholder word by chance (`…5jyourd6…`, `…tDYOURm0…`: a four-letter
 * word is in one lower-case key of a hundred characters in some ten thousand): inside a run of
 * letters of its case it is no word a person wrote, and the key is found. Written as a word
 * (`xoxb-your-token`, `pina_yourtokenhere`) it still marks a placeholder.
 */
describe('a short placeholder word inside a random key', () => {
  const cases: ReadonlyArray<readonly [text: string, key: string, prefix: string]> = [
    ['pina_T8gjCSpNXTtzb8DetkLkDl11Hmt3OfCZZ0nTV2lSpt3YZhJ7oRvM9NttDYOURm0Fg7ZIWCQ4lUfHQ0ChDBCYZc', 'pina_T8gjCSpNXTtzb8DetkLkDl11Hmt3OfCZZ0nTV2lSpt3YZhJ7oRvM9NttDYOURm0Fg7ZIWCQ4lUfHQ0ChDBCYZc', 'pina_'],
    ['os_v2_\norg_ka\nrtxfjt\n3jhdbr\nwhelr7\nbkqaon\nxfpwyc\n3gi4t6\nfguefd\nwt53pf\nfljusw\nkd26ni\n5jyour\nd6vhvo\nygt3xi\nuxtzpt\n7d', 'os_v2_org_kartxfjt3jhdbrwhelr7bkqaonxfpwyc3gi4t6fguefdwt53pffljuswkd26ni5jyourd6vhvoygt3xiuxtzpt7d', 'os_v2_org_'],
  ];

  test.each(cases)('%j is redacted, in every chunking', (text, key, prefix) => {
    const output = runChunks(redactSecretsStream(), [text]).output;
    expect(leakedPiece(output, key, prefix, prefix), output).toBeUndefined();
    expectChunkInvariant(redactSecretsStream(), text, { randomChunkings: 20 });
  });

  test('a placeholder word written as a word still marks a placeholder', () => {
    for (const text of ['Set SLACK_BOT_TOKEN=xoxb-your-token now', 'key pina_yourtokenhere ok', 'key sk-proj-yourkeyhereabcdefghijklmnop ok']) {
      expect(runChunks(redactSecretsStream(), [text]).output).toBe(text);
    }
  });

  const rows = catalogue.filter((rule) => rule.body.length === 1 && 'alphabet' in (rule.body[0] as object) && [...'your'].every((letter) => fullAlphabetOf((rule.body[0] as { alphabet: string }).alphabet).includes(letter)));

  test('rows whose alphabet holds the word: `your` after a lower-case letter inside the body leaves nothing (fast-check)', { timeout: 120_000 }, () => {
    const redactor = redactSecretsStream();
    fc.assert(
      fc.property(
        fc.nat(rows.length - 1),
        fc.nat(2 ** 31),
        fc.record({ offsets: fc.array(fc.nat(300), { maxLength: 10 }), oneByOne: fc.boolean() }),
        (row, seed, cuts) => {
          const rule = rows[row] as (typeof rows)[number];
          const body = rule.body[0] as { readonly alphabet: string; readonly min: number };
          const alphabet = fullAlphabetOf(body.alphabet).replaceAll(/[^a-z0-9]/g, '');
          const lower = alphabet.replaceAll(/[^a-z]/g, '');
          const random = seededRandom(seed);
          const prefix = rule.prefixes[seed % rule.prefixes.length] as string;
          const length = Math.max(body.min, 12);
          const at = Math.floor((length - 5) / 2);
          let key = prefix;
          for (let index = 0; index < at; index += 1) key += alphabet[Math.floor(random() * alphabet.length)] as string;
          key += `${lower[Math.floor(random() * lower.length)] as string}your`;
          for (let index = at + 5; index < length; index += 1) key += alphabet[Math.floor(random() * alphabet.length)] as string;
          const before = 'The key is ';
          const after = ' for now.';
          const text = `${before}${key}${after}`;
          const output = runChunks(redactor, chunksOf(text, cuts)).output;
          expect(leakedPiece(output, key, prefix, before + prefix + after), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});
