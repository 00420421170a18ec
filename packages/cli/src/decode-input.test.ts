import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeInput } from './decode-input';
import { InputEncodingError, type InputEncodingProblem } from './input-encoding-error';
import { splitBytes } from './test-io';

type Outcome = { readonly text: string } | { readonly problem: InputEncodingProblem; readonly byteOffset: number };

async function decodeChunks(chunks: readonly (Uint8Array | string)[]): Promise<Outcome> {
  const parts: string[] = [];
  try {
    for await (const text of decodeInput((async function* () { yield* chunks; })(), { input: '"test"' })) parts.push(text);
    return { text: parts.join('') };
  } catch (error) {
    if (!InputEncodingError.isInstance(error)) throw error;
    return { problem: error.problem, byteOffset: error.byteOffset };
  }
}

/** The expected outcome, worked out on the whole input at once by a slow, obvious method. */
function reference(bytes: Uint8Array): Outcome {
  const [a, b, c, d] = bytes;
  if ((a === 0xff && b === 0xfe && c === 0 && d === 0) || (a === 0 && b === 0 && c === 0xfe && d === 0xff)) return { problem: 'utf32', byteOffset: 0 };
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) {
    const units: number[] = [];
    for (let index = 2; index + 1 < bytes.length; index += 2) units.push(a === 0xff ? (bytes[index + 1] as number) * 256 + (bytes[index] as number) : (bytes[index] as number) * 256 + (bytes[index + 1] as number));
    let text = '';
    for (let index = 0; index < units.length; index += 1) {
      const unit = units[index] as number;
      const offset = 2 + index * 2;
      if (unit === 0) return { problem: 'binary', byteOffset: offset };
      if (unit >= 0xdc00 && unit <= 0xdfff) return { problem: 'invalid-utf16', byteOffset: offset };
      if (unit >= 0xd800 && unit <= 0xdbff) {
        const next = units[index + 1];
        if (next === undefined) return { problem: 'truncated', byteOffset: offset };
        if (next < 0xdc00 || next > 0xdfff) return { problem: 'invalid-utf16', byteOffset: offset };
        text += String.fromCharCode(unit, next);
        index += 1;
      } else text += String.fromCharCode(unit);
    }
    if (bytes.length % 2 === 1) return { problem: 'truncated', byteOffset: bytes.length - 1 };
    return { text };
  }
  const start = a === 0xef && b === 0xbb && c === 0xbf ? 3 : 0;
  const isValid = (end: number): boolean => {
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start, end));
      return true;
    } catch {
      return false;
    }
  };
  let valid = bytes.length;
  while (!isValid(valid)) valid -= 1;
  const nul = bytes.subarray(start, valid).indexOf(0);
  if (nul >= 0) return { problem: 'binary', byteOffset: start + nul };
  if (valid === bytes.length) return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(start)) };
  try {
    const incomplete = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(valid), { stream: true }) === '';
    return { problem: incomplete ? 'truncated' : 'invalid-utf8', byteOffset: valid };
  } catch {
    return { problem: 'invalid-utf8', byteOffset: valid };
  }
}

const encoder = new TextEncoder();
const utf16 = (text: string, bigEndian: boolean): Uint8Array => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes.set(bigEndian ? [unit >> 8, unit & 0xff] : [unit & 0xff, unit >> 8], 2 + index * 2);
  }
  return bytes;
};

/** Byte sequences that make decoders stumble: NUL, overlongs, surrogates, past U+10FFFF, cut characters, marks. */
const tricky: readonly (readonly number[])[] = [
  [0x00], [0xff], [0xfe], [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xc3], [0xe2, 0x82], [0xe0, 0x80, 0x80], [0xe0, 0x9f, 0xbf],
  [0xed, 0xa0, 0x80], [0xed, 0x9f, 0xbf], [0xf0, 0x8f, 0xbf, 0xbf], [0xf0, 0x9f], [0xf0, 0x9f, 0x98], [0xf4, 0x8f, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0x00, 0x00, 0xfe, 0xff], [0xd8, 0x3d], [0xde, 0x00], [0x3d, 0xd8],
];

/** Mostly text, some of it cut into pieces, with tricky bytes and byte order marks mixed in. */
const hostileBytes: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.constantFrom<readonly number[]>([], [], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0xff, 0xfe, 0x00, 0x00]),
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }).map((text) => [...encoder.encode(text)]) },
        { weight: 2, arbitrary: fc.constantFrom(...tricky) },
        { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }) },
      ),
      { maxLength: 12 },
    ),
  )
  .map(([mark, pieces]) => Uint8Array.from([...mark, ...pieces.flat()]));

