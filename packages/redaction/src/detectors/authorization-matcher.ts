/**
 * Credentials of an HTTP `Authorization` header and of its schemes:
 *
 * ```
 * header      = "Authorization" escapes [ quote ] escapes ":" blanks escapes ( scheme | value )
 * scheme      = ( "Bearer" | "Basic" | "Token" ) blanks [ "*" [ "*" ] ] credential   (any case)
 * credential  = until(white space, quote, "\" "<" ">") less the ",;:)]}." and "**" after it
 *             | token68                                                  (after a lower-case "token")
 * value       = { token68 character | "@" } less the "." after it         (no scheme word before it)
 * ```
 *
 * The value is 8 to 4096 characters and does not read as words ("Bearer authentication") or a
 * placeholder (a Basic credential's password too: `dXNlcm5hbWU6cGFzc3dvcmQ=` is `username:password`). After a `token` not capitalised (prose: "the token abc…"), only a value that looks
 * like a credential (letters and digits both, see `isCredentialShaped`) is taken, and one that
 * begins with a provider's prefix is left to that provider's rule; in any case after
 * `Authorization:` (`authorization: token …`) the scheme's rules hold.
 */
import { startsWithProviderPrefix } from '../judge/catalogue-index';
import { hasNeverSecretShape, isCredentialShaped, isLooselyRandom, isPlaceholderValue } from '../judge/value-judge';
import { templatePattern } from '../rules/value-shapes';
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { isStructured } from '../judge/plausibility';
import { isPlaceholder } from '../judge/placeholder';
import { decodedText } from '../judge/encodes-no-secret';
import { characters, detector, type Reader, trimTrailing, VALUE_ENDS } from './reader';

const AUTHORIZATION_CREDENTIAL = 'AUTHORIZATION_CREDENTIAL';
const schemes = ['bearer', 'basic', 'token'] as const;
/** token68's characters (RFC 7235). */
const credential = characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=');
/** A header value's characters when no scheme word names it: the token characters and `@`. */
const headerValue = characters('@', credential);
/** What ends a scheme's credential: white space, quotes, a backtick, ESC, `\\`, and `<` or `>` (markup around it). */
const credentialEnds = characters('\\<>', VALUE_ENDS);
/** Punctuation after a credential that is not its (a sentence, a call, a list: `Bearer abc123).`); a JWT's inner dots stay. */
const afterCredential = characters(',;:)]}.');

/** Where a credential read up to `end` ends: before the punctuation after it and Markdown's closing `**` (`**Bearer abc123**.`; one `*` may be the credential's). */
function credentialEnd(text: string, start: number, end: number): number {
  const last = trimTrailing(text, start, end, afterCredential);
  let stars = last;
  while (stars > start && text.charCodeAt(stars - 1) === 42) stars -= 1;
  return last - stars >= 2 ? trimTrailing(text, start, stars, afterCredential) : last;
}
const stars = characters('*');
/** What may follow `Authorization:` before its value and still be a scheme the other branch reads (lower-case). */
const schemeWords = ['bearer', 'basic', 'token', 'digest', 'api-token', 'apikey', 'negotiate', 'ntlm', 'aws4-hmac-sha256', 'hmac'];

