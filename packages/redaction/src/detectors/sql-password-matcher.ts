/**
 * A password set by an SQL statement:
 *
 * ```
 * statement = "IDENTIFIED" blanks [ "WITH" blanks plugin blanks ] "BY" blanks [ "PASSWORD" blanks ] value
 *           | "SET" blanks "PASSWORD" blanks [ "FOR" blanks user blanks ] "=" blanks
 *             [ ( "PASSWORD(" | "OLD_PASSWORD(" ) blanks ] value                 (any case)
 * user      = { any character but white space and "=" }                (a plugin too)
 * value     = [ "N" ] quote quoted quote | until(white space, quote, "," ";" ")")   (see reader.ts)
 * ```
 *
 * `ALTER USER 'app'@'%' IDENTIFIED BY '…'` (MySQL, MariaDB), `CREATE USER app IDENTIFIED BY "…"`
 * (Oracle), `SET PASSWORD FOR 'app'@'%' = '…'` (MySQL). A value in `'…'` is an SQL string;
 * unquoted or in `"…"` it must be shaped like a credential, as prose says "identified by" too (and
 * words without a digit in quotes that a sentence's `.` closes are prose: `identified by 'name'.`). The value is judged as a value after the name `password` is (placeholders, references
 * and literals left alone). Postgres' `WITH PASSWORD '…'` and MSSQL's `WITH PASSWORD = '…'` are the
 * assignment rule's (a value after the name).
 */
import { ASSIGNED_CREDENTIAL } from './assignment-matcher';
import { isAssignedCredential, isCredentialShaped } from '../judge/value-judge';
import { isStructured } from '../judge/plausibility';
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
    if (wordThenBlanks(reader, 'set')) {
      if (!wordThenBlanks(reader, 'password')) return NONE;
      if (wordThenBlanks(reader, 'for')) {
        if (reader.skip(MAX_USER, userEnds, true) === 0) return NONE;
        reader.blanks(MAX_BLANKS);
      }
      if (!reader.literal('=')) return NONE;
      reader.skip(MAX_BLANKS, BLANKS);
      // `= PASSWORD('…')`, `= OLD_PASSWORD('…')`: the function's argument.
      if (reader.word('password(') || reader.word('old_password(')) reader.skip(MAX_BLANKS, BLANKS);
    } else {
      if (!wordThenBlanks(reader, 'identified')) return NONE;
      // `IDENTIFIED WITH mysql_native_password BY '…'` (MySQL 8): a plugin between.
      if (wordThenBlanks(reader, 'with') && (reader.skip(MAX_USER, userEnds, true) === 0 || reader.blanks(MAX_BLANKS) === 0)) return NONE;
      if (!wordThenBlanks(reader, 'by')) return NONE;
      wordThenBlanks(reader, 'password');
    }
    // MSSQL's Unicode literal: `N'…'`.
    if ((reader.code() === 78 || reader.code() === 110) && reader.code(1) === 39) reader.at += 1;
    const read = reader.value(valueEnds, MAX_VALUE);
    if (read === undefined) return NONE;
    const { start, quoted } = read;
    const end = quoted ? read.end : trimTrailing(reader.text, start, read.end);
    const value = reader.text.slice(start, end);
    // An SQL string (`'…'`) is the password whatever it holds; unquoted or in `"…"` (a word in
    // prose: "identified by *pid*", `by "aOrderBy"`), only a value shaped like a credential is.
    if (end === start || (reader.text.charCodeAt(start - 1) !== 39 && !isCredentialShaped(value))) return NONE;
    // Words in quotes that a sentence's `.` closes (`a library identified by 'name'.`): prose, as no
    // statement ends so. A value with a digit is a password still (a word and a year, quoted in a sentence).
    if (quoted && isStructured(value) && !/\d/u.test(value) && reader.codeAt(end + 1) === 46) return NONE;
    return isAssignedCredential('password', value, quoted) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
  }),
};
