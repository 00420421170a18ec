/**
 * The character view the scanner matches on: each UTF-16 code unit is folded, one to one, to an
 * ASCII code (so offsets never shift), to {@link INVISIBLE} for characters that show nothing, to
 * {@link PUNCTUATION} for the non-ASCII punctuation that can space a key out (`·`, `•`), or to
 * {@link OTHER} for anything that cannot belong to a secret (CJK, emoji, most punctuation beyond
 * ASCII). Non-ASCII characters fold by Unicode NFKC when that yields one ASCII character:
 * fullwidth `ＡＫＩＡ` is `AKIA`, a no-break space is a space. Greek, Cyrillic and Latin letters
 * drawn like an ASCII letter (`Κ`, `А`, `ɡ`), which NFKC keeps, fold to the letter they show.
 *
 * Invisible: format characters (Unicode Cf: zero-width characters, LRM/RLM, bidirectional
 * controls, U+2061–2064, the soft hyphen, U+FEFF), control characters other than tab, line feed
 * and carriage return (Cc, C0 and C1), U+034F, variation selectors (U+FE00–FE0F and, as their
 * surrogate halves, U+E0100–E01EF), tag characters (U+E0000–E007F), and the fillers that draw
 * nothing without being Cf: every other default-ignorable code point (Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0; Khmer inherent vowels U+17B4/5) and the blank Braille pattern U+2800. Every code unit of plane
 * 14's first block (high surrogate U+DB40) and every low surrogate folds to invisible, so those
 * astral characters are invisible as a whole; a low surrogate after any other high surrogate never
 * matters, since that high surrogate is {@link OTHER} and ends whatever it follows.
 */

import { scanWork } from './scan-work';

/** The fold of a character that cannot be part of a secret. */
export const OTHER = 0;
/** The fold of a character that shows nothing: always an inserted separator. */
export const INVISIBLE = 1;
/** The fold of non-ASCII punctuation that separates like `-` (`·`, `•`). */
export const PUNCTUATION = 2;

const UNKNOWN = 255;
const table = new Uint8Array(65536).fill(UNKNOWN);
for (let code = 0; code < 128; code += 1) table[code] = code < 32 && code !== 9 && code !== 10 && code !== 13 ? INVISIBLE : code;
table[0x7f] = INVISIBLE;
for (let code = 0x80; code < 0xa0; code += 1) table[code] = INVISIBLE;
for (const code of [0x034f, 0x00ad, 0x180e, 0xfeff]) table[code] = INVISIBLE;
for (let code = 0xfe00; code <= 0xfe0f; code += 1) table[code] = INVISIBLE;
// Mongolian free variation selectors.
for (const code of [0x180b, 0x180c, 0x180d, 0x180f]) table[code] = INVISIBLE;
table[0xdb40] = INVISIBLE;
for (let code = 0xdc00; code <= 0xdfff; code += 1) table[code] = INVISIBLE;
table[0x2028] = 10;
table[0x2029] = 10;
table[0x00b7] = PUNCTUATION;
table[0x2022] = PUNCTUATION;
// Greek, Cyrillic and Latin letters drawn like an ASCII letter, which NFKC leaves as they are
// (issue 16, adversarial review): read as that letter, so a GitHub token holding a Greek kappa,
// or an AWS key id starting with a Cyrillic A, is still the key it shows and is not cut in two.
const lookalikes: ReadonlyArray<readonly [from: string, to: string]> = [
  // Greek: Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ ο
  ['\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7\u03bf', 'ABEZHIKMNOPTYXo'],
  // Cyrillic: А В Е К М Н О Р С Т Х Ѕ І Ј Ү Ԛ Ԝ а е о р с у х ѕ і ј ԛ ԝ һ ԁ
  ['\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0405\u0406\u0408\u04ae\u051a\u051c\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u051b\u051d\u04bb\u0501', 'ABEKMHOPCTXSIJYQWaeopcyxsijqwhd'],
  // Latin: ɡ ı
  ['\u0261\u0131', 'gi'],
];
for (const [from, to] of lookalikes) for (let index = 0; index < from.length; index += 1) table[from.charCodeAt(index)] = to.charCodeAt(index);

const format = /^\p{Cf}$/u;
/**
 * Code points that draw nothing though they are not Cf: the rest of Unicode's default-ignorable
 * set (Hangul fillers U+115F, U+1160, U+3164, U+FFA0, Khmer inherent vowels U+17B4/5, U+2065,
 * U+FFF0–FFF8, plane 14 beyond the tags and selectors) and the blank Braille pattern U+2800.
 */
const filler = /^[\p{Default_Ignorable_Code_Point}\u2800]$/u;
const space = /^[\p{Zs}\p{Zl}\p{Zp}]$/u;

