import type { StateInline } from 'markdown-it';

type InlineRule = (state: StateInline, silent: boolean) => boolean;

const opener = '[FILE:';

/** Where the next `]` and line break are, per inline state: searched once for every marker before them. */
const searches = new WeakMap<StateInline, { closer: number; lineEnd: number }>();

const nextIndex = (source: string, character: string, from: number): number => {
  const found = source.indexOf(character, from);
  return found < 0 ? Number.POSITIVE_INFINITY : found;
};

/**
 * A markdown-it inline rule that keeps a `[FILE: …]` delivery marker exactly as written (a path's
 * underscores and asterisks are not emphasis, and the marker is not a link). The marker runs to the
 * next `]` on its line. The searches are remembered per inline state, so a line of unclosed
 * markers stays linear.
 */
export const fileMarkerRule: InlineRule = (state, silent) => {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x5b || !src.startsWith(opener, pos)) return false;
  let search = searches.get(state);
  if (search === undefined || search.closer < pos || search.lineEnd < pos) {
    search = { closer: nextIndex(src, ']', pos), lineEnd: nextIndex(src, '\n', pos) };
    searches.set(state, search);
  }
  const { closer, lineEnd } = search;
  if (closer > lineEnd || closer >= state.posMax) return false;
  if (!silent) {
    const token = state.push('text', '', 0);
    token.content = src.slice(pos, closer + 1);
  }
  state.pos = closer + 1;
  return true;
};
