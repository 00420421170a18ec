/**
 * Base64 judged by what it encodes. A run the entropy rule would redact for its characters is
 * decoded; it is no secret when its bytes are
 *
 * - **written text**: printable ASCII, or UTF-8 in any script, in which the input's own rules find
 *   no secret and that reads as written (`IGluZnJhc3RydWN0dXJl`, a tokenizer's rank table entry
 *   for " infrastructure"; an encoded sentence in a test), and that neither begins nor ends with
 *   what reads as a piece of a key (a wrapped line's or a cut run's edge). 12 random bytes are all printable
 *   once in about 110,000 draws, so a key's bytes almost never pass for text, and a key or
 *   password written in printable characters still reads as random once decoded;
 * - **a public structure**: one DER value that is a public key, a certificate, a CRL or a request
 *   (see {@link isPublicDer}), as `"rawBytes": "MFkw…"` holds one without its PEM lines, or an SSH
 *   public key (see {@link opensSshPublicKey});
 * - **structured data**: 128 bytes or more (171 base64 characters, longer than nearly every key)
 *   whose byte distribution is far from uniform (WebAssembly, a lookup table, a font embedded in
 *   a bundle). Key material is uniform random bytes, and a key of random letters and digits
 *   decodes to nearly uniform bytes too; so is most of a DER private key (its big integers), which
 *   stays redacted. A run of hex digits alone is not read so: its characters are 16 of base64's 64,
 *   which no byte distribution of random hex would pass. Such bytes may still be text a byte off
 *   printable (a form feed, a Latin-1 letter), UTF-16 (PowerShell's `-EncodedCommand`) or a
 *   serialized record holding a key as a string: the strings in them are read by the input's own
 *   rules first, and bytes with a secret in them are not structured data;
 * - **a skewed draw**: base64 of any length whose characters are far from uniform over its
 *   alphabet (see `near-constant.ts`), as a binary's are and random key bytes' are not; its
 *   strings are read by the input's rules first too.
 *
 * Internal: not exported from the package.
 */
import { decodeBase64 } from '../text/base64';
import { characterSet } from '../text/fold';
import { isSkewed } from './near-constant';
import { isPatterned } from './patterned-text';
import { isHex } from './plausibility';
import { RANDOM_EVIDENCE, randomnessEvidence } from './randomness-judge';

/**
 * The tags of the elements of the one DER SEQUENCE `bytes` are — each element of the length its
 * header declares, together filling the SEQUENCE to the length its own header declares — or
 * undefined when `bytes` are anything else (a line more or less, a cut, random bytes: a random
 * draw passes this about never).
 */
export function derSequenceTags(bytes: Uint8Array): number[] | undefined {
  const tags: number[] = [];
  for (let index = 0; index < bytes.length; ) {
    const tag = bytes[index] as number;
    const first = bytes[index + 1] ?? 0;
    const octets = first < 0x80 ? 0 : first & 0x7f;
    if ((tag & 0x1f) === 0x1f || octets > 3) return undefined;
    let length = first < 0x80 ? first : 0;
    for (let octet = 0; octet < octets; octet += 1) length = length * 256 + (bytes[index + 2 + octet] ?? 0);
    const content = index + 2 + octets;
    // The SEQUENCE's header (at 0) must declare exactly the rest; its elements follow one another.
    if (index === 0) {
      if (tag !== 0x30 || content + length !== bytes.length) return undefined;
      index = content;
      continue;
    }
    if (content + length > bytes.length) return undefined;
    tags.push(tag);
    index = content + length;
  }
  return tags.length === 0 ? undefined : tags;
}

/**
 * Whether `bytes` are public by their structure: one DER SEQUENCE that begins with a SEQUENCE and
 * ends with a BIT STRING — a public key (SubjectPublicKeyInfo: its algorithm, then the key), a
 * certificate, a CRL or a certificate request (the signed part, its algorithm, the signature). A
 * private key begins with an INTEGER (its version); an encrypted one ends with an OCTET STRING.
 */
export function isPublicDer(bytes: Uint8Array): boolean {
  const tags = derSequenceTags(bytes);
  return tags !== undefined && tags.length >= 2 && tags[0] === 0x30 && tags[tags.length - 1] === 0x03;
}

/** An SSH public key's algorithm name (RFC 4253 §6.6, OpenSSH's security keys and certificates): `ssh-rsa`, `ssh-ed25519`, `ecdsa-sha2-nistp256`, `sk-ssh-ed25519@openssh.com`. */
const sshKeyAlgorithm = /^(?:ssh|ecdsa|sk)-[a-z\d@.-]{2,60}$/u;

