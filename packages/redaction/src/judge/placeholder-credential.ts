import { isPlaceholderValue } from '../detectors/assignment-matcher';

/** The shortest password of a URL or a `-u` option that is judged a secret: `user:abc` is an example's. */
const MIN_PASSWORD = 4;

/** Passwords that mark the user name as the token (GitHub's `https://<token>:x-oauth-basic@…`, `curl -u <token>:x-oauth-basic`, and friends), lower-case. */
export const tokenMarkers: ReadonlySet<string> = new Set(['x-oauth-basic', 'x-access-token', 'oauth2']);

/** Words a placeholder password is made of (lower-case): it names what goes there instead of being it. */
const namingWords = ['pass', 'pwd', 'secret', 'token', 'test', 'user', 'login', 'key'];

/** Whether every character is a letter or `_`. */
function isWordLike(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code !== 95 && ((code | 0x20) < 97 || (code | 0x20) > 122)) return false;
  }
  return value.length > 0;
}

/**
 * Whether the password of a URL or of a `-u user:password` option stands for one rather than being
 * one: shorter than 4 characters, a template or a placeholder as the keyword rule judges them
 * (`${PASS}`, `YOUR_PASSWORD`, `xxxx`, `1111`, `changeme`), letters only naming what belongs there
 * (`password`, `mypassword`, `pass`, `token`, `test`), or such a word in brackets or braces
 * (`[PASSWORD]`, `{password}`). A bracketed value that is not a word (`{ZqL5kVrX1n8tA2}`) is a
 * password that happens to be written in braces.
 */
export function isPlaceholderCredential(password: string): boolean {
  if (password.length < MIN_PASSWORD || isPlaceholderValue(password)) return true;
  const first = password[0];
  const last = password[password.length - 1];
  const bracketed = (first === '[' && last === ']') || (first === '{' && last === '}') || (first === '<' && last === '>');
  const inner = bracketed ? password.slice(1, -1) : password;
  if (!isWordLike(inner)) return false;
  if (bracketed) return true;
  const lower = inner.toLowerCase();
  return namingWords.some((word) => lower.includes(word));
}
