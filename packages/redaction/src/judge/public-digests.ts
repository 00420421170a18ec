/**
 * Public identifiers of exact shape that the entropy rule leaves alone: subresource-integrity
 * digests (the `integrity` of every lockfile) and ULIDs (request and trace ids). Each check reads
 * a token run by its exact shape — length, alphabet, padding, decoded time — so a random secret of
 * another shape, or one glued to them, is still judged. Linear, no regular expression.
 */

/** The SRI algorithms: the digest's length in base64 characters and the `=` of padding after it. */
const integrityAlgorithms: ReadonlyArray<{ readonly name: string; readonly length: number; readonly padding: number }> = [
  { name: 'sha512-', length: 86, padding: 2 },
  { name: 'sha384-', length: 64, padding: 0 },
  { name: 'sha256-', length: 43, padding: 1 },
  { name: 'sha1-', length: 27, padding: 1 },
];

/** The value (0–63) of a standard base64 character, or -1. */
function base64Value(code: number): number {
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 71;
  if (code >= 48 && code <= 57) return code + 4;
  if (code === 43) return 62;
  if (code === 47) return 63;
  return -1;
}

/**
 * Whether `text[start, last)` is one subresource-integrity digest (`sha512-` and 86 base64
 * characters, `sha384-` and 64, `sha256-` and 43, `sha1-` and 27): standard base64 only, its last
 * character's unused bits zero, followed by the `=` its length requires (`text[last]`, the
 * character that ended the run) or, unpadded, by no `=`. The second `=` of a SHA-512 may not have
 * arrived when the run is judged, so it is not read: the first is.
 */
export function isIntegrityDigest(text: string, start: number, last: number): boolean {
  for (const { name, length, padding } of integrityAlgorithms) {
    if (last - start !== name.length + length || !text.startsWith(name, start)) continue;
    let value = 0;
    for (let index = start + name.length; index < last; index += 1) {
      value = base64Value(text.charCodeAt(index));
      if (value < 0) return false;
    }
    // One `=` leaves two bits of the last character unused, two leave four: they are zero.
    if (padding === 1 && value % 4 !== 0) return false;
    if (padding === 2 && value % 16 !== 0) return false;
    return padding === 0 ? text[last] !== '=' : text[last] === '=';
  }
  return false;
}

/** The length of a go.sum `h1:` hash: a SHA-256 in standard base64, 43 characters before its `=`. */
const GO_HASH_LENGTH = 43;

/**
 * Whether the token run `text[start, last)` is the hash of a go.sum or go.work.sum line
 * (`h1:` then a SHA-256 in standard base64 and its `=`): exactly 43 base64 characters, the
 * last one's two unused bits zero, `h1:` right before the run and `=` right after it
 * (`text[last]`). Like an integrity digest it is public (every module proxy serves it). A random
 * secret of 43 characters passes only when it is written in that frame and its last character is
 * one of the 16 of 64 with zero low bits (1 in 4); in any other place (no `h1:` before it, no `=`
 * after it, another length, `-` or `_` in it) it is judged as before.
 */
export function isGoModuleHash(text: string, start: number, last: number): boolean {
  if (last - start !== GO_HASH_LENGTH || start < 3 || text[last] !== '=' || !text.startsWith('h1:', start - 3)) return false;
  let value = 0;
  for (let index = start; index < last; index += 1) {
    value = base64Value(text.charCodeAt(index));
    if (value < 0) return false;
  }
  return value % 4 === 0;
}

/**
 * Where a subresource-integrity digest that ends the token run `text[start, last)` begins, when
 * something is glued before it (`<key>sha1-…=`), or -1: the digest is read by its exact shape
 * ({@link isIntegrityDigest}, `text[last]` its padding), so what lies before it is judged alone.
 * A digest is public; a key glued to it is not made public by it.
 */
export function gluedIntegrityDigestStart(text: string, start: number, last: number): number {
  for (const { name, length } of integrityAlgorithms) {
    const from = last - name.length - length;
    if (from > start && text.startsWith(name, from) && isIntegrityDigest(text, from, last)) return from;
  }
  return -1;
}