/**
 * Whether base64 at `text[start, end)` opens with an SSH public key's wire form: a 32-bit length,
 * then that many bytes of an algorithm name (see {@link sshKeyAlgorithm}) — `AAAAB3NzaC1yc2E…`,
 * `AAAAC3NzaC1lZDI1NTE5…`, as `authorized_keys`, `known_hosts` and `ssh-keygen -y` write one.
 * A private key (`openssh-key-v1`, PEM) never opens so. Read from the opening only, so an
 * elided key (`AAAAB3NzaC1yc2E…...ZrPg`) is one too.
 */
export function opensSshPublicKey(text: string, start: number, end: number): boolean {
  if (end - start < 16 || !text.startsWith('AAAA', start)) return false;
  const length = decodeBase64(text, start, start + 8)?.[3] ?? 0;
  const characters = Math.ceil((4 + length) / 3) * 4;
  const head = start + characters <= end ? decodeBase64(text, start, start + characters) : undefined;
  return head !== undefined && sshKeyAlgorithm.test(String.fromCharCode(...head.subarray(4, 4 + length)));
}

/** The fewest bytes worth reading as text: shorter text says too little either way. */
const MIN_TEXT_BYTES = 12;
/** The fewest bytes whose distribution is read ({@link isStructuredBytes}). */
const MIN_STRUCTURE_BYTES = 128;
/** The fewest base64 characters that hold {@link MIN_STRUCTURE_BYTES}. */
const MIN_STRUCTURE_CHARACTERS = Math.ceil((MIN_STRUCTURE_BYTES * 4) / 3);
/**
 * How far (bits) below the byte entropy uniform random bytes are expected to have a run's bytes
 * must be to be structured. Over 20,000 draws each of 128, 160 and 192 random bytes, the lowest
 * stayed 0.14–0.2 bits above this bar (and 5,000 keys of random letters and digits, 0.18–0.26);
 * the WebAssembly in a bundle falls 2.5–3.3 bits below the expectation.
 */
const STRUCTURE_MARGIN = 0.5;

/** Whether the byte is printable ASCII, a tab or a line break. */
const isPrintable = (byte: number): boolean => (byte >= 32 && byte < 127) || byte === 9 || byte === 10 || byte === 13;
/** UTF-8, refusing malformed bytes. */
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Control, format, unassigned and private-use characters: never in text a person wrote. */
const unwritten = /[^\P{C}\t\n\r]/u;

/** The text `bytes` hold when they are printable ASCII, or UTF-8 of printable text in any script; else undefined. */
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.length < MIN_TEXT_BYTES) return undefined;
  let ascii = true;
  for (const byte of bytes) {
    if (byte >= 128) ascii = false;
    else if (!isPrintable(byte)) return undefined;
  }
  if (ascii) return String.fromCharCode(...bytes);
  let decoded: string;
  try {
    decoded = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  return unwritten.test(decoded) ? undefined : decoded;
}

/**
 * The text `text[start, end)` encodes when it is base64 (see {@link decodeBase64}, its length one a
 * base64 text can have) of printable text (see {@link textOf}); otherwise undefined.
 */
export function decodedText(text: string, start: number, end: number): string | undefined {
  let last = end;
  while (last > start && text.charCodeAt(last - 1) === 61 && end - last < 2) last -= 1;
  if ((last - start) % 4 === 1) return undefined;
  const bytes = decodeBase64(text, start, last);
  return bytes === undefined ? undefined : textOf(bytes);
}

/**
 * The text a piece of a base64 run encodes when the piece does not start on a 4-character boundary
 * (a token run too long to be judged whole is cut where a key may begin, anywhere): decoded from
 * each of the next three characters, to a whole number of groups; undefined when none is text.
 * Bytes decoded out of step read as far from uniform, so text would pass for structured data.
 */
function realignedText(text: string, start: number, end: number): string | undefined {
  for (let skip = 1; skip < 4; skip += 1) {
    const from = start + skip;
    const to = from + ((end - from) & ~3);
    const decoded = to - from >= 4 * Math.ceil(MIN_TEXT_BYTES / 3) ? decodedText(text, from, to) : undefined;
    if (decoded !== undefined) return decoded;
  }
  return undefined;
}

/** The text `text[start, end)` encodes as base64 read in step or out of it ({@link decodedText}, {@link realignedText}); else undefined. */
export const encodedText = (text: string, start: number, end: number): string | undefined => decodedText(text, start, end) ?? realignedText(text, start, end);

