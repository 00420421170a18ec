/**
 * Base64 read one way for the whole package: a character's value in the standard alphabet
 * (`+ /`), the URL-safe one (`- _`) or either, and the bytes a run encodes. Internal: not exported
 * from the package.
 */

/** Base64's values by character code, both alphabets' last two characters included; -1 otherwise. */
const values: Int8Array = new Int8Array(128).fill(-1);
for (const [value, character] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'].entries()) values[character.charCodeAt(0)] = value;
values[43] = 62; // +
values[47] = 63; // /
values[45] = 62; // -
values[95] = 63; // _

/** Which alphabet a character is of beyond letters and digits: 1 standard (`+ /`), 2 URL-safe (`- _`), 0 either. */
const alphabetOf = (code: number): number => (code === 43 || code === 47 ? 1 : code === 45 || code === 95 ? 2 : 0);

/**
 * The value (0–63) of the base64 character `code` in the `standard` alphabet, the `url`-safe one,
 * or `either`; -1 when it is none of that alphabet's.
 */
export function base64Value(code: number, alphabet: 'standard' | 'url' | 'either' = 'either'): number {
  const value = code >= 0 && code < 128 ? (values[code] as number) : -1;
  const of = alphabetOf(code);
  return (alphabet === 'standard' && of === 2) || (alphabet === 'url' && of === 1) ? -1 : value;
}

/**
 * The bytes `text[start, end)` encodes when it is base64 of one alphabet (standard or URL-safe, up
 * to two `=` of padding at its end), or of both when `mixed` (`+ /` and `- _` read alike); else undefined.
 */
export function decodeBase64(text: string, start = 0, end: number = text.length, mixed = false): Uint8Array | undefined {
  let last = end;
  while (last > start && text.charCodeAt(last - 1) === 61 && end - last < 2) last -= 1;
  const bytes = new Uint8Array(((last - start) * 3) >> 2);
  let alphabets = 0;
  let bits = 0;
  let held = 0;
  let count = 0;
  for (let index = start; index < last; index += 1) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? (values[code] as number) : -1;
    if (value < 0) return undefined;
    alphabets |= alphabetOf(code);
    bits = ((bits << 6) | value) & 0xffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      bytes[count] = (bits >> held) & 0xff;
      count += 1;
    }
  }
  return alphabets === 3 && !mixed ? undefined : bytes;
}
