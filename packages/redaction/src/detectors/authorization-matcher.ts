import { holdsTemplate, isCredentialShaped, startsWithProviderPrefix } from './assignment-matcher';
import { fold } from '../text/fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { isStructured } from '../judge/plausibility';
import { isPlaceholder } from '../judge/placeholder';
import { skipEscapes } from '../text/terminal-escape';
import { characters, MORE_TEXT, NO_VALUE, trimTrailing, unquotedEnd, VALUE_ENDS } from './value-reader';

const schemes = ['bearer', 'basic', 'token'] as const;
const credential = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=') credential[character.charCodeAt(0)] = 1;

/** What ends a scheme's credential: white space, quotes, a backtick, ESC, `\\`, and `<` or `>` (markup around it). */
const credentialEnds = characters('\\<>', VALUE_ENDS);
/** Punctuation after a scheme's credential that is not its (a sentence, a call, a list: `Bearer abc123).`). */
const afterCredential = characters(',;:)]}');
/** A reference or template standing for the credential (`$TOKEN`, `${TOKEN}`, `%TOKEN%`, `{{ token }}`, `#{token}`). */
const isReference = (value: string): boolean => value.startsWith('$') || value.startsWith('%') || value.startsWith('{') || value.startsWith('#{') || holdsTemplate(value);

/** The longest credential value taken after `Bearer`/`Basic`/`Token`. */
const MAX_VALUE = 4096;
const MIN_VALUE = 8;

function matchScheme(text: string, at: number, scheme: string, final: boolean): number | 'more' | 'none' {
  for (let index = 0; index < scheme.length; index += 1) {
    if (at + index >= text.length) return final ? 'none' : 'more';
    const code = fold(text.charCodeAt(at + index));
    if ((code | 0x20) !== scheme.charCodeAt(index)) return 'none';
  }
  return at + scheme.length;
}

/** A header value's characters when no scheme word names it: the token characters and `@`. */
const headerValue = new Uint8Array(128);
headerValue.set(credential);
headerValue['@'.charCodeAt(0)] = 1;

/** What may follow `Authorization:` before its value and still be a scheme the other branch reads (lower-case). */
const schemeWords = ['bearer', 'basic', 'token', 'digest', 'api-token', 'apikey', 'negotiate', 'ntlm', 'aws4-hmac-sha256', 'hmac'];

/**
 * `Authorization: <credential>` with no scheme word (`Authorization: 5eb4…`, `Authorization:eyJ…`):
 * the header name, an optional closing quote, `:`, blanks, and a value of 8 or more token
 * characters (and `@`) that is not a scheme word followed by more, a word or a placeholder.
 */
function matchBareHeader(text: string, at: number, final: boolean): MatchOutcome {
  const afterName = matchScheme(text, at, 'authorization', final);
  if (afterName === 'more') return MORE;
  if (afterName === 'none') return NONE;
  // Terminal colours around the name and the value (httpie) read as nothing.
  let cursor = skipEscapes(text, afterName, final);
  if (cursor < 0) return MORE;
  if (text[cursor] === '"' || text[cursor] === "'") cursor += 1;
  cursor = skipEscapes(text, cursor, final);
  if (cursor < 0) return MORE;
  if (cursor >= text.length) return final ? NONE : MORE;
  if (text[cursor] !== ':') return NONE;
  cursor += 1;
  const afterColon = cursor;
  while (cursor < text.length && (text[cursor] === ' ' || text[cursor] === '\t') && cursor - afterColon < 8) cursor += 1;
  cursor = skipEscapes(text, cursor, final);
  if (cursor < 0) return MORE;
  const start = cursor;
  while (cursor < text.length && cursor - start < MAX_VALUE && headerValue[fold(text.charCodeAt(cursor))] === 1) cursor += 1;
  if (cursor >= text.length && !final && cursor - start < MAX_VALUE) return MORE;
  const value = text.slice(start, cursor);
  if (text[cursor] === ' ' || text[cursor] === '\t') {
    const scheme = value.toLowerCase();
    // `authorization: token …` in any case (a header dump, curl's `-H`): the credential after it.
    if ((schemes as readonly string[]).includes(scheme)) return credentialAfter(text, start + value.length, final, false);
    // Another scheme word then blanks: what follows is that scheme's (`Digest username=…`).
    if (schemeWords.includes(scheme)) return NONE;
  }
  if (value.length < MIN_VALUE || isStructured(value) || isPlaceholder(value)) return NONE;
  return { kind: 'match', type: 'AUTHORIZATION_CREDENTIAL', start, end: cursor, resume: cursor };
}

