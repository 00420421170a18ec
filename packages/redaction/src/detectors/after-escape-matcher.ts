/**
 * A word-start rule's match right after an escape:
 *
 * ```
 * after-escape = ( ESC "[" parameters final-letter | "\" ( "n" | "t" | "r" ) ) word-start-rule
 * ```
 */
import { foldAt } from '../text/fold';
import { type Matcher, NONE } from '../engine/matcher';
import { detector, END } from './reader';

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
  const match = detector((reader) => {
    const code = reader.code();
    if (code === 0x1b) {
      if (reader.escapes() === 0) return NONE;
    } else {
      if (code !== 0x5c) return NONE;
      const letter = reader.code(1);
      if (letter !== 0x6e && letter !== 0x74 && letter !== 0x72) return NONE;
      reader.at += 2;
    }
    if (reader.code() === END) return NONE;
    const input = { text: reader.text, final: reader.final };
    for (const rule of wordStartRules[foldAt(reader.text, reader.at)] ?? []) {
      const outcome = rule.match(input, reader.at);
      if (outcome.kind === 'none' || (outcome.kind === 'more' && reader.final)) continue;
      return outcome;
    }
    return NONE;
  });
  return { type: AFTER_ESCAPE, triggers: '\u001b\\', anywhere: true, prefilter: '\\x1b(?=\\[|$)|\\x5c(?=[ntr]|$)', match };
}