/** Folds one UTF-16 code unit; see the module notes. */
export function fold(code: number): number {
  scanWork.characters += 1;
  const cached = table[code] ?? OTHER;
  if (cached !== UNKNOWN) return cached;
  return foldSlow(code);
}

function foldSlow(code: number): number {
  let folded = OTHER;
  if (code < 0xd800 || code > 0xdfff) {
    const character = String.fromCharCode(code);
    const normalized = character.normalize('NFKC');
    if (normalized.length === 1 && normalized.charCodeAt(0) < 128) folded = table[normalized.charCodeAt(0)] ?? OTHER;
    else if (format.test(character) || filler.test(character)) folded = INVISIBLE;
    else if (space.test(character)) folded = 32;
  }
  table[code] = folded;
  return folded;
}

/** The fold of each astral code point seen so far: INVISIBLE for a format character (U+110BD, U+1D173, …), an ASCII letter or digit for a mathematical one (`𝐀`, `𝟗`), else OTHER. */
const astralFold = new Map<number, number>();

/**
 * {@link fold} of the code unit at `index`, reading a surrogate pair as one character: an astral
 * format character outside plane 14 (U+110BD, U+13430–1343F, U+1BCA0–1BCA3, U+1D173–1D17A) folds
 * to {@link INVISIBLE} like the rest of Unicode Cf (its low surrogate already does), and a
 * mathematical letter or digit (`𝐀`, `𝚐`, `𝟗`: NFKC makes it one ASCII letter or digit) to that
 * letter or digit, its low surrogate then an invisible gap (issue 16, adversarial review).
 */
export function foldAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff || code === 0xdb40 || index + 1 >= text.length) return fold(code);
  scanWork.characters += 1;
  const point = text.codePointAt(index) ?? code;
  if (point === code) return OTHER;
  let folded = astralFold.get(point);
  if (folded === undefined) {
    const character = String.fromCodePoint(point);
    const normalized = character.normalize('NFKC');
    const ascii = normalized.length === 1 ? normalized.charCodeAt(0) : 0;
    folded = format.test(character) || filler.test(character) ? INVISIBLE : isAlphanumeric(ascii) ? ascii : OTHER;
    astralFold.set(point, folded);
  }
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

/** Class bits of a folded code, one table for every test of a character's kind: {@link ALPHANUMERIC}, {@link TOKEN} and the separator bits. */
export const classes: Uint8Array = new Uint8Array(128);
/** Bit of {@link classes}: a letter or digit. */
export const ALPHANUMERIC = 1;
/** Bit of {@link classes}: can be part of a token-like run. */
export const TOKEN = 2;
const SEPARATOR = 4;
const VISIBLE_SEPARATOR = 8;
const addClass = (spec: string, bits: number): void => {
  characterSet(spec).forEach((member, code) => {
    if (member === 1) classes[code] = (classes[code] ?? 0) | bits;
  });
};
addClass('A-Za-z0-9', ALPHANUMERIC);
addClass('A-Za-z0-9_./+~%-', TOKEN);
addClass(' \t\n\r._|/\\:;,-', SEPARATOR | VISIBLE_SEPARATOR);
classes[PUNCTUATION] = SEPARATOR | VISIBLE_SEPARATOR;
classes[INVISIBLE] = SEPARATOR;

/** The fold of each ASCII code: what {@link fold} returns below 128, without the call. */
export const asciiFold: Uint8Array = table.slice(0, 128);

/** Whether a folded code is an ASCII letter or digit. */
export const isAlphanumeric = (folded: number): boolean => ((classes[folded] ?? 0) & ALPHANUMERIC) !== 0;

/** Whether a folded code can be part of a token-like run (keys, base64, identifiers, paths). */
export const isTokenCharacter = (folded: number): boolean => ((classes[folded] ?? 0) & TOKEN) !== 0;

/**
 * Whether a folded code can be a separator inserted into a secret: spaces of every kind, tab,
 * newlines, the punctuation `- _ . · • | / \\ : ; ,`, and invisible characters.
 */
export const isSeparator = (folded: number): boolean => ((classes[folded] ?? 0) & SEPARATOR) !== 0;

/** Whether a folded separator shows (everything but {@link INVISIBLE}): at most four of them make one gap. */
export const isVisibleSeparator = (folded: number): boolean => ((classes[folded] ?? 0) & VISIBLE_SEPARATOR) !== 0;

/** Whether a folded code is a digit. */
export const isDigitCode = (folded: number): boolean => folded >= 48 && folded <= 57;

/** Whether a code is an ASCII capital letter. */
export const isUpperCode = (code: number): boolean => code >= 65 && code <= 90;

/** Whether a code is an ASCII lower-case letter. */
export const isLowerCode = (code: number): boolean => code >= 97 && code <= 122;
