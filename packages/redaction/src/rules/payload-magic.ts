/**
 * Embedded files written in base64 (an image in a data URI, WebAssembly in a bundle, a font, a
 * source map): public data, however random it reads. A run that begins with the base64 of a file
 * format's magic number is one, whatever its length; the entropy rule leaves it alone (keys with a
 * provider's prefix are still found inside it). Data: one row per format, the base64 of its first
 * bytes (or how a URL writes the data URI that holds it). Internal: not exported from the package.
 */
export const payloadMagic: readonly (readonly [format: string, base64: string])[] = [
  ['PNG', 'iVBORw0KGgo'],
  ['JPEG', '/9j/'],
  ['GIF 89a', 'R0lGODlh'],
  ['GIF 87a', 'R0lGODdh'],
  ['RIFF (WebP, WAV)', 'UklGR'],
  ['ICO', 'AAABAA'],
  ['WebAssembly', 'AGFzbQ'],
  ['PDF', 'JVBERi0'],
  ['ZIP', 'UEsDB'],
  ['gzip', 'H4sI'],
  ['WOFF', 'd09GRg'],
  ['WOFF2', 'd09GMg'],
  ['TrueType', 'AAEAAAA'],
  ['OpenType', 'T1RUTw'],
  ['SVG', 'PHN2Zy'],
  ['XML', 'PD94bWwg'],
  ['source map', 'eyJ2ZXJzaW9uIjoz'],
  // An image's data URI written percent-encoded inside a URL (a badge's `logo=data%3Aimage%2Fpng%3Bbase64%2C…`).
  ['image data URI, percent-encoded', 'data%3Aimage%2F'],
];

/** The shortest magic: a run shorter than this cannot begin with one. */
const SHORTEST = Math.min(...payloadMagic.map(([, base64]) => base64.length));

/** By ASCII code: 1 where some magic begins with that character (most runs are turned away by it alone). */
const FIRST = new Uint8Array(128);
for (const [, base64] of payloadMagic) FIRST[base64.charCodeAt(0)] = 1;

/** Whether `text` at `start` begins with the base64 of a file format's magic number (see {@link payloadMagic}). */
export function isPayloadStart(text: string, start: number): boolean {
  if (text.length - start < SHORTEST || FIRST[text.charCodeAt(start)] !== 1) return false;
  for (const [, base64] of payloadMagic) if (text.startsWith(base64, start)) return true;
  return false;
}