/**
 * Whether `decoded`, the text a piece of a base64 text file encodes, holds no secret: the input's
 * rules (`holdsSecret`) find none in it, and it neither begins nor ends with what reads as a piece
 * of a key ({@link edgeReadsRandom}: a key the piece's cut split). How random the rest of its
 * characters read is not asked: a text file holds its own strings (hex digests, base64 in JSON).
 */
export const isTextWithoutSecret = (decoded: string, holdsSecret: (text: string) => boolean): boolean => !edgeReadsRandom(decoded) && !holdsSecret(decoded);

/**
 * Whether `bytes` are too many and too unevenly spread to be key material: their byte entropy
 * (bits) falls {@link STRUCTURE_MARGIN} or more below what uniform random bytes of that count are
 * expected to have (8 bits less the Miller–Madow bias of counting, 255 / (2 n ln 2)).
 */
export function isStructuredBytes(bytes: Uint8Array): boolean {
  const n = bytes.length;
  if (n < MIN_STRUCTURE_BYTES) return false;
  const counts = new Uint32Array(256);
  for (const byte of bytes) counts[byte] = (counts[byte] as number) + 1;
  let entropy = 0;
  for (const count of counts) if (count !== 0) entropy -= (count / n) * Math.log2(count / n);
  return entropy < 8 - 255 / (2 * n * Math.LN2) - STRUCTURE_MARGIN;
}

/** The fewest printable characters in a row read as a string in bytes (as `strings` reads a binary). */
const MIN_STRING_LENGTH = 8;

/**
 * The strings in `bytes`, one per line, as `strings` reads a binary: runs of {@link MIN_STRING_LENGTH}
 * or more printable ASCII characters (a tab and line breaks included), one byte each, or UTF-16 of
 * either byte order (the other byte of each zero) from either byte's offset.
 */
function stringsIn(bytes: Uint8Array): string {
  const found: string[] = [];
  // [first byte, step, offset of the character's zero byte (-1: none)]: bytes, UTF-16LE and UTF-16BE from even and odd offsets.
  for (const [first, step, zero] of [[0, 1, -1], [0, 2, 1], [1, 2, 1], [1, 2, -1], [2, 2, -1]] as const) {
    let run = '';
    for (let index = first; index < bytes.length; index += step) {
      const byte = bytes[index] as number;
      if (isPrintable(byte) && (zero < 0 ? step === 1 || bytes[index - 1] === 0 : bytes[index + zero] === 0)) {
        run += String.fromCharCode(byte);
        continue;
      }
      if (run.length >= MIN_STRING_LENGTH) found.push(run);
      run = '';
    }
    if (run.length >= MIN_STRING_LENGTH) found.push(run);
  }
  return found.join('\n');
}

/** The fewest characters of a key's piece at an edge of decoded text that are judged (a cut run's rest is judged from 6 too). */
const MIN_EDGE_PIECE = 6;

/** Whether `code` is a letter, a digit or `+ / _ -`: a key's characters. */
const isKeyCode = (code: number): boolean => (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122) || code === 43 || code === 47 || code === 95 || code === 45;

/** Whether `text[start, end)` holds a capital letter or a digit: what a key's piece holds and a word's fragment seldom does. */
const hasCapitalOrDigit = (text: string, start: number, end: number): boolean => {
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90)) return true;
  }
  return false;
};

/**
 * Whether the decoded text begins or ends with a piece of a key: base64 of a file is cut into lines
 * (`base64` wraps at 76, PEM at 64) or token-run pieces, and a key the cut splits leaves a piece too
 * short for the rules at the end of one fragment and the start of the next. Such an edge, of
 * {@link MIN_EDGE_PIECE} key characters or more with a capital or a digit, that the randomness
 * judge reads as random (evidence above zero) keeps the run judged as it is.
 */
function edgeReadsRandom(decoded: string): boolean {
  let first = 0;
  while (first < decoded.length && isKeyCode(decoded.charCodeAt(first))) first += 1;
  // One piece throughout: the text is judged whole (see {@link encodesNoSecret}).
  if (first === decoded.length) return false;
  let last = decoded.length;
  while (last > first && isKeyCode(decoded.charCodeAt(last - 1))) last -= 1;
  const pieces: ReadonlyArray<readonly [number, number]> = [[0, first], [last, decoded.length]];
  return pieces.some(([from, to]) => to - from >= MIN_EDGE_PIECE && hasCapitalOrDigit(decoded, from, to) && randomnessEvidence(decoded, from, to) > 0);
}

/** Whether `text` holds a character beyond ASCII. */
const beyondAscii = (text: string): boolean => {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 127) return true;
  return false;
};

