/**
 * A command line's long option named for a credential, with its value as the next argument:
 *
 * ```
 * option = "--" name blanks value
 * name   = { letter | digit | "-" | "_" | "." } ending in a credential keyword that begins a
 *          word of it (`--token`, `--api-key`, `--client-secret`: rules/vocabulary.ts), not a bare `key`
 * value  = quote quoted quote | until(white space, quote, "`", "|&;<>()")   (see reader.ts)
 * ```
 *
 * `acme deploy --token 5f3c9a…`, `vault login --password '…'`. The value is judged as a value
 * after a weak name in an assignment is (`isCredentialValue`), whatever the keyword: it must be
 * shaped like a credential, as docs and help text name options in prose ("the --password flag",
 * "--username and --password options"); references, placeholders, paths and words are left alone.
 * A value that begins another option (`--token --verbose`) is none; `--token=…` is the assignment
 * rule's.
 */
import { type Matcher, NONE } from '../engine/matcher';
import { isCredentialValue } from '../judge/value-judge';
import { credentialKeywords } from '../rules/vocabulary';
import { ASSIGNED_CREDENTIAL } from './assignment-matcher';
import { characters, detector, isBlank, type Reader, trimTrailing, VALUE_ENDS } from './reader';

/** The longest option name read. */
const MAX_NAME = 64;
/** The most blanks read between the option and its value. */
const MAX_BLANKS = 8;
/** The longest value taken. */
const MAX_VALUE = 256;
/** What ends an unquoted argument: white space, quotes, and the shell's operators (`|`, `&`, `;`, `<`, `>`, `(`, `)`). */
const argumentEnds = characters('|&;<>()', VALUE_ENDS);
/** Keywords an option's name may end in: all but a bare `key` (`--recv-key`, `--kms-key`, `--gpg-key` name key ids and ARNs). */
const optionKeywords = credentialKeywords.filter((keyword) => keyword !== 'key');
/** An option name's characters. */
const nameCharacters = characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.');

/** Whether the name (lower case, `-` and `.` read as `_`) ends in a credential keyword that begins one of its words. */
function endsInKeyword(name: string): boolean {
  const lower = name.toLowerCase().replaceAll(/[-.]/gu, '_');
  return optionKeywords.some((keyword) => lower.endsWith(keyword) && (lower.length === keyword.length || lower[lower.length - keyword.length - 1] === '_'));
}

function read(reader: Reader): ReturnType<Matcher['match']> {
  if (!reader.literal('--')) return NONE;
  const nameStart = reader.at;
  if (reader.skip(MAX_NAME + 1, nameCharacters, false) > MAX_NAME) return NONE;
  const name = reader.text.slice(nameStart, reader.at);
  if (!isBlank(reader.code()) || !endsInKeyword(name)) return NONE;
  reader.blanks(MAX_BLANKS);
  if (reader.code() === 45) return NONE;
  const value = reader.value(argumentEnds, MAX_VALUE);
  if (value === undefined) return NONE;
  const end = value.quoted ? value.end : trimTrailing(reader.text, value.start, value.end);
  if (end === value.start) return NONE;
  return isCredentialValue(reader.text.slice(value.start, end), { quoted: value.quoted, weak: true, name }) ? reader.found(ASSIGNED_CREDENTIAL, value.start, end) : NONE;
}

/** A credential given as a long option's separate argument (`--token <value>`): see the file's header. */
export const longOptionMatcher: Matcher = { type: ASSIGNED_CREDENTIAL, triggers: '-', prefilter: '-(?=-|$)', match: detector(read) };
