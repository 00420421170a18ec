import { expectLossless, runChunks } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomRun, seededRandom } from '../__fixtures__/catalogue-examples';
import { findSecrets, redactSecrets } from '../api/redact-secrets';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { isSourceMapMappings } from './source-map-mappings';
import type { RedactionEvents } from '../api/redaction-event';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One number in base64 VLQ: sign in the lowest bit, five bits a character, 32 for "more follows". */
function vlq(number: number): string {
  let rest = number < 0 ? (-number << 1) | 1 : number << 1;
  let text = '';
  do {
    const digit = rest & 31;
    rest >>>= 5;
    text += base64[rest > 0 ? digit | 32 : digit];
  } while (rest > 0);
  return text;
}

/** A source map segment: 1, 4 or 5 numbers, mostly small deltas as bundlers write them (`EAAI`, `CAAC`, `SAASiF`). */
const segment = fc.tuple(fc.constantFrom(1, 4, 4, 4, 5), fc.array(fc.oneof({ weight: 6, arbitrary: fc.integer({ min: -8, max: 8 }) }, { weight: 1, arbitrary: fc.integer({ min: -5000, max: 5000 }) }), { minLength: 5, maxLength: 5 }))
  .map(([count, numbers]) => numbers.slice(0, count).map(vlq).join(''));
/** A map's `mappings`: segments joined by `,`, lines by `;` (empty lines too), holding a Facebook-like `EAAI` segment start. */
const mappings = fc.array(fc.tuple(segment, fc.constantFrom(',', ',', ',', ';', ';;')), { minLength: 40, maxLength: 160 }).map((parts) => `EAAI,${parts.map(([piece, gap]) => piece + gap).join('')}EAAC`);

describe('source map mappings', () => {
  test('a bundle map\'s mappings are no Facebook token, in any chunking (property, 100 cases)', () => {
    fc.assert(
      fc.property(mappings, fc.array(fc.nat(2000), { maxLength: 5 }), (value, offsets) => {
        const text = `{"version":3,"sources":["src/app.js"],"names":["a"],"mappings":";;;;${value}"}\n`;
        expect(isSourceMapMappings(value)).toBe(true);
        expect(findSecrets(text)).toEqual([]);
        const cuts = [...new Set(offsets)].sort((left, right) => left - right);
        expect(runChunks(redactSecretsStream(), cuts.map((cut, index) => text.slice(cuts[index - 1] ?? 0, cut)).concat(text.slice(cuts.at(-1) ?? 0))).output).toBe(text);
      }),
      { numRuns: 100 },
    );
  });

  test('a Facebook token written in groups with commas is still found whole, in any chunking', () => {
    const random = seededRandom(24);
    for (let round = 0; round < 20; round += 1) {
      const key = `EAAG${randomRun('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 120, random)}`;
      const spaced = key.match(/.{1,4}/gu)?.join(',') ?? key;
      expect(isSourceMapMappings(spaced)).toBe(false);
      const text = `token: ${spaced}\nnext line\n`;
      expect(redactSecrets(text)).toBe('token: <REDACTED:FACEBOOK_ACCESS_TOKEN>\nnext line\n');
      expectLossless(redactSecretsStream(), text, { events, randomChunkings: 3 });
      expect(runChunks(redactSecretsStream(), [...text]).output).toBe(redactSecrets(text));
    }
  });

  test('too few whole segments, another separator, or a number left open is not mappings', () => {
    expect(isSourceMapMappings('EAAI,CAAC,EAAE')).toBe(false);
    expect(isSourceMapMappings('EAAI,CAAC EAAE,CAAC,EAAE,CAAC,EAAE,CAAC,EAAE,CAAC,EAAE')).toBe(false);
    expect(isSourceMapMappings('EAAI,CAAg,EAAE,CAAC,EAAE,CAAC,EAAE,CAAC,EAAE,CAAC,EAAE')).toBe(false);
    expect(isSourceMapMappings('EAAI,CAAC,EAAE,CAAC,EAAE,CAAC,EAAE,CAAC,EAAE,CAAC,EAAE')).toBe(true);
  });
});
