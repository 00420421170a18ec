import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from './matcher';

/** The longest authority considered (`user:password@host:port`). */
const MAX_AUTHORITY = 1024;
/** Characters that end an authority: the path, query or fragment, whitespace, quotes and brackets around a URL. */
const authorityEnd = new Uint8Array(128);
for (const character of '/?#"\'<>()[]{}`\\ \t\r\n') authorityEnd[character.charCodeAt(0)] = 1;

const isPlaceholderPassword = (password: string): boolean =>
  password.startsWith('${') || password.startsWith('{{') || password.startsWith('<') || /^[*x]+$/i.test(password);

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
  const colon = text.indexOf(':', authorityStart);
  if (colon < 0 || colon >= lastAt - 1) return NONE;
  const password = text.slice(colon + 1, lastAt);
  if (isPlaceholderPassword(password)) return NONE;
  return { kind: 'match', type: 'URL_PASSWORD', start: colon + 1, end: lastAt, resume: lastAt };
}

/**
 * The password of `scheme://user:password@host`, found from the `://`: everything between the first `:` of the user
 * information and its last `@`, punctuation and %-escapes included (passwords often hold a raw
 * `@`). Placeholders (`${DB_PASSWORD}`, `<password>`, `****`) are left alone.
 */
export const urlPasswordMatcher: Matcher = { type: 'URL_PASSWORD', triggers: ':', anywhere: true, match };
