import { isUtf8 } from 'node:buffer';
import { InputEncodingError, type InputEncodingProblem } from './input-encoding-error';

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Options of {@link decodeInput}. */
export interface DecodeInputOptions {
  /** How error messages name the input, such as `"reply.txt"` or `standard input`. */
  readonly input: string;
  /** Called with the size in bytes of each chunk read (for progress). */
  readonly onBytes?: (bytes: number) => void;
}

const encoder = new TextEncoder();

/** The byte order mark at the start of `head`, as [encoding, its length], or UTF-32's, or none. */
function sniff(head: Uint8Array): readonly [Encoding | 'utf-32', number] {
  const [a, b, c, d] = head;
  if (a === 0xef && b === 0xbb && c === 0xbf) return ['utf-8', 3];
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return ['utf-32', 4];
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return ['utf-32', 4];
  if (a === 0xff && b === 0xfe) return ['utf-16le', 2];
  if (a === 0xfe && b === 0xff) return ['utf-16be', 2];
  return ['utf-8', 0];
}

const isContinuation = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x80 && byte <= 0xbf;

/**
 * The index of the first byte of the first invalid UTF-8 sequence in `bytes`, or -1 when every
 * sequence is valid (a valid but incomplete one at the end counts as valid). Follows the
 * well-formed byte sequences of Unicode's table 3-7 (no overlongs, surrogates or values past
 * U+10FFFF), as a fatal `TextDecoder` does.
 */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] as number;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return index;
    const second = bytes[index + 1];
    if (second === undefined) return -1;
    if (second < low || second > high) return index;
    for (let offset = 2; offset < length; offset += 1) {
      const next = bytes[index + offset];
      if (next === undefined) return -1;
      if (!isContinuation(next)) return index;
    }
    index += length;
  }
  return -1;
}

/**
 * The index (in bytes) of the first unpaired surrogate in UTF-16 `bytes`, or -1 when there is none
 * (a high surrogate or odd byte at the very end is incomplete, not invalid).
 */
function firstInvalidUtf16(bytes: Uint8Array, bigEndian: boolean): number {
  const unit = (index: number): number | undefined => {
    const first = bytes[index];
    const second = bytes[index + 1];
    if (first === undefined || second === undefined) return undefined;
    return bigEndian ? (first << 8) | second : (second << 8) | first;
  };
  for (let index = 0; index + 1 < bytes.length; index += 2) {
    const current = unit(index) as number;
    if (current >= 0xdc00 && current <= 0xdfff) return index;
    if (current >= 0xd800 && current <= 0xdbff) {
      const next = unit(index + 2);
      if (next === undefined) return -1;
      if (next < 0xdc00 || next > 0xdfff) return index;
      index += 2;
    }
  }
  return -1;
}

/**
 * Where the last complete character of UTF-8 `bytes` ends: before a sequence at the end that is a
 * valid start of a character cut short (a read may end inside one), else the length. Anything
 * invalid is left in, for the validation that follows to refuse.
 */
function completeEnd(bytes: Uint8Array): number {
  let lead = bytes.length - 1;
  while (lead >= 0 && lead > bytes.length - 4 && isContinuation(bytes[lead])) lead -= 1;
  const first = bytes[lead];
  if (first === undefined) return bytes.length;
  const needs = first < 0x80 ? 1 : first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 : first >= 0xf0 && first <= 0xf4 ? 4 : 0;
  if (needs === 0 || bytes.length - lead >= needs) return bytes.length;
  return firstInvalidUtf8(bytes.subarray(lead)) < 0 ? lead : bytes.length;
}

/**
 * A copy of `bytes` from `start` on: `Buffer#slice` shares its buffer's memory (unlike
 * `Uint8Array#slice`), and a reader may refill that buffer for its next read.
 */
const copyOf = (bytes: Uint8Array, start = 0): Uint8Array => Uint8Array.prototype.slice.call(bytes, start);

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

/** The last `count` bytes of `first` followed by `second`. */
function lastBytes(first: Uint8Array, second: Uint8Array, count: number): Uint8Array {
  if (count === 0) return new Uint8Array(0);
  if (count <= second.length) return copyOf(second, second.length - count);
  return concat(copyOf(first, first.length - (count - second.length)), second);
}

/**
 * Decodes a byte stream to text chunk by chunk, refusing what is not text rather than rewriting
 * it: a NUL byte (binary data), an invalid UTF-8 sequence, UTF-32, or a stream that ends inside a
 * character throws an {@link InputEncodingError} naming the input and the byte offset of the first
 * problem, the same offset however the bytes were split into chunks. A byte order mark chooses the
 * encoding and is not part of the text: UTF-8 (the default, with or without one), UTF-16 LE or BE.
 * A character split across chunks is fine. String chunks are encoded as UTF-8 and read like bytes.
 * Nothing of a chunk is kept by reference once the next is asked for: a source may reuse its buffer.
 */
