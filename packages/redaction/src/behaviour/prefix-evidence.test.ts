import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { leakedPiece, spacingSeparators, uniformKey, written } from '../__fixtures__/row-alphabet-keys';
import { expectStreamMatchesWhole } from '../__fixtures__/stream-matches-whole';
import { redactSecrets } from '../api/redact-secrets';
import { catalogue } from '../rules/catalogue';

/**
 * A spaced-out key is judged with its prefix's evidence too: what the written model pays for the
 * prefix's letters beyond what naming one of the catalogue's prefixes costs (`AKIA` about 15 bits,
 * `sq0csp-` 33). A prefix that white space cuts may be words that spell it, and brings none.
 */
describe('a spaced-out key\'s prefix is evidence', () => {
  test('the reported shapes: keys whose spaced-out body alone reads as capitals and numbers are caught; words that spell a prefix are not', () => {
    expect(expectStreamMatchesWhole('export TOKEN=ACCA D66U CQUS FEDI CA50\n')).toBe('export TOKEN=<REDACTED:AWS_ACCESS_KEY_ID>\n');
    expect(expectStreamMatchesWhole('AKIAVOL GPENV69 LTH11X')).toBe('<REDACTED:AWS_ACCESS_KEY_ID>');
    // (Its last group, shorter than the others and shaped as a word, is the tail judge's: see row-alphabet-leaks.)
    expect(expectStreamMatchesWhole('x sq0csp\n-STU75\nAbilmt\nSCEl19\nJ_Ovyv\nfev\n').startsWith('x <REDACTED:SQUARE_TOKEN>')).toBe(true);
    const keywords = "keyword: 'ABORT ACC ADJUST AND AP_LD BREAK CALL CNT COL CONDITION CONFIG DA DB '";
    expect(expectStreamMatchesWhole(keywords)).toBe(keywords);
  });

  test('AWS key ids drawn uniformly, in groups of four with any separator: none leaves a 4-character piece', () => {
    const random = seededRandom(20261205);
    const rule = catalogue.find((row) => row.id === 'aws-access-key-id');
    expect(rule).toBeDefined();
    if (rule === undefined) return;
    const leaks: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      const prefixIndex = Math.floor(random() * rule.prefixes.length);
      const key = uniformKey(rule, random, prefixIndex);
      const separator = spacingSeparators[index % spacingSeparators.length] as string;
      const text = written(key, { kind: 'spaced', every: 4, separator }, 'export TOKEN=', '\n');
      const output = redactSecrets(text);
      if (leakedPiece(output, key, rule.prefixes[prefixIndex] as string, `export TOKEN=${rule.prefixes[prefixIndex] as string}\n`) !== undefined) leaks.push(`${JSON.stringify(text)} -> ${JSON.stringify(output)}`);
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
  });
});