/** Whether a header's value stands for one kept elsewhere: it begins with `$`, `%`, `{` or `#{` (`$TOKEN`, `{token}`, `#{token}`; a credential may begin with `@`) or holds a template. */
const isHeaderReference = (value: string): boolean => /^(?:[$%{]|#\{)/u.test(value) || templatePattern.test(value);

/** The longest credential value taken. */
const MAX_VALUE = 4096;
const MIN_VALUE = 8;
/** The most blanks read before a value. */
const MAX_BLANKS = 8;

/** `Authorization: <credential>`, with a scheme word or none (`Authorization: 5eb4…`, `Authorization:eyJ…`). */
function header(reader: Reader): MatchOutcome {
  if (!reader.word('authorization')) return NONE;
  // Terminal colours around the name and the value (httpie) read as nothing.
  reader.escapes();
  if (reader.code() === 34 || reader.code() === 39) reader.at += 1;
  reader.escapes();
  if (reader.code() !== 58) return NONE;
  reader.at += 1;
  reader.blanks(MAX_BLANKS);
  reader.escapes();
  const start = reader.at;
  reader.run(MAX_VALUE, headerValue);
  const value = reader.text.slice(start, reader.at);
  const after = reader.text[reader.at];
  if (after === ' ' || after === '\t') {
    const scheme = value.toLowerCase();
    // `authorization: token …` in any case (a header dump, curl's `-H`): the credential after it.
    if ((schemes as readonly string[]).includes(scheme)) return credentialAfter(reader, false, false, false, scheme === 'basic');
    // Another scheme word then blanks: what follows is that scheme's (`Digest username=…`).
    if (schemeWords.includes(scheme)) return NONE;
  }
  const end = credentialEnd(reader.text, start, reader.at);
  if (end - start < MIN_VALUE || isStructured(value) || isPlaceholder(value)) return NONE;
  return reader.found(AUTHORIZATION_CREDENTIAL, start, end);
}

/**
 * The credential after a scheme word (the cursor just past it): blanks, then the value; with
 * `shaped`, token68 characters that look like a credential, a sentence's closing `.` not the
 * value's, and a value that begins with a provider's prefix left to that provider's rule; in
 * `prose` (a scheme word not capitalised, outside a header), a value the randomness judge finds at
 * least as likely random as written (`basic Libmp3lame-dynamic.lib` is prose); `bare` (a scheme
 * word outside a header), a value without a shape of code (`rules/value-shapes.ts`).
 */
function credentialAfter(reader: Reader, shaped: boolean, prose = false, bare = false, basic = false): MatchOutcome {
  if (reader.blanks(MAX_BLANKS) === 0) return NONE;
  // Markdown's bold or italic marks around the credential are the text's (`Bearer **abc…**`).
  reader.skip(2, stars);
  const start = reader.at;
  if (shaped) reader.run(MAX_VALUE, credential);
  else if (!reader.until(credentialEnds, MAX_VALUE)) return NONE;
  const end = credentialEnd(reader.text, start, reader.at);
  const value = reader.text.slice(start, end);
  // Read as words without the stars Markdown puts around a word and a sentence's closing
  // punctuation (`**Basic evaluation**`, `Token *should*`, `HTTP Basic authentication).`).
  let first = 0;
  let last = value.length;
  while (first < last && value[first] === '*') first += 1;
  while (last > first && '*.)'.includes(value[last - 1] as string)) last -= 1;
  const words = value.slice(first, last);
  if (value.length < MIN_VALUE || isStructured(words) || isPlaceholder(words) || (basic && isPlaceholderPair(value))) return NONE;
  if (shaped ? !isCredentialShaped(value) : isHeaderReference(value) || value.includes('://')) return NONE;
  // Outside a header, code's shapes are code (`Token getNext();`, `Token &peekNext();`: a C++ type named Token).
  if (bare && hasNeverSecretShape(value, true, reader.text.slice(start, reader.at))) return NONE;
  if ((shaped && startsWithProviderPrefix(value)) || (prose && !isLooselyRandom(value))) return NONE;
  return reader.found(AUTHORIZATION_CREDENTIAL, start, end);
}

/**
 * Whether a Basic credential is base64 of `user:password` whose password is a placeholder or a
 * literal of the vocabulary (`username:password`, `user:changeme`, `admin:<password>`:
 * `isPlaceholder`, `isPlaceholderValue`); a password of words (`SummerDragon`) is one.
 */
function isPlaceholderPair(value: string): boolean {
  const decoded = decodedText(value, 0, value.length);
  const colon = decoded?.indexOf(':') ?? -1;
  if (decoded === undefined || colon < 0) return false;
  const password = decoded.slice(colon + 1);
  return password.startsWith('<') || isPlaceholder(password) || isPlaceholderValue(password);
}

export const authorizationMatcher: Matcher = {
  type: AUTHORIZATION_CREDENTIAL,
  triggers: 'bBTtaA',
  // The scheme words after their first character, folded; `Authorization`.
  prefilter: `[Bb](?=${textOrEnd('a', { caseless: true, folded: true })}|${textOrEnd('e', { caseless: true, folded: true })})|[Tt](?=${textOrEnd('o', { caseless: true, folded: true })})|[Aa](?=${textOrEnd('u', { caseless: true, folded: true })})`,
  match: detector((reader) => {
    const { text, at } = reader;
    if (text[at] === 'A' || text[at] === 'a') return header(reader);
    // A compound word's last piece (`x-oauth-basic`, `http_bearer`) is no scheme word.
    if (at > 0 && (text[at - 1] === '-' || text[at - 1] === '_')) return NONE;
    const scheme = schemes.find((word) => reader.word(word));
    // A scheme word not capitalised is prose as often as a scheme: its value must read as random, a `token`'s look like a credential.
    const lower = text[at] === 't' || text[at] === 'b';
    return scheme === undefined ? NONE : credentialAfter(reader, scheme === 'token' && lower, lower, true, scheme === 'basic');
  }),
};
