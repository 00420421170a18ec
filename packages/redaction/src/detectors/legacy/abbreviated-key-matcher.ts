import { fold, isAlphanumeric } from '../../text/fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../../engine/matcher';
import { codeSource, textOrEnd } from '../../engine/prefilter';

/** Distinctive key prefixes, each with the type of the key it begins. */
const prefixes: ReadonlyArray<readonly [prefix: string, type: string]> = [
  ['AKIA', 'AWS_ACCESS_KEY_ID'],
  ['ASIA', 'AWS_ACCESS_KEY_ID'],
  ['ghp_', 'GITHUB_TOKEN'],
  ['gho_', 'GITHUB_TOKEN'],
  ['ghu_', 'GITHUB_TOKEN'],
  ['ghs_', 'GITHUB_TOKEN'],
  ['ghr_', 'GITHUB_TOKEN'],
  ['github_pat_', 'GITHUB_TOKEN'],
  ['glpat-', 'GITLAB_TOKEN'],
  ['xoxb-', 'SLACK_TOKEN'],
  ['xoxp-', 'SLACK_TOKEN'],
  ['sk-ant-', 'ANTHROPIC_API_KEY'],
  ['sk-proj-', 'OPENAI_API_KEY'],
  ['sk_live_', 'STRIPE_SECRET_KEY'],
  ['AIza', 'GOOGLE_API_KEY'],
];

/** The most key characters shown before the ellipsis. */
const MAX_SHOWN = 16;

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  let waiting = false;
  for (const [prefix, type] of prefixes) {
    const available = Math.min(prefix.length, text.length - at);
    if (available === prefix.length ? !text.startsWith(prefix, at) : text.slice(at, at + available) !== prefix.slice(0, available)) continue;
    if (available < prefix.length) {
      waiting ||= !final;
      continue;
    }
    let cursor = at + prefix.length;
    while (cursor < text.length && cursor - at - prefix.length < MAX_SHOWN && isAlphanumeric(fold(text.charCodeAt(cursor)))) cursor += 1;
    if (cursor >= text.length) {
      waiting ||= !final;
      continue;
    }
    if (text[cursor] === '\u2026') return { kind: 'match', type, start: at, end: cursor + 1, resume: cursor + 1 };
    if (text[cursor] !== '.') continue;
    if (text.startsWith('...', cursor)) return { kind: 'match', type, start: at, end: cursor + 3, resume: cursor + 3 };
    // One or two dots so far at the end of the text: an ellipsis may still be arriving.
    if (cursor + 3 > text.length && text.slice(cursor) === '.'.repeat(text.length - cursor)) waiting ||= !final;
  }
  return waiting ? MORE : NONE;
}

/**
 * A key a model abbreviated (`AKIA…`, `ghp_9xQ2...`): a distinctive prefix, up to 16 characters
 * of the key, then an ellipsis. It shows key material, so it is treated as a leak of that key.
 */
export const abbreviatedKeyMatcher: Matcher = {
  type: 'ABBREVIATED_KEY',
  triggers: 'AgxsA',
  // Compared as written: each prefix, or what of it the text ends with.
  prefilter: prefixes.map(([prefix]) => `${codeSource(prefix.charCodeAt(0))}(?=${textOrEnd(prefix.slice(1))})`).join('|'),
  match,
};
