import { ASSIGNED_CREDENTIAL, isAssignedCredential } from '../assignment-matcher';
import { fold } from '../../text/fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../../engine/matcher';
import { textOrEnd } from '../../engine/prefilter';
import { characters, FIELD_ENDS, quotedEnd, unquotedEnd } from './value-reader';

/** The longest variable name read in a `Name` field (`/prod/db/password`). */
const MAX_NAME = 128;
/** How far after the name's field its `Value` field may begin (other fields between: `"Type": "SecureString",`). */
const MAX_BETWEEN = 160;
/** The longest value read. */
const MAX_VALUE = 256;
/** The most blanks read around a field's operator. */
const MAX_BLANKS = 8;

const isBlank = (character: string | undefined): boolean => character === ' ' || character === '\t';
const isQuote = (character: string | undefined): boolean => character === '"' || character === "'";
/** A name field's characters: letters, digits, `_ - . /`. */
const isNameCharacter = (code: number): boolean => (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122) || code === 95 || code === 45 || code === 46 || code === 47;

/**
 * Reads a field's key `word` (any case) at `at`, then its closing quote, blanks, `:` or `=`,
 * blanks and an opening quote: where the field's value begins and that quote, `more` when the text
 * ends first, or `none`. The key must end there (`valueFrom` is another key).
 */
function readField(text: string, at: number, word: string, final: boolean): { readonly start: number; readonly quote: string | undefined } | 'more' | 'none' {
  let cursor = at;
  for (let index = 0; index < word.length; index += 1, cursor += 1) {
    if (cursor >= text.length) return final ? 'none' : 'more';
    if ((fold(text.charCodeAt(cursor)) | 0x20) !== word.charCodeAt(index)) return 'none';
  }
  if (isQuote(text[cursor])) cursor += 1;
  const afterKey = cursor;
  while (isBlank(text[cursor]) && cursor - afterKey < MAX_BLANKS) cursor += 1;
  if (cursor >= text.length) return final ? 'none' : 'more';
  if (text[cursor] !== ':' && text[cursor] !== '=') return 'none';
  cursor += 1;
  const afterOperator = cursor;
  while (isBlank(text[cursor]) && cursor - afterOperator < MAX_BLANKS) cursor += 1;
  if (cursor >= text.length) return final ? 'none' : 'more';
  const quote = isQuote(text[cursor]) ? text[cursor] : undefined;
  return { start: quote === undefined ? cursor : cursor + 1, quote };
}

/** Where a field's value from `start` ends: its closing quote on the line, or, unquoted, white space, `,`, `;`, `}`, `>` or a quote. -1: the text ends first; -2: none. */
function fieldEnd(text: string, start: number, quote: string | undefined, final: boolean): number {
  return quote !== undefined ? quotedEnd(text, start, quote, final, MAX_VALUE) : unquotedEnd(text, start, final, fieldEnds, MAX_VALUE);
}

/** What ends an unquoted field value: what ends any value in a list, and `}` or `>` (the object's or the tag's end). */
const fieldEnds = characters('}>', FIELD_ENDS);

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  // `name` or, in .NET's `<appSettings>` and key/value lists, `key`.
  const name = readField(text, at, text[at] === 'k' || text[at] === 'K' ? 'key' : 'name', final);
  if (name === 'more') return MORE;
  if (name === 'none') return NONE;
  const nameEnd = fieldEnd(text, name.start, name.quote, final);
  if (nameEnd === -1) return MORE;
  if (nameEnd < 0 || nameEnd === name.start || nameEnd - name.start > MAX_NAME) return NONE;
  let pieceStart = name.start;
  for (let index = name.start; index < nameEnd; index += 1) {
    const code = text.charCodeAt(index);
    if (!isNameCharacter(code)) return NONE;
    if (code === 47) pieceStart = index + 1;
  }
  const variable = text.slice(pieceStart, nameEnd);
  // No credential's name: nothing to read on for (cheap: most `name` fields name something else).
  if (!isAssignedCredential(variable, 'Zq8vXw3kLp9T', true)) return NONE;
  // The `value` field of the same object, element or list item: before a brace or bracket, a tag's
  // end, another `name` field or the next list item (`\n  - `).
  let cursor = name.quote === undefined ? nameEnd : nameEnd + 1;
  const from = cursor;
  for (;;) {
    if (cursor - from > MAX_BETWEEN) return NONE;
    if (cursor >= text.length) return final ? NONE : MORE;
    const character = text[cursor] as string;
    if ('{}[]<>'.includes(character)) return NONE;
    if (character === '-' && text[cursor + 1] === ' ') {
      let back = cursor;
      while (back > from && isBlank(text[back - 1])) back -= 1;
      if (back > from && text[back - 1] === '\n') return NONE;
    }
    const previous = text.charCodeAt(cursor - 1);
    if ((character === 'v' || character === 'V') && !isNameCharacter(previous)) {
      const value = readField(text, cursor, 'value', final);
      if (value === 'more') return MORE;
      if (value !== 'none') {
        const end = fieldEnd(text, value.start, value.quote, final);
        if (end === -1) return MORE;
        if (end < 0) return NONE;
        let last = end;
        if (value.quote === undefined) while (last > value.start && '.)]'.includes(text[last - 1] as string)) last -= 1;
        const found = text.slice(value.start, last);
        return isAssignedCredential(variable, found, value.quote !== undefined) ? { kind: 'match', type: ASSIGNED_CREDENTIAL, start: value.start, end: last, resume: last } : NONE;
      }
    }
    if ((character === 'n' || character === 'N') && !isNameCharacter(previous) && cursor > from) {
      const other = readField(text, cursor, 'name', final);
      if (other === 'more') return MORE;
      if (other !== 'none') return NONE;
    }
    cursor += 1;
  }
}

/**
 * A credential given as a pair of fields, its variable's name in one and its value in the next
 * (`{"Name": "DB_PASSWORD", "Value": "…"}` in ECS task definitions, CloudFormation and SSM
 * parameters, Kubernetes' `- name: DB_PASSWORD` then `value: …`, an HTML `<input name="password"
 * value="…">`, .NET's `<add key="DbPassword" value="…" />`): the value, judged as the assignment rule judges a value after that name.
 */
export const nameValueMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'nNkK',
  prefilter: `[Nn](?=${textOrEnd('ame', { caseless: true, folded: true })})|[Kk](?=${textOrEnd('ey', { caseless: true, folded: true })})`,
  match,
};
