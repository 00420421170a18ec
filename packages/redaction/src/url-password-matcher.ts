import { isPlaceholderCredential } from './placeholder-credential';
import { isStructured } from './plausibility';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from './matcher';
import { textOrEnd } from './prefilter';

/** The longest authority considered (`user:password@host:port`). */
const MAX_AUTHORITY = 1024;
/** Characters that end an authority: the path, query or fragment, whitespace, quotes and brackets around a URL. */
const authorityEnd = new Uint8Array(128);
for (const character of '/?#"\'<>()[]{}`\\ \t\r\n') authorityEnd[character.charCodeAt(0)] = 1;

const isPlaceholderPassword = (password: string): boolean =>
  password.startsWith('${') || password.startsWith('{{') || password.startsWith('<') || /^[*x]+$/i.test(password) || isPlaceholderCredential(password);

/** Passwords that mark the user name as the token (GitHub's `https://<token>:x-oauth-basic@…` and friends). */
const passwordMarkers: ReadonlySet<string> = new Set(['x-oauth-basic', 'x-access-token', 'oauth2']);
/** The fewest letters and digits of a user name read as a token. */
const MIN_TOKEN_USER = 20;

/** Whether a URL user name looks like a token: 20+ letters and digits, both mixed in, not reading as words. */
function looksLikeToken(user: string): boolean {
  let alphanumerics = 0;
  let digits = 0;
  for (let index = 0; index < user.length; index += 1) {
    const code = user.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += 1;
    else if (!((code >= 65 && code <= 90) || (code >= 97 && code <= 122))) {
      if (code !== 95 && code !== 45) return false;
      continue;
    }
    alphanumerics += 1;
  }
  return alphanumerics >= MIN_TOKEN_USER && digits > 0 && digits < alphanumerics && !isStructured(user);
}

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  let cursor = at;
  for (const expected of '://') {
    if (cursor >= text.length) return final ? NONE : MORE;
    if (text[cursor] !== expected) return NONE;
    cursor += 1;
  }
  const authorityStart = cursor;
  let lastAt = -1;
  while (cursor - authorityStart < MAX_AUTHORITY) {
    if (cursor >= text.length) {
      if (!final) return MORE;
      break;
    }
    const code = text.charCodeAt(cursor);
    if (code < 128 && authorityEnd[code] === 1) break;
    if (code === 64) lastAt = cursor;
    cursor += 1;
  }
  if (lastAt < 0) return NONE;
  const found = text.indexOf(':', authorityStart);
  const colon = found < 0 || found > lastAt ? lastAt : found;
  const user = text.slice(authorityStart, colon);
  const password = text.slice(Math.min(colon + 1, lastAt), lastAt);
  const passwordSecret = password.length > 0 && !isPlaceholderPassword(password);
  const userSecret = passwordMarkers.has(password.toLowerCase()) ? user.length > 0 && !isPlaceholderPassword(user) : looksLikeToken(user);
  if (userSecret) return { kind: 'match', type: 'URL_PASSWORD', start: authorityStart, end: passwordSecret ? lastAt : colon, resume: lastAt };
  if (!passwordSecret) return NONE;
  return { kind: 'match', type: 'URL_PASSWORD', start: colon + 1, end: lastAt, resume: lastAt };
}

/**
 * The password of `scheme://user:password@host`, found from the `://`: everything between the first `:` of the user
 * information and its last `@`, punctuation and %-escapes included (passwords often hold a raw
 * `@`). Placeholders (`${DB_PASSWORD}`, `<password>`, `****`, `YOUR_PASSWORD`, `password`,
 * `{pass}`, `1111`, fewer than 4 characters: see `isPlaceholderCredential`) are left alone. The user name is
 * redacted too when the password marks it as a token (`x-oauth-basic`, `x-access-token`, `oauth2`)
 * or when it looks like one (`https://<token>@github.com`: 20+ letters and digits mixed).
 */
export const urlPasswordMatcher: Matcher = { type: 'URL_PASSWORD', triggers: ':', anywhere: true, prefilter: `:(?=${textOrEnd('//')})`, match };
