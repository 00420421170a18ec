import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCredentialShaped, isPlaceholderValue } from './value-judge';
import { findSecrets } from '../api/redact-secrets';

describe('the value judge', () => {
  test('placeholder values', () => {
    for (const value of ['${VAR}', '{{ secret }}', '<your-key>', 'changeme', 'YOUR_PASSWORD', 'REPLACE_WITH_TOKEN', 'xxxxx', '***', 'aaaaaaaa', 'null']) expect(isPlaceholderValue(value), value).toBe(true);
    for (const value of ['hunter22', 's3cr3t-pw', 'c2VjcmV0']) expect(isPlaceholderValue(value), value).toBe(false);
  });

  test('doubling is all it takes: any value of doubled characters is filler, and one single character makes it credential-shaped again', () => {
    const character = fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const doubled = fc.array(fc.tuple(character, fc.integer({ min: 2, max: 6 })), { minLength: 4, maxLength: 16 }).map((runs) => runs.map(([value, count]) => value.repeat(count)).join(''));
    fc.assert(
      fc.property(doubled, fc.nat(), character, (value, at, extra) => {
        expect(isCredentialShaped(value)).toBe(false);
        // A single character (different from its neighbours) inserted: judged as any other value again.
        const index = at % (value.length + 1);
        if (value[index - 1] === extra || value[index] === extra) return;
        const broken = value.slice(0, index) + extra + value.slice(index);
        const judged = isCredentialShaped(broken);
        expect(judged).toBe(isCredentialShaped(`${broken}z9Q`) && judged);
      }),
      { numRuns: 300 },
    );
  });
});

describe('minified code after a credential\'s name is no value (Algolia\'s bundled clients)', () => {
  // From @algolia/client-abtesting's and search-insights' browser builds.
  test.each([
    ['an object and a call closing after a name', 'getClientApiKey(){return a},setClientApiKey({apiKey:o}){!r||r==="WithinHeaders"?u.baseHeaders["x-algolia-api-key"]=o:u.baseQueryParameters["x-algolia-api-key"]=o},addABTests(o,n){'],
    ['a comparison after a name', '{"X-Algolia-Application-Id":null!=a?a:r,"X-Algolia-API-Key":null!=c?c:o,"X-Algolia-Agent":e}'],
  ])('%s', (_, line) => {
    expect(findSecrets(line)).toEqual([]);
  });

  test('quoted, or without the code after the name, the same characters are judged as a value', () => {
    expect(findSecrets('apiKey: "o}){!r||r===Xq9Lm2Pz"').length).toBeGreaterThan(0);
    expect(findSecrets('API_KEY=ab}cdEF12xy9Q\n').length).toBeGreaterThan(0);
  });
});
