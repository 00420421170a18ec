/**
 * A credential given as a pair of fields, its variable's name in one and its value in the next:
 *
 * ```
 * pair   = field("name" | "key") { other } field("value")
 *        | "variable" blanks quote name quote blanks "{" { other } field("default")   (HCL; other also any balanced "{…}" "(…)" "[…]")
 * field  = word [ quote ] blanks ( ":" | "=" ) blanks value      (the word in any case)
 * value  = quote quoted quote | until(white space, quote, "," ";" "}" ">")
 * other  = any character but "{}[]<>", not a list item's "- " at a line's start, nor another
 *          "name" field (at most 160 of them)
 * ```
 *
 * `{"Name": "DB_PASSWORD", "Value": "…"}` in ECS task definitions, CloudFormation and SSM
 * parameters, Kubernetes' `- name: DB_PASSWORD` then `value: …`, an HTML `<input name="password"
 * value="…">`, .NET's `<add key="DbPassword" value="…" />`, Terraform's `variable "db_password" {`
 * then `default = "…"`: the value, judged as the assignment rule judges a value after that name
 * (the name's last `/`-piece: `/prod/db/password`).
 */
import { ASSIGNED_CREDENTIAL } from './assignment-matcher';
import { isAssignedCredential } from '../judge/value-judge';
import { type Matcher, NONE } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { characters, detector, END, FIELD_ENDS, isBlank, type Reader, trimTrailing, type Value } from './reader';

/** The longest variable name read in a `Name` field. */
const MAX_NAME = 128;
/** How far after the name's field its `Value` field may begin (other fields between: `"Type": "SecureString",`). */
const MAX_BETWEEN = 160;
/** How far after HCL's `variable "…" {` its `default` may begin (a description, a type and `validation { … }` blocks between). */
const MAX_BLOCK = 512;
/** The longest value read. */
const MAX_VALUE = 256;
/** The most blanks read around a field's operator. */
const MAX_BLANKS = 8;

/** A name field's characters: letters, digits, `_ - . /`. */
const nameCharacters = characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./');
const isNameCharacter = (code: number): boolean => code < 128 && nameCharacters[code] === 1;
/** What ends an unquoted field value: what ends any value in a list, and `}` or `>` (the object's or the tag's end). */
const fieldEnds = characters('}>', FIELD_ENDS);
/** What a value field is never read past: an object's, a list's or an element's bounds. */
const bounds = characters('{}[]<>');
/** Punctuation after an unquoted value that is not its. */
const trailing = characters('.)]');

/** Reads a field's key `word`, its operator and the blanks after it (see the grammar): whether they are there. */
function fieldStart(reader: Reader, word: string): boolean {
  if (!reader.word(word)) return false;
  if (reader.code() === 34 || reader.code() === 39) reader.at += 1;
  reader.blanks(MAX_BLANKS);
  const operator = reader.code();
  if (operator !== 58 && operator !== 61) return false;
  reader.at += 1;
  reader.blanks(MAX_BLANKS);
  return true;
}

/** Reads a field whose key is `word`: its value, undefined when no such field is there, null when its value is too long or its quote not closed on its line. */
function field(reader: Reader, word: string): Value | null | undefined {
  return fieldStart(reader, word) ? (reader.value(fieldEnds, MAX_VALUE) ?? null) : undefined;
}

/** Reads HCL's `variable "<name>" {` (the cursor past the `{`): the name inside its quotes, or undefined. */
function variableBlock(reader: Reader): Value | undefined {
  if (!reader.literal('variable') || !isBlank(reader.code())) return undefined;
  reader.blanks(MAX_BLANKS);
  if (reader.code() !== 34) return undefined;
  const name = reader.value(fieldEnds, MAX_NAME);
  if (name === undefined || !name.quoted) return undefined;
  reader.at = name.end + 1;
  reader.blanks(MAX_BLANKS);
  if (reader.code() !== 123) return undefined;
  reader.at += 1;
  return name;
}

export const nameValueMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'nNkKv',
  prefilter: `[Nn](?=${textOrEnd('ame', { caseless: true, folded: true })})|[Kk](?=${textOrEnd('ey', { caseless: true, folded: true })})|v(?=${textOrEnd('ari')})`,
  match: detector((reader) => {
    const { text } = reader;
    // `name` or, in .NET's `<appSettings>` and key/value lists, `key`; HCL's `variable "…" {`, whose value is its `default`.
    const first = reader.code();
    const block = first === 118;
    const name = block ? variableBlock(reader) : field(reader, first === 107 || first === 75 ? 'key' : 'name');
    if (name == null || name.end === name.start || name.end - name.start > MAX_NAME) return NONE;
    let pieceStart = name.start;
    for (let index = name.start; index < name.end; index += 1) {
      const code = text.charCodeAt(index);
      if (!isNameCharacter(code)) return NONE;
      if (code === 47) pieceStart = index + 1;
    }
    const variable = text.slice(pieceStart, name.end);
    // No credential's name: nothing to read on for (cheap: most `name` fields name something else).
    if (!isAssignedCredential(variable, 'Zq8vXw3kLp9T', true)) return NONE;
    // The `value` field of the same object, element or list item.
    const from = block ? reader.at : name.quoted ? name.end + 1 : name.end;
    const valueWord = block ? 'default' : 'value';
    /** In HCL's block, how deep in its nested blocks, calls and lists (`validation { … }`, `object({ … })`) the cursor is. */
    let depth = 0;
    for (let cursor = from; cursor - from <= (block ? MAX_BLOCK : MAX_BETWEEN); cursor += 1) {
      reader.at = cursor;
      const code = reader.code();
      if (code === END) return NONE;
      if (!block) {
        if (reader.is(bounds)) return NONE;
      } else if (code === 123 || code === 40 || code === 91) depth += 1;
      else if (code === 125 || code === 41 || code === 93) {
        // The variable's own `}`: no default.
        if (depth === 0) return NONE;
        depth -= 1;
      }
      if (depth > 0) continue;
      if (code === 45 && reader.code(1) === 32) {
        let back = cursor;
        while (back > from && isBlank(text.charCodeAt(back - 1))) back -= 1;
        if (back > from && text.charCodeAt(back - 1) === 10) return NONE;
      }
      if (isNameCharacter(text.charCodeAt(cursor - 1))) continue;
      if (code === (block ? 100 : 118) || (!block && code === 86)) {
        const value = field(reader, valueWord);
        if (value === null) return NONE;
        if (value !== undefined) {
          const end = value.quoted ? value.end : trimTrailing(text, value.start, value.end, trailing);
          return isAssignedCredential(variable, text.slice(value.start, end), value.quoted) ? reader.found(ASSIGNED_CREDENTIAL, value.start, end) : NONE;
        }
      } else if (!block && (code === 110 || code === 78) && cursor > from) {
        if (fieldStart(reader, 'name')) return NONE;
      }
    }
    return NONE;
  }),
};
