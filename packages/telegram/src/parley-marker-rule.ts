import type { StateInline } from 'markdown-it';

type InlineRule = (state: StateInline, silent: boolean) => boolean;

/** A secret type's name, as `@parley/redaction` accepts it for a rule (`GITHUB_TOKEN`). */
const type = '[A-Z][A-Z0-9_]{0,63}';

/** A masked secret's two ends: the same number of characters (1 to 8) on each side of `****`. */
const maskedEnds = Array.from({ length: 8 }, (_, index) => `[^\\n]{${index + 1}}\\*{4}[^\\n]{${index + 1}}`).join('|');

/**
 * Every marker Parley writes into text, without its `<` and `>`. Each would otherwise read as a
 * Markdown autolink (`<SCHEME:…>`), lose its angle brackets and, for a marker with `*` or `_`
 * inside, its characters to emphasis. None holds a `<` or a line break (a masked marker's ends
 * aside, which are at most 8 characters), so finding one at a `<` reads no further than the next
 * `<` or the longest form.
 */
const parleyMarkerForms: ReadonlyArray<{ readonly name: string; readonly writtenBy: string; readonly form: string }> = [
  { name: 'redacted', writtenBy: '@parley/redaction (`redactSecrets`, the default placeholder)', form: `REDACTED:${type}` },
  { name: 'secret placeholder', writtenBy: "@parley/redaction's guard (`placeholder`, restorable)", form: `SECRET:${type}#[1-9]\\d{0,8}` },
  { name: 'hashed', writtenBy: "@parley/redaction's guard (`hash`)", form: `HASHED:${type}#[0-9a-f]{8}` },
  { name: 'masked', writtenBy: "@parley/redaction's guard (`mask`)", form: `MASKED:${type}(?:#(?:${maskedEnds}))?` },
  { name: 'blob reference', writtenBy: '@parley/envelope (`formatRef`)', form: 'REF:[^#<>\\s]{1,1024}#sha256:[0-9a-f]{64}#size:\\d{1,15}' },
  { name: 'artifact reference', writtenBy: '@parley/envelope (`formatRef`)', form: 'REF:artifacts\\[\\d{1,6}\\]#L\\d{1,9}' },
];

/** Any of {@link parleyMarkerForms}, from a `<` (sticky: it matches there or not at all). */
const parleyMarker = new RegExp(`<(?:${parleyMarkerForms.map(({ form }) => form).join('|')})>`, 'y');

/**
 * A markdown-it inline rule that keeps every marker Parley writes (`<REDACTED:GITHUB_TOKEN>`,
 * `<SECRET:GITHUB_TOKEN#1>`, `<REF:artifacts[0]#L42>` …) exactly as written: as text, before the
 * autolink rule would read it as a link and drop its angle brackets, and before emphasis could
 * take a `*` or `_` inside it.
 */
export const parleyMarkerRule: InlineRule = (state, silent) => {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3c) return false;
  parleyMarker.lastIndex = pos;
  const match = parleyMarker.exec(src);
  if (match === null || pos + match[0].length > state.posMax) return false;
  if (!silent) {
    const token = state.push('text', '', 0);
    token.content = match[0];
  }
  state.pos = pos + match[0].length;
  return true;
};
