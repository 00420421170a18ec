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

/** The code point at `index` folded to what a lenient reader compares: NFKC, then lower case. */
function foldAt(text: string, index: number): { readonly folded: string; readonly width: number } {
  const code = text.charCodeAt(index);
  if (code < 0x80) return { folded: code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[index] as string, width: 1 };
  const point = text.codePointAt(index) as number;
  const character = String.fromCodePoint(point);
  return { folded: character.normalize('NFKC').toLowerCase(), width: character.length };
}

/** Reads a head at `start` (an opening bracket); the head, or the offset where reading failed. */
function readHead(line: string, start: number): TokenHead | number {
  let index = start + 1;
  const skipSpaces = (): void => {
    while (isSpace(line[index])) index += 1;
  };
  skipSpaces();
  let word = '';
  if (slashes.has(line[index] as string)) {
    word = '/';
    index += 1;
    skipSpaces();
  }
  while (word.length <= longestKeyword && index < line.length) {
    const { folded, width } = foldAt(line, index);
    if (folded.length !== 1 || folded < 'a' || folded > 'z') break;
    word += folded;
    index += width;
  }
  const keyword = keywords.get(word);
  if (keyword === undefined) return Math.max(index, start + 1);
  skipSpaces();
  const expectClose = closing.has(keyword);
  if (expectClose ? !closes.has(line[index] as string) : !colons.has(line[index] as string)) return Math.max(index, start + 1);
  const written = line.slice(start, index + 1);
  const canonical = expectClose ? `[${keyword}]` : `[${keyword}:`;
  const exact = written === canonical;
  return { keyword, start, bodyStart: index + 1, exact, caseOnly: !exact && isAscii(written) && written.toUpperCase() === canonical };
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
export function findTokenHeads(line: string): TokenHead[] {
  const heads: TokenHead[] = [];
  let index = 0;
  while (index < line.length) {
    if (!opens.has(line[index] as string)) {
      index += 1;
      continue;
    }
    const read = readHead(line, index);
    if (typeof read === 'number') index = read;
    else {
      heads.push(read);
      index = read.bodyStart;
    }
  }
  return heads;
}

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
export const foldRole = (written: string): string => written.normalize('NFKC').trim();

/** Brackets in free text (a question quoted in an ASSUMPTION) turned into parentheses, so it opens no token. */
export function defuseBrackets(text: string): string {
  let out = '';
  for (const character of text) out += opens.has(character) ? '(' : closes.has(character) ? ')' : character;
  return out;
}
