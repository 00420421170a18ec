/**
 * An AWS secret access key assigned to a name that says so:
 *
 * ```
 * assignment = name between base64{40}                    (not followed by a token character)
 * name       = "aws_secret_access_key" | "aws_secret_key" | "secret_access_key" | "awssecretaccesskey"   (any case)
 * between    = { blank | quote | ">" | "=" | ":" }         (at most 8, an "=" or ":" among them, no ":" after it)
 * ```
 */
import { fold, isTokenCharacter } from '../text/fold';
import { type Matcher, MORE, type MatchOutcome, NONE } from '../engine/matcher';
import { characters, detector, END, isIn, type Reader } from './reader';
import { isPlaceholder } from '../judge/placeholder';
import { literal } from '../engine/pattern/secret-pattern';
import { patternMatcher } from '../engine/pattern/pattern-matcher';

const AWS_SECRET_ACCESS_KEY = 'AWS_SECRET_ACCESS_KEY';
const names = patternMatcher(AWS_SECRET_ACCESS_KEY, [
  literal(['aws_secret_access_key', 'aws_secret_key', 'secret_access_key', 'awssecretaccesskey'], { ignoreCase: true }),
]);
const base64 = characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+');
const KEY_LENGTH = 40;
/** Between the name and the value: quotes, spaces, and one `:` or `=` (also `=>` and `: "`). */
const MAX_ASSIGNMENT = 8;

/** What may stand between the name and the value besides the one operator: blanks, quotes and `>`. */
const between = characters(' \t"\'>');

function read(reader: Reader): MatchOutcome {
  const name = names.match({ text: reader.text, final: reader.final }, reader.at);
  if (name.kind !== 'match') return name.kind === 'more' ? MORE : NONE;
  let assigned = false;
  for (reader.at = name.end; reader.at - name.end < MAX_ASSIGNMENT; reader.at += 1) {
    const code = reader.code();
    if (code === END) return NONE;
    if (code === 61 || code === 58) {
      if (assigned && code === 58) return NONE;
      assigned = true;
    } else if (!isIn(between, code)) break;
  }
  const start = reader.at;
  // Exactly the key's 40 characters, ending its token.
  if (!assigned || reader.run(KEY_LENGTH, base64) < KEY_LENGTH || isTokenCharacter(fold(reader.code())) || isPlaceholder(reader.text.slice(start, reader.at))) return NONE;
  return reader.found(AWS_SECRET_ACCESS_KEY, start, reader.at);
}

/**
 * An AWS secret access key (40 base64 characters) assigned to a name that says so:
 * `aws_secret_access_key = …`, `AWS_SECRET_ACCESS_KEY: "…"`, `"secret_access_key": "…"`.
 * Without its name a 40-character key is still caught by the entropy rule.
 */
export const awsSecretKeyMatcher: Matcher = { type: AWS_SECRET_ACCESS_KEY, triggers: 'aAsS', prefilter: names.prefilter, match: detector(read) };
