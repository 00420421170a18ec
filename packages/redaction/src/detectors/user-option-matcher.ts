import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../engine/matcher';
import { isPlaceholderCredential } from '../judge/placeholder';
import { tokenMarkers } from '../rules/vocabulary';
import { isStructured } from '../judge/plausibility';
import { textOrEnd } from '../engine/prefilter';

/** The longest `user:password` argument considered. */
const MAX_ARGUMENT = 256;
/** The most blanks read between the option and its argument. */
const MAX_BLANKS = 8;

const isBlank = (character: string | undefined): boolean => character === ' ' || character === '\t';
const isDigits = (text: string): boolean => text.length > 0 && [...text].every((character) => character >= '0' && character <= '9');

/**
 * Reads the option name at `at`: `-u` (argument attached or after blanks) or `--user` (after
 * blanks or `=`). Returns where the argument may begin, or `more`/`none`.
 */
function readOption(text: string, at: number, final: boolean): number | 'more' | 'none' {
  for (const name of ['--user', '-u']) {
    let index = 0;
    while (index < name.length && at + index < text.length && text[at + index] === name[index]) index += 1;
    if (index === name.length) {
      const after = text[at + index];
      if (after === undefined) return final ? 'none' : 'more';
      if (name === '--user' && /[\w-]/.test(after)) return 'none';
      if (name === '--user' && after === '=') return at + index + 1;
      return at + index;
    }
    if (at + index >= text.length) return final ? 'none' : 'more';
  }
  return 'none';
}

/** A shell or template reference (`$PASS`, `${PASS}`, `<password>`, `{{ … }}`). */
const isReference = (password: string): boolean => password.startsWith('$') || password.startsWith('<') || password.startsWith('{{');

/** The fewest characters of a user name read as an API key when no password follows. */
const MIN_KEY_USER = 8;

/** Whether a user name given without a password looks like an API key: 8 or more characters, a digit, no word or identifier shape. */
function looksLikeKey(user: string): boolean {
  if (user.length < MIN_KEY_USER || isReference(user) || isPlaceholderCredential(user)) return false;
  let digit = false;
  for (let index = 0; index < user.length; index += 1) {
    const code = user.charCodeAt(index);
    if (code >= 48 && code <= 57) digit = true;
  }
  return digit && !isStructured(user);
}

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  const afterOption = readOption(text, at, final);
  if (afterOption === 'more') return MORE;
  if (afterOption === 'none') return NONE;
  let cursor = afterOption;
  while (isBlank(text[cursor]) && cursor - afterOption < MAX_BLANKS) cursor += 1;
  if (cursor >= text.length) return final ? NONE : MORE;
  const quote = text[cursor] === '"' || text[cursor] === "'" ? text[cursor] : undefined;
  if (quote !== undefined) cursor += 1;
  const start = cursor;
  let colon = -1;
  while (cursor - start < MAX_ARGUMENT) {
    const character = text[cursor];
    if (character === undefined) {
      if (!final) return MORE;
      break;
    }
    if (quote === undefined ? isBlank(character) || character === '\n' || character === '\r' || character === '`' : character === quote || character === '\n') break;
    if (character === ':' && colon < 0) colon = cursor;
    cursor += 1;
  }
  // `--user "user":"password"`: the user quoted alone, then `:` and the password.
  if (colon < 0 && quote !== undefined && text[cursor] === quote) {
    if (cursor + 1 >= text.length) return final ? NONE : MORE;
    if (text[cursor + 1] !== ':') return NONE;
    const user = text.slice(start, cursor);
    let from = cursor + 2;
    if (from >= text.length) return final ? NONE : MORE;
    const second = text[from] === '"' || text[from] === "'" ? text[from] : undefined;
    if (second !== undefined) from += 1;
    let end = from;
    while (end - from < MAX_ARGUMENT) {
      const character = text[end];
      if (character === undefined) {
        if (!final) return MORE;
        if (second !== undefined) return NONE;
        break;
      }
      if (second === undefined ? isBlank(character) || character === '\n' || character === '\r' || character === '`' : character === second || character === '\n') break;
      end += 1;
    }
    const password = text.slice(from, end);
    if (isDigits(user) && isDigits(password)) return NONE;
    if (isReference(password) || isPlaceholderCredential(password) || isPlaceholderCredential(user)) return NONE;
    return { kind: 'match', type: USER_OPTION_PASSWORD, start: from, end, resume: end };
  }
  // A quote that does not close on the line quotes no argument (`if o == '-u': …`, the option a string literal).
  if (colon < 0 || (quote !== undefined && text[cursor] !== quote)) return NONE;
  const user = text.slice(start, colon);
  const password = text.slice(colon + 1, cursor);
  // `-u "sk_live_…:"`: an API key given as the user name, with no password; `-u ghp_…:x-oauth-basic`:
  // a password that marks the user name as the token. The token is redacted, the marker kept.
  if (password.length === 0 || tokenMarkers.has(password.toLowerCase())) return looksLikeKey(user) ? { kind: 'match', type: USER_OPTION_PASSWORD, start, end: colon, resume: colon } : NONE;
  if (isDigits(user) && isDigits(password)) return NONE;
  if (isReference(password) || isPlaceholderCredential(password)) return NONE;
  // `<user:password>`, `[user:password]`: the whole argument is a placeholder.
  const opening = text[start];
  if ((opening === '<' || opening === '[') && (password.endsWith('>') || password.endsWith(']'))) return NONE;
  return { kind: 'match', type: USER_OPTION_PASSWORD, start: colon + 1, end: cursor, resume: cursor };
}

/** The type reported for the password of a `-u user:password` option. */
export const USER_OPTION_PASSWORD = 'USER_OPTION_PASSWORD';

/**
 * The password in a command's `-u user:password`, `-uuser:password` or `--user user:password`
 * argument (curl and friends), quoted or not: everything after the argument's first `:`, to the closing quote
 * or, unquoted, to white space or a Markdown backtick; `"user":"password"` quoted apart too. An
 * API key given as the user with an empty password (`-u "sk_…:"`) is redacted instead. A numeric
 * `uid:gid` (`docker -u 1000:1000`), an argument without `:`, shell or template references
 * (`$PASS`, `<password>`, `{{ … }}`) and placeholders (`user:pass`, `test:test`, `[PASSWORD]`,
 * `xxx:yyy`: see `isPlaceholderCredential`) are left alone.
 */
export const userOptionMatcher: Matcher = { type: USER_OPTION_PASSWORD, triggers: '-', prefilter: `-(?=${textOrEnd('-user')}|u)`, match };