/**
 * The credential after a scheme word ending at `afterScheme`: blanks, then 8 to 4096 token
 * characters that are not words or a placeholder; with `shaped`, also letters and digits both, not
 * words (see `isCredentialShaped`: lower-case `token` in prose). With `deferring` (a `token` not
 * capitalised), a value that begins with a provider's prefix is left to that provider's rule, which
 * names it and follows it when spaced out.
 */
function credentialAfter(text: string, afterScheme: number, final: boolean, shaped: boolean, deferring = shaped): MatchOutcome {
  let cursor = afterScheme;
  while (cursor < text.length && (text[cursor] === ' ' || text[cursor] === '\t') && cursor - afterScheme < 8) cursor += 1;
  if (cursor >= text.length) return final ? NONE : MORE;
  if (cursor === afterScheme) return NONE;
  const start = cursor;
  if (shaped) {
    // Prose's `token`: token68 characters only (`the token abc123.`).
    while (cursor < text.length && cursor - start < MAX_VALUE && credential[fold(text.charCodeAt(cursor))] === 1) cursor += 1;
    if (cursor >= text.length && !final && cursor - start < MAX_VALUE) return MORE;
  } else {
    // A scheme's credential is any characters up to white space, a quote or a backslash (a JSON
    // string's escape): `Bearer k1s3#6GkB6qIg`. Punctuation a sentence or a call puts after it is not its.
    const found = unquotedEnd(text, start, final, credentialEnds, MAX_VALUE);
    if (found === MORE_TEXT) return MORE;
    if (found === NO_VALUE) return NONE;
    cursor = trimTrailing(text, start, found, afterCredential);
  }
  // After a `token` not capitalised (prose), a sentence's closing `.` is not the value's.
  if (deferring) while (cursor > start && text[cursor - 1] === '.') cursor -= 1;
  const value = text.slice(start, cursor);
  if (value.length < MIN_VALUE || isStructured(value) || isPlaceholder(value) || (!shaped && (isReference(value) || value.includes('://'))) || (shaped && !isCredentialShaped(value)) || (deferring && startsWithProviderPrefix(value))) return NONE;
  return { kind: 'match', type: 'AUTHORIZATION_CREDENTIAL', start, end: cursor, resume: cursor };
}

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  if (text[at] === 'A' || text[at] === 'a') return matchBareHeader(text, at, final);
  // A compound word's last piece (`x-oauth-basic`, `http_bearer`) is no scheme word.
  if (at > 0 && (text[at - 1] === '-' || text[at - 1] === '_')) return NONE;
  for (const scheme of schemes) {
    const afterScheme = matchScheme(text, at, scheme, final);
    if (afterScheme === 'more') return MORE;
    if (afterScheme === 'none') continue;
    // A `token` not capitalised is prose as often as a scheme: its value must look like a credential.
    return credentialAfter(text, afterScheme, final, scheme === 'token' && text[at] !== 'T');
  }
  return NONE;
}

/**
 * `Authorization: Bearer …`, `Basic …` and `Token …` credentials: the value after the scheme word
 * (8 to 4096 token characters, any case), unless it reads as words ("Bearer authentication") or a
 * placeholder; after a `token` not capitalised (prose: "the token abc…"), only a value that looks
 * like a credential (letters and digits both, see `isCredentialShaped`), but any case after
 * `Authorization:` (`authorization: token …`); and `Authorization: <value>` with no scheme word at all.
 */
export const authorizationMatcher: Matcher = {
  type: 'AUTHORIZATION_CREDENTIAL',
  triggers: 'bBTtaA',
  // The scheme words after their first character, folded; `Authorization`.
  prefilter: `[Bb](?=${textOrEnd('a', { caseless: true, folded: true })}|${textOrEnd('e', { caseless: true, folded: true })})|[Tt](?=${textOrEnd('o', { caseless: true, folded: true })})|[Aa](?=${textOrEnd('u', { caseless: true, folded: true })})`,
  match,
};
