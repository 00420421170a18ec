import { fold } from './fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from './matcher';
import { classSource, textOrEnd } from './prefilter';
import { isStructured } from './plausibility';

/** The type reported for a value assigned to a name that says it is a credential. */
export const ASSIGNED_CREDENTIAL = 'ASSIGNED_CREDENTIAL';

/**
 * How a name that holds a credential ends (compared lower-case, `-` and `.` read as `_`):
 * `DB_PASSWORD`, `client_secret`, `_authToken`, `x-api-key`. Found anywhere in a word, so the
 * name before it is never read back.
 */
const keywords = ['password', 'passwd', 'passphrase', 'secret', 'authtoken', 'auth_token', 'access_token', 'refresh_token', 'api_key', 'apikey', 'access_key', 'private_key'];

/** Name characters: letters, digits, `_`, `-`, `.`. */
const nameCharacter = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.') nameCharacter[character.charCodeAt(0)] = 1;

/** Between the name and the value: a closing quote, blanks, and `=`, `:`, `:=` or `=>`. */
const MAX_OPERATOR = 8;
/** The longest value taken: a longer one is not an assignment this rule judges. */
const MAX_VALUE = 256;
/** The shortest value redacted. */
const MIN_VALUE = 4;

/** Values that stand for no secret (lower-case): literals of the languages, and words people write instead of one. */
const notSecrets = new Set(['null', 'none', 'nil', 'true', 'false', 'undefined', 'changeme', 'password', 'secret', 'required', 'optional', 'string', 'empty']);
/** Pieces that mark a template or a placeholder (lower-case). */
const placeholderPieces = ['${', '{{', '<', '%(', 'your', 'replace', 'example', 'placeholder', 'dummy', 'redacted', 'changeme', 'xxx', '***', '...', '…'];

const isBlank = (character: string | undefined): boolean => character === ' ' || character === '\t';

/** Whether a value is a placeholder or template, a language literal, or one character repeated. */
export function isPlaceholderValue(value: string): boolean {
  const lower = value.toLowerCase();
  if (notSecrets.has(lower)) return true;
  if (placeholderPieces.some((piece) => lower.includes(piece))) return true;
  if (lower.startsWith('$') || lower.startsWith('%') || lower.startsWith('@')) return true;
  let same = true;
  for (let index = 1; index < value.length && same; index += 1) same = value[index] === value[0];
  return same;
}

/** Whether an unquoted value reads as code rather than a literal: a call, a member path, a reference. */
function isCode(value: string, next: string | undefined): boolean {
  if (next === '(' || value.includes('(') || value.includes('[')) return true;
  const first = value[0];
  if (first === '{' || first === '[') return true;
  // `req.body.password`, `config.secret`: letters and `_` joined by dots.
  let dotted = false;
  for (let index = 0; index < value.length; index += 1) {
    const character = value[index] as string;
    if (character === '.') dotted = true;
    else if (character !== '_' && !isLettersOnly(character)) return false;
  }
  return dotted;
}

function isLettersOnly(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index) | 0x20;
    if (code < 97 || code > 122) return false;
  }
  return true;
}

/**
 * The keyword at `at` (the end of a name such as `DB_PASSWORD`): its length, 0 when none is there,
 * -1 when the text ends first. The name must end with it: a name character after it is another word.
 */
/** The keywords by their first letter (folded, lower-case): a position is compared only with those it can begin. */
const keywordsByFirst: ReadonlyArray<readonly string[]> = Array.from({ length: 128 }, (_, code) => keywords.filter((keyword) => keyword.charCodeAt(0) === code));

function keywordAt(text: string, at: number, final: boolean): number {
  let waiting = false;
  const first = fold(text.charCodeAt(at));
  for (const keyword of keywordsByFirst[first >= 65 && first <= 90 ? first + 32 : first] ?? []) {
    let index = 0;
    for (; index < keyword.length; index += 1) {
      if (at + index >= text.length) break;
      const code = fold(text.charCodeAt(at + index));
      const wanted = keyword.charCodeAt(index);
      const lower = code >= 65 && code <= 90 ? code + 32 : code;
      if (lower !== wanted && !(wanted === 95 && (code === 45 || code === 46))) break;
    }
    if (index < keyword.length) {
      if (at + index >= text.length && !final) waiting = true;
      continue;
    }
    const after = at + keyword.length;
    if (after >= text.length) {
      if (!final) waiting = true;
      continue;
    }
    if (nameCharacter[fold(text.charCodeAt(after))] !== 1) return keyword.length;
  }
  return waiting ? -1 : 0;
}

/** Where a path, identifier or version breaks into pieces. */
const pieceBreak = (character: string | undefined): boolean => character !== undefined && '/._-+~'.includes(character);

