/**
 * The password in a command's `-u user:password` option (curl and friends):
 *
 * ```
 * option    = ( "-u" | "--user" [ "=" ] ) blanks argument
 * argument  = quote { character } quote | { character }      (to the quote or a line break; unquoted
 *                                                               to white space or a backtick)
 *           | quote user quote ":" [ quote ] password [ quote ]
 *           | user ":" quote password quote                     (the password quoted alone)
 * ```
 *
 * The password is everything after the argument's first `:`, quoted or not; `"user":"password"`
 * quoted apart too. An API key given as the user with an empty password (`-u "sk_…:"`) or with a
 * password that marks the user as the token (`ghp_…:x-oauth-basic`) is redacted instead. A numeric
 * `uid:gid` (`docker -u 1000:1000`), an argument without `:`, shell or template references
 * (`$PASS`, `<password>`, `{{ … }}`) and placeholders (`user:pass`, `test:test`, `[PASSWORD]`,
 * `xxx:yyy`: see `isPlaceholderCredential`) are left alone.
 */
import { type Matcher, NONE } from '../engine/matcher';
import { isPlaceholderCredential } from '../judge/placeholder';
import { tokenMarkers } from '../rules/vocabulary';
import { isCredentialShaped } from '../judge/value-judge';
import { textOrEnd } from '../engine/prefilter';
import { characters, detector, END, type Reader } from './reader';

/** The type reported for the password of a `-u user:password` option. */
export const USER_OPTION_PASSWORD = 'USER_OPTION_PASSWORD';

/** The longest `user:password` argument considered. */
const MAX_ARGUMENT = 256;
/** The most blanks read between the option and its argument. */
const MAX_BLANKS = 8;

const isDigits = (text: string): boolean => /^\d+$/u.test(text);
/**
 * Whether a user part holds code's characters (`(`, `)`, `|`, `=`, `,`, `;`, quotes) or begins
 * with a member's `.`: `-u` in a regular expression or a minified script (`(?:-uri)?|doc(?:…`,
 * `--u.indentLevel:f(…)`), no option.
 */
const isCode = (user: string): boolean => /[()|=,;"']|^\./u.test(user);
/** Whether a password is the rest of a scoped name (`-uHTML::TreeBuilder`, Perl's or C++'s `::`): a module, no password. */
const isScopedName = (password: string): boolean => /^:[A-Za-z_][\w:]*$/u.test(password);

/** What ends an argument: unquoted, white space or a backtick; quoted, its closing quote or a line break. */
const argumentEnds = { unquoted: characters(' \t\r\n`'), 34: characters('"\n'), 39: characters("'\n") } as const;

/** Reads an argument from the cursor to its end (see `argumentEnds`), at most {@link MAX_ARGUMENT} characters: where its first `:` is (-1: none). */
function argument(reader: Reader, quote: 34 | 39 | undefined): number {
  const start = reader.at;
  reader.skip(MAX_ARGUMENT, argumentEnds[quote ?? 'unquoted'], true);
  const colon = reader.text.indexOf(':', start);
  return colon >= 0 && colon < reader.at ? colon : -1;
}

/** The quote at the cursor, passed over (undefined when none is there). */
function openingQuote(reader: Reader): 34 | 39 | undefined {
  const code = reader.code();
  if (code !== 34 && code !== 39) return undefined;
  reader.at += 1;
  return code;
}

export const userOptionMatcher: Matcher = {
  type: USER_OPTION_PASSWORD,
  triggers: '-',
  prefilter: `-(?=${textOrEnd('-user')}|u)`,
  match: detector((reader) => {
    const { text } = reader;
    if (reader.literal('--user')) {
      const after = reader.code();
      if (/[\w-]/u.test(String.fromCharCode(after))) return NONE;
      if (after === 61) reader.at += 1;
    } else if (!reader.literal('-u')) return NONE;
    if (reader.code() === END) return NONE;
    reader.blanks(MAX_BLANKS);
    if (reader.code() === END) return NONE;
    const quote = openingQuote(reader);
    const start = reader.at;
    const colon = argument(reader, quote);
    // `--user "user":"password"`: the user quoted alone, then `:` and the password.
    if (colon < 0 && quote !== undefined && reader.code() === quote) {
      const user = text.slice(start, reader.at);
      reader.at += 1;
      if (reader.code() !== 58) return NONE;
      reader.at += 1;
      if (reader.code() === END) return NONE;
      const second = openingQuote(reader);
      const from = reader.at;
      argument(reader, second);
      if (second !== undefined && reader.code() === END) return NONE;
      const password = text.slice(from, reader.at);
      if (isCode(user) || (isDigits(user) && isDigits(password)) || isPlaceholderCredential(password) || isPlaceholderCredential(user)) return NONE;
      return reader.found(USER_OPTION_PASSWORD, from, reader.at);
    }
    // `admin:'…'`: the password quoted alone, to its closing quote (blanks inside).
    const glued = colon >= 0 && quote === undefined ? text.charCodeAt(colon + 1) : undefined;
    if (glued === 34 || glued === 39) {
      reader.at = colon + 2;
      argument(reader, glued);
      if (reader.code() !== glued) return NONE;
      const password = text.slice(colon + 2, reader.at);
      const user = text.slice(start, colon);
      if (isCode(user) || isPlaceholderCredential(password)) return NONE;
      return reader.found(USER_OPTION_PASSWORD, colon + 2, reader.at);
    }
    // A quote that does not close on the line quotes no argument (`if o == '-u': …`, the option a string literal).
    const end = reader.at;
    if (colon < 0 || (quote !== undefined && text.charCodeAt(end) !== quote)) return NONE;
    const user = text.slice(start, colon);
    const password = text.slice(colon + 1, end);
    if (isCode(user) || isScopedName(password)) return NONE;
    // `-u "sk_live_…:"`: an API key given as the user name, with no password; `-u ghp_…:x-oauth-basic`:
    // a password that marks the user name as the token. The token is redacted, the marker kept.
    if (password.length === 0 || tokenMarkers.has(password.toLowerCase())) return isCredentialShaped(user) && !isPlaceholderCredential(user) ? reader.found(USER_OPTION_PASSWORD, start, colon) : NONE;
    if ((isDigits(user) && isDigits(password)) || isPlaceholderCredential(password)) return NONE;
    // `<user:password>`, `[user:password]`: the whole argument is a placeholder.
    const opening = text[start];
    if ((opening === '<' || opening === '[') && (password.endsWith('>') || password.endsWith(']'))) return NONE;
    return reader.found(USER_OPTION_PASSWORD, colon + 1, end);
  }),
};
