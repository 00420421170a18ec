/**
 * The password of a URL's user information:
 *
 * ```
 * url        = "://" authority
 * authority  = { character but "/?#", white space, quotes, brackets, "\\" }   (at most 1024)
 *            = user [ ":" password ] "@" host [ ":" port ]                    (the last "@" ends it)
 * password   = may run on past "/?#" or a bracket or quote (see below) to the last "@" a host follows
 * ```
 */
import { isPlaceholderCredential } from '../judge/placeholder';
import { tokenMarkers } from '../rules/vocabulary';
import { isCredentialShaped } from '../judge/value-judge';
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { type CharacterSet, characters, detector, END, isIn, type Reader } from './reader';

const URL_PASSWORD = 'URL_PASSWORD';

/** The longest authority considered (`user:password@host:port`). */
const MAX_AUTHORITY = 1024;
/** Characters that end an authority: the path, query or fragment, whitespace, quotes and brackets around a URL. */
const authorityEnd = characters('/?#"\'<>()[]{}`\\ \t\r\n');

/** The fewest letters and digits of a user name read as a token. */
const MIN_TOKEN_USER = 20;

/** Characters that end an authority even when a password may hold `/`, `?` and `#`: white space, quotes and brackets around a URL. */
const hardEnd = characters('"\'<>()[]{}`\\ \t\r\n');

/** White space: what ends a password read on past a bracket, quote or backslash. */
const whiteEnd = characters(' \t\r\n');

const isPathDelimiter = (code: number): boolean => code === 47 || code === 63 || code === 35;

/** Whether what follows `host:` up to the path is a port (digits, or nothing) or a port's placeholder (`PORT`, `${PORT}`, `<port>`). */
function isPortLike(piece: string): boolean {
  if (/^\d*$/.test(piece)) return true;
  const bare = piece.startsWith('${') && piece.endsWith('}') ? piece.slice(2, -1) : (piece.startsWith('{') && piece.endsWith('}')) || (piece.startsWith('<') && piece.endsWith('>')) ? piece.slice(1, -1) : piece;
  for (let index = 0; index < bare.length; index += 1) {
    const code = bare.charCodeAt(index) | 0x20;
    if (code !== 0x7f && (code < 97 || code > 122)) return false;
  }
  return bare.toLowerCase().includes('port');
}

/**
 * Reads on past the `/`, `?` or `#` at the cursor that ended an authority holding `user:` and no
 * host after an `@`: a password written with those characters unencoded (`pa#ss/word` between
 * `user:` and `@host`). The user information then ends at the last `@` before a character of
 * `ends` (at most `MAX_AUTHORITY` characters from the authority's start) that is followed by a
 * host's first character (a letter, a digit or `[`) and not right after a `/` (a path's `/@scope`).
 * Returns that `@`, or -1 when there is none.
 */
function unencodedPasswordEnd(reader: Reader, authorityStart: number, ends: CharacterSet = hardEnd): number {
  const { text } = reader;
  let lastAt = -1;
  for (; reader.at - authorityStart < MAX_AUTHORITY; reader.at += 1) {
    const code = reader.code();
    if (code === END || isIn(ends, code)) return lastAt;
    // Read on past a bracket or a quote (white space the only end), another URL begins at `://`:
    // this one's user information ended before it.
    if (ends === whiteEnd && code === 58 && text.charCodeAt(reader.at + 1) === 47 && text.charCodeAt(reader.at + 2) === 47) return lastAt;
    if (code === 64 && text.charCodeAt(reader.at - 1) !== 47) {
      const next = reader.code(1);
      if ((next >= 48 && next <= 57) || ((next | 0x20) >= 97 && (next | 0x20) <= 122) || next === 91) lastAt = reader.at;
    }
  }
  return lastAt;
}

/** A host name's character: a letter, a digit, `.` or `-`. */
const isHostCharacter = (code: number): boolean => (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122) || code === 46 || code === 45;

/** Where the host name from `from` ends, with its `:port` (digits) when it has one. */
function hostEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length && index - from < MAX_AUTHORITY && isHostCharacter(text.charCodeAt(index))) index += 1;
  if (index > from && text.charCodeAt(index) === 58) {
    let digits = index + 1;
    while (digits < text.length && digits - index <= 5 && text.charCodeAt(digits) >= 48 && text.charCodeAt(digits) <= 57) digits += 1;
    if (digits > index + 1) index = digits;
  }
  return index;
}

