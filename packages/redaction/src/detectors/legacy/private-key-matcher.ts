import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../../engine/matcher';
import { textOrEnd } from '../../engine/prefilter';

const BEGIN = '-----BEGIN ';
const END = '-----END ';
const DASHES = '-----';
/** Whether a PEM or PGP armour label names a private key (`RSA PRIVATE KEY`, `PGP PRIVATE KEY BLOCK`). */
const isPrivateLabel = (label: string): boolean => label.endsWith('PRIVATE KEY') || label.endsWith('PRIVATE KEY BLOCK');
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

function match(input: ScanInput, at: number): MatchOutcome {
  const { text, final } = input;
  const available = Math.min(BEGIN.length, text.length - at);
  // Compared in place: a `-` is common, and slicing at each one would churn the heap.
  for (let index = 1; index < available; index += 1) if (text.charCodeAt(at + index) !== BEGIN.charCodeAt(index)) return NONE;
  if (available < BEGIN.length) return final ? NONE : MORE;
  const labelStart = at + BEGIN.length;
  const close = text.indexOf(DASHES, labelStart);
  if (close < 0 || close - labelStart > MAX_LABEL) {
    if (text.length - labelStart > MAX_LABEL + DASHES.length || final) return NONE;
    return MORE;
  }
  if (!isPrivateLabel(text.slice(labelStart, close))) return NONE;
  const headerEnd = close + DASHES.length;
  const end = findPrivateKeyEnd(text, headerEnd);
  if (end >= 0) return { kind: 'match', type: 'PRIVATE_KEY', start: at, end, resume: end };
  if (final) return { kind: 'match', type: 'PRIVATE_KEY', start: at, end: text.length, resume: text.length };
  return { kind: 'open', type: 'PRIVATE_KEY', start: at, resume: headerEnd };
}

/**
 * PEM private keys (RSA, EC, DSA, OPENSSH, PKCS#8, encrypted) and PGP private key blocks from `-----BEGIN` to
 * `-----END`. A stream that ends inside a key is redacted to its end: fail closed.
 */
export const privateKeyMatcher: Matcher = { type: 'PRIVATE_KEY', triggers: '-', anywhere: true, prefilter: `-(?=${textOrEnd(BEGIN.slice(1))})`, match };
