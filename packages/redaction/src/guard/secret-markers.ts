import { hmacSha256 } from './hmac-sha256';

/** A restorable placeholder: `<SECRET:GITHUB_TOKEN#1>`. Linear: no quantifier can backtrack. */
export const PLACEHOLDER: RegExp = /<SECRET:([A-Z][A-Z0-9_]{0,63})#([1-9]\d{0,8})>/gu;

/** The placeholder of the `number`th distinct secret of `type` in a session. */
export const placeholderFor = (type: string, number: number): string => `<SECRET:${type}#${number}>`;

/** Secrets shorter than this are masked whole: a few characters of a short one say too much. */
const MASK_MIN_LENGTH = 16;

/**
 * `value` masked: at most `keep` characters at each end, and never more than an eighth of it at
 * either end (a 16-character secret shows 2 and 2); one shorter than 16 characters shows nothing.
 */
export function maskMarker(type: string, value: string, keep: number): string {
  const shown = value.length < MASK_MIN_LENGTH ? 0 : Math.min(keep, Math.floor(value.length / 8));
  // `****` between the ends: the detector reads `ghp_…e5F6` as a spaced-out key, `ghp_****e5F6` as masked.
  return shown === 0 ? `<MASKED:${type}>` : `<MASKED:${type}#${value.slice(0, shown)}****${value.slice(value.length - shown)}>`;
}

const encoder = new TextEncoder();

/** The first 4 bytes of HMAC-SHA256(key, value) in hex: tells distinct secrets apart, reveals none. */
export function hashMarker(type: string, value: string, key: Uint8Array): string {
  const digest = hmacSha256(key, encoder.encode(value));
  let hex = '';
  for (let index = 0; index < 4; index += 1) hex += (digest[index] as number).toString(16).padStart(2, '0');
  return `<HASHED:${type}#${hex}>`;
}

/**
 * The guard's own markers that can hold no secret: placeholders (a number) and hashes (8 hex
 * digits). The detector reads `<SECRET:GITHUB_TOKEN#1>` as `SECRET: <value>`, so findings inside
 * these are dropped. Masked markers are not listed: their kept characters are the secret's.
 */
const OWN_MARKER = /<(?:SECRET:[A-Z][A-Z0-9_]{0,63}#[1-9]\d{0,8}|HASHED:[A-Z][A-Z0-9_]{0,63}#[\da-f]{8})>/gu;

/**
 * `text` with the guard's own markers blanked out (spaces of the same length, so offsets hold):
 * what the detector reads. Otherwise it takes `SECRET:` for an assignment whose value runs on past
 * the marker's end where no white space follows, as in JSON (`…#1>\\n\\nThanks!"}]`), and the
 * finding eats the placeholder's tail and the text after it.
 */
export function blankMarkers(text: string): string {
  if (!(text.includes('<SECRET:') || text.includes('<HASHED:'))) return text;
  return text.replaceAll(OWN_MARKER, (marker) => ' '.repeat(marker.length));
}

/** `findings` without those inside one of the guard's own markers (both in text order). */
export function outsideMarkers<Finding extends { readonly start: number; readonly end: number }>(text: string, findings: readonly Finding[]): readonly Finding[] {
  if (findings.length === 0 || !(text.includes('<SECRET:') || text.includes('<HASHED:'))) return findings;
  const markers = [...text.matchAll(OWN_MARKER)].map((match) => [match.index, match.index + match[0].length] as const);
  let next = 0;
  return findings.filter(({ start, end }) => {
    while (next < markers.length && (markers[next] as readonly [number, number])[1] <= start) next += 1;
    const marker = markers[next];
    return marker === undefined || !(marker[0] <= start && end <= marker[1]);
  });
}
