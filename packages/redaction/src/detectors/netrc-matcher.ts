/**
 * The password of a `.netrc` entry:
 *
 * ```
 * entry   = ( "machine" spaces host | "default" ) { spaces name spaces token } spaces "password" spaces token
 *           (after "default", a name and token before "password" or a token shaped like a credential)
 * host    = a token with a "." or "localhost"
 * name    = "login" | "account" | "port"                 (at most 8 pairs before the password)
 * token   = { any character but white space }            (white space includes line breaks)
 * ```
 *
 * `machine api.heroku.com login me@x.io password …`, or `default …`, its tokens on one line or
 * several. The password is judged as a value after the name `password` is (quoted or not, netrc
 * has no quotes: placeholders are left alone). `password` without that context has no operator
 * and is left to the other rules (prose: "password reset").
 */
import { ASSIGNED_CREDENTIAL } from './assignment-matcher';
import { isAssignedCredential, isCredentialShaped } from '../judge/value-judge';
import { type Matcher, NONE } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { detector, type Reader, SPACES } from './reader';

/** The most name and value pairs of one entry read before its `password` (`login`, `account`, `port`). */
const MAX_PAIRS = 8;
/** The longest token, and the longest white space before one, read. */
const MAX_TOKEN = 256;

/** The tokens of an entry that name the token after them, lower-case (`password` is read apart). */
const entryNames: ReadonlySet<string> = new Set(['login', 'account', 'port', 'password']);

/** White space and then a token: the token, or undefined when either is missing or the token is too long. */
function token(reader: Reader): string | undefined {
  if (reader.skip(MAX_TOKEN, SPACES) === 0) return undefined;
  const start = reader.at;
  const length = reader.skip(MAX_TOKEN + 1, SPACES, true);
  return length === 0 || length > MAX_TOKEN ? undefined : reader.text.slice(start, reader.at);
}

export const netrcMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'mMdD',
  prefilter: `[Mm](?=${textOrEnd('achine', { caseless: true, folded: true })})|[Dd](?=${textOrEnd('efault', { caseless: true, folded: true })})`,
  match: detector((reader) => {
    // A `default` entry names its login before the password, or holds one shaped like a credential
    // (prose says "the default password callback …"; a random token there is one all the same).
    const fallback = reader.word('default');
    if (!fallback) {
      if (!reader.word('machine')) return NONE;
      const host = token(reader)?.toLowerCase();
      if (host === undefined || (!host.includes('.') && host !== 'localhost')) return NONE;
    }
    for (let pair = 0; pair < MAX_PAIRS; pair += 1) {
      const name = token(reader)?.toLowerCase();
      if (name === undefined || !entryNames.has(name)) return NONE;
      const value = token(reader);
      if (value === undefined) return NONE;
      if (name !== 'password') continue;
      return (pair > 0 || !fallback || isCredentialShaped(value)) && isAssignedCredential('password', value, true) ? reader.found(ASSIGNED_CREDENTIAL, reader.at - value.length, reader.at) : NONE;
    }
    return NONE;
  }),
};
