/** The longest terminal control sequence read as one (`ESC [ 38;2;255;255;255 m` is 19 units). */
const MAX_ESCAPE = 32;
/** The most code units of control sequences passed over in a row between two pieces of an assignment. */
const MAX_ESCAPES = 96;

const ESCAPE = 0x1b;

/**
 * The end of the terminal control sequence (CSI: `ESC [`, parameter bytes `0-9:;<=>?`,
 * intermediate bytes from space to `/`, one final byte from `@` to `~`) that begins at `at`: the
 * position after its final byte, `at` when none begins there (or it runs past {@link MAX_ESCAPE}),
 * or -1 when the text ends inside one that may still complete.
 */
export function escapeEnd(text: string, at: number): number {
  if (text.charCodeAt(at) !== ESCAPE) return at;
  if (at + 1 >= text.length) return -1;
  if (text.charCodeAt(at + 1) !== 0x5b) return at;
  let cursor = at + 2;
  while (cursor < text.length && cursor - at < MAX_ESCAPE) {
    const code = text.charCodeAt(cursor);
    if (code >= 0x40 && code <= 0x7e) return cursor + 1;
    if (code < 0x20 || code > 0x3f) return at;
    cursor += 1;
  }
  return cursor - at >= MAX_ESCAPE ? at : -1;
}

/**
 * Passes over the terminal colour and control sequences (see {@link escapeEnd}) from `at` on,
 * up to {@link MAX_ESCAPES} code units of them: where they end (`at` when none is there), or -1
 * when the text ends inside one and more may come. Colour codes that `jq -C`, `yq`, `grep --color`
 * and httpie put around names, operators and values read as nothing between them.
 */
export function skipEscapes(text: string, at: number, final: boolean): number {
  let cursor = at;
  while (cursor - at < MAX_ESCAPES) {
    const end = escapeEnd(text, cursor);
    if (end < 0) return final ? cursor : -1;
    if (end === cursor) return cursor;
    cursor = end;
  }
  return cursor;
}
