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
const colons = new Set([':', '\uFE13', '\uFE55', '\uFF1A']);
const pipes = new Set(['|', '\uFF5C']);
const slashes = new Set(['/', '\uFF0F']);

/** Whether `character` is an opening bracket (`[` or a compatibility form of it). */
export const isOpenBracket = (character: string | undefined): boolean => character !== undefined && opens.has(character);
/** Whether `character` is a closing bracket (`]` or a compatibility form of it). */
export const isCloseBracket = (character: string | undefined): boolean => character !== undefined && closes.has(character);
/** Whether `character` is a pipe (`|` or a compatibility form of it). */
export const isPipe = (character: string | undefined): boolean => character !== undefined && pipes.has(character);

/** JavaScript's white space (what `trim` removes). */
export const isSpace = (character: string | undefined): boolean =>
  character !== undefined && (character === ' ' || character === '\t' || (character > '\u007f' || character < ' ' ? character.trim() === '' : false));

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** The letter (a–z) a lenient reader takes the code point at `index` for (NFKC, then lower case), or `undefined`. */
function letterAt(text: string, index: number): { readonly letter: string; readonly width: number } | undefined {
  const point = text.codePointAt(index) as number;
  const folded = String.fromCodePoint(point).normalize('NFKC').toLowerCase();
  return folded.length === 1 && folded >= 'a' && folded <= 'z' ? { letter: folded, width: point > 0xffff ? 2 : 1 } : undefined;
}

function skipSpaces(line: string, from: number): number {
  let index = from;
  while (isSpace(line[index])) index += 1;
  return index;
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
  let word = '';
  if (slashes.has(line[index] as string)) {
    word = '/';
    index = skipSpaces(line, index + 1);
  }
  while (word.length <= longestKeyword && index < line.length) {
    const code = line.charCodeAt(index);
    if (code < 0x80) {
      const lower = code | 0x20;
      if (lower < 97 || lower > 122) break;
      word += letters[lower - 97] as string;
      index += 1;
      continue;
    }
    const folded = letterAt(line, index);
    if (folded === undefined) break;
    word += folded.letter;
    index += folded.width;
  }
  const keyword = keywords.get(word);
  if (keyword === undefined) return Math.max(index, start + 1);
  index = skipSpaces(line, index);
  const expectClose = closing.has(keyword);
  if (expectClose ? !closes.has(line[index] as string) : !colons.has(line[index] as string)) return Math.max(index, start + 1);
  const canonical = canonicalOf.get(keyword) as string;
  const written = line.slice(start, index + 1);
  return { keyword, start, bodyStart: index + 1, exact: false, caseOnly: isAscii(written) && written.toUpperCase() === canonical };
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

/** The offset of the first pipe in `line[from, to)`, or -1. */
export function firstPipe(line: string, from: number, to: number): number {
  for (let index = from; index < to; index += 1) if (pipes.has(line[index] as string)) return index;
  return -1;
}

/** A role as a lenient reader reads it: compatibility forms folded, white space trimmed. */
export const foldRole = (written: string): string => (isAscii(written) ? written : written.normalize('NFKC')).trim();

/** Brackets in free text (a question quoted in an ASSUMPTION) turned into parentheses, so it opens no token. */
export function defuseBrackets(text: string): string {
  let out = '';
  for (const character of text) out += opens.has(character) ? '(' : closes.has(character) ? ')' : character;
  return out;
}
