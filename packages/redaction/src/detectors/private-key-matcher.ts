/**
 * A private key block:
 *
 * ```
 * block = "-----BEGIN " label "-----" { character } ( "-----END " label "-----" | the text's end )
 * label = { character } ( "PRIVATE KEY" | "PRIVATE KEY BLOCK" )      (at most 64 characters)
 * ```
 *
 * No block: a header right before a quote, `)`, `,` or `;` (a string or call in code that looks
 * for one).
 */
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { detector, type Reader } from './reader';

const PRIVATE_KEY = 'PRIVATE_KEY';

const BEGIN = '-----BEGIN ';
const END = '-----END ';
const DASHES = '-----';
/** Whether a PEM or PGP armour label names a private key (`RSA PRIVATE KEY`, `PGP PRIVATE KEY BLOCK`). */
const isPrivateLabel = (label: string): boolean => label.endsWith('PRIVATE KEY') || label.endsWith('PRIVATE KEY BLOCK');
/** What closes a string or a call right after a header: the header is code's, with no key after it. */
const CODE_AFTER_HEADER = '"\'`),;';
/** The longest label between `BEGIN ` and `-----`, such as `ENCRYPTED PRIVATE KEY`. */
const MAX_LABEL = 64;
/** The longest `-----END <label>-----` line: what a stream must keep to find it across chunks. */
export const MAX_END_MARKER: number = END.length + MAX_LABEL + DASHES.length;

/**
 * Where the private key block that continues in `text` ends: the index just past its
 * `-----END … PRIVATE KEY-----` line, or -1 when that line has not (fully) arrived.
 */
export function findPrivateKeyEnd(text: string, from: number): number {
  for (let marker = text.indexOf(END, from); marker >= 0; marker = text.indexOf(END, marker + 1)) {
    const close = text.indexOf(DASHES, marker + END.length);
    if (close < 0) return -1;
    if (close - (marker + END.length) <= MAX_LABEL && isPrivateLabel(text.slice(marker + END.length, close))) {
      return close + DASHES.length;
    }
  }
  return -1;
}

function read(reader: Reader): MatchOutcome {
  const { text, at } = reader;
  if (!reader.literal(BEGIN)) return NONE;
  const labelStart = reader.at;
  const close = text.indexOf(DASHES, labelStart);
  if (close < 0 || close - labelStart > MAX_LABEL) {
    // The label's end may still come while the text is shorter than the longest label.
    if (text.length - labelStart <= MAX_LABEL + DASHES.length) reader.wait();
    return NONE;
  }
  if (!isPrivateLabel(text.slice(labelStart, close))) return NONE;
  const headerEnd = close + DASHES.length;
  // The header alone in a string or a call (`pkcs8.indexOf("-----BEGIN PRIVATE KEY-----")`,
  // `b"-----BEGIN OPENSSH PRIVATE KEY-----"`): code that looks for a key, no key. The character
  // after the header decides, so a stream waits for it.
  if (headerEnd === text.length && !reader.final) {
    reader.wait();
    return NONE;
  }
  if (headerEnd < text.length && CODE_AFTER_HEADER.includes(text[headerEnd] as string)) return NONE;
  const end = findPrivateKeyEnd(text, headerEnd);
  if (end >= 0) return reader.found(PRIVATE_KEY, at, end);
  if (reader.final) return reader.found(PRIVATE_KEY, at, text.length);
  return { kind: 'open', type: PRIVATE_KEY, start: at, resume: headerEnd };
}

/**
 * PEM private keys (RSA, EC, DSA, OPENSSH, PKCS#8, encrypted) and PGP private key blocks from `-----BEGIN` to
 * `-----END`. A stream that ends inside a key is redacted to its end: fail closed.
 */
export const privateKeyMatcher: Matcher = { type: PRIVATE_KEY, triggers: '-', anywhere: true, prefilter: `-(?=${textOrEnd(BEGIN.slice(1))})`, match: detector(read) };