/**
 * Whether an unquoted value after a bare `:` reads as prose rather than a credential: words, an
 * identifier, a path, a version or a number (`the:`, `what?`, `src/keys.ts`, `0.0.0`), judged
 * without the `:`, `!` and `?` prose puts after a word. Its pieces must be there: punctuation with
 * nothing between (`0-/??`, `a--b`, `x/`) reads as no word, so the name's word for it stands.
 * A leading `/`, `./` or `~/` is a path's.
 */
export function readsAsProse(value: string): boolean {
  let end = value.length;
  while (end > 0 && ':!?'.includes(value[end - 1] as string)) end -= 1;
  const word = value.slice(0, end);
  if (word.length === 0) return false;
  if (isLettersOnly(word)) return true;
  let start = 0;
  while (start < word.length && pieceBreak(word[start])) start += 1;
  if (start === word.length || pieceBreak(word[word.length - 1])) return false;
  for (let index = start + 1; index < word.length; index += 1) if (pieceBreak(word[index]) && pieceBreak(word[index - 1])) return false;
  return isStructured(word);
}

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  const length = keywordAt(text, at, final);
  if (length < 0) return MORE;
  if (length === 0) return NONE;
  let cursor = at + length;
  // The operator: an optional closing quote, blanks, `=`/`:`/`:=`/`=>`, blanks.
  const afterName = cursor;
  if (text[cursor] === '"' || text[cursor] === "'") cursor += 1;
  while (isBlank(text[cursor]) && cursor - afterName < MAX_OPERATOR) cursor += 1;
  if (cursor >= text.length) return final ? NONE : MORE;
  const operator = text[cursor];
  if (operator !== '=' && operator !== ':') return NONE;
  cursor += 1;
  if (cursor >= text.length) return final ? NONE : MORE;
  const second = text[cursor];
  // A bare `:` (YAML, JSON, prose) rather than `:=` or `=`/`=>`.
  const colon = operator === ':' && second !== '=';
  if (second === '=' && operator === ':') cursor += 1;
  else if (second === '>' && operator === '=') cursor += 1;
  else if (second === '=' || second === ':') return NONE; // `==`, `::`
  while (isBlank(text[cursor]) && cursor - afterName < MAX_OPERATOR * 2) cursor += 1;
  if (cursor >= text.length) return final ? NONE : MORE;
  // The value: quoted to its closing quote on the line, or unquoted to white space or `,;`.
  const quote = text[cursor] === '"' || text[cursor] === "'" || text[cursor] === '`' ? text[cursor] : undefined;
  const start = quote === undefined ? cursor : cursor + 1;
  cursor = start;
  for (;;) {
    if (cursor >= text.length) {
      if (!final) return cursor - start > MAX_VALUE ? NONE : MORE;
      if (quote !== undefined) return NONE;
      break;
    }
    const character = text[cursor] as string;
    if (character === '\n' || character === '\r') {
      if (quote !== undefined) return NONE;
      break;
    }
    if (quote !== undefined ? character === quote : character === ' ' || character === '\t' || character === ',' || character === ';') break;
    cursor += 1;
    if (cursor - start > MAX_VALUE) return NONE;
  }
  let end = cursor;
  // An unquoted value does not end in sentence punctuation.
  if (quote === undefined) while (end > start && '.)}]'.includes(text[end - 1] as string)) end -= 1;
  const value = text.slice(start, end);
  if (value.length < MIN_VALUE || isPlaceholderValue(value)) return NONE;
  if (quote === undefined && isCode(value, text[end])) return NONE;
  // `name: …` unquoted may be prose (`The secret: never tell`, `secret: src/keys.ts`): a value that
  // reads as words, an identifier, a path or a number is let go (a YAML password that does is missed).
  if (quote === undefined && colon && readsAsProse(value)) return NONE;
  return { kind: 'match', type: ASSIGNED_CREDENTIAL, start, end, resume: end };
}

/**
 * A value assigned to a name that says it is a credential (`password = "…"`, `client_secret: …`,
 * `DB_PASSWORD=…` in `.env` files, `_authToken=…` in `.npmrc`, `"api_key": "…"`): the value is
 * redacted even when short or plain. Templates, placeholders and language literals (`${VAR}`,
 * `{{ … }}`, `<your-key>`, `changeme`, `YOUR_PASSWORD`, `REPLACE_WITH_…`, `xxx…`, `***`, `null`)
 * and unquoted code (`password = getPassword()`, `req.body.password`) are left alone.
 */
export const assignmentMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'pPsSaArR',
  anywhere: true,
  // The first four characters of each keyword, folded, any case (`_` also `-` or `.`).
  prefilter: [...new Set(keywords.map((keyword) => keyword.slice(0, 4)))]
    .map((start) => {
      const first = start.charCodeAt(0);
      const rest = [...start.slice(1)].reduceRight((after, character) => {
        const code = character.charCodeAt(0);
        const codes = code === 95 ? [95, 45, 46] : [code, code ^ 0x20];
        return `(?:${classSource(codes, true)}${after}|$)`;
      }, '');
      return `${classSource([first, first ^ 0x20], false)}(?=${rest})`;
    })
    .join('|'),
  match,
};