describe('decodeInput', () => {
  test('decodes UTF-8, without its byte order mark but keeping a second one as text', async () => {
    expect(await decodeChunks([encoder.encode('héllo 世界 😀')])).toEqual({ text: 'héllo 世界 😀' });
    expect(await decodeChunks([Uint8Array.of(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41)])).toEqual({ text: '\ufeffA' });
  });

  test('decodes UTF-16 LE and BE after a byte order mark', async () => {
    for (const bigEndian of [false, true]) expect(await decodeChunks([utf16('[INVOKE:cfo|runway?] 😀', bigEndian)])).toEqual({ text: '[INVOKE:cfo|runway?] 😀' });
  });

  test('a character cut between reads is fine', async () => {
    const bytes = encoder.encode('a😀b');
    expect(await decodeChunks([bytes.slice(0, 2), bytes.slice(2, 3), bytes.slice(3, 4), bytes.slice(4)])).toEqual({ text: 'a😀b' });
  });

  test('keeps nothing of a chunk by reference: a source may refill one buffer for every read', async () => {
    const text = 'A😀 héllo, wörld';
    for (const bytes of [encoder.encode(text), utf16(text, false), utf16(text, true)]) {
      async function* refilled(sizes: readonly number[]): AsyncGenerator<Uint8Array> {
        // A Buffer, as a file reader's: its `slice` shares memory, so a kept piece must be copied.
        const buffer = Buffer.alloc(8);
        let at = 0;
        for (const size of sizes) {
          const piece = bytes.subarray(at, at + size);
          if (piece.length === 0) break;
          buffer.set(piece);
          yield buffer.subarray(0, piece.length);
          buffer.fill(0x30);
          at += piece.length;
        }
        if (at < bytes.length) yield Buffer.from(bytes.subarray(at));
      }
      // One byte first (the byte order mark is sniffed from four), then characters cut between reads.
      for (const sizes of [[1, 2, 8, 8, 1], [3, 1, 1, 8, 7], [4, 1, 3, 8, 8], [8, 8, 4], [7, 7, 7, 7]]) {
        const parts: string[] = [];
        for await (const part of decodeInput(refilled(sizes), { input: '"test"' })) parts.push(part);
        expect(parts.join('')).toBe(text);
      }
    }
  });

  test('refuses binary, invalid UTF-8, UTF-32 and cut text, naming the input and the byte offset', async () => {
    expect(await decodeChunks([Uint8Array.of(0x41, 0x42, 0x00, 0x43)])).toEqual({ problem: 'binary', byteOffset: 2 });
    expect(await decodeChunks([Uint8Array.of(0x41, 0xff)])).toEqual({ problem: 'invalid-utf8', byteOffset: 1 });
    expect(await decodeChunks([Uint8Array.of(0x41, 0xe2, 0x82)])).toEqual({ problem: 'truncated', byteOffset: 1 });
    expect(await decodeChunks([Uint8Array.of(0xff, 0xfe, 0x00, 0x00, 0x41, 0, 0, 0)])).toEqual({ problem: 'utf32', byteOffset: 0 });
    expect(await decodeChunks([Uint8Array.of(0xff, 0xfe, 0x41, 0x00, 0x00, 0xdc)])).toEqual({ problem: 'invalid-utf16', byteOffset: 4 });
    expect(await decodeChunks([Uint8Array.of(0xff, 0xfe, 0x41)])).toEqual({ problem: 'truncated', byteOffset: 2 });
    const error = await (async () => {
      try {
        for await (const _text of decodeInput([Uint8Array.of(0x41, 0x42, 0xc0, 0x80)] as unknown as AsyncIterable<Uint8Array>, { input: '"photo.png"' })) {
          // read on
        }
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(InputEncodingError.isInstance(error) && error.message).toBe('cannot read "photo.png": not UTF-8 text (an invalid byte sequence) at byte offset 2');
  });

  test('UTF-16 without a byte order mark reads as binary (its ASCII has NUL bytes)', async () => {
    expect(await decodeChunks([utf16('hi', false).slice(2)])).toEqual({ problem: 'binary', byteOffset: 1 });
  });

  // The invariant: decoding is a function of the bytes alone. Text comes out whole and unchanged,
  // and a refusal names the first problem at the same byte offset, however the bytes are split.
  test('the outcome is the whole-input reference however the bytes are split (fast-check)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(hostileBytes, fc.array(fc.nat(60), { maxLength: 8 }), async (bytes, offsets) => {
        expect(await decodeChunks(splitBytes(bytes, offsets))).toEqual(reference(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  test('valid text in any encoding with a mark decodes to itself under any split (fast-check)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 30 }).filter((text) => !text.includes('\u0000')),
        fc.constantFrom('utf-8', 'utf-8 with mark', 'utf-16le', 'utf-16be'),
        fc.array(fc.nat(130), { maxLength: 8 }),
        async (text, encoding, offsets) => {
          const bytes =
            encoding === 'utf-8' ? encoder.encode(text) : encoding === 'utf-8 with mark' ? Uint8Array.from([0xef, 0xbb, 0xbf, ...encoder.encode(text)]) : utf16(text, encoding === 'utf-16be');
          // Without a mark, a leading U+FEFF is taken for one, as every UTF-8 reader does.
          const expected = encoding === 'utf-8' && text.startsWith('\ufeff') ? text.slice(1) : text;
          expect(await decodeChunks(splitBytes(bytes, offsets))).toEqual({ text: expected });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
