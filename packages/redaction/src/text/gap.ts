import { foldAt, INVISIBLE, isSeparator, isVisibleSeparator, PUNCTUATION } from './fold';

/**
 * The most visible separators a writer puts in one gap ("\r\n  " counts four); the key's own
 * separators in it (a base64url key's `_--_` spaced out: `x _ - - _ T`) are its characters, not
 * the writer's, and count only in {@link MAX_GAP_UNITS}, the bound that keeps a gap's read short.
 */
const MAX_GAP = 8;
/** The most code units in one gap, invisible characters included (a tag character is two). */
const MAX_GAP_UNITS = 32;

/** Bit of a gap's kinds: white space of any kind (space, tab, newlines, U+2028/9). */
export const WHITESPACE_KIND: number = 1 << 10;
/** Bit of a gap's kinds: an invisible character (Cf, Cc, variation selector, tag). */
export const INVISIBLE_KIND: number = 1 << 11;
/** Bit of a gap's kinds: a line break (line feed, carriage return, U+2028/9), besides {@link WHITESPACE_KIND}. */
export const LINE_BREAK_KIND: number = 1 << 12;
/** Bit of a gap's kinds: `.` (a sentence ends where it comes with white space). */
export const PERIOD_KIND: number = 1 << 2;

/** The kind bit of each folded separator: one per punctuation character, one for white space, one for invisible characters. */
export const kindOf: Uint16Array = new Uint16Array(128);
[...'-_.|/\\:;,'].forEach((character, index) => {
  kindOf[character.charCodeAt(0)] = 1 << index;
});
kindOf[PUNCTUATION] = 1 << 9;
for (const character of ' \t') kindOf[character.charCodeAt(0)] = WHITESPACE_KIND;
for (const character of '\n\r') kindOf[character.charCodeAt(0)] = WHITESPACE_KIND | LINE_BREAK_KIND;
kindOf[INVISIBLE] = INVISIBLE_KIND;

/** {@link readGap}: the gap ended at a character that is not a separator. */
export const GAP_OK = 0;
/** {@link readGap}: the text ended inside the gap (or right at its start). */
export const GAP_ENDED = 1;
/** {@link readGap}: more than {@link MAX_GAP} visible separators not the key's own, or {@link MAX_GAP_UNITS} code units. */
const GAP_TOO_LONG = 2;

/** What {@link readGap} found, reused between calls so the hot path allocates nothing. */
export const gap: { end: number; kinds: number } = { end: 0, kinds: 0 };

/**
 * Reads the separators from `position` on (none is an empty gap) into {@link gap}: where they end
 * and the kinds they hold. Separators of the kinds in `ownKinds` (a key class's own, where the
 * gap lies inside one) do not count as the writer's. Returns {@link GAP_OK}, {@link GAP_ENDED} or {@link GAP_TOO_LONG}.
 */
export function readGap(text: string, position: number, ownKinds = 0): number {
  let kinds = 0;
  let visible = 0;
  let cursor = position;
  let status = GAP_OK;
  for (;;) {
    if (cursor >= text.length) {
      status = GAP_ENDED;
      break;
    }
    const folded = foldAt(text, cursor);
    if (!isSeparator(folded)) break;
    const kind = kindOf[folded] ?? 0;
    kinds |= kind;
    if (isVisibleSeparator(folded) && (kind & ownKinds) === 0) visible += 1;
    cursor += 1;
    if (visible > MAX_GAP || cursor - position > MAX_GAP_UNITS) {
      status = GAP_TOO_LONG;
      break;
    }
  }
  gap.end = cursor;
  gap.kinds = kinds;
  return status;
}