/** The bytes `text[start, end)` encodes when it is base64 (not hex digits alone) of structured data (see {@link isStructuredBytes}); else undefined. */
function structuredBytesOf(text: string, start: number, end: number): Uint8Array | undefined {
  if (end - start < MIN_STRUCTURE_CHARACTERS || isHex(text.slice(start, end))) return undefined;
  const bytes = decodeBase64(text, start, end);
  return bytes !== undefined && isStructuredBytes(bytes) ? bytes : undefined;
}

/** The characters of base64, standard and URL-safe alike (lz-string's URL output holds `+` and `-`). */
const base64Characters = characterSet('A-Za-z0-9+/_-');

/**
 * The bytes `text[start, end)` encodes when it is base64 whose characters are far from a uniform
 * draw over its alphabet ({@link isSkewed}: its commonest few fill it with odds below 2^-20), as
 * base64 of a binary is (`AAAA` and `gICA` of WebAssembly, lz-string's output in a playground URL)
 * and base64 of random key bytes is not, however short; else undefined. `=` padding is left out;
 * the alphabet is base64's 64 characters or, when the run holds both `+ /` and `- _`, the 66 of
 * both (the larger alphabet only makes a skew harder to show).
 */
function skewedBase64Of(text: string, start: number, end: number): Uint8Array | undefined {
  let last = end;
  while (last > start && text.charCodeAt(last - 1) === 61 && end - last < 2) last -= 1;
  const body = text.slice(start, last);
  if (!isSkewed(body, base64Characters, RANDOM_EVIDENCE)) return undefined;
  // A binary is skewed throughout: a `/`-piece long enough to judge that is not (a random key glued
  // to a zero-filled path, `<key>/000060000600080`) makes the run a path, not base64 of one.
  if (body.split('/').some((piece) => piece.length >= MIN_PIECE_SKEW && !isSkewed(piece, base64Characters, PIECE_SKEW))) return undefined;
  return decodeBase64(text, start, last, true);
}
/** The shortest `/`-piece of a skewed run judged on its own, and the bits by which it must be skewed too (see {@link skewedBase64Of}). */
const MIN_PIECE_SKEW = 20;
const PIECE_SKEW = 12;

/**
 * Whether `text[start, end)` is base64 (not hex digits alone) of structured data (see
 * {@link isStructuredBytes}) in whose strings `holdsSecret` (the input's rules) finds nothing.
 */
export function encodesStructuredData(text: string, start: number, end: number, holdsSecret: (text: string) => boolean): boolean {
  const bytes = structuredBytesOf(text, start, end);
  // Text (decoded in step or out of it) is judged as text (see {@link encodesNoSecret}), never as
  // structured data: its bytes are far from uniform too, and a piece read so would leave the run's
  // later pieces unjudged (`judgeRunPiece`).
  return bytes !== undefined && decodedText(text, start, end) === undefined && realignedText(text, start, end) === undefined && !holdsSecret(stringsIn(bytes));
}

/**
 * Whether `text[start, end)` is base64 of no secret (see the file's header): of structured data,
 * or of printable text in which `holdsSecret` (the same rules as the input's) finds nothing and
 * that is in a script beyond ASCII, or that the randomness judge finds more likely written than
 * random (evidence below zero), or written by a rule (an alphabet, a repeat: see
 * `patterned-text.ts`). Even odds for text, not the 2^20 a raw run must carry: printable bytes are
 * already near proof of text, and the question left is only whether that text is a password.
 * Random printable passwords of 18–40 characters, encoded, are passed over in about 2% of draws.
 */
export function encodesNoSecret(text: string, start: number, end: number, holdsSecret: (text: string) => boolean): boolean {
  if (opensSshPublicKey(text, start, end)) return true;
  const decoded = encodedText(text, start, end);
  if (decoded === undefined) {
    // A public key or a certificate written without its PEM lines (`"rawBytes": "MFkw…"`).
    const whole = decodeBase64(text, start, end);
    if (whole !== undefined && isPublicDer(whole)) return true;
    // Not text, read in step or out of it (what encodesStructuredData would read again).
    const bytes = structuredBytesOf(text, start, end) ?? skewedBase64Of(text, start, end);
    return bytes !== undefined && !holdsSecret(stringsIn(bytes));
  }
  if (holdsSecret(decoded) || edgeReadsRandom(decoded)) return false;
  // Text in another script: random bytes are valid UTF-8 of printable characters about never, and keys are ASCII.
  if (beyondAscii(decoded)) return true;
  return randomnessEvidence(decoded, 0, decoded.length) < 0 || isPatterned(decoded);
}
