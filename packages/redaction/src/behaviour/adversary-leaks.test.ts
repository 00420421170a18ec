// LEAD NOTE: failing leak tests found by the adversarial review; fix and keep
/**
 * The adversarial review of issue 16: secrets written the way an attacker, a careless pipeline or
 * a model would write them, through `redactSecrets`, `redactSecretsStream` (any chunking, one
 * character per write) and so `parley redact`, which streams through the same middleware.
 *
 * Leak criterion, the same as `fail-closed.test.ts` and the recall bench: a secret leaks when any
 * 8 consecutive characters of its body (the prefix a format publishes left out; separators
 * removed) appear in the output once its placeholders are cut out. Fixed classes are plain tests;
 * classes not fixed here are `test.fails` with the reason beside them.
 */
import { expectLossless, runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exampleOf, seededRandom } from '../__fixtures__/catalogue-examples';
import { catalogue } from '../rules/catalogue';
import type { RedactionEvents } from '../api/redaction-event';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { redactSecrets } from '../api/redact-secrets';
import { redactValue } from '../api/redact-value';
import { survivingPiece as leakedPiece } from '../__fixtures__/surviving-piece';

const events = { redaction: ({ type, start, end }: RedactionEvents['redaction']) => ({ start, end, replacement: `<REDACTED:${type}>` }) };


/** The outputs that must all hide the secret: the whole text, one character per write, and a chunking. */
function outputs(text: string, offsets: readonly number[] = [3, 4, 9, 10, 11, 17, 40]): string[] {
  return [redactSecrets(text), runChunks(redactSecretsStream(), [...text]).output, runChunks(redactSecretsStream(), splitAt(text, offsets)).output];
}

const expectHidden = (text: string, ...bodies: string[]): void => {
  for (const output of outputs(text)) for (const body of bodies) expect(leakedPiece(output, body), output).toBeUndefined();
};

const github = 'ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5';
const awsKeyId = 'AKIAQ3EGRXN7T5W2HJ4K';
const stripe = 'sk_live_aB3dE5gH7jK9mN1pQ3sT5vX7';
const randomBody = 'Zq8Lk2Vx9Tn4wRm7Pb3Yc6Hd';

/** Every catalogue row's every prefix with a seeded real-shaped body: `{ prefix, key }`. */
const rowKeys = (() => {
  const random = seededRandom(20261130);
  return catalogue.flatMap((rule) => rule.prefixes.map((prefix, index) => ({ id: rule.id, prefix, key: exampleOf(rule, random, 'positive', index, 'any') })));
})();
const rowKey = fc.constantFrom(...rowKeys);
/** Cut points for any chunking; with `oneByOne` every character is its own write. */
const chunking = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.nat(400), { maxLength: 12 }).map((offsets) => ({ offsets, oneByOne: false })) },
  { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], oneByOne: true }) },
);
const streamed = (text: string, { offsets, oneByOne }: { readonly offsets: readonly number[]; readonly oneByOne: boolean }): string =>
  runChunks(redactSecretsStream(), oneByOne ? [...text] : splitAt(text, offsets)).output;

// ---------------------------------------------------------------------------------------------
// Class 1 (fixed): letters of another script drawn like ASCII ones (Greek Κ, Cyrillic А, script ɡ)
// inside a key or its prefix. NFKC keeps them as they are, so they folded to "cannot be a secret"
// and cut the key in two: `ghp_…Κ9…` left every piece shorter than the entropy rule's 20 in clear,
// `АKIA…` left the 19 characters after the Cyrillic A. fold.ts now reads them as the letter drawn.
// ---------------------------------------------------------------------------------------------

/** Each ASCII letter with characters of other scripts drawn like it (fold.ts's table). */
const lookalikeOf: Readonly<Record<string, readonly string[]>> = {
  A: ['Α', 'А'], B: ['Β', 'В'], E: ['Ε', 'Е'], Z: ['Ζ'], H: ['Η', 'Н'], I: ['Ι', 'І'], K: ['Κ', 'К'], M: ['Μ', 'М'], N: ['Ν'], O: ['Ο', 'О'], P: ['Ρ', 'Р'],
  T: ['Τ', 'Т'], Y: ['Υ', 'Ү'], X: ['Χ', 'Х'], C: ['С'], S: ['Ѕ'], J: ['Ј'], Q: ['Ԛ'], W: ['Ԝ'],
  a: ['а'], e: ['е'], o: ['ο', 'о'], p: ['р'], c: ['с'], y: ['у'], x: ['х'], s: ['ѕ'], i: ['і', 'ı'], j: ['ј'], q: ['ԛ'], w: ['ԝ'], h: ['һ'], d: ['ԁ'], g: ['ɡ'],
};

