/** The keywords a token can open with; `END` is the `[END]` a model writes for `[/RESPONSE]`. */
export type TokenKeyword = 'INVOKE' | 'RESPONSE' | '/RESPONSE' | 'END' | 'BLOCKED' | 'ASSUMPTION' | 'CONFLICT' | 'BROADCAST' | 'CHAIN';

/** Where a token opens on a line, as a lenient reader sees it. */
export interface TokenHead {
  readonly keyword: TokenKeyword;
  /** Offset of the opening bracket. */
  readonly start: number;
  /** Offset just past the colon (just past the closing bracket for `[/RESPONSE]` and `[END]`). */
  readonly bodyStart: number;
  /** Written exactly as the protocol spells it: `[INVOKE:`, `[/RESPONSE]`, … */
  readonly exact: boolean;
  /** Differs from the exact spelling only by the case of ASCII letters. */
  readonly caseOnly: boolean;
  /** A bare `[BROADCAST]` with its question after the bracket: `bodyStart` is just past the `]`. */
  readonly bare?: true;
}

const withColon = new Set<TokenKeyword>(['INVOKE', 'RESPONSE', 'BLOCKED', 'ASSUMPTION', 'CONFLICT', 'BROADCAST', 'CHAIN']);
const closing = new Set<TokenKeyword>(['/RESPONSE', 'END']);
const keywords = new Map<string, TokenKeyword>([...withColon, ...closing].map((keyword) => [keyword.toLowerCase(), keyword]));
const longestKeyword = 10;
const canonicalOf = new Map<TokenKeyword, string>([...withColon, ...closing].map((keyword) => [keyword, closing.has(keyword) ? `[${keyword}]` : `[${keyword}:`]));

// The characters whose compatibility form (NFKC) is the bracket, colon, pipe or slash: what a
// reader that normalises text before matching would take for them.
const opens = new Set(['[', '\uFE47', '\uFF3B']);
const closes = new Set([']', '\uFE48', '\uFF3D']);
// Colons of other scripts a reader takes for `:` too (Mongolian, Ethiopic, Lisu, Tifinagh).
const colons = new Set([':', '\uFE13', '\uFE55', '\uFF1A', '\u2236', '\u02F8', '\uA789', '\u0589', '\u05C3', '\u205A', '\u02D0', '\u1804', '\u1361', '\u1365', '\uA4FD', '\u2D4F']);
/**
 * What a lenient reader takes for a separator after INVOKE or BROADCAST when a pipe follows:
 * `[INVOKE cfo|…]`, `[INVOKE=cfo|…]`, `[INVOKE-cfo|…]`, `[INVOKE→cfo|…]`, `[INVOKE(cfo)|…]`, `[BROADCAST|…]`.
 */
const looseSeparators = new Set([';', '=', '\uFF1B', '\uFF1D', ',', '-', '.', '_', '>', '(', '\u2192', '\u2013', '\u2014', '\uFF0D', '\uFF0E', '\uFF3F', '\uFF1E', '\uFF08']);
const looseKeywords = new Set<TokenKeyword>(['INVOKE', 'BROADCAST']);
/** How far past a loose separator the pipe that makes it a call is looked for. */
const looseWindow = 64;
// Vertical bars a reader takes for `|`: compatibility forms (U+FFE4 is `¦` to NFKC, U+2F01 is 丨),
// bar look-alikes and the CJK stroke 丨.
const pipes = new Set(['|', '\uFF5C', '\u00A6', '\u2223', '\u01C0', '\u2758', '\u23D0', '\uFFE8', '\uFFE4', '\u23B8', '\u23B9', '\u2F01', '\u4E28', '\u2502', '\u2503', '\u258F', '\u2759', '\u05C0', '\uFE31', '\uFE33']);
const slashes = new Set(['/', '\uFF0F']);

