/**
 * A password set by an SQL statement:
 *
 * ```
 * statement = "IDENTIFIED" blanks "BY" blanks [ "PASSWORD" blanks ] value     (any case)
 *           | "SET" blanks "PASSWORD" blanks [ "FOR" blanks user blanks ] "=" blanks value
 * user      = { any character but white space and "=" }
 * value     = quote quoted quote | until(white space, quote, "," ";" ")")   (see reader.ts)
 * ```
 *
 * `ALTER USER 'app'@'%' IDENTIFIED BY '…'` (MySQL, MariaDB), `CREATE USER app IDENTIFIED BY "…"`
 * (Oracle, unquoted too, when it does not read as words), `SET PASSWORD FOR 'app'@'%' = '…'`
 * (MySQL). The value is judged as a value after the name `password` is (placeholders, references
 * and literals left alone). Postgres' `WITH PASSWORD '…'` and MSSQL's `WITH PASSWORD = '…'` are the
 * assignment rule's (a value after the name).
 */
import { ASSIGNED_CREDENTIAL } from './assignment-matcher';
import { isAssignedCredential, readsAsProse } from '../judge/value-judge';
import { type Matcher, NONE } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { BLANKS, characters, detector, FIELD_ENDS, type Reader, SPACES, trimTrailing } from './reader';

/** The longest password read. */
const MAX_VALUE = 256;
/** The most blanks read after a word. */
const MAX_BLANKS = 64;
/** The longest user read after `SET PASSWORD FOR` (`'app'@'localhost'`). */
const MAX_USER = 128;
/** What ends an unquoted SQL value: what ends any value in a statement, and `)`. */
const valueEnds = characters(')', FIELD_ENDS);
/** What ends the user of `SET PASSWORD FOR`: white space and `=`. */
const userEnds = characters('=', SPACES);

/** Reads `word` then one or more blanks: false (and unmoved past the word's start) when either is missing. */
function wordThenBlanks(reader: Reader, word: string): boolean {
  const from = reader.at;
  if (reader.word(word) && reader.blanks(MAX_BLANKS) > 0) return true;
  reader.at = from;
  return false;
}

export const sqlPasswordMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'iIsS',
  prefilter: `[Ii](?=${textOrEnd('dentified', { caseless: true, folded: true })})|[Ss](?=${textOrEnd('et', { caseless: true })}(?:[ \\t]|$))`,
  match: detector((reader) => {
    const lowerCase = reader.text.charCodeAt(reader.at) >= 97;
    if (wordThenBlanks(reader, 'set')) {
      if (!wordThenBlanks(reader, 'password')) return NONE;
      if (wordThenBlanks(reader, 'for')) {
        if (reader.skip(MAX_USER, userEnds, true) === 0) return NONE;
        reader.blanks(MAX_BLANKS);
      }
      if (!reader.literal('=')) return NONE;
      reader.skip(MAX_BLANKS, BLANKS);
    } else {
      if (!wordThenBlanks(reader, 'identified') || !wordThenBlanks(reader, 'by')) return NONE;
      wordThenBlanks(reader, 'password');
    }
    const read = reader.value(valueEnds, MAX_VALUE);
    if (read === undefined) return NONE;
    const { start, quoted } = read;
    const end = quoted ? read.end : trimTrailing(reader.text, start, read.end);
    const value = reader.text.slice(start, end);
    // Unquoted, words are prose's ("users are identified by username"); `identified by` in lower
    // case is prose's too unless an SQL string follows (`identified by *pid*`, `by "aOrderBy"`).
    if (end === start || (!quoted && readsAsProse(value))) return NONE;
    if (lowerCase && reader.text.charCodeAt(start - 1) !== 39) return NONE;
    return isAssignedCredential('password', value, quoted) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
  }),
};