/** Crockford's base32 digits in upper case (no I, L, O, U): their values by code, -1 otherwise. */
const crockfordValues: Int8Array = (() => {
  const values = new Int8Array(128).fill(-1);
  const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  for (let index = 0; index < digits.length; index += 1) values[digits.charCodeAt(index)] = index;
  return values;
})();

/** A ULID's length: 26 digits of Crockford's base32. */
export const ULID_LENGTH = 26;

/** The earliest and latest time a ULID is read as one: 2000-01-01 and 2100-01-01, UTC. */
const ULID_EARLIEST = Date.UTC(2000, 0, 1);
const ULID_LATEST = Date.UTC(2100, 0, 1);

/**
 * Whether `text[start, start + 26)` is a ULID: 26 digits of Crockford's base32 all in one case
 * (`01ARZ3NDEKTSV4RRFFQ69G5FAV` or its lower case), whose first ten (milliseconds since 1970) fall
 * in 2000–2099. A random string of that alphabet and length falls there once in about 357.
 */
export function isUlidAt(text: string, start: number): boolean {
  if (start + ULID_LENGTH > text.length) return false;
  let upper = false;
  let lower = false;
  let time = 0;
  for (let offset = 0; offset < ULID_LENGTH; offset += 1) {
    let code = text.charCodeAt(start + offset);
    if (code >= 97 && code <= 122) {
      lower = true;
      code -= 32;
    } else if (code >= 65 && code <= 90) upper = true;
    const value = code < 128 ? (crockfordValues[code] as number) : -1;
    if (value < 0) return false;
    if (offset < 10) time = time * 32 + value;
  }
  return !(upper && lower) && time >= ULID_EARLIEST && time < ULID_LATEST;
}

/**
 * Whether `text[from, to)` is a name beside a ULID: digits, or letters all of one case with optional
 * trailing digits (`req`, `TRACE`, `span2`). Stricter than a word of the entropy rule: a random
 * secret's piece of mixed case, glued to such a name, never becomes one (`…AGYXe` + `msg` would
 * read as a camelCase word with few capitals).
 */
function isName(text: string, from: number, to: number): boolean {
  let letters = to;
  while (letters > from && isDigitCode(text.charCodeAt(letters - 1))) letters -= 1;
  let upper = false;
  let lower = false;
  for (let index = from; index < letters; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 65 && code <= 90) upper = true;
    else if (code >= 97 && code <= 122) lower = true;
    else return false;
  }
  return !(upper && lower);
}

const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Whether the token run `text[start, last)` is a ULID, alone or as one piece of a name whose other
 * pieces (between `_ - . /`) are digits or letters of one case (`req_01ARZ3…`, `trace-01ARZ3…/span`).
 */
export function isUlidRun(text: string, start: number, last: number): boolean {
  let ulids = 0;
  let from = start;
  while (from <= last) {
    let to = from;
    while (to < last && !isPieceBreak(text.charCodeAt(to))) to += 1;
    if (to - from === ULID_LENGTH && isUlidAt(text, from)) ulids += 1;
    else if (!isName(text, from, to)) return false;
    from = to + 1;
  }
  return ulids > 0;
}

/**
 * The ULIDs that stand as whole pieces (between `_ - . /`) of the token run `text[start, last)`,
 * as start and end pairs in order: public pieces a key glued beside them is judged apart from.
 */
export function ulidPieceSpans(text: string, start: number, last: number): number[] {
  const spans: number[] = [];
  let from = start;
  while (from < last) {
    let to = from;
    while (to < last && !isPieceBreak(text.charCodeAt(to))) to += 1;
    if (to - from === ULID_LENGTH && isUlidAt(text, from)) spans.push(from, to);
    from = to + 1;
  }
  return spans;
}

/** `_`, `-`, `.` and `/`: where a name's pieces meet. */
const isPieceBreak = (code: number): boolean => code === 95 || code === 45 || code === 46 || code === 47;

/**
 * Whether the token run `text[start, last)` (trailing `. - _ ~` dropped, `text[last]` what ended
 * it) is a public identifier the entropy rule leaves alone: a subresource-integrity digest or a
 * ULID ({@link isIntegrityDigest}, {@link isUlidRun}).
 */
export function isPublicDigest(text: string, start: number, last: number): boolean {
  return (last - start >= 26 && isUlidRun(text, start, last)) || isIntegrityDigest(text, start, last);
}