/** Whether `character` is an opening bracket (`[` or a compatibility form of it). */
export const isOpenBracket = (character: string | undefined): boolean => character !== undefined && opens.has(character);
/** Whether `character` is a closing bracket (`]` or a compatibility form of it). */
export const isCloseBracket = (character: string | undefined): boolean => character !== undefined && closes.has(character);
/** Whether `character` is a pipe (`|` or a compatibility form of it). */
export const isPipe = (character: string | undefined): boolean => character !== undefined && pipes.has(character);

/** JavaScript's white space (what `trim` removes). */
export const isSpace = (character: string | undefined): boolean =>
  character !== undefined &&
  (character === ' ' || character === '\t' || character === '\n' || character === '\r' || (character > '\u007f' || character < ' ' ? character.trim() === '' : false));

// Characters a reader does not see or a sanitiser strips: format characters (zero-width, bidi
// controls, soft hyphen, tags), control characters, combining and enclosing marks (variation
// selectors, the grapheme joiner), the blank Hangul fillers and the blank Braille pattern.
const invisible = /^[\p{Cf}\p{Cc}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]$/u;

/** Whether `character` (one code point) is invisible to a reader: a format, control or combining character, not ASCII white space. */
export const isInvisible = (character: string | undefined): boolean => {
  if (character === undefined) return false;
  const code = character.charCodeAt(0);
  // ASCII white space is white space; the byte-order mark (white space to `trim`) is invisible.
  if ((code >= 0x20 && code < 0x7f) || (code >= 0x09 && code <= 0x0d)) return false;
  return invisible.test(character);
};

// Letters of other scripts that look like Latin ones and that NFKC leaves alone (Cyrillic,
// Greek, Armenian, Latin variants): a reader takes `INVОKE` with a Cyrillic О for INVOKE.
const lookAlikes = new Map<string, string>();
for (const [latin, similar] of Object.entries({
  a: 'аАαΑɑ', b: 'ВβΒЬ', c: 'сСϲϹⅽⅭ', d: 'ԁ', e: 'еЕεΕ', h: 'һНΗ', i: 'іІιΙıӀӏ', j: 'јЈϳ', k: 'кКκΚ', l: 'ӏ',
  m: 'мМΜ', n: 'Ν', o: 'оОοΟσօՕ', p: 'рРρΡ', q: 'ԛԚ', s: 'ѕЅ', t: 'тТτΤ', u: 'υսՍ', v: 'νѵ', w: 'ԝԜ', x: 'хХχΧ', y: 'уУγΥҮ', z: 'Ζ',
})) {
  for (const character of similar) if (!lookAlikes.has(character)) lookAlikes.set(character, character === character.toLowerCase() && character !== 'Ӏ' ? latin : latin.toUpperCase());
}
// Small capitals (phonetic letters NFKC leaves alone): `ɪɴᴠᴏᴋᴇ` reads as invoke.
for (const [latin, similar] of Object.entries({
  a: 'ᴀ', b: 'ʙ', c: 'ᴄ', d: 'ᴅ', e: 'ᴇ', f: 'ꜰ', g: 'ɢ', h: 'ʜ', i: 'ɪ', j: 'ᴊ', k: 'ᴋ', l: 'ʟ', m: 'ᴍ', n: 'ɴ', o: 'ᴏ', p: 'ᴘ', r: 'ʀ', s: 'ꜱ', t: 'ᴛ', u: 'ᴜ', v: 'ᴠ', w: 'ᴡ', y: 'ʏ', z: 'ᴢ',
})) {
  for (const character of similar) if (!lookAlikes.has(character)) lookAlikes.set(character, character === character.toLowerCase() && character !== 'Ӏ' ? latin : latin.toUpperCase());
}

/**
 * A code point as a lenient reader reads it: its compatibility form without accents (NFKD, marks
 * dropped), look-alike letters of other scripts as the Latin letter. Case is kept.
 */
