/**
 * A key a model abbreviated:
 *
 * ```
 * abbreviated = prefix { letter | digit } ( "…" | "..." )     (at most 16 letters and digits)
 * prefix      = "AKIA" | "ASIA" | "ghp_" | "github_pat_" | "sk-ant-" | …     (see `prefixes`)
 * ```
 */
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { characters, detector, type Reader } from './reader';
import { codeSource, textOrEnd } from '../engine/prefilter';
import { catalogue } from '../rules/catalogue';

/** Distinctive key prefixes, each with the type of the catalogue row it begins (the first row that has it). */
const prefixes: ReadonlyArray<readonly [prefix: string, type: string]> = ['AKIA', 'ASIA', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'xoxb-', 'xoxp-', 'sk-ant-', 'sk-proj-', 'sk_live_', 'AIza'].map(
  (prefix) => [prefix, catalogue.find((row) => row.prefixes.includes(prefix))?.type ?? 'ABBREVIATED_KEY'],
);

/** The most key characters shown before the ellipsis. */
const MAX_SHOWN = 16;

/** Letters and digits (folded). */
const alphanumerics = characters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');

/** A prefix, at most {@link MAX_SHOWN} letters and digits, then `…` or `...` (no two prefixes begin alike, so the first that is there decides). */
function read(reader: Reader): MatchOutcome {
  const start = reader.at;
  const found = prefixes.find(([prefix]) => reader.literal(prefix));
  if (found === undefined) return NONE;
  reader.run(MAX_SHOWN, alphanumerics);
  if (!reader.literal('\u2026') && !reader.literal('...')) return NONE;
  return reader.found(found[1], start, reader.at);
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
  match: detector(read),
};
