import { fold } from './fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from './matcher';
import { textOrEnd } from './prefilter';
import { isPlaceholder, isStructured } from './plausibility';

const schemes = ['bearer', 'basic', 'token'] as const;
const credential = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=') credential[character.charCodeAt(0)] = 1;

/** The longest credential value taken after `Bearer`/`Basic`/`Token`. */
const MAX_VALUE = 4096;
const MIN_VALUE = 8;

function matchScheme(text: string, at: number, scheme: string, final: boolean): number | 'more' | 'none' {
  for (let index = 0; index < scheme.length; index += 1) {
    if (at + index >= text.length) return final ? 'none' : 'more';
    const code = fold(text.charCodeAt(at + index));
    if ((code | 0x20) !== scheme.charCodeAt(index)) return 'none';
  }
  return at + scheme.length;
}

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  for (const scheme of schemes) {
    // `Token` only capitalised: lowercase "token <key>" is prose, and the key's own rule names it.
    if (scheme === 'token' && text[at] !== 'T') continue;
    const afterScheme = matchScheme(text, at, scheme, final);
    if (afterScheme === 'more') return MORE;
    if (afterScheme === 'none') continue;
    let cursor = afterScheme;
    while (cursor < text.length && (text[cursor] === ' ' || text[cursor] === '\t') && cursor - afterScheme < 8) cursor += 1;
    if (cursor >= text.length) return final ? NONE : MORE;
    if (cursor === afterScheme) return NONE;
    const start = cursor;
    while (cursor < text.length && cursor - start < MAX_VALUE && credential[fold(text.charCodeAt(cursor))] === 1) cursor += 1;
    if (cursor >= text.length && !final && cursor - start < MAX_VALUE) return MORE;
    const value = text.slice(start, cursor);
    if (value.length < MIN_VALUE || isStructured(value) || isPlaceholder(value)) return NONE;
    return { kind: 'match', type: 'AUTHORIZATION_CREDENTIAL', start, end: cursor, resume: cursor };
  }
  return NONE;
}

/**
 * `Authorization: Bearer …`, `Basic …` and `Token …` credentials: the value after the scheme word
 * (8 to 4096 token characters; `Token` only capitalised, as prose says "token"), unless it reads as words ("Bearer authentication") or a placeholder.
 */
export const authorizationMatcher: Matcher = {
  type: 'AUTHORIZATION_CREDENTIAL',
  triggers: 'bBT',
  // The scheme words after their first character, folded: `Token` only capitalised.
  prefilter: `[Bb](?=${textOrEnd('a', { caseless: true, folded: true })}|${textOrEnd('e', { caseless: true, folded: true })})|T(?=${textOrEnd('o', { caseless: true, folded: true })})`,
  match,
};