function readCharacter(character: string): string {
  const similar = lookAlikes.get(character);
  if (similar !== undefined) return similar;
  let out = '';
  for (const part of character.normalize('NFKD')) {
    if (isInvisible(part)) continue;
    out += lookAlikes.get(part) ?? part;
  }
  return out;
}

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** The letters (a–z) a lenient reader takes the code point at `index` for (read as above, lower case), or `undefined`. */
function lettersAt(text: string, index: number): { readonly letters: string; readonly width: number } | undefined {
  const point = text.codePointAt(index) as number;
  const width = point > 0xffff ? 2 : 1;
  const character = text.slice(index, index + width);
  if (isInvisible(character)) return { letters: '', width };
  const folded = readCharacter(character).toLowerCase();
  if (folded.length === 0) return undefined;
  for (let at = 0; at < folded.length; at += 1) if (folded[at] as string < 'a' || folded[at] as string > 'z') return undefined;
  return { letters: folded, width };
}

/** Skips white space and invisible characters. */
function skipSpaces(line: string, from: number): number {
  let index = from;
  for (;;) {
    const character = line[index];
    if (isSpace(character)) index += 1;
    else if (character !== undefined && character.charCodeAt(0) >= 0x7f || (character !== undefined && character < ' ')) {
      const point = line.codePointAt(index) as number;
      const width = point > 0xffff ? 2 : 1;
      if (!isInvisible(line.slice(index, index + width))) return index;
      index += width;
    } else return index;
  }
}

/** The exact heads by the character after `[`, for the common case: a token written as the protocol spells it. */
const exactHeads = new Map<string, Array<readonly [TokenKeyword, string]>>();
for (const [keyword, canonical] of canonicalOf) {
  const key = canonical[1] as string;
  exactHeads.set(key, [...(exactHeads.get(key) ?? []), [keyword, canonical]]);
}

/** Reads a head at `start` (an opening bracket); the head, or the offset where reading failed. */
function readHead(line: string, start: number): TokenHead | number {
  // Fails at once on what cannot follow `[` in a head (`[[[[`, `[1]`, `[x]` is read on).
  const next = line.charCodeAt(start + 1);
  if (next > 0x20 && next < 0x80 && next !== 0x2f && ((next | 0x20) < 97 || (next | 0x20) > 122)) return start + 1;
  for (const [keyword, canonical] of exactHeads.get(line[start + 1] as string) ?? []) {
    if (line.startsWith(canonical, start)) return { keyword, start, bodyStart: start + canonical.length, exact: true, caseOnly: false };
  }
  let index = skipSpaces(line, start + 1);
  let prefix = '';
  if (slashes.has(line[index] as string)) {
    prefix = '/';
    index = skipSpaces(line, index + 1);
  }
  const read = readWord(line, index, prefix);
  const word = read.word;
  index = read.end;
  const keyword = keywords.get(word);
  if (keyword === undefined) return Math.max(index, start + 1);
  const afterWord = index;
  index = skipSpaces(line, index);
  const expectClose = closing.has(keyword);
  const separator = line[index] as string;
  // A bare `[BROADCAST]` tag: the prose after it is the question, as a reader takes it.
  if (keyword === 'BROADCAST' && closes.has(separator)) return { keyword, start, bodyStart: index + 1, exact: false, caseOnly: false, bare: true };
  if (expectClose ? !closes.has(separator) : !colons.has(separator)) {
    // INVOKE and BROADCAST with a loose separator (a space, `=`, `;`, `,`, a pipe) are calls when a pipe follows.
    const loose = looseKeywords.has(keyword) && (looseSeparators.has(separator) || pipes.has(separator) || (index > afterWord && index < line.length));
    if (!loose) return Math.max(index, start + 1);
    const bodyStart = index < line.length && (looseSeparators.has(separator) || pipes.has(separator)) ? index + 1 : index;
    if (!(keyword === 'BROADCAST' && pipes.has(separator)) && !pipeBeforeClose(line, bodyStart, looseWindow)) return Math.max(index, start + 1);
    return { keyword, start, bodyStart: keyword === 'BROADCAST' && pipes.has(separator) ? index : bodyStart, exact: false, caseOnly: false };
  }
  const canonical = canonicalOf.get(keyword) as string;
  const written = line.slice(start, index + 1);
  return { keyword, start, bodyStart: index + 1, exact: false, caseOnly: isAscii(written) && written.toUpperCase() === canonical };
}

