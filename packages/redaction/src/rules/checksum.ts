/**
 * The checksums some credential formats carry, verified from the formats' published descriptions:
 * GitHub's and npm's CRC32 tail written in base62, and the Bech32 checksum of age and Nostr keys.
 */

/** The checksum algorithms the catalogue knows how to verify. */
export type ChecksumAlgorithm = 'crc32-base62' | 'bech32';

const crcTable: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte += 1) {
    let value = byte;
    for (let bit = 0; bit < 8; bit += 1) value = (value & 1) === 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    table[byte] = value >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, the zlib one) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let index = 0; index < text.length; index += 1) crc = (crc >>> 8) ^ (crcTable[(crc ^ text.charCodeAt(index)) & 0xff] as number);
  return (crc ^ 0xffffffff) >>> 0;
}

const base62Digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `value` in base62 (digits, then upper-case, then lower-case letters), left-padded with `0` to `width`. */
export function base62(value: number, width: number): string {
  let rest = value;
  let digits = '';
  do {
    digits = (base62Digits[rest % 62] as string) + digits;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return digits.padStart(width, '0');
}

/**
 * Whether a GitHub (`ghp_` and the other classic prefixes) or npm (`npm_`) token's body ends with
 * its checksum: 30 random base62 characters, then the CRC-32 of those 30 in 6 base62 digits.
 * `body` is the token without its four-character prefix.
 */
export function hasCrc32Base62Tail(body: string): boolean {
  if (body.length !== 36) return false;
  return base62(crc32(body.slice(0, 30)), 6) === body.slice(30);
}

const bech32Characters = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: readonly number[]): number {
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if (((top >>> bit) & 1) === 1) check ^= generators[bit] as number;
  }
  return check >>> 0;
}

/**
 * Whether `text` is a Bech32 string (BIP 173) with a valid checksum: a human-readable part, the
 * separator `1`, then data characters whose last six are the checksum. One case throughout.
 */
export function isBech32(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower !== text && text.toUpperCase() !== text) return false;
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || lower.length - separator - 1 < 6) return false;
  const values: number[] = [];
  const human = lower.slice(0, separator);
  for (let index = 0; index < human.length; index += 1) values.push(human.charCodeAt(index) >>> 5);
  values.push(0);
  for (let index = 0; index < human.length; index += 1) values.push(human.charCodeAt(index) & 31);
  for (const character of lower.slice(separator + 1)) {
    const value = bech32Characters.indexOf(character);
    if (value < 0) return false;
    values.push(value);
  }
  return polymod(values) === 1;
}

/** Appends a Bech32 checksum to `human` + `1` + `data` (5-bit values): for generating examples. */
export function bech32Encode(human: string, data: readonly number[]): string {
  const lower = human.toLowerCase();
  const values: number[] = [];
  for (let index = 0; index < lower.length; index += 1) values.push(lower.charCodeAt(index) >>> 5);
  values.push(0);
  for (let index = 0; index < lower.length; index += 1) values.push(lower.charCodeAt(index) & 31);
  const check = polymod([...values, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, index) => (check >>> (5 * (5 - index))) & 31);
  return `${lower}1${[...data, ...checksum].map((value) => bech32Characters[value]).join('')}`;
}

/** Whether `key` (prefix and body, separators removed) carries a valid checksum of `algorithm`. */
export function verifyChecksum(algorithm: ChecksumAlgorithm, key: string, prefix: string): boolean {
  if (algorithm === 'crc32-base62') return hasCrc32Base62Tail(key.slice(prefix.length));
  return isBech32(key);
}
