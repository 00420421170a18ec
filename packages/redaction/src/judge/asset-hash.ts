/**
 * Content-hashed asset names of web bundlers (Vite and Rollup `index-B_TqY17P.css`, Webpack and
 * Parcel `main.3f2a9c1e.js`, `favicon-32x32-eab170b8.png`): the hash is a short fingerprint of a
 * public file, never a credential, and too short to hide one. Linear, no regular expression.
 */

/** The extensions of the files bundlers fingerprint, lower case. */
const assetExtensions: ReadonlySet<string> = new Set(['js', 'mjs', 'cjs', 'jsx', 'ts', 'css', 'map', 'html', 'json', 'wasm', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'bmp', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp3', 'mp4', 'webm', 'txt']);

/** The length of a Vite or Rollup hash: eight characters of `A-Z a-z 0-9 _ -`. */
const ROLLUP_HASH_LENGTH = 8;
/** The lengths of a lower-case hex hash (Webpack's `[contenthash]` and its slices, Parcel). */
const HEX_HASH_MINIMUM = 8;
const HEX_HASH_MAXIMUM = 20;

const isBase64Url = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || code === 45;
const isLowerHex = (code: number): boolean => (code >= 97 && code <= 102) || (code >= 48 && code <= 57);

/**
 * Where the `-` or `.` before the content hash of a bundled asset's name begins when the token run
 * `text[start, last)` ends in one (`<name>-<hash>.<extension>`), or -1. The hash is eight
 * characters of `A-Za-z0-9_-` after a `-`, or 8–20 lower-case hex digits after a `-` or `.`, and
 * the extension one that bundlers fingerprint (`js`, `css`, `png`, `woff2`, …, any case). The name
 * before it is not given a pass: the caller judges it alone.
 */
export function assetHashStart(text: string, start: number, last: number): number {
  let dot = last - 1;
  while (dot > start && text.charCodeAt(dot) !== 46 && last - dot <= 6) dot -= 1;
  if (dot <= start || text.charCodeAt(dot) !== 46 || !assetExtensions.has(text.slice(dot + 1, last).toLowerCase())) return -1;
  // Eight characters of base64url after a `-` (Rollup's hash may itself hold `-` and `_`).
  const rollup = dot - ROLLUP_HASH_LENGTH - 1;
  if (rollup > start && text.charCodeAt(rollup) === 45) {
    let ok = true;
    for (let index = rollup + 1; index < dot && ok; index += 1) ok = isBase64Url(text.charCodeAt(index));
    if (ok) return rollup;
  }
  let from = dot;
  while (from > start && dot - from < HEX_HASH_MAXIMUM && isLowerHex(text.charCodeAt(from - 1))) from -= 1;
  const separator = from - 1;
  if (dot - from < HEX_HASH_MINIMUM || separator <= start) return -1;
  const code = text.charCodeAt(separator);
  return code === 45 || code === 46 ? separator : -1;
}