/** Digits a reader takes for the letter they stand in for inside a word: `INV0KE`, `BR0ADCAST`. */
const digitLetters = new Map([['0', 'o'], ['1', 'i'], ['3', 'e'], ['4', 'a'], ['5', 's'], ['7', 't']]);
/** Every proper prefix of a keyword, lower case: a word may go on past a space only while it is one (`BROAD CAST`). */
const keywordPrefixes = new Set<string>();
for (const name of keywords.keys()) for (let length = 1; length < name.length; length += 1) keywordPrefixes.add(name.slice(0, length));

/**
 * The letters from `from` on as a lenient reader reads them (lower case, look-alikes and invisible
 * characters folded, a digit inside a word as the letter it stands in for), up to one more than the
 * longest keyword. Spaces inside a word (not line breaks) are read past while the letters before
 * them begin a keyword and the letters after them go on with it (`BROAD CAST`, `IN VOKE`).
 */
function readWord(line: string, from: number, prefix = ''): { readonly word: string; readonly end: number } {
  let word = prefix;
  let index = from;
  while (word.length <= longestKeyword && index < line.length) {
    const code = line.charCodeAt(index);
    if (code >= 0x20 && code < 0x7f) {
      const lower = code | 0x20;
      if (lower >= 97 && lower <= 122) {
        word += letters[lower - 97] as string;
        index += 1;
        continue;
      }
      const digit = word.length > 0 ? digitLetters.get(line[index] as string) : undefined;
      if (digit !== undefined && (keywordPrefixes.has(word + digit) || keywords.has(word + digit))) {
        word += digit;
        index += 1;
        continue;
      }
      if (code === 0x20 && word.length > 0 && keywordPrefixes.has(word)) {
        // A gap inside a keyword: read on only when the next letter carries the keyword on.
        let next = index;
        while (line.charCodeAt(next) === 0x20 || line.charCodeAt(next) === 0x09) next += 1;
        const after = readWord(line, next, word);
        if (after.word.length > word.length && (keywords.has(after.word) || keywordPrefixes.has(after.word))) return after;
      }
      break;
    }
    const folded = lettersAt(line, index);
    if (folded === undefined) break;
    word += folded.letters;
    index += folded.width;
  }
  return { word, end: index };
}

/**
 * How many characters a call's head — from its `[` to the `|` after its role — may span when it
 * runs over line breaks. Within that span a line break inside the head is white space, as it is to
 * a router whose pattern allows white space there; a longer head is read on its own lines.
 */
export const headSpan = 128;

/**
 * The offset of the `[` of a call head that `text` ends inside of, or -1: `[`, `[INVOKE`,
 * `[INVOKE:`, `[INVOKE:cfo` (in every spelling the head reader takes, white space and line breaks
 * included), with no `|` or bracket after its `[`, which lies within {@link headSpan} characters of
 * the end. Reads at most that many characters back from the end.
 */
export function pendingCallHead(text: string): number {
  const limit = Math.max(0, text.length - headSpan);
  // Most lines hold no opening bracket near their end: a native search says so at once.
  if (text.indexOf('[', limit) < 0 && text.indexOf('\uFF3B', limit) < 0 && text.indexOf('\uFE47', limit) < 0) return -1;
  let open = -1;
  for (let index = text.length - 1; index >= limit; index -= 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      // The common case, ASCII: only `[`, `]` and `|` matter.
      if (code === 0x5b) {
        open = index;
        break;
      }
      if (code === 0x5d || code === 0x7c) return -1;
      continue;
    }
    const character = text[index] as string;
    if (opens.has(character)) {
      open = index;
      break;
    }
    if (closes.has(character) || pipes.has(character)) return -1;
  }
  if (open < 0) return -1;
  let index = skipSpaces(text, open + 1);
  if (index >= text.length) return open;
  const { word, end } = readWord(text, index);
  if (word !== 'invoke' && word !== 'broadcast') return -1;
  index = skipSpaces(text, end);
  if (index >= text.length) return open;
  const separator = text[index] as string;
  return colons.has(separator) || looseSeparators.has(separator) || index > end ? open : -1;
}

