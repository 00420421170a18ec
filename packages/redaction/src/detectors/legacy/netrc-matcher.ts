import { ASSIGNED_CREDENTIAL, isAssignedCredential } from '../assignment-matcher';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../../engine/matcher';
import { textOrEnd } from '../../engine/prefilter';

/** The most keyword and value pairs of one `.netrc` entry read before its `password` (`login`, `account`, `port`). */
const MAX_TOKENS = 8;
/** The longest token read. */
const MAX_TOKEN = 256;

const isSpace = (character: string | undefined): boolean => character === ' ' || character === '\t' || character === '\n' || character === '\r';

/** The end of the token from `start` (to white space), -1 when the text ends first and more may come, -2 when it is too long. */
function tokenEnd(text: string, start: number, final: boolean): number {
  let cursor = start;
  while (cursor < text.length && !isSpace(text[cursor])) {
    cursor += 1;
    if (cursor - start > MAX_TOKEN) return -2;
  }
  return cursor >= text.length && !final ? -1 : cursor;
}

/** The tokens of an entry that name the token after them, lower-case (`password` is read apart). */
const entryKeywords: ReadonlySet<string> = new Set(['login', 'account', 'port']);

/**
 * Reads the blanks and the token from `cursor`: sets {@link token} and returns its end, -1 when
 * more text may change it, -2 when there is none.
 */
function nextToken(text: string, cursor: number, final: boolean): number {
  let start = cursor;
  while (isSpace(text[start]) && start - cursor < MAX_TOKEN) start += 1;
  if (start >= text.length) return final ? -2 : -1;
  if (start === cursor) return -2;
  const end = tokenEnd(text, start, final);
  token.start = start;
  return end;
}

/** The token {@link nextToken} read last: where it starts. */
const token = { start: 0 };

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  // `machine` or `default`, compared as it arrives: any other word is turned away at once.
  const keyword = (text[at] === 'd' || text[at] === 'D') ? 'default' : 'machine';
  for (let index = 0; index < keyword.length; index += 1) {
    if (at + index >= text.length) return final ? NONE : MORE;
    if ((text.charCodeAt(at + index) | 0x20) !== keyword.charCodeAt(index)) return NONE;
  }
  const first = at + keyword.length;
  if (first >= text.length) return final ? NONE : MORE;
  if (!isSpace(text[first])) return NONE;
  let cursor = first;
  if (keyword === 'machine') {
    // The host: a name with a dot (`api.heroku.com`, `github.com`) or `localhost`, not a word of prose.
    const end = nextToken(text, cursor, final);
    if (end === -1) return MORE;
    if (end < 0) return NONE;
    const host = text.slice(token.start, end).toLowerCase();
    if (!host.includes('.') && host !== 'localhost') return NONE;
    cursor = end;
  }
  // Then pairs of a keyword and its value, each keyword one of the entry's (`login`, `account`, `port`, `password`).
  for (let pair = 0; pair < MAX_TOKENS; pair += 1) {
    const end = nextToken(text, cursor, final);
    if (end === -1) return MORE;
    if (end < 0) return NONE;
    const name = text.slice(token.start, end).toLowerCase();
    if (name !== 'password' && !entryKeywords.has(name)) return NONE;
    const valueEnd = nextToken(text, end, final);
    if (valueEnd === -1) return MORE;
    if (valueEnd < 0) return NONE;
    if (name === 'password') {
      const start = token.start;
      return isAssignedCredential('password', text.slice(start, valueEnd), true) ? { kind: 'match', type: ASSIGNED_CREDENTIAL, start, end: valueEnd, resume: valueEnd } : NONE;
    }
    cursor = valueEnd;
  }
  return NONE;
}

/**
 * The password of a `.netrc` entry (`machine api.heroku.com login me@x.io password …`, or
 * `default …`), its tokens on one line or several: the token after `password` in the entry a
 * `machine` or `default` token begins, judged as a value after the name `password` is (quoted or
 * not, netrc has no quotes: placeholders are left alone). `password` without that context has no
 * operator and is left to the other rules (prose: "password reset").
 */
export const netrcMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'mMdD',
  prefilter: `[Mm](?=${textOrEnd('achine', { caseless: true, folded: true })})|[Dd](?=${textOrEnd('efault', { caseless: true, folded: true })})`,
  match,
};
