/**
 * The character view the scanner matches on: each UTF-16 code unit is folded, one to one, to an
 * ASCII code (so offsets never shift), to {@link INVISIBLE} for zero-width characters, or to
 * {@link OTHER} for anything that cannot belong to a secret (CJK, emoji, most punctuation
 * beyond ASCII). Non-ASCII characters fold by Unicode NFKC when that yields one ASCII character:
 * fullwidth `ＡＫＩＡ` is `AKIA`, a no-break space is a space.
 */

/** The fold of a character that cannot be part of a secret. */
export const OTHER = 0;
/** The fold of a zero-width character: always an inserted separator. */
export const INVISIBLE = 1;

const UNKNOWN = 255;
const table = new Uint8Array(65536).fill(UNKNOWN);
for (let code = 0; code < 128; code += 1) table[code] = code < 32 && code !== 9 && code !== 10 && code !== 13 ? OTHER : code;
for (const code of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x180e]) table[code] = INVISIBLE;

/** Folds one UTF-16 code unit; see the module notes. */
export function fold(code: number): number {
  const cached = table[code] ?? OTHER;
  if (cached !== UNKNOWN) return cached;
  return foldSlow(code);
}

function foldSlow(code: number): number {
  let folded = OTHER;
  if (code < 0xd800 || code > 0xdfff) {
    const normalized = String.fromCharCode(code).normalize('NFKC');
    if (normalized.length === 1 && normalized.charCodeAt(0) < 128) folded = table[normalized.charCodeAt(0)] ?? OTHER;
  }
  table[code] = folded;
  return folded;
}

/** Builds a 128-entry membership table from a class such as `"A-Za-z0-9_-"`. */
export function characterSet(spec: string): Uint8Array {
  const set = new Uint8Array(128);
  for (let index = 0; index < spec.length; index += 1) {
    const from = spec.charCodeAt(index);
    if (spec[index + 1] === '-' && index + 2 < spec.length) {
      const to = spec.charCodeAt(index + 2);
      for (let code = from; code <= to; code += 1) set[code] = 1;
      index += 2;
    } else {
      set[from] = 1;
    }
  }
  return set;
}

const alphanumeric = characterSet('A-Za-z0-9');
const token = characterSet('A-Za-z0-9_./+~%-');
const separator = characterSet(' \t\n\r._-');

/** Class bits of a folded code, for hot loops: {@link ALPHANUMERIC} and {@link TOKEN}. */
export const classes: Uint8Array = new Uint8Array(128);
/** Bit of {@link classes}: a letter or digit. */
export const ALPHANUMERIC = 1;
/** Bit of {@link classes}: can be part of a token-like run. */
export const TOKEN = 2;
for (let code = 0; code < 128; code += 1) classes[code] = (alphanumeric[code] === 1 ? ALPHANUMERIC : 0) | (token[code] === 1 ? TOKEN : 0);

/** The fold of each ASCII code: what {@link fold} returns below 128, without the call. */
export const asciiFold: Uint8Array = table.slice(0, 128);

/** Whether a folded code is an ASCII letter or digit. */
export const isAlphanumeric = (folded: number): boolean => alphanumeric[folded] === 1;

/** Whether a folded code can be part of a token-like run (keys, base64, identifiers, paths). */
export const isTokenCharacter = (folded: number): boolean => token[folded] === 1;

/** Whether a folded code can be a separator inserted into a secret (space, newline, `-`, `.`, `_`, zero-width). */
export const isSeparator = (folded: number): boolean => folded === INVISIBLE || separator[folded] === 1;