/**
 * Whether a call's head opens at `open` in `text` and is complete within {@link headSpan}
 * characters: an INVOKE or BROADCAST whose `|` comes before any bracket, or a bare `[BROADCAST]`.
 */
export function callHeadAt(text: string, open: number): boolean {
  const head = readHead(text, open);
  if (typeof head === 'number' || (head.keyword !== 'INVOKE' && head.keyword !== 'BROADCAST')) return false;
  if (head.bare === true) return head.bodyStart - open <= headSpan;
  const limit = Math.min(text.length, open + headSpan);
  for (let index = head.bodyStart; index < limit; index += 1) {
    const character = text[index] as string;
    if (pipes.has(character)) return true;
    if (opens.has(character) || closes.has(character)) return false;
  }
  return false;
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/**
 * Every place on `line` where a token opens, as a lenient reader would see it: the keyword in any
 * case (and in compatibility forms such as fullwidth letters), white space inside the brackets,
 * compatibility forms of `[`, `:` and `]`, and prose before it. Linear in the line's length: a
 * failed attempt resumes where it stopped, and nothing it read can open another head.
 */
export function findTokenHeads(line: string): readonly TokenHead[] {
  // The next of each opening bracket at or after `index`, each searched forward once (indexOf is fast on prose).
  let ascii = line.indexOf('[');
  let fullwidth = line.indexOf('\uFF3B');
  let vertical = line.indexOf('\uFE47');
  if (ascii < 0 && fullwidth < 0 && vertical < 0) return noHeads;
  const heads: TokenHead[] = [];
  let index = 0;
  while (index < line.length) {
    if (ascii >= 0 && ascii < index) ascii = line.indexOf('[', index);
    if (fullwidth >= 0 && fullwidth < index) fullwidth = line.indexOf('\uFF3B', index);
    if (vertical >= 0 && vertical < index) vertical = line.indexOf('\uFE47', index);
    let open = ascii;
    if (fullwidth >= 0 && (open < 0 || fullwidth < open)) open = fullwidth;
    if (vertical >= 0 && (open < 0 || vertical < open)) open = vertical;
    if (open < 0) break;
    const read = readHead(line, open);
    if (typeof read === 'number') index = read;
    else {
      heads.push(read);
      index = read.bodyStart;
    }
  }
  return heads;
}

const noHeads: readonly TokenHead[] = [];

/** The offset of the last closing bracket in `line[from, to)`, or -1. */
export function lastCloseBracket(line: string, from: number, to: number): number {
  for (let index = to - 1; index >= from; index -= 1) if (closes.has(line[index] as string)) return index;
  return -1;
}

/** Whether a pipe comes after `from`, within `visible` characters that are neither white space nor invisible, and before any closing bracket. */
function pipeBeforeClose(line: string, from: number, visible: number): boolean {
  let seen = 0;
  for (let index = from; index < line.length && seen <= visible; ) {
    const width = (line.codePointAt(index) as number) > 0xffff ? 2 : 1;
    const character = line.slice(index, index + width);
    if (pipes.has(character)) return true;
    if (closes.has(character)) return false;
    if (!isSpace(character) && !isInvisible(character)) seen += 1;
    index += width;
  }
  return false;
}

/**
 * The first pipe from `from` on within a window of `visible` characters that are neither white
 * space nor invisible and at most `raw` characters in all: its offset, -1 when the window holds
 * none, -2 when `text` ends inside the window (a pipe may still come).
 */
export function pipeInWindow(text: string, from: number, visible: number, raw: number): number {
  let seen = 0;
  const limit = from + raw;
  for (let index = from; index < text.length; ) {
    if (index >= limit) return -1;
    const width = (text.codePointAt(index) as number) > 0xffff ? 2 : 1;
    const character = text.slice(index, index + width);
    if (pipes.has(character)) return index;
    if (!isSpace(character) && !isInvisible(character)) {
      seen += 1;
      if (seen > visible) return -1;
    }
    index += width;
  }
  return -2;
}

/** Whether every character of `text` is white space or invisible. */
export function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; ) {
    const width = (text.codePointAt(index) as number) > 0xffff ? 2 : 1;
    const character = text.slice(index, index + width);
    if (!isSpace(character) && !isInvisible(character)) return false;
    index += width;
  }
  return true;
}

