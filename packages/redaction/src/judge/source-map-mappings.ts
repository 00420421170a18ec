/**
 * A source map's `mappings` (base64 VLQ) told apart from a key spaced out with commas: a
 * minified bundle's map holds `EAAI,EAAI,CAAC,…`, which a catalogue row whose prefix is `EAA…`
 * reads as its key written in groups. Internal: not exported from the package.
 */
import { base64Value } from '../text/base64';

/** The fewest whole segments (between two separators) a key must hold to be read as mappings. */
const MIN_SEGMENTS = 8;

/**
 * Whether `key` is a stretch of a source map's `mappings`: base64 pieces between `,` and `;` (no
 * other separator), every whole piece — all but the first and the last, which the key may have cut —
 * one segment of 1, 4 or 5 VLQ numbers (a number's last character has no continuation bit, 32), and
 * {@link MIN_SEGMENTS} of them or more. A key drawn at random and written in groups of four with
 * commas passes a group about one time in eight, so eight groups about once in ten million.
 */
export function isSourceMapMappings(key: string): boolean {
  let segments = 0;
  let numbers = 0;
  let open = false;
  let first = true;
  for (let index = 0; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (code === 44 || code === 59) {
      if (!first && index > 0 && key.charCodeAt(index - 1) !== 59) {
        if (open || (numbers !== 1 && numbers !== 4 && numbers !== 5)) return false;
        segments += 1;
      }
      if (index > 0) first = false;
      numbers = 0;
      open = false;
      continue;
    }
    const value = base64Value(code, 'standard');
    if (value < 0) return false;
    open = value >= 32;
    if (!open) numbers += 1;
  }
  return segments >= MIN_SEGMENTS;
}
