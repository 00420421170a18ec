/**
 * Keys drawn as providers draw them — every body character uniformly from its catalogue row's
 * alphabet, digits or none — and written the ways a model writes a key: whole, spaced out with one
 * separator every k characters (k = 1 is one between every character), or hard-wrapped at a
 * column. Shared by `row-alphabet-keys.test.ts` and `bench/row-alphabet-leaks.ts`.
 */
import type { CatalogueRule } from '../rules/catalogue';
import { characterSet } from '../text/fold';
import { withoutSeparators } from './surviving-piece';

/** Every character of an alphabet spec such as `A-Za-z0-9_-`, its separators included. */
export function fullAlphabetOf(spec: string): string {
  const set = characterSet(spec);
  let characters = '';
  for (let code = 33; code < 127; code += 1) if (set[code] === 1) characters += String.fromCharCode(code);
  return characters;
}

/** The most characters past a run's minimum a drawn body takes (long formats' maxima are thousands). */
const SPREAD = 12;

/**
 * A key of `rule` with its prefix number `prefixIndex`: each run `min` to `min + 12` (at most `max`)
 * characters drawn uniformly from its alphabet, separators of the alphabet included.
 */
export function uniformKey(rule: CatalogueRule, random: () => number, prefixIndex = 0): string {
  let text = rule.prefixes[prefixIndex] as string;
  for (const part of rule.body) {
    if ('literal' in part) {
      text += part.literal;
      continue;
    }
    const alphabet = fullAlphabetOf(part.alphabet);
    const low = Math.max(part.min, 1);
    const length = low + Math.floor(random() * (Math.min(part.max, low + SPREAD) - low + 1));
    for (let index = 0; index < length; index += 1) text += alphabet[Math.floor(random() * alphabet.length)] as string;
  }
  return text;
}

/** The separators a key is spaced out with: space, no-break space, zero-width space, word joiner, line break, tab, `-`, `.`, `_`. */
export const spacingSeparators: readonly string[] = [' ', '\u00a0', '\u200b', '\u2060', '\n', '\t', '-', '.', '_'];

/** How a key is written: whole, a separator every `every` characters, or its line wrapped at `column`. */
export type Writing = { readonly kind: 'whole' } | { readonly kind: 'spaced'; readonly every: number; readonly separator: string } | { readonly kind: 'wrapped'; readonly column: number };

/** `key` in `before` … `after`, written the given way (a wrapped line's column counts from `before`'s last line start). */
export function written(key: string, writing: Writing, before: string, after: string): string {
  if (writing.kind === 'whole') return before + key + after;
  if (writing.kind === 'spaced') {
    const groups: string[] = [];
    for (let at = 0; at < key.length; at += writing.every) groups.push(key.slice(at, at + writing.every));
    return before + groups.join(writing.separator) + after;
  }
  const line = before + key;
  const lineStart = line.lastIndexOf('\n') + 1;
  let text = line.slice(0, lineStart);
  for (let at = lineStart; at < line.length; at += writing.column) text += (at > lineStart ? '\n' : '') + line.slice(at, at + writing.column);
  return text + after;
}

/** The fewest characters of a body piece that count as a leak. */
export const LEAK_PIECE = 4;

/**
 * The first piece of {@link LEAK_PIECE} characters of `key`'s body (after `prefix`; separators
 * left out) that a reader sees in `output` — placeholders cut out, separators removed — and that
 * the context around the key does not hold already; undefined when none.
 */
export function leakedPiece(output: string, key: string, prefix: string, context: string): string | undefined {
  // A marker shows as a block a reader sees and no key holds, so the text on its two sides never joins into one piece.
  const shown = withoutSeparators(output.replaceAll(/<REDACTED:[A-Z0-9_]+>/g, '\u2588'));
  const around = withoutSeparators(context);
  const body = withoutSeparators(key.slice(prefix.length));
  for (let index = 0; index + LEAK_PIECE <= body.length; index += 1) {
    const piece = body.slice(index, index + LEAK_PIECE);
    if (shown.includes(piece) && !around.includes(piece)) return piece;
  }
  return undefined;
}