/** Whether `text` from `from` on still fits a window of `visible` visible characters and `raw` characters in all. */
export function visibleWindowLeft(text: string, from: number, visible: number, raw: number): boolean {
  if (text.length - from >= raw) return false;
  let seen = 0;
  for (let index = from; index < text.length; ) {
    const width = (text.codePointAt(index) as number) > 0xffff ? 2 : 1;
    const character = text.slice(index, index + width);
    if (!isSpace(character) && !isInvisible(character) && (seen += 1) >= visible) return false;
    index += width;
  }
  return true;
}

/** The offset of the first pipe in `line[from, to)`, or -1. */
export function firstPipe(line: string, from: number, to: number): number {
  for (let index = from; index < to; index += 1) if (pipes.has(line[index] as string)) return index;
  return -1;
}

/** Marks around a role that a reader looks past: Markdown emphasis and code, quotes, an `@`, trailing punctuation. */
const decorations = new Set(['*', '`', '"', "'", '\u2018', '\u2019', '\u201C', '\u201D', '.', '!', '?', ',', ';', '~', '(', ')', '<', '>', '@', '#']);

/**
 * A role as a lenient reader reads it: compatibility forms and accents folded, invisible characters
 * dropped, look-alike letters of other scripts read as Latin ones, white space and decorations
 * (`**cfo**`, `` `cfo` ``, `"cfo"`, `cfo.`) trimmed, and letters spelled apart (`c f o`, `C.F.O.`)
 * joined. Case is kept (R2 reports it).
 */
export function foldRole(written: string): string {
  let read = written;
  if (!isAscii(written) || hasControl(written)) {
    read = '';
    for (const character of written) read += isInvisible(character) ? '' : readCharacter(character);
  }
  let start = 0;
  let end = read.length;
  while (start < end && (isSpace(read[start]) || decorations.has(read[start] as string))) start += 1;
  while (end > start && (isSpace(read[end - 1]) || decorations.has(read[end - 1] as string))) end -= 1;
  const role = read.slice(start, end);
  return spelledApart(role) ?? role;
}

function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09) return true;
  }
  return false;
}

/** `c f o`, `C.F.O`, `c-f-o` → `cfo`: single letters, each apart from the next by spaces, dots or hyphens; otherwise `undefined`. */
function spelledApart(role: string): string | undefined {
  if (role.length < 3 || role.length > 24) return undefined;
  let joined = '';
  let gap = true;
  for (const character of role) {
    const letter = (character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z');
    if (letter) {
      if (!gap) return undefined;
      joined += character;
      gap = false;
    } else if (character === ' ' || character === '.' || character === '-' || character === '\u00B7') gap = true;
    else return undefined;
  }
  return joined.length >= 2 ? joined : undefined;
}

/** Brackets in free text (a question quoted in an ASSUMPTION) turned into parentheses, so it opens no token. */
export function defuseBrackets(text: string): string {
  let out = '';
  for (const character of text) out += opens.has(character) ? '(' : closes.has(character) ? ')' : character;
  return out;
}
