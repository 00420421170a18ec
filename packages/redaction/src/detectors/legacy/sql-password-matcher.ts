/**
 * A password set by an SQL statement:
 *
 * ```
 * statement = "IDENTIFIED" blanks "BY" blanks [ "PASSWORD" blanks ] value     (any case)
 * value     = quoted | unquoted                                               (see value-reader.ts)
 * ```
 *
 * `ALTER USER 'app'@'%' IDENTIFIED BY '…'` (MySQL, MariaDB), `CREATE USER app IDENTIFIED BY "…"`
 * (Oracle, unquoted too, when it does not read as words). The value is judged as a value after the name `password` is
 * (placeholders, references and literals left alone). Postgres' `WITH PASSWORD '…'` is the
 * assignment rule's (a quoted value after the name).
 */
import { ASSIGNED_CREDENTIAL, isAssignedCredential, readsAsProse } from '../assignment-matcher';
import { fold } from '../../text/fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../../engine/matcher';
import { textOrEnd } from '../../engine/prefilter';
import { blanksEnd, characters, FIELD_ENDS, MORE_TEXT, NO_VALUE, quotedEnd, trimTrailing, unquotedEnd } from './value-reader';

/** The longest password read. */
const MAX_VALUE = 256;
/** What ends an unquoted SQL value: what ends any value in a statement, and `)`. */
const valueEnds = characters(')', FIELD_ENDS);

/** Reads `word` (lower-case, compared in any case) at `at` and then blanks: where they end, `more`, or `none` (no blank after it). */
function wordThenBlanks(text: string, at: number, word: string, final: boolean): number | 'more' | 'none' {
  for (let index = 0; index < word.length; index += 1) {
    if (at + index >= text.length) return final ? 'none' : 'more';
    if ((fold(text.charCodeAt(at + index)) | 0x20) !== word.charCodeAt(index)) return 'none';
  }
  const after = blanksEnd(text, at + word.length);
  if (after >= text.length) return final ? 'none' : 'more';
  return after === at + word.length ? 'none' : after;
}

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  const afterIdentified = wordThenBlanks(text, at, 'identified', final);
  if (typeof afterIdentified !== 'number') return afterIdentified === 'more' ? MORE : NONE;
  const afterBy = wordThenBlanks(text, afterIdentified, 'by', final);
  if (typeof afterBy !== 'number') return afterBy === 'more' ? MORE : NONE;
  let cursor = afterBy;
  const afterPassword = wordThenBlanks(text, cursor, 'password', final);
  if (afterPassword === 'more') return MORE;
  if (typeof afterPassword === 'number') cursor = afterPassword;
  const quote = text[cursor] === "'" || text[cursor] === '"' ? text[cursor] : undefined;
  const start = quote === undefined ? cursor : cursor + 1;
  const found = quote === undefined ? unquotedEnd(text, start, final, valueEnds, MAX_VALUE) : quotedEnd(text, start, quote, final, MAX_VALUE);
  if (found === MORE_TEXT) return MORE;
  if (found === NO_VALUE) return NONE;
  const end = quote === undefined ? trimTrailing(text, start, found) : found;
  if (end === start) return NONE;
  // Unquoted, words are prose's ("users are identified by username").
  if (quote === undefined && readsAsProse(text.slice(start, end))) return NONE;
  return isAssignedCredential('password', text.slice(start, end), quote !== undefined) ? { kind: 'match', type: ASSIGNED_CREDENTIAL, start, end, resume: end } : NONE;
}

export const sqlPasswordMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'iI',
  prefilter: `[Ii](?=${textOrEnd('dentified', { caseless: true, folded: true })})`,
  match,
};
