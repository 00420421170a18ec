import { foldAt } from '../../text/fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../../engine/matcher';
import { skipEscapes } from '../../text/terminal-escape';

/** The type of {@link afterEscapeMatcher}: it reports what the rules it asks find, under their types. */
export const AFTER_ESCAPE = 'AFTER_ESCAPE';

/**
 * A rule that lets the rules which begin only at a word's start begin right after a terminal
 * control sequence (`ESC [ 32 m` from `jq -C`, httpie, `grep --color`) or a string's `\n`, `\t`
 * or `\r` escape (a JSON log line): the letter that ends such a sequence is not the first of the
 * word after it. It answers at the sequence's first character (so a stream holds the whole
 * sequence before deciding) with what the first rule of `wordStartRules` that answers at the
 * position after it found, or waits with it.
 */
export function afterEscapeMatcher(wordStartRules: ReadonlyArray<readonly Matcher[] | undefined>): Matcher {
  const match = (input: ScanInput, at: number): MatchOutcome => {
    const { text, final } = input;
    const code = text.charCodeAt(at);
    let after: number;
    if (code === 0x1b) {
      after = skipEscapes(text, at, final);
      if (after < 0) return MORE;
      if (after === at) return NONE;
    } else if (code === 0x5c) {
      if (at + 1 >= text.length) return final ? NONE : MORE;
      const letter = text.charCodeAt(at + 1);
      if (letter !== 0x6e && letter !== 0x74 && letter !== 0x72) return NONE;
      after = at + 2;
    } else return NONE;
    if (after >= text.length) return final ? NONE : MORE;
    const rules = wordStartRules[foldAt(text, after)];
    if (rules === undefined) return NONE;
    for (const rule of rules) {
      const outcome = rule.match(input, after);
      if (outcome.kind === 'none' || (outcome.kind === 'more' && final)) continue;
      return outcome;
    }
    return NONE;
  };
  return { type: AFTER_ESCAPE, triggers: '\u001b\\', anywhere: true, prefilter: '\\x1b(?=\\[|$)|\\x5c(?=[ntr]|$)', match };
}
