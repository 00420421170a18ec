import { fold, isTokenCharacter } from '../text/fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../engine/matcher';
import { isPlaceholder } from '../judge/placeholder';
import { literal } from '../engine/pattern/secret-pattern';
import { patternMatcher } from '../engine/pattern/pattern-matcher';

const names = patternMatcher('AWS_SECRET_ACCESS_KEY', [
  literal(['aws_secret_access_key', 'aws_secret_key', 'secret_access_key', 'awssecretaccesskey'], { ignoreCase: true }),
]);
const base64 = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/+') base64[character.charCodeAt(0)] = 1;
const KEY_LENGTH = 40;
/** Between the name and the value: quotes, spaces, and one `:` or `=` (also `=>` and `: "`). */
const MAX_ASSIGNMENT = 8;

function match(input: ScanInput, at: number): MatchOutcome {
  const name = names.match(input, at);
  if (name.kind !== 'match') return name.kind === 'more' ? MORE : NONE;
  const { text, final } = input;
  let cursor = name.end;
  let assigned = false;
  while (cursor - name.end < MAX_ASSIGNMENT) {
    if (cursor >= text.length) return final ? NONE : MORE;
    const character = text[cursor];
    if (character === '=' || character === ':') {
      if (assigned && character === ':') return NONE;
      assigned = true;
    } else if (character !== ' ' && character !== '\t' && character !== '"' && character !== "'" && character !== '>') {
      break;
    }
    cursor += 1;
  }
  if (!assigned) return NONE;
  const start = cursor;
  while (cursor < text.length && cursor - start < KEY_LENGTH && base64[fold(text.charCodeAt(cursor))] === 1) cursor += 1;
  if (cursor - start < KEY_LENGTH) return cursor >= text.length && !final ? MORE : NONE;
  if (cursor < text.length && isTokenCharacter(fold(text.charCodeAt(cursor)))) return NONE;
  if (cursor >= text.length && !final) return MORE;
  if (isPlaceholder(text.slice(start, cursor))) return NONE;
  return { kind: 'match', type: 'AWS_SECRET_ACCESS_KEY', start, end: cursor, resume: cursor };
}

/**
 * An AWS secret access key (40 base64 characters) assigned to a name that says so:
 * `aws_secret_access_key = …`, `AWS_SECRET_ACCESS_KEY: "…"`, `"secret_access_key": "…"`.
 * Without its name a 40-character key is still caught by the entropy rule.
 */
export const awsSecretKeyMatcher: Matcher = { type: 'AWS_SECRET_ACCESS_KEY', triggers: 'aAsS', prefilter: names.prefilter, match };
