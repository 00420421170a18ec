/**
 * Base64 that encodes written text: a run of base64 whose bytes are printable ASCII that the
 * randomness judge reads as written (`IGluZnJhc3RydWN0dXJl`, a tokenizer's rank table entry for
 * " infrastructure"; `VGhpcyBpcyBhbiBlbmNvZGVkIHN0cmluZw==` in a test). The run is as random as
 * the text it encodes, not as its own characters read: 12 random bytes are all printable once in
 * about 110,000 draws, so a key's bytes in base64 almost never pass for text, and a key or
 * password that was itself written in printable characters still reads as random once decoded.
 * Internal: not exported from the package.
 */
import { isPatterned } from './patterned-text';
import { randomnessEvidence } from './randomness-judge';

/** The value (0–63) of a base64 character by code, standard and URL-safe alphabets both; -1 otherwise. */
const values: Int8Array = new Int8Array(128).fill(-1);
for (const [value, character] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'].entries()) values[character.charCodeAt(0)] = value;
values[43] = 62; // +
values[47] = 63; // /
values[45] = 62; // -
values[95] = 63; // _

/** The fewest bytes worth decoding: shorter text says too little either way. */
const MIN_BYTES = 12;

/** Whether the byte is printable ASCII, a tab or a line break. */
const isPrintable = (byte: number): boolean => (byte >= 32 && byte < 127) || byte === 9 || byte === 10 || byte === 13;

/** Whether `text` holds a character beyond ASCII. */
const beyondAscii = (text: string): boolean => {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 127) return true;
  return false;
};
/** UTF-8, refusing malformed bytes. */
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Control, format, unassigned and private-use characters: never in text a person wrote. */
const unwritten = /[^\P{C}\t\n\r]/u;

/**
 * The text `text[start, end)` encodes when it is base64 of one alphabet (standard or URL-safe,
 * padded or not) whose bytes are printable ASCII, or UTF-8 of printable text in any script (a
 * multilingual tokenizer's entries); otherwise undefined.
 */
export function decodedText(text: string, start: number, end: number): string | undefined {
  let last = end;
  while (last > start && text.charCodeAt(last - 1) === 61 && end - last < 2) last -= 1;
  const length = last - start;
  if (length % 4 === 1 || (length * 3) >> 2 < MIN_BYTES) return undefined;
  let alphabets = 0;
  let bits = 0;
  let held = 0;
  let ascii = true;
  const bytes = new Uint8Array((length * 3) >> 2);
  let count = 0;
  for (let index = start; index < last; index += 1) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? (values[code] as number) : -1;
    if (value < 0) return undefined;
    alphabets |= code === 43 || code === 47 ? 1 : code === 45 || code === 95 ? 2 : 0;
    bits = ((bits << 6) | value) & 0xffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      const byte = (bits >> held) & 0xff;
      if (byte >= 128) ascii = false;
      else if (!isPrintable(byte)) return undefined;
      bytes[count] = byte;
      count += 1;
    }
  }
  if (alphabets === 3) return undefined;
  if (ascii) return String.fromCharCode(...bytes.subarray(0, count));
  let decoded: string;
  try {
    decoded = utf8.decode(bytes.subarray(0, count));
  } catch {
    return undefined;
  }
  return unwritten.test(decoded) ? undefined : decoded;
}

/**
 * Whether `text[start, end)` is base64 of printable text in which `holdsSecret` (the same rules
 * as the input's) finds nothing and that is in a script beyond ASCII, or that the randomness judge
 * finds more likely written than random (evidence below zero), or written by a rule (an alphabet, a repeat: see
 * `patterned-text.ts`). Even odds, not the 2^20 a raw run must carry: printable bytes are already
 * near proof of text, and the question left is only whether that text is a password. Random
 * printable passwords of 18–40 characters fall below even odds in about 2% of draws.
 */
export function encodesWrittenText(text: string, start: number, end: number, holdsSecret: (text: string) => boolean): boolean {
  const decoded = decodedText(text, start, end);
  if (decoded === undefined || holdsSecret(decoded)) return false;
  // Text in another script: random bytes are valid UTF-8 of printable characters about never, and keys are ASCII.
  if (beyondAscii(decoded)) return true;
  return randomnessEvidence(decoded, 0, decoded.length) < 0 || isPatterned(decoded);
}
