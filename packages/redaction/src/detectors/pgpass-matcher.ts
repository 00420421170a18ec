/**
 * The password of a `.pgpass` line, PostgreSQL's password file:
 *
 * ```
 * line     = host ":" port ":" field ":" field ":" password end   (read from the ":" after the host)
 * port     = 3*5 digit | "*"
 * field    = 1*{ letter | digit | "_" | "." | "@" | "/" | "*" | "-" | "\:" | "\\" }   (a letter in it, or "*")
 * password = 1*{ any character but white space, a quote, "`" or ":" | "\:" | "\\" }
 * end      = line-end | text-end | quote | "`" | blanks ">"   (the line, an echo's closing quote, a redirect)
 * ```
 *
 * `db.acme.io:5432:app:app_user:<password>`, `*:*:*:replicator:<password>`, `echo "…" >> ~/.pgpass`.
 * Five fields whose second is a port are a `.pgpass` record wherever they stand: no other format
 * writes them so (the development corpora hold none), and the record is read from the port on, so
 * no look-back is needed. IPv6 addresses (`…:6820:80da:af6b:8b2c`, `[1080:0:0:0:8:800:200C:417A]`) are
 * groups of 1 to 4 hex digits, no database, user and password; the password is judged as a value
 * after the name `password` is.
 */
import { ASSIGNED_CREDENTIAL } from './assignment-matcher';
import { isAssignedCredential } from '../judge/value-judge';
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { characters, detector, END, isBlank, isLineBreak, type Reader, VALUE_ENDS } from './reader';

/** The longest field, and password, read. */
const MAX_FIELD = 256;
/** The most blanks read before a redirect's `>`. */
const MAX_BLANKS = 8;

/** A field's characters (a `\` escapes the next one). */
const fieldCharacters = characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.@/*-');
/** What ends a password: white space, quotes, a backtick, ESC, and `:` (a sixth field: no `.pgpass` line). */
const passwordEnds = characters(':', VALUE_ENDS);
/** A database or a user: `*` or a name, which holds a letter (`1:100:200:…` counts, it names nothing). */
const isName = (field: string): boolean => field === '*' || /[A-Za-z]/u.test(field);
/** A group of an IPv6 address, whole, or leading a field (`417A]`, `0000/128`). */
const hexGroup = /^[\da-f]{1,4}$/iu;
const hexLead = /^[\da-f]{1,4}(?![\da-z])/iu;

/** Reads a field of `set` or `outside` it (its `\:` and `\\` escapes included): whether it is 1 to {@link MAX_FIELD} characters. */
function field(reader: Reader, set: Uint8Array, outside: boolean): boolean {
  const start = reader.at;
  for (;;) {
    const code = reader.code();
    if (code === 92 && (reader.code(1) === 58 || reader.code(1) === 92)) reader.at += 2;
    else if (code !== END && (code >= 128 ? outside : (set[code] === 1) !== outside)) reader.at += 1;
    else break;
    if (reader.at - start > MAX_FIELD) return false;
  }
  return reader.at > start;
}

function read(reader: Reader): MatchOutcome {
  reader.at += 1;
  // The port: digits or `*`.
  if (reader.code() === 42) reader.at += 1;
  else {
    const from = reader.at;
    while (reader.at - from < 5 && reader.code() >= 48 && reader.code() <= 57) reader.at += 1;
    if (reader.at - from < 3) return NONE;
  }
  const fieldsStart = reader.at + 1;
  for (let count = 0; count < 2; count += 1) {
    if (reader.code() !== 58) return NONE;
    reader.at += 1;
    if (!field(reader, fieldCharacters, false)) return NONE;
  }
  if (reader.code() !== 58) return NONE;
  const start = (reader.at += 1);
  if (!field(reader, passwordEnds, true)) return NONE;
  const end = reader.at;
  let after = reader.code();
  if (isBlank(after)) {
    reader.blanks(MAX_BLANKS);
    after = reader.code() === 62 ? END : reader.code();
  }
  if (!(after === END || isLineBreak(after) || after === 34 || after === 39 || after === 96)) return NONE;
  const password = reader.text.slice(start, end);
  // An IPv6 address's groups (`…:8:800:200C:417A]`, `…:0000:0000:0000/128`): no database, user and password.
  const [database = '', user = ''] = reader.text.slice(fieldsStart, start - 1).split(':');
  if (!isName(database) || !isName(user) || (hexGroup.test(database) && hexGroup.test(user) && hexLead.test(password))) return NONE;
  return isAssignedCredential('password', password, true) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
}

/** The password of a `.pgpass` line: see the file's header. */
export const pgpassMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: ':',
  anywhere: true,
  prefilter: ':(?=$|\\*(?::|$)|\\d{1,5}(?::|$))',
  match: detector(read),
};
