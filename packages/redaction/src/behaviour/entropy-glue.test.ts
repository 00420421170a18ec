import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';

/** No 8-character piece of `secret` is in `output` (placeholders cut out). */
function survivingPiece(output: string, secret: string): string | undefined {
  const shown = output.replaceAll(/<REDACTED:[A-Z0-9_]+>/g, '\u0000');
  for (let index = 0; index + 8 <= secret.length; index += 1) if (shown.includes(secret.slice(index, index + 8))) return secret.slice(index, index + 8);
  return undefined;
}

describe('glue of `_ - . ~ $` around a random secret never takes it out of the entropy rule', () => {
  test.each([
    ['a leading `_`', 'see _A_wMZ3AQJ9uWPRdV_nQZz end', 'see _<REDACTED:HIGH_ENTROPY> end'],
    ['a leading `__`', 'see __A_wMZ3AQJ9uWPRdV_nQZz end', 'see __<REDACTED:HIGH_ENTROPY> end'],
    ['a leading `$__`', 'see $__A_wMZ3AQJ9uWPRdV_nQZz end', 'see $__<REDACTED:HIGH_ENTROPY> end'],
    ['`__` on both sides', 'see __A_wMZ3AQJ9uWPRdV_nQZz__ end', 'see __<REDACTED:HIGH_ENTROPY>__ end'],
    ['the key alone', 'see A_wMZ3AQJ9uWPRdV_nQZz end', 'see <REDACTED:HIGH_ENTROPY> end'],
  ])('%s', (_, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(expected);
  });

  test.each([
    ['a private name', 'see __privateImplementationDetail end'],
    ['a dunder name', 'see __init_subclass_hook_name__ end'],
    ['a flag', 'see --max-old-space-size-limit end'],
  ])('%s stays as it is', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  // Keys near the 4.0-bit threshold (where glue tips the balance): 20 to 32 characters drawn from
  // 12 to 30 letters and digits, with up to three `_` inside.
  const alphabet = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];
  const body = fc.shuffledSubarray(alphabet, { minLength: 12, maxLength: 30 }).chain((letters) => fc.string({ unit: fc.constantFrom(...letters), minLength: 20, maxLength: 32 }));
  const key = fc.tuple(body, fc.array(fc.nat(32), { maxLength: 3 })).map(([drawn, cuts]) => {
    let text = drawn;
    for (const cut of cuts) if (cut > 0 && cut < text.length - 1) text = `${text.slice(0, cut)}_${text.slice(cut + 1)}`;
    return text;
  });
  const glue = fc.string({ unit: fc.constantFrom('_', '-', '.', '~', '$'), maxLength: 4 });
  const before = fc.constantFrom('see ', '', 'token: ', '(');
  const after = fc.constantFrom(' end', '', ').', '\n');

  test('a key the entropy rule redacts alone stays redacted with any glue before or after it, any chunking (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(key, glue, glue, before, after, fc.array(fc.nat(80), { maxLength: 6 }), (secret, lead, trail, head, tail, offsets) => {
        // The rule's own verdict on the bare key decides which keys count (not a second filter).
        fc.pre(redactSecrets(`see ${secret} end`) === 'see <REDACTED:HIGH_ENTROPY> end');
        const text = `${head}${lead}${secret}${trail}${tail}`;
        const output = runChunks(redactSecretsStream(), splitAt(text, offsets)).output;
        expect(output).toBe(redactSecrets(text));
        expect(survivingPiece(output, secret), `${JSON.stringify(text)} -> ${JSON.stringify(output)}`).toBeUndefined();
      }),
      { numRuns: 600 },
    );
  });
});
