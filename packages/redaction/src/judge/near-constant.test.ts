import { describe, expect, test } from 'vitest';
import { seededRandom } from '../__fixtures__/catalogue-examples';
import { findSecrets } from '../api/redact-secrets';
import { catalogue } from '../rules/catalogue';
import { characterSet } from '../text/fold';
import { skewJudge } from './catalogue-judge';
import { isSkewed } from './near-constant';
import { RANDOM_EVIDENCE } from './randomness-judge';

const base64Url = characterSet('A-Za-z0-9');
base64Url['_'.charCodeAt(0)] = 0;

/** `length` characters drawn uniformly from `characters`. */
function draw(characters: string, length: number, random: () => number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += characters[Math.floor(random() * characters.length)];
  return text;
}

describe('the skew judge: is a body far from a uniform draw over its row\'s alphabet?', () => {
  test('20 A in 60 characters of base64 is no key; a few characters repeated is none either', () => {
    const random = seededRandom(3);
    const rest = draw('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 40, random);
    expect(isSkewed(`${'A'.repeat(20)}${rest}`.split('').sort(() => random() - 0.5).join(''), base64Url, RANDOM_EVIDENCE)).toBe(true);
    expect(isSkewed(draw('R6V', 40, random).replace(/^(.)/, 'x'), characterSet('A-Z0-9'), RANDOM_EVIDENCE)).toBe(true);
  });

  test('uniform draws from a row\'s alphabet, or from digits, hex, one case or letters within it, are never skewed (40,000 draws, 8 to 256 characters)', () => {
    const random = seededRandom(11);
    const alphanumeric = characterSet('A-Za-z0-9');
    const hex = characterSet('0-9a-f');
    const pools = [
      ['0123456789', alphanumeric],
      ['0123456789abcdef', alphanumeric],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZ', alphanumeric],
      ['abcdefghijklmnopqrstuvwxyz', alphanumeric],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', alphanumeric],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', alphanumeric],
      ['abcdef', hex],
      ['0123456789abcdef', hex],
    ] as const;
    let skewed = 0;
    for (let index = 0; index < 40_000; index += 1) {
      const [pool, alphabet] = pools[index % pools.length]!;
      if (isSkewed(draw(pool, 8 + (index % 249), random), alphabet, RANDOM_EVIDENCE)) skewed += 1;
    }
    expect(skewed).toBe(0);
  });

  test('filler a body starts or ends with is left out: a key glued inside filler is still judged by what stays', () => {
    const github = catalogue.find((rule) => rule.id === 'github-classic-token');
    expect(github).toBeDefined();
    const skewed = skewJudge(github!);
    expect(skewed(`${'A'.repeat(20)}q7Zp2xLm9VtR4sKw`)).toBe(false);
    expect(skewed(`q7Zp2xLm9VtR4sKwE3u9${'x'.repeat(16)}`)).toBe(false);
    expect(skewed('AAgICAgICAgICAgICAgICAgIAAAACAgICAgICAgI')).toBe(true);
  });

  test('rows whose body encodes structured data (base64 of JSON) are never judged for a skew', () => {
    const grafana = catalogue.find((rule) => rule.id === 'grafana-legacy-api-key');
    expect(grafana?.encoded).toBe(true);
    expect(skewJudge(grafana!)('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  // corepack.cjs and undici's llhttp-wasm.js embed llhttp's WebAssembly as base64: a Facebook
  // prefix (`EAAC`) or Square's (`EAAA`) turns up by chance, before a body of mostly `A`, `C`, `Q`, `g`.
  test.each([
    ['EAAC in WebAssembly base64', 'EAIQACQCACKAI4IgNFDQAgAygCLCIDRQ0AIAIgAxEAACEACyAARQ3MASAAQRVHDd0CIAJBBDYCHCACIAE2AhQgAkGwGDYCECACQRU2AgxBACEDDKQDCyABIARGBEBBBiEDDKQDCyABQQFqIQFBACEAAkAgAigCOCIDRQ0AIAMoAlQiA0UNACACIAMRAAAhAAsgAA3ZAgwcCyACQgA3AyBBEiEDDIkDCyABIARHDRZBHSEDDK'],
    ['EAAA in WebAssembly base64', 'ADkXAADwEgAAChAAAHUSAACtEgAAghMAAE8UAAB/EAAAoBUAACMUAACJEgAAixQAAE0VAADUEQAAzxQAABAYAADJFgAA3BYAAMERAADgFwAAuxQAAHQUAAB8FQAA5RQAAAgXAAAfEAAAZRUAAKMUAAAoFQAAAhUAAJkVAAAsEAAAixkAAE8PAADUDgAAahAAAM4QAAACFwAAiQ4AAG4TAAAcEwAAZhQAAFYXAADBEwAAzRMA'],
  ])('%s is no provider key', (_, text) => {
    expect(findSecrets(text).filter((finding) => finding.type === 'FACEBOOK_ACCESS_TOKEN' || finding.type === 'SQUARE_TOKEN')).toEqual([]);
  });

  test('a real-shaped Facebook token, drawn uniformly, is still found', () => {
    const key = `EAAG${draw('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 180, seededRandom(5))}`;
    expect(findSecrets(`token ${key} end`)).toEqual([{ type: 'FACEBOOK_ACCESS_TOKEN', start: 6, end: 6 + key.length }]);
  });
});