export async function* decodeInput(source: AsyncIterable<Uint8Array | string>, options: DecodeInputOptions): AsyncGenerator<string> {
  let head: Uint8Array = new Uint8Array(0);
  let encoding: Encoding | undefined;
  let decoder: TextDecoder | undefined;
  /** Bytes of the stream accounted for by the text yielded so far (byte order mark included). */
  let consumed = 0;
  /** The stream's bytes after `consumed`: an incomplete character the decoder holds (at most 3 bytes). */
  let carry: Uint8Array = new Uint8Array(0);

  const byteLength = (text: string): number => (encoding === 'utf-8' ? Buffer.byteLength(text, 'utf8') : text.length * 2);
  const fail = (problem: InputEncodingProblem, byteOffset: number, cause?: unknown): never => {
    throw new InputEncodingError({ input: options.input, problem, byteOffset, ...(cause === undefined ? {} : { cause }) });
  };
  /** Throws at the first NUL character of `text`, which starts at byte `start`. */
  const refuseNul = (text: string, start: number): void => {
    const nul = text.indexOf('\u0000');
    if (nul >= 0) fail('binary', start + byteLength(text.slice(0, nul)));
  };

  function start(bytes: Uint8Array, final: boolean): Uint8Array | undefined {
    // Kept as a copy: a reader may reuse its buffer for the next read.
    head = head.length === 0 ? copyOf(bytes) : concat(head, bytes);
    if (head.length < 4 && !final) return undefined;
    const [found, markLength] = sniff(head);
    if (found === 'utf-32') return fail('utf32', 0);
    encoding = found;
    // The mark is cut off here, so a second one is text: the decoder must not drop it too.
    if (found !== 'utf-8') decoder = new TextDecoder(found, { fatal: true, ignoreBOM: true });
    consumed = markLength;
    const rest = head.slice(markLength);
    head = new Uint8Array(0);
    return rest;
  }

  /** Refuses the first invalid sequence of `window` (the carry, then `bytes`), after a NUL before it if any. */
  function refuse(window: Uint8Array, cause?: unknown): never {
    const invalid = encoding === 'utf-8' ? firstInvalidUtf8(window) : firstInvalidUtf16(window, encoding === 'utf-16be');
    const at = invalid < 0 ? 0 : invalid;
    // The bytes before the invalid sequence are valid: a NUL among them comes first.
    refuseNul(new TextDecoder(encoding, { ignoreBOM: true }).decode(window.subarray(0, at)), consumed);
    return fail(encoding === 'utf-8' ? 'invalid-utf8' : 'invalid-utf16', consumed + at, cause);
  }

  /**
   * UTF-8 without a streaming `TextDecoder`: the complete characters validated at once (simdutf,
   * through `isUtf8`) and decoded, a character cut at the end kept for the next read. Several
   * times faster than the fatal decoder in streaming mode, and the same text and refusals.
   */
  function decodeUtf8(bytes: Uint8Array): string {
    const window = concat(carry, bytes);
    const end = completeEnd(window);
    const body = window.subarray(0, end);
    if (!isUtf8(body)) return refuse(window);
    const nul = body.indexOf(0);
    if (nul >= 0) fail('binary', consumed + nul);
    carry = copyOf(window, end);
    consumed += end;
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  }

  function decode(bytes: Uint8Array): string {
    if (encoding === 'utf-8') return decodeUtf8(bytes);
    const active = decoder as TextDecoder;
    let text: string;
    try {
      text = active.decode(bytes, { stream: true });
    } catch (error) {
      return refuse(concat(carry, bytes), error);
    }
    refuseNul(text, consumed);
    const used = byteLength(text);
    carry = lastBytes(carry, bytes, carry.length + bytes.length - used);
    consumed += used;
    return text;
  }

  for await (const chunk of source) {
    let bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    options.onBytes?.(bytes.byteLength);
    if (encoding === undefined) {
      const rest = start(bytes, false);
      if (rest === undefined) continue;
      bytes = rest;
    }
    const text = decode(bytes);
    if (text.length > 0) yield text;
  }
  if (encoding === undefined) {
    const rest = start(new Uint8Array(0), true) as Uint8Array;
    const text = decode(rest);
    if (text.length > 0) yield text;
  }
  if (decoder === undefined) {
    if (carry.length > 0) fail('truncated', consumed);
    return;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch (error) {
    return fail('truncated', consumed, error);
  }
  refuseNul(rest, consumed);
  if (rest.length > 0) yield rest;
}
