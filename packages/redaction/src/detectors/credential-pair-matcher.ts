/**
 * A password given beside its user to a call, or a keyword, that takes the two as a pair:
 *
 * ```
 * pair     = callee blanks "(" { blanks argument blanks "," } blanks string blanks ( ")" | "," )
 *          | "auth" [ quote ] blanks ( "=" | ":" ) blanks ( "(" | "[" ) blanks argument blanks "," blanks string
 * callee   = a name ending in the word "auth", "login" or "credential(s)" (one argument before the
 *            password) or "getConnection" (two: JDBC's url and user), any case (the word may follow other letters)
 * argument = string | identifier { "." identifier }
 * string   = quote quoted quote                (on one line; the last string is the password)
 * ```
 *
 * requests' `auth=("admin", "…")`, its `HTTPBasicAuth("admin", "…")` and `HTTPDigestAuth`,
 * aiohttp's and httpx's `BasicAuth(…)`, superagent's `.auth("user", "…")`, smtplib's and ftplib's
 * `login("user", "…")`, .NET's `new NetworkCredential("user", "…")`, Apache HttpClient's
 * `UsernamePasswordCredentials("user", "…")`, JDBC's `DriverManager.getConnection(url, "user", "…")`:
 * the password, when it is shaped as a credential (letters and digits
 * both: UI labels and sentences are not) and passes the judgements of a value after the name
 * `password` (placeholders, references and example passwords stay).
 */
import { ASSIGNED_CREDENTIAL } from './assignment-matcher';
import { isAssignedCredential, isCredentialShaped, isPassphrase } from '../judge/value-judge';
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { detector, type Reader, type Value, VALUE_ENDS } from './reader';

/** The longest string read, user or password. */
const MAX_STRING = 256;
/** The most blanks read between two tokens. */
const MAX_BLANKS = 16;

/** Whether a character continues a name (letters, digits, `_`): the callee's word must end the name. */
const isNameCode = (code: number): boolean => (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122) || code === 95;

/** Reads a quoted string on one line at the cursor (the cursor past its closing quote): its bounds inside the quotes, or undefined. */
function quotedString(reader: Reader): Value | undefined {
  if (reader.code() !== 34 && reader.code() !== 39) return undefined;
  const read = reader.value(VALUE_ENDS, MAX_STRING);
  if (read !== undefined) reader.at += 1;
  return read;
}

/** Callee words (lower-case) and how many arguments a call to one gives before the password. */
const callees: ReadonlyArray<readonly [word: string, before: number]> = [['auth', 1], ['login', 1], ['credentials', 1], ['credential', 1], ['getconnection', 2]];

/** Reads an argument given before the password: a quoted string, or a variable (`url`, `DB_USER`, `this.user`). */
function argument(reader: Reader): boolean {
  if (quotedString(reader) !== undefined) return true;
  const start = reader.at;
  while (reader.at - start < MAX_STRING && (isNameCode(reader.code()) || (reader.code() === 46 && reader.at > start))) reader.at += 1;
  return reader.at > start;
}

function read(reader: Reader): MatchOutcome {
  const [keyword, before] = callees.find(([word]) => reader.word(word)) ?? [];
  if (keyword === undefined || before === undefined || isNameCode(reader.code())) return NONE;
  // `auth=(…)`, `"auth": (…)`: a keyword argument or a key given the pair.
  if (keyword === 'auth' && (reader.code() === 34 || reader.code() === 39)) reader.at += 1;
  reader.blanks(MAX_BLANKS);
  let opener = reader.code();
  if (keyword === 'auth' && (opener === 61 || opener === 58)) {
    reader.at += 1;
    reader.blanks(MAX_BLANKS);
    opener = reader.code();
    if (opener !== 40 && opener !== 91) return NONE;
  } else if (opener !== 40) return NONE;
  reader.at += 1;
  for (let count = 0; count < before; count += 1) {
    reader.blanks(MAX_BLANKS);
    if (!argument(reader)) return NONE;
    reader.blanks(MAX_BLANKS);
    if (reader.code() !== 44) return NONE;
    reader.at += 1;
  }
  reader.blanks(MAX_BLANKS);
  const password = quotedString(reader);
  if (password === undefined) return NONE;
  reader.blanks(MAX_BLANKS);
  const closer = reader.code();
  if (closer !== 44 && closer !== (opener === 40 ? 41 : 93)) return NONE;
  const value = reader.text.slice(password.start, password.end);
  return (isCredentialShaped(value) || isPassphrase(value)) && isAssignedCredential('password', value, true) ? reader.found(ASSIGNED_CREDENTIAL, password.start, password.end) : NONE;
}

/** A password given beside its user to a basic-auth or login call, or to `auth=`: see the file's header. */
export const credentialPairMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: [...new Set(callees.flatMap(([word]) => [word[0] as string, (word[0] as string).toUpperCase()]))].join(''),
  anywhere: true,
  prefilter: callees.map(([word]) => `[${word[0] as string}${(word[0] as string).toUpperCase()}](?=${textOrEnd(word.slice(1), { caseless: true })})`).join('|'),
  match: detector(read),
};