describe('class 1 (fixed): look-alike letters of other scripts inside a key', () => {
  test.each([
    ['a Greek kappa and alpha inside a GitHub token', 'ghp_aB3dE5gH7jΚ9mN1pQ3sT5vX7zΑ9cD1fH3jΚ5', github.slice(4)],
    ['a Cyrillic A starting an AWS key id', `АKIAQ3EGRXN7T5W2HJ4K`, awsKeyId.slice(4)],
    ['Greek capitals in an AWS key id', 'ΑΚIΑQ3EGRXN7T5W2HJ4Κ', awsKeyId.slice(4)],
    ['a Greek kappa in a Stripe key', 'sk_live_aB3dE5gH7jΚ9mN1pQ3sT5vX7', stripe.slice(8)],
    ['Cyrillic letters all through a Slack token', 'хохb-1234567890-0987654321-аВ3dЕ5gН7jК9mN1рQ3sТ5vХ7', 'aB3dE5gH7jK9mN1pQ3sT5vX7'],
    ['a Greek omicron in a Slack prefix', 'xοxb-1234567890-0987654321-aB3dE5gH7jΚ9mN1pQ3sT5vX7', 'aB3dE5gH7jK9mN1pQ3sT5vX7'],
  ])('%s', (_, text, body) => {
    expectHidden(`copy ${text} now — rotate it`, body, text.slice(-24));
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 4, events });
  });

  test.each([
    ['Russian prose', 'Ключ API хранится в хранилище секретов; не вставляйте его в чат. Спасибо!'],
    ['Greek prose', 'Το κλειδί ΑΡΙ φυλάσσεται στο θησαυροφυλάκιο· μην το επικολλάτε στη συνομιλία.'],
    ['Cyrillic capitals', 'ООО «ВЕКТОР» и АО «МЕТАКОМ» — ТЕХНОСЕРВИС'],
  ])('%s stays as it is', (_, text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  test('every row: a real-shaped key with look-alike letters swapped in is hidden, any chunking and one character per write (fast-check)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(rowKey, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 64, maxLength: 64 }), fc.double({ min: 0.05, max: 0.5, noNaN: true }), fc.constantFrom('key ', 'token=', '"', '`'), chunking, ({ prefix, key }, draws, share, before, cuts) => {
        // Letters of the key (its prefix too) swapped for a look-alike, about `share` of them.
        const written = [...key]
          .map((character, index) => {
            const options = lookalikeOf[character];
            const draw = draws[index % draws.length] ?? 1;
            return options !== undefined && draw < share ? (options[Math.floor((draw / share) * options.length)] ?? character) : character;
          })
          .join('');
        const text = `${before}${written} end`;
        for (const output of [redactSecrets(text), streamed(text, cuts)]) {
          expect(leakedPiece(output, key.slice(prefix.length))).toBeUndefined();
          expect(leakedPiece(output, written.slice(prefix.length))).toBeUndefined();
        }
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Class 2 (fixed): a key glued inside a token run longer than `maxTokenLength`, across the place
// where the run is cut into pieces. Each piece was searched on its own, so `q`×1015 + `AKIA…` left
// `AKIAQ3EGR` in one piece and `XN7T5W2HJ4K` in the next, and `w`×1000 + `ghp_…` showed its last
// 16 characters: a thousand characters of padding were enough to pass any key. The run is now cut
// before a key that would straddle the cut (`runCut` in mid-word-keys.ts).
// ---------------------------------------------------------------------------------------------

describe('class 2 (fixed): a key glued across the cut of a run longer than maxTokenLength', () => {
  test.each([
    ['AKIA after 1015 q', `see ${'q'.repeat(1015)}${awsKeyId} end`, awsKeyId.slice(4)],
    ['AKIA right at the cut (1023 x)', `see ${'x'.repeat(1023)}${awsKeyId} end`, awsKeyId.slice(4)],
    ['ghp_ after 1000 w', `${'w'.repeat(1000)}${github} tail`, github.slice(4)],
    ['ghp_ after 1010 digits', `${'0'.repeat(1010)}${github}`, github.slice(4)],
    ['ghp_ after an alternating run', `${'a-'.repeat(500)}b${github} end`, github.slice(4)],
    ['a Stripe key after 1012 base64 characters', `data:${'QUJD'.repeat(253)}${stripe}`, stripe.slice(8)],
  ])('%s', (_, text, body) => {
    expectHidden(text, body);
    expectLossless(redactSecretsStream(), [text], { randomChunkings: 3, events });
  });

  test('with maxTokenLength 64, a key glued across the cut', () => {
    const text = `${'q'.repeat(60)}${awsKeyId} end`;
    for (const output of [redactSecrets(text, { maxTokenLength: 64 }), runChunks(redactSecretsStream({ maxTokenLength: 64 }), [...text]).output]) expect(leakedPiece(output, awsKeyId.slice(4))).toBeUndefined();
  });

  // Keys made of token characters only: one holding `:`, `$` or `=` is not found glued inside a word at all (class 9).
  const shortKeys = rowKeys.filter(({ key }) => key.length <= 120 && /^[\w./+~%-]+$/.test(key));
  test('every row: a key glued after padding so that it straddles the cut, any chunking and one character per write (fast-check)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shortKeys),
        fc.constantFrom(256, 1024),
        fc.constantFrom('q', 'x', '0', 'Z9', 'ab', 'a-b', 'QUJD'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        chunking,
        ({ prefix, key }, maxTokenLength, unit, where, cuts) => {
          // The run starts after `see `; the key begins `inside` characters before the cut.
          const inside = 1 + Math.floor(where * key.length);
          const padding = unit.repeat(maxTokenLength).slice(0, maxTokenLength - inside);
          // The key must be glued after a letter or digit (a word start is the main rules' case).
          const text = `see ${/[a-z0-9]$/i.test(padding) ? padding : `${padding.slice(0, -1)}q`}${key} end`;
          const options = { maxTokenLength };
          const run = (chunks: readonly string[]): string => runChunks(redactSecretsStream(options), chunks).output;
          for (const output of [redactSecrets(text, options), run(cuts.oneByOne ? [...text] : splitAt(text, cuts.offsets.map((offset) => offset * 3)))]) {
            expect(leakedPiece(output, key.slice(prefix.length))).toBeUndefined();
          }
        },
      ),
      { numRuns: 250 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Class 3 (fixed): with `allowMarker` on, the marker freed the whole `\n`-terminated line, so text
// after a lone `\r`, VT, FF, NEL or U+2028/2029 (a new line to every reader and terminal) passed
// in clear: `parley:allow ok\rpassword="…"`, and `ghp_…\rparley:allow` freed the key written before
// the marker. The marker's reach now ends at the first of them (CRLF files work as before).
// ---------------------------------------------------------------------------------------------

const lineBreaksButLf = ['\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];

describe('class 3 (fixed): the allow marker does not reach past a line break other than \\n', () => {
  const allowing = { allowMarker: true };
  const runAllowing = (text: string, chunks: readonly string[]): string[] => [redactSecrets(text, allowing), runChunks(redactSecretsStream(allowing), chunks).output];

  test.each(lineBreaksButLf.map((lineBreak) => [`U+${(lineBreak.codePointAt(0) ?? 0).toString(16).padStart(4, '0').toUpperCase()}`, lineBreak]))('a secret after the marker line and %s', (_, lineBreak) => {
    for (const text of [`parley:allow ok${lineBreak}password="Zq8Lk2Vx9Tn4"\n`, `parley:allow ok${lineBreak}token ${github}\n`, `${github}${lineBreak}parley:allow\n`]) {
      for (const output of runAllowing(text, [...text])) {
        expect(leakedPiece(output, 'Zq8Lk2Vx9Tn4')).toBeUndefined();
        expect(leakedPiece(output, github.slice(4))).toBeUndefined();
      }
    }
  });

  test('a CRLF file: the marker line is still left as it is, the next line is redacted', () => {
    const text = `x = "${github}" # parley:allow\r\nnext ${github}\r\n`;
    expect(redactSecrets(text, allowing)).toBe(`x = "${github}" # parley:allow\r\nnext <REDACTED:GITHUB_TOKEN>\r\n`);
    expect(runChunks(redactSecretsStream(allowing), [...text]).output).toBe(redactSecrets(text, allowing));
  });

  test('every row: a key after the marker and any such line break, any chunking and one character per write (fast-check)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(rowKey, fc.constantFrom(...lineBreaksButLf), fc.constantFrom('', 'token ', 'key: '), fc.boolean(), chunking, ({ prefix, key }, lineBreak, before, markerAfter, cuts) => {
        // The key after the marker's line break, or before a line break and a marker after it.
        const text = markerAfter ? `${before}${key}${lineBreak}ok parley:allow\n` : `# parley:allow: fixture${lineBreak}${before}${key}\n`;
        const chunks = cuts.oneByOne ? [...text] : splitAt(text, cuts.offsets);
        for (const output of runAllowing(text, chunks)) expect(leakedPiece(output, key.slice(prefix.length))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Class 4 (fixed): `redactValue` returned every class instance as it was, so the objects a
// careless pipeline logs most kept their secrets: an `Error` (message, stack, cause), a `Map`, a
// `Set`, a `URL` with a token as its user, a `String` object. They are now copied with their text
// redacted (errors keep their prototype); other class instances are still returned as they are.
// ---------------------------------------------------------------------------------------------

/** Every string a logger could print from `value`: own properties (accessors read), map and set entries, URLs and boxed strings. */
function everyText(value: unknown, into: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value === 'string') into.push(value);
  if (typeof value !== 'object' || value === null || seen.has(value)) return into;
  seen.add(value);
  if (value instanceof URL || value instanceof String) into.push(String(value));
  if (value instanceof Map) for (const [key, item] of value) everyText([key, item], into, seen);
  if (value instanceof Set) for (const item of value) everyText(item, into, seen);
  for (const key of Object.getOwnPropertyNames(value)) {
    into.push(key);
    everyText((value as Record<string, unknown>)[key], into, seen);
  }
  return into;
}

/** A URL's text as a reader sees it: percent-escapes decoded where they decode. */
const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

describe('class 4 (fixed): redactValue redacts errors, maps, sets, URLs and String objects', () => {
  const token = github;
  test.each([
    ['an Error', () => new Error(`push failed: ${token}`)],
    ['an Error inside an object, with a cause and a code', () => ({ err: Object.assign(new TypeError('failed', { cause: new Error(`token ${token}`) }), { code: token }) })],
    ['an AggregateError', () => new AggregateError([new Error(token)], 'two failures')],
    ['a Map', () => new Map([['token', token], [token, 'key']])],
    ['a Set', () => new Set([token])],
    ['a URL with the token as its user', () => new URL(`https://x-access-token:${token}@github.com/o/r.git`)],
    ['a String object', () => Object(`token ${token}`) as unknown],
  ])('%s', (_, make) => {
    const value = make();
    const redacted = redactValue(value);
    for (const text of everyText(redacted)) expect(leakedPiece(text, token.slice(4)), text).toBeUndefined();
    expect(everyText(value).join(' ')).toContain(token);
  });

  test('an error keeps its prototype, message shape and code; a Date is still returned as it is', () => {
    const error = Object.assign(new RangeError(`bad ${token}`), { code: 'E_BAD' });
    const redacted = redactValue(error);
    expect(redacted).toBeInstanceOf(RangeError);
    expect(redacted.message).toBe('bad <REDACTED:GITHUB_TOKEN>');
    expect(redacted.code).toBe('E_BAD');
    expect(redacted.stack?.startsWith('RangeError: bad <REDACTED:GITHUB_TOKEN>')).toBe(true);
    const at = new Date(0);
    expect(redactValue({ at }).at).toBe(at);
  });

  test('every row: a key anywhere in nested errors, maps, sets, URLs, String objects, arrays and plain objects (fast-check)', () => {
    const holder: fc.Memo<unknown> = fc.memo((depth) =>
      depth <= 1
        ? fc.constant('@')
        : fc.oneof(
            fc.constant('@'),
            holder(depth - 1).map((inner) => Object.assign(new Error('failed'), { cause: inner })),
            holder(depth - 1).map((inner) => new Map([['k', inner]])),
            holder(depth - 1).map((inner) => new Set([inner])),
            holder(depth - 1).map((inner) => [inner]),
            holder(depth - 1).map((inner) => ({ inner })),
          ),
    );
    fc.assert(
      fc.property(rowKey, holder(4), fc.constantFrom('message', 'url', 'boxed', 'key'), ({ prefix, key }, shape, where) => {
        // `@` marks where the key goes, written as a message, a URL's user, a String object or a map key.
        const place = (value: unknown): unknown => {
          if (value === '@') return where === 'message' ? new Error(`token ${key}`) : where === 'url' ? new URL(`https://u:${encodeURIComponent(key)}@example.com/`) : where === 'boxed' ? (Object(key) as unknown) : new Map([[key, 1]]);
          if (value instanceof Error) return Object.assign(new Error(value.message), { cause: place(value.cause) });
          if (value instanceof Map) return new Map([...value].map(([name, item]) => [name, place(item)]));
          if (value instanceof Set) return new Set([...value].map(place));
          if (Array.isArray(value)) return value.map(place);
          if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, place(item)]));
          return value;
        };
        const redacted = redactValue(place(shape));
        for (const text of everyText(redacted)) expect(leakedPiece(safeDecode(text), key.slice(prefix.length))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Class 5 (fixed): mathematical letters and digits (`𝐠𝐡𝐩_𝐚𝐁𝟑…`, U+1D400–1D7FF) are astral, and
// the fold read a surrogate pair only for format characters: a key written in them was not seen at
// all, and NFKC (what any reader's font does) gives the key back. `foldAt` now folds them to their
// letter or digit and the walk reads a surrogate pair whole. The criterion here compares the
// output after NFKC.
// ---------------------------------------------------------------------------------------------

/** Bold, sans-serif, monospace and sans-serif bold: where their A, a and 0 are. */
const mathStyles: ReadonlyArray<readonly [upper: number, lower: number, digit: number]> = [
  [0x1d400, 0x1d41a, 0x1d7ce],
  [0x1d5a0, 0x1d5ba, 0x1d7e2],
  [0x1d670, 0x1d68a, 0x1d7f6],
  [0x1d5d4, 0x1d5ee, 0x1d7ec],
];
const inMathStyle = (text: string, [upper, lower, digit]: readonly [number, number, number], share = 1, draws: readonly number[] = []): string =>
  [...text]
    .map((character, index) => {
      if ((draws[index % Math.max(1, draws.length)] ?? 0) >= share) return character;
      const code = character.charCodeAt(0);
      if (code >= 65 && code <= 90) return String.fromCodePoint(upper + code - 65);
      if (code >= 97 && code <= 122) return String.fromCodePoint(lower + code - 97);
      if (code >= 48 && code <= 57) return String.fromCodePoint(digit + code - 48);
      return character;
    })
    .join('');

describe('class 5 (fixed): a key written in mathematical letters and digits', () => {
  test.each([
    ['a GitHub token in bold', inMathStyle(github, [0x1d400, 0x1d41a, 0x1d7ce]), github.slice(4)],
    ['an AWS key id in monospace', inMathStyle(awsKeyId, [0x1d670, 0x1d68a, 0x1d7f6]), awsKeyId.slice(4)],
    ['a Stripe key body in sans-serif', `sk_live_${inMathStyle(stripe.slice(8), [0x1d5a0, 0x1d5ba, 0x1d7e2])}`, stripe.slice(8)],
  ])('%s', (_, text, body) => {
    for (const output of outputs(`see ${text} end`)) expect(leakedPiece(output.normalize('NFKC'), body), output).toBeUndefined();
  });

  test('math symbols in prose stay as they are', () => {
    const text = 'Let 𝑓(𝑥) = 𝑥² and 𝐯 = (1, 2); the set ℝ of reals, 𝔼[𝑋] its mean. 🎉';
    expect(redactSecrets(text)).toBe(text);
  });

  // The low half of a surrogate pair is a gap, so such a key reads as spaced out, and a spaced-out
  // key needs a digit and a letter in its recognised part (a README limit): keys of that shape here,
  // letters-only ones below.
  const mathKey = fc.constantFrom(...rowKeys.filter(({ prefix, key }) => /\d/.test(key.slice(prefix.length, prefix.length + 12)) && /[a-z]/i.test(key.slice(prefix.length))));
  test('every row: a key with its letters and digits (all or some) in a mathematical style, any chunking and one character per write (fast-check)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(mathKey, fc.constantFrom(...mathStyles), fc.constantFrom(1, 0.5), fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 32, maxLength: 32 }), chunking, ({ prefix, key }, style, share, draws, cuts) => {
        const text = `see ${inMathStyle(key, style, share, draws)} end`;
        for (const output of [redactSecrets(text), streamed(text, cuts)]) expect(leakedPiece(output.normalize('NFKC'), key.slice(prefix.length))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  // Flipped (issue 24): was `test.fails` while a spaced-out body needed a digit; the row-alphabet judge finds it.
  test('fixed: a letters-only key body in bold (read as spaced out, judged against its row alphabet)', () => {
    const key = 'vck_yqzTKSpMQlHzxMFewMYWSzYSjnCa';
    for (const output of outputs(`see ${inMathStyle(key, [0x1d400, 0x1d41a, 0x1d7ce])} end`)) expect(leakedPiece(output.normalize('NFKC'), key.slice(4))).toBeUndefined();
  });

  // Not fixed: a random secret with no prefix in mathematical letters. The entropy rule reads a
  // token run of ASCII-folded characters, and a surrogate pair's low half is a gap that ends it.
  test.fails('a random secret without a prefix in bold letters', () => {
    for (const output of outputs(`see ${inMathStyle(randomBody, [0x1d400, 0x1d41a, 0x1d7ce])} end`)) expect(leakedPiece(output.normalize('NFKC'), randomBody)).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Not fixed here: each class below leaks today. `test.fails` keeps it visible until it is fixed
// (then drop the `.fails`); each property runs its known counterexample first, so it fails on
// every seed.
// ---------------------------------------------------------------------------------------------

/** A property over `texts` whose every output must hide `body`, whole text, any chunking and one character per write. */
const hides = (text: string, body: string, cuts: { readonly offsets: readonly number[]; readonly oneByOne: boolean }): void => {
  for (const output of [redactSecrets(text), streamed(text, cuts)]) expect(leakedPiece(output, body)).toBeUndefined();
};
const base62 = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'), minLength: 24, maxLength: 40 });
/** A random base62 secret of 24 to 40 characters, drawn by a seeded generator: it shrinks to another random string, never to `AAAA…` (filler, no secret). */
const randomSecret = fc.tuple(fc.integer(), fc.integer({ min: 24, max: 40 })).map(([seed, length]) => {
  const random = seededRandom(seed);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
});

describe('fixed: a random secret diluted by repeated text glued to it (the entropy rule judged the whole run)', () => {
  // `ab`×16, a word or an identifier repeated, glued before or after a 24-character random
  // secret: the run's entropy fell under 4.0 bits, and only one-character fillers (xxxxx, AAAAAA)
  // and placeholder words made the rule judge the pieces. A unit of 2 to 16 characters repeated
  // three times or more (12 or more characters) is filler now too (`findRepeats`). Words glued
  // without repeating (`thequickbrownfox…` + key) still dilute: a known limit (README).
  test.each([
    ['ab x16 before', `x ${'ab'.repeat(16)}${randomBody} y`],
    ['a word x16 before', `x ${'documentation'.repeat(16)}${randomBody} y`],
    ['an identifier x16 before', `x ${'getUserName'.repeat(16)}${randomBody} y`],
    ['ab x16 after', `x ${randomBody}${'ab'.repeat(16)} y`],
  ])('%s', (_, text) => expectHidden(text, randomBody));

  test('any random secret glued to a repeated unit (fast-check)', () => {
    fc.assert(
      fc.property(randomSecret, fc.constantFrom('ab', 'abc', 'documentation', 'getUserName', 'deadbeef', 'a-'), fc.integer({ min: 16, max: 64 }), fc.boolean(), chunking, (secret, unit, count, after, cuts) => {
        // The invariant: repeating the padding changes nothing. A secret hidden alone and with the
        // unit glued once stays hidden with it glued any number of times (a random string may read
        // as a name by so thin a margin that the unit's letters decide).
        const glued = (times: number): string => (after ? `x ${secret}${unit.repeat(times)} y` : `x ${unit.repeat(times)}${secret} y`);
        fc.pre(leakedPiece(redactSecrets(`x ${secret} y`), secret) === undefined && leakedPiece(redactSecrets(glued(1)), secret) === undefined);
        hides(glued(count), secret, cuts);
      }),
      { numRuns: 100, examples: [[randomBody, 'ab', 16, false, { offsets: [], oneByOne: false }]] },
    );
  });

  test('any unit of 2 to 16 characters repeated 3 or more times, before, after or around the secret (fast-check)', () => {
    const unitCharacter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.');
    fc.assert(
      fc.property(randomSecret, fc.string({ unit: unitCharacter, minLength: 2, maxLength: 16 }), fc.integer({ min: 3, max: 40 }), fc.constantFrom('before', 'after', 'around'), chunking, (secret, unit, count, where, cuts) => {
        const glued = (times: number): string => {
          const padding = unit.repeat(times);
          return `x ${where === 'before' ? padding + secret : where === 'after' ? secret + padding : padding + secret + padding} y`;
        };
        // Repeating the padding changes nothing: hidden alone and with the unit once, hidden with it repeated.
        fc.pre(unit.length * count >= 12 && leakedPiece(redactSecrets(`x ${secret} y`), secret) === undefined && leakedPiece(redactSecrets(glued(1)), secret) === undefined);
        hides(glued(count), secret, cuts);
      }),
      { numRuns: 200 },
    );
  });
});

describe('class 2b (fixed): a random secret without a prefix glued after padding across the maxTokenLength cut', () => {
  // Class 2's cut goes before a provider prefix; a secret with no prefix was still cut in two
  // pieces, each shorter than 20 or drowned in the padding. The cut now also goes after the last
  // filler (a character repeated five times, a placeholder word) of the run's last half.
  test('q x1010 then a 24-character random secret', () => expectHidden(`see ${'q'.repeat(1010)}${randomBody} end`, randomBody));

  test('any random secret glued after one-character padding so that it straddles the cut, any chunking and one character per write (fast-check)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(base62, fc.constantFrom(256, 1024), fc.constantFrom('q', 'x', '0', 'A', 'z'), fc.double({ min: 0, max: 1, noNaN: true }), chunking, (secret, maxTokenLength, unit, where, cuts) => {
        // A secret the entropy rule redacts standing alone (not a filler itself) must stay redacted glued to padding.
        fc.pre(!secret.startsWith(unit) && leakedPiece(redactSecrets(`see ${secret} end`), secret) === undefined);
        const inside = 1 + Math.floor(where * (secret.length - 1));
        const text = `see ${unit.repeat(maxTokenLength - inside)}${secret} end`;
        const options = { maxTokenLength };
        for (const output of [redactSecrets(text, options), runChunks(redactSecretsStream(options), cuts.oneByOne ? [...text] : splitAt(text, cuts.offsets.map((offset) => offset * 3))).output]) {
          expect(leakedPiece(output, secret)).toBeUndefined();
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('fixed: random lower-case secrets read as code identifiers', () => {
  // The old identifier filter counted any three or more lower-case letters as a word hump, so a
  // random lower-case base36 string with few digits passed as an identifier (9% of 24-character
  // draws). The randomness judge alone decides now: its recall on lower case and digits is 99.6% at
  // 24 characters (bench/judge-recall.ts).
  test('lsys87xmhtlkezpkzyna68vamz2pat72', () => expectHidden('use lsys87xmhtlkezpkzyna68vamz2pat72 now', 'lsys87xmhtlkezpkzyna68vamz2pat72'));
});

describe('not fixed: a key split into quoted pieces joined in code', () => {
  // `"ghp_aB3dE5gH" + "7jK9mN1pQ3" + …`: quotes and `+` are not separators (they would be in
  // every line of code), and each piece is too short for the entropy rule.
  test.fails('a GitHub token as concatenated string literals', () =>
    expectHidden('const t = "ghp_aB3dE5gH" + "7jK9mN1pQ3" + "sT5vX7zA9c" + "D1fH3jK5";', github.slice(4)),
  );
  test.fails('every row, pieces of 6 to 12 characters joined with " + " (fast-check)', () => {
    fc.assert(
      fc.property(rowKey, fc.integer({ min: 6, max: 12 }), chunking, ({ prefix, key }, size, cuts) => {
        const pieces = key.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? [];
        hides(`token = ${pieces.map((piece) => JSON.stringify(piece)).join(' + ')};`, key.slice(prefix.length), cuts);
      }),
      { numRuns: 100, examples: [[{ id: 'github-classic-token', prefix: 'ghp_', key: github }, 8, { offsets: [], oneByOne: false }]] },
    );
  });
});

describe('not fixed: a terminal escape sequence inside a key', () => {
  // ESC folds to invisible, but `[0m` after it is visible and `0m` are key characters: the
  // skeleton reads `AKIAQ3[0mEGR…`. Fix: read a CSI sequence (ESC [ params final) as one gap.
  test.fails.each([
    ['a colour reset inside an AWS key id', 'AKIAQ3\u001b[0mEGRXN7T5W2HJ4K', awsKeyId.slice(4)],
    ['bold inside a GitHub token', 'ghp_aB3dE5gH7jK9\u001b[1mmN1pQ3sT5vX7zA9cD1fH3jK5', github.slice(4)],
  ])('%s', (_, text, body) => expectHidden(text, body));
});

describe('escaped keys (out of scope by decision: the rules read text as written, without decoding)', () => {
  // Decoding HTML entities, JSON `\u` escapes or percent-encoding would shift offsets and need
  // a layer of its own. What catches escaped keys today is the entropy rule on the rest of the
  // run: enough for long keys, not for a short fixed-length one. Listed for the lead.
  test.each([
    ['a JSON \\u escape in a GitHub token', `"\\u0067hp_${github.slice(4)}"`, github.slice(4)],
    ['an HTML entity for the _', `ghp&#95;${github.slice(4)}`, github.slice(4)],
    ['percent-encoding in a URL', `https://x.test/?t=ghp%5F${github.slice(4)}`, github.slice(4)],
  ])('%s: the entropy rule still hides the body', (_, text, body) => expectHidden(text, body));
  test.fails.each([
    ['an HTML entity inside an AWS key id', 'AKIA&#81;3EGRXN7T5W2HJ4K', 'Q3EGRXN7T5W2HJ4K'],
    ['JSON \\u escapes inside an AWS key id', '{"id":"AKIA\\u0051\\u0033EGRXN7T5W2HJ4K"}', 'Q3EGRXN7T5W2HJ4K'],
  ])('%s', (_, text, body) => expectHidden(text, body.replace(/^Q3/, '')));
});

describe('not fixed: formats holding `:`, `$`, `=` or `://` glued after a letter (a README limit)', () => {
  // Inside a word a key is searched in its token run only, and these characters end a run, so a
  // webhook URL or a Braintree token glued after a letter is not found at all.
  test.fails.each([
    ['a Discord webhook', 'abchttps://discord.com/api/webhooks/04478694827479987222/MbeO3VmSAUNd6MU1bG6W0RQXsNO1XyhHBWZVkfaNcRHvEh3tLDmG2nzoNmv9ExAU', 'MbeO3VmSAUNd6MU1bG6W0RQXsNO1XyhHBWZVkfaNcRHvEh3tLDmG2nzoNmv9ExAU'],
    ['a Slack webhook', 'seehttps://hooks.slack.com/services/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', 'aB3dE5gH7jK9mN1pQ3sT5vX7'],
    ['a Braintree token', 'abcaccess_token$production$jtek93d246v2xbn5$8155122ef23029cb63d5aca5369f24dd', '8155122ef23029cb63d5aca5369f24dd'],
  ])('%s', (_, text, body) => expectHidden(text, body));
});

describe('a real key with one prefix letter changed (the near-miss decision; closed for a case flip or a look-alike)', () => {
  // Since 31a9b8a a prefix one letter off with an exact body is a near miss and the entropy rule
  // leaves it alone. The body is then the real secret, whole: `AKlA` (a lower-case L for the I),
  // `Sk-ant-api03-` (one case flip) or `5k_live_` print every character a reader needs, who puts
  // the one letter back. Measured with the fixture keys of every row (its first four prefix
  // letters each swapped for a case flip or an ASCII look-alike: I→l, O→0, S→5, g→q, -↔_ …):
  // 1,072 of 1,333 left the whole body in clear, in 155 rows. For the lead: keep the near-miss
  // verdict for one-short bodies, but not for a changed prefix letter, or not for a case flip or an
  // ASCII look-alike at least.
  // Closed: a letter in its other case or an ASCII look-alike makes the real prefix to a reader, so
  // such a run is no near miss (`near-miss.ts`), and the entropy rule judges it.
  test.each([
    ['AKlA: a lower-case L for the I', 'use AKlAQ3EGRXN7T5W2HJ4K now', awsKeyId.slice(4)],
    ['Sk-ant-api03-: one case flip', `use Sk-ant-api03-${'aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5'.repeat(3).slice(0, 93)}AA now`, 'aB3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fH3jK5'],
    ['5k_live_: a five for the S', `use 5k_live_${stripe.slice(8)} now`, stripe.slice(8)],
    ['qhp_: the first letter changed', `use q${github.slice(1)} now`, github.slice(4)],
  ])('%s', (_, text, body) => expectHidden(text, body));

  const lookalikeSwap: Readonly<Record<string, string>> = { I: 'l', l: '1', O: '0', o: '0', S: '5', s: '5', g: 'q', A: '4', a: '@', '-': '_', _: '-' };
  // Still failing, not by the near-miss verdict: the entropy rule does not take every row's body
  // (`aKIA` + 16 capitals and digits is about 4 bits per character or under).
  test.fails('every row: a real key with one of its first four prefix letters flipped or swapped for an ASCII look-alike (fast-check)', () => {
    fc.assert(
      fc.property(rowKey, fc.nat(3), chunking, ({ prefix, key }, index, cuts) => {
        const at = Math.min(index, prefix.length - 1);
        const letter = prefix[at] ?? '';
        const swapped = lookalikeSwap[letter] ?? (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase());
        fc.pre(swapped !== letter);
        hides(`use ${prefix.slice(0, at)}${swapped}${key.slice(at + 1)} now`, key.slice(prefix.length), cuts);
      }),
      { numRuns: 100, examples: [[{ id: 'aws-access-key-id', prefix: 'AKIA', key: awsKeyId }, 2, { offsets: [], oneByOne: false }]] },
    );
  });
});

describe('not fixed, beyond the criterion: a key interleaved with characters that are not separators', () => {
  // `AKIA#Q3EG#RXN7#…`, a CJK character or an emoji every few characters, `A"K"I"A"…`: no 8
  // consecutive characters of the key are in the output, so by the criterion above nothing
  // leaks, but a reader drops the filler at a glance and has the whole key; nothing is redacted.
  // The separators are a fixed list (README); taking any character as a gap would redact prose.
  // The stronger check here drops everything but letters and digits on both sides first.
  const alphanumericOnly = (text: string): string => text.replaceAll(/<REDACTED:[A-Z0-9_]+>/g, '|').replaceAll(/[^a-z0-9|]/gi, '');
  const expectKeyGone = (text: string, body: string): void => {
    for (const output of outputs(text)) {
      const shown = alphanumericOnly(output);
      const secret = alphanumericOnly(body);
      for (let index = 0; index + 8 <= secret.length; index += 1) expect(shown, output).not.toContain(secret.slice(index, index + 8));
    }
  };
  test.fails.each([
    ['# every four characters', 'see AKIA#Q3EG#RXN7#T5W2#HJ4K end', awsKeyId.slice(4)],
    ['an emoji every four characters', 'see AKIA😀Q3EG😀RXN7😀T5W2😀HJ4K end', awsKeyId.slice(4)],
    ['a CJK character every four characters', 'see ghp_aB3d中E5gH中7jK9中mN1p中Q3sT中5vX7中zA9c中D1fH中3jK5 end', github.slice(4)],
    ['a quote between every two characters', `see ${[...awsKeyId].join('"')} end`, awsKeyId.slice(4)],
  ])('%s', (_, text, body) => expectKeyGone(text, body));
});

describe('fixed (h37: whether a prefix begins after words waits for the text), found on the way: chunk invariance broken after a Stripe key, before a spaced-out fine-grained GitHub token', () => {
  // prefilter.test.ts's 'the middleware streams what the reference redacts whole' fails under
  // FC_SEED=777 with this input, and so does the package before this review (a7e0f08^): written
  // whole, the Stripe key ends before ` the` and the spaced-out `g ithu  b,  _ p a t_1 …` is a
  // GitHub token; one character per write, the Stripe key takes ` the g ithu  b` and `p a t_1 …` is
  // read as an Airtable token. No 8 characters of either key show, but the output depends on the
  // chunking, which the package promises it never does.
  const text =
    'sk_live_ibIYs8WXIWVX7QDqZnkoa7K the g ithu  b,  _ p a t_1 1KL D 2  3  X4  UJ6 ZCZBB9 A7  Kq_NwSw M  Db ASsHG N 3rq p  km  p N  3scg  KL h  aiA  3  S4 yDNA Fxx  0ZmkGi qv0 nC I 35E 7Kq the ';
  test('one character per write gives what the whole text gives', () => {
    expect(runChunks(redactSecretsStream(), [...text]).output).toBe(redactSecrets(text));
  });
});

// The two cases the last random-seed sweep pinned here (FC_SEED=1809393284 / 1651651044) are fixed,
// each with its class's property: glued-key-bodies.test.ts and near-constant-bodies.test.ts.
