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
  return shown === 0 ? `<MASKED:${type}>` : `<MASKED:${type}:${value.slice(0, shown)}…${value.slice(value.length - shown)}>`;
}

const encoder = new TextEncoder();

/** The first 4 bytes of HMAC-SHA256(key, value) in hex: tells distinct secrets apart, reveals none. */
export function hashMarker(type: string, value: string, key: Uint8Array): string {
  const digest = hmacSha256(key, encoder.encode(value));
  let hex = '';
  for (let index = 0; index < 4; index += 1) hex += (digest[index] as number).toString(16).padStart(2, '0');
  return `<HASHED:${type}:${hex}>`;
}
