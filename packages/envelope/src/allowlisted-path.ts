/**
 * The entropy rule's path exception (issue 13). The spec allowlists UUIDs and SHAs, but a path
 * made of them (`runs/<uuid>/<sha1>.json`) reads as one long high-entropy run: each segment must
 * be judged on its own. Every function here is a hand-written linear scan.
 */

const isHexDigit = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const isUpper = (code: number): boolean => code >= 65 && code <= 90;
const isLower = (code: number): boolean => code >= 97 && code <= 122;

/** Whether `text[start, end)` is all hex digits of one case, 7 to 64 long: a SHA or an abbreviated one. */
function isHexDigest(text: string, start: number, end: number): boolean {
  if (end - start < 7 || end - start > 64) return false;
  let upper = false;
  let lower = false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (!isHexDigit(code)) return false;
    if (isUpper(code)) upper = true;
    else if (isLower(code)) lower = true;
  }
  return !(upper && lower);
}

/** Whether `text[start, end)` is a UUID, `8-4-4-4-12` hex digits of one case (any version). */
function isUuid(text: string, start: number, end: number): boolean {
  if (end - start !== 36) return false;
  let upper = false;
  let lower = false;
  for (let offset = 0; offset < 36; offset += 1) {
    const code = text.charCodeAt(start + offset);
    if (offset === 8 || offset === 13 || offset === 18 || offset === 23) {
      if (code !== 45) return false;
    } else if (!isHexDigit(code)) return false;
    else if (isUpper(code)) upper = true;
    else if (isLower(code)) lower = true;
  }
  return !(upper && lower);
}

/**
 * Whether `text[start, end)` reads as a word or a number: digits only, or letters then optional
 * digits (`report`, `v2`, `utf8`), the letters all capitals or mostly lower case. Random strings mix
 * digits into letters, or cases at random.
 */
function isWord(text: string, start: number, end: number): boolean {
  let letters = end;
  while (letters > start && isDigit(text.charCodeAt(letters - 1))) letters -= 1;
  let upper = 0;
  for (let index = start; index < letters; index += 1) {
    const code = text.charCodeAt(index);
    if (isUpper(code)) upper += 1;
    else if (!isLower(code)) return false;
  }
  const count = letters - start;
  return count === 0 || upper === count || upper * 3 <= count;
}

/**
 * A name between separators: UUIDs, hex digests and words joined by `-`. Read left to right: a
 * UUID where one starts (its own dashes do not split it), else the next dash-separated part.
 */
function isAllowlistedName(text: string, start: number, end: number): boolean {
  let from = start;
  while (from < end) {
    const uuidEnd = from + 36;
    if (uuidEnd <= end && (uuidEnd === end || text[uuidEnd] === '-') && isUuid(text, from, uuidEnd)) {
      from = uuidEnd + 1;
      continue;
    }
    let part = from;
    while (part < end && text[part] !== '-') part += 1;
    if (!isWord(text, from, part) && !isHexDigest(text, from, part)) return false;
    from = part + 1;
  }
  return true;
}

const separators = new Set(['/', '\\', '.', '_', '+', '~', ':', '@', '=', ',']);

/**
 * Whether `text` is a path (or file name) made only of allowlisted pieces: between any of
 * `/ \ . _ + ~ : @ = ,`, each piece is a UUID, a hex digest of 7 to 64 characters, or ordinary
 * words and numbers joined by `-` (names, extensions, versions). A piece of random mixed-case
 * letters and digits (a real secret inside a path) makes it not allowlisted.
 */
export function isAllowlistedPath(text: string): boolean {
  let from = 0;
  for (let index = 0; index <= text.length; index += 1) {
    if (index === text.length || separators.has(text[index] as string)) {
      if (index > from && !isAllowlistedName(text, from, index)) return false;
      from = index + 1;
    }
  }
  return true;
}
