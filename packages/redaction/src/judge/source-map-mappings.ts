/**
 * A source map's `mappings` (base64 VLQ) told apart from a key spaced out with commas: a
 * minified bundle's map holds `EAAI,EAAI,CAAC,…`, which a catalogue row whose prefix is `EAA…`
 * reads as its key written in groups. Internal: not exported from the package.
 */
import { base64Value } from '../text/base64';

/** The fewest whole segments (between two separators) a key must hold to be read as mappings. */
const MIN_SEGMENTS = 8;

/**
 * Whether `key` is a stretch of a source map's `mappings`: pieces between runs of `,` and `;`,
 * every whole piece — all but the first and the last, which the key may have cut — base64 of one
 * segment of 1, 4 or 5 VLQ numbers (a number's last character has no continuation bit, 32), and
 * {@link MIN_SEGMENTS} of them or more. A key drawn at random and written in groups of four with
 * commas passes a group about one time in eight, so eight groups about once in ten million.
 */
export function isSourceMapMappings(key: string): boolean {
  const pieces = key.split(/[,;]+/u);
  return (
    pieces.length >= MIN_SEGMENTS + 2 &&
    pieces.slice(1, -1).every((piece) => {
      let numbers = 0;
      let value = 0;
      for (let index = 0; index < piece.length; index += 1) {
        value = base64Value(piece.charCodeAt(index), 'standard');
        if (value < 0) return false;
        if (value < 32) numbers += 1;
      }
      return value < 32 && [1, 4, 5].includes(numbers);
    })
  );
}