/** `://` then the authority (see the file's header): the password, the user name when it is a token, or none. */
function read(reader: Reader): MatchOutcome {
  const { text } = reader;
  if (!reader.literal('://')) return NONE;
  const authorityStart = reader.at;
  let lastAt = -1;
  let firstColon = -1;
  for (; reader.at - authorityStart < MAX_AUTHORITY; reader.at += 1) {
    const code = reader.code();
    if (code === END || isIn(authorityEnd, code)) break;
    if (code === 64) lastAt = reader.at;
    else if (code === 58 && firstColon < 0) firstColon = reader.at;
  }
  const cursor = reader.at;
  // A password such as `pa#ss/word` before `@host`: no `@` before the first `/`, `?` or `#` (or only one right
  // before it, leaving no host: `user:p@/ss@host`), but `user:` and no port.
  const hostless = lastAt >= 0 && lastAt === cursor - 1;
  // (Reading on holds the text to the URL's end: at most MAX_AUTHORITY characters.)
  if ((lastAt < 0 || hostless) && firstColon >= 0 && firstColon < cursor && cursor < text.length && isPathDelimiter(text.charCodeAt(cursor)) && (hostless || !isPortLike(text.slice(firstColon + 1, cursor)))) {
    const found = unencodedPasswordEnd(reader, authorityStart);
    if (found >= 0 || !hostless) lastAt = found;
  }
  // A password holding a bracket, a quote, `<`, `>`, `` ` `` or `\` (`app:Xk9q)Vb7@db`): the
  // authority ended there with `user:` read, no `@` yet and no port after the `:`. The user
  // information runs on to the last `@` before white space that a host follows.
  if (lastAt < 0 && firstColon >= 0 && cursor < text.length && hardEnd[text.charCodeAt(cursor)] === 1 && !whiteEnd[text.charCodeAt(cursor)] && (firstColon + 1 === cursor || !isPortLike(text.slice(firstColon + 1, cursor)))) {
    reader.at = cursor;
    lastAt = unencodedPasswordEnd(reader, authorityStart, whiteEnd);
  }
  if (lastAt < 0) return NONE;
  const found = text.indexOf(':', authorityStart);
  const colon = found < 0 || found > lastAt ? lastAt : found;
  const user = text.slice(authorityStart, colon);
  const password = text.slice(Math.min(colon + 1, lastAt), lastAt);
  const passwordSecret = password.length > 0 && !isPlaceholderCredential(password);
  const userSecret = tokenMarkers.has(password.toLowerCase()) ? user.length > 0 && !isPlaceholderCredential(user) : isCredentialShaped(user, MIN_TOKEN_USER);
  if (!userSecret && !passwordSecret) return NONE;
  // The host after the `@` is no secret: scanning resumes past it, so no other rule takes it
  // (`@cluster0.j9grj.mongodb.net` read as random).
  reader.at = hostEnd(text, lastAt + 1);
  reader.code();
  if (userSecret) return reader.found(URL_PASSWORD, authorityStart, passwordSecret ? lastAt : colon, reader.at);
  return reader.found(URL_PASSWORD, colon + 1, lastAt, reader.at);
}

/**
 * The password of `scheme://user:password@host`, found from the `://`: everything between the first `:` of the user
 * information and its last `@`, punctuation and %-escapes included (passwords often hold a raw
 * `@`). A password may hold `/`, `?` and `#` unencoded too: when the authority ends at one of them
 * with `user:` and no host after an `@` before it, and what follows the `:` is no port (digits,
 * `PORT`), the user information runs on to the URL's last `@` before a host (fail-closed: an `@`
 * later in such a URL's path or query is taken for the host's). Placeholders (`${DB_PASSWORD}`, `<password>`, `****`, `YOUR_PASSWORD`, `password`,
 * `{pass}`, `1111`, fewer than 4 characters: see `isPlaceholderCredential`) are left alone. The user name is
 * redacted too when the password marks it as a token (`x-oauth-basic`, `x-access-token`, `oauth2`)
 * or when it looks like one (`https://<token>@github.com`: 20+ letters and digits mixed).
 */
export const urlPasswordMatcher: Matcher = { type: URL_PASSWORD, triggers: ':', anywhere: true, prefilter: `:(?=${textOrEnd('//')})`, match: detector(read) };
