/**
 * A PEM block, private or public:
 *
 * ```
 * private = "-----BEGIN " label "-----" { character } ( "-----END " label "-----" | the text's end )
 * label   = { character } ( "PRIVATE KEY" | "PRIVATE KEY BLOCK" )      (at most 64 characters)
 * public  = "-----BEGIN " public-label "-----" body "-----END " public-label "-----"
 * public-label = "CERTIFICATE" | "TRUSTED CERTIFICATE" | "X509 CRL" | "CERTIFICATE REQUEST"
 *         | "NEW CERTIFICATE REQUEST" | "PUBLIC KEY" | "PKCS7" | "CMS"
 *         | "DH PARAMETERS"
 *         | "PGP PUBLIC KEY BLOCK" | "PGP SIGNATURE"
 * body    = { base64 | line-break | blank | "\n" | "\r" } [ "=" [ "=" ] ]
 *                                                  (one DER value: see `isPublicBody`; lines indented,
 *                                                  or joined by written `\n` escapes in a string)
 *         | line-break line-break { base64 | line-break } [ "=" [ "=" ] ] line-break "=" 4 base64 line-break
 *                                                  (OpenPGP armour, no headers: the last line its CRC-24;
 *                                                  in a deb822 field each line indented, the blank one " .")
 * roff    = a public block as a man page's source writes it: each "-" of its header and end lines
 *           "\-", a deb822 field's blank line " \&."
 * ```
 *
 * A private key is redacted whole (fail closed: to the text's end when it does not end). A public
 * block (a CA bundle's certificates, apt's keys) is public text: passed over whole, so no line of
 * its base64 is judged random. Only a body that is what its label says is taken for one: base64 of
 * exactly one DER SEQUENCE of the length its header declares whose first element is what a public
 * structure begins with (not a private key's INTEGER; parameters, two or three INTEGERs), or an OpenPGP public key or signature whose
 * CRC-24 line matches its bytes. Anything else in it (a token, a line more or less, a header line)
 * leaves the lines to the rules. Known limit: a secret written over a certificate's characters,
 * keeping its length and structure, is not read.
 *
 * No block: a header right before a quote, `)`, `,` or `;` (a string or call in code that looks
 * for one).
 */
import { type Matcher, type MatchOutcome, NONE, PUBLIC_TEXT } from '../engine/matcher';
import { textOrEnd } from '../engine/prefilter';
import { derSequenceTags } from '../judge/encodes-no-secret';
import { base64Value, decodeBase64 } from '../text/base64';
import { detector, END as END_OF_TEXT, isLineBreak, type Reader } from './reader';

const PRIVATE_KEY = 'PRIVATE_KEY';

const BEGIN = '-----BEGIN ';
const END = '-----END ';
const DASHES = '-----';
/** The dashes, as roff writes them (`\-` prints a minus), and its header's start. */
const ROFF_DASHES = '\\-\\-\\-\\-\\-';
const ROFF_BEGIN = `${ROFF_DASHES}BEGIN `;
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

/**
 * What a public block's body must be: one DER SEQUENCE whose first element has the tag `der` (with
 * `parameters`, two or three INTEGERs and nothing else), or an OpenPGP packet of the tag `packet`.
 */
interface PublicKind {
  readonly der?: number;
  readonly parameters?: boolean;
  readonly packet?: number;
}

/**
 * The PEM blocks that hold public data, by label: the tag the DER value's first element has (a
 * certificate's, a CRL's and a request's signed part and a public key's algorithm are a SEQUENCE,
 * PKCS #7's content type an OID; a private key begins with an INTEGER, its version), or the
 * OpenPGP packet an armoured block begins with (a public key, 6; a signature, 2). Diffie-Hellman
 * parameters are public too (a prime, a generator and perhaps a length): two or three INTEGERs,
 * where a private key holds a version and six or more.
 */
const publicLabels: ReadonlyMap<string, PublicKind> = new Map<string, PublicKind>([
  ['CERTIFICATE', { der: 0x30 }],
  ['TRUSTED CERTIFICATE', { der: 0x30 }],
  ['X509 CRL', { der: 0x30 }],
  ['CERTIFICATE REQUEST', { der: 0x30 }],
  ['NEW CERTIFICATE REQUEST', { der: 0x30 }],
  ['PUBLIC KEY', { der: 0x30 }],
  ['PKCS7', { der: 0x06 }],
  ['CMS', { der: 0x06 }],
  ['DH PARAMETERS', { der: 0x02, parameters: true }],
  ['PGP PUBLIC KEY BLOCK', { packet: 6 }],
  ['PGP SIGNATURE', { packet: 2 }],
]);
/** The longest public block read whole (a certificate is 1–3 KB): a stream holds at most this much for one. */
const MAX_PUBLIC_BLOCK = 16_384;

/**
 * Whether `bytes` are what a public block of `kind` holds: exactly one DER SEQUENCE of the length
 * its header declares (see `derSequenceTags`), whose first element has the kind's tag, and, for
 * parameters, two or three INTEGERs alone. A line added to or taken from a body breaks the length;
 * a private key given a public label has an INTEGER first, or more of them.
 */
function isPublicBody(bytes: Uint8Array, kind: PublicKind): boolean {
  const tags = derSequenceTags(bytes);
  if (tags === undefined || tags[0] !== kind.der) return false;
  return kind.parameters !== true || (tags.length <= 3 && tags.length >= 2 && tags.every((tag) => tag === 0x02));
}

/** The tag of the OpenPGP packet `bytes` begin with (old or new format), or -1. */
function packetTag(bytes: Uint8Array): number {
  const first = bytes[0] ?? 0;
  if ((first & 0x80) === 0) return -1;
  return (first & 0x40) !== 0 ? first & 0x3f : (first >> 2) & 0x0f;
}

/** OpenPGP's CRC-24 (RFC 4880, 6.1) of `bytes`. */
function crc24(bytes: Uint8Array): number {
  let crc = 0xb704ce;
  for (const byte of bytes) {
    crc ^= byte << 16;
    for (let bit = 0; bit < 8; bit += 1) {
      crc <<= 1;
      if ((crc & 0x1000000) !== 0) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

/**
 * A public block after its header (`headerEnd`): found as public text when its body is what its
 * label says (see {@link publicLabels}) and its `-----END <label>-----` line has come; the text held
 * while it may still come. An armoured block has no headers (its first line is blank: a header's
 * text is not covered by the checksum) and ends with its CRC-24 line. `=` stands only at the end.
 */
function publicBlock(reader: Reader, at: number, headerEnd: number, label: string, kind: PublicKind, roff: boolean): MatchOutcome {
  const { text } = reader;
  const armoured = kind.packet !== undefined;
  const endLine = roff ? `${ROFF_DASHES}END ${label}${ROFF_DASHES}` : `${END}${label}${DASHES}`;
  let body = '';
  let checksum = -1;
  let index = headerEnd;
  // Armour in a deb822 field (apt's `Signed-By:`): each line indented, the blank line written ` .`.
  let indented = false;
  if (armoured) {
    if (reader.codeAt(index) === 13) index += 1;
    if (reader.codeAt(index) !== 10) return NONE;
    index += 1;
    // ` .`, or ` \&.` in roff (`\&` prints nothing).
    const blank = roff && reader.codeAt(index + 1) === 92 && reader.codeAt(index + 2) === 38 ? index + 3 : index + 1;
    if (reader.codeAt(index) === 32 && reader.codeAt(blank) === 46) {
      indented = true;
      index = blank + 1;
    }
    if (reader.codeAt(index) === 13) index += 1;
    if (reader.codeAt(index) !== 10) return NONE;
  }
  for (; index - at <= MAX_PUBLIC_BLOCK; index += 1) {
    const code = reader.codeAt(index);
    if (code === 10 || code === 13 || ((!armoured || indented) && (code === 32 || code === 9))) continue;
    // A line break written as an escape in a string (`\n`, `\\n` in code that builds the string).
    if (code === 92 && !armoured && !roff) {
      let next = index + 1;
      while (reader.codeAt(next) === 92) next += 1;
      const escaped = reader.codeAt(next);
      if (escaped !== 110 && escaped !== 114) return NONE;
      index = next;
      continue;
    }
    if (code === endLine.charCodeAt(0)) {
      if (text.length - index < endLine.length && endLine.startsWith(text.slice(index)) && !reader.final) reader.wait();
      const end = index + endLine.length;
      if (!text.startsWith(endLine, index) || end - at > MAX_PUBLIC_BLOCK || !isPadded(body)) return NONE;
      const bytes = decodeBase64(body) ?? new Uint8Array();
      const valid = armoured ? checksum === crc24(bytes) && packetTag(bytes) === kind.packet : isPublicBody(bytes, kind);
      return valid ? reader.found(PUBLIC_TEXT, at, end) : NONE;
    }
    // OpenPGP armour's checksum line: `=` and four base64 characters, after the body.
    const before = reader.codeAt(index - 1);
    if (armoured && code === 61 && checksum < 0 && body !== '' && (isLineBreak(before) || (indented && before === 32 && isLineBreak(reader.codeAt(index - 2))))) {
      const value = decodeBase64(text.slice(index + 1, index + 5));
      if (!isLineBreak(reader.codeAt(index + 5)) || value?.length !== 3) return NONE;
      checksum = ((value[0] as number) << 16) | ((value[1] as number) << 8) | (value[2] as number);
      index += 4;
      continue;
    }
    if (checksum >= 0 || code === END_OF_TEXT || code >= 128 || (base64Value(code, 'standard') < 0 && code !== 61)) return NONE;
    body += text[index];
  }
  return NONE;
}

/** Whether base64 `body` has a whole number of quads and `=` only as its last one or two characters. */
function isPadded(body: string): boolean {
  const first = body.indexOf('=');
  return (body.length & 3) === 0 && (first < 0 || (first >= body.length - 2 && /^=+$/u.test(body.slice(first))));
}

function read(reader: Reader): MatchOutcome {
  const { text, at } = reader;
  // A public block written in roff (a man page's example) is read as one; a private key so written
  // is left to the other rules, line by line.
  const roff = reader.code() === 92;
  const dashes = roff ? ROFF_DASHES : DASHES;
  if (!reader.literal(roff ? ROFF_BEGIN : BEGIN)) return NONE;
  const labelStart = reader.at;
  const close = text.indexOf(dashes, labelStart);
  if (close < 0 || close - labelStart > MAX_LABEL) {
    // The label's end may still come while the text is shorter than the longest label.
    if (text.length - labelStart <= MAX_LABEL + dashes.length) reader.wait();
    return NONE;
  }
  const label = text.slice(labelStart, close);
  const headerEnd = close + dashes.length;
  const kind = publicLabels.get(label);
  if (kind !== undefined) return publicBlock(reader, at, headerEnd, label, kind, roff);
  if (roff || !isPrivateLabel(label)) return NONE;
  // The header alone in a string or a call (`pkcs8.indexOf("-----BEGIN PRIVATE KEY-----")`,
  // `b"-----BEGIN OPENSSH PRIVATE KEY-----"`): code that looks for a key, no key. The character
  // after the header decides, so a stream waits for it.
  if (headerEnd === text.length && !reader.final) {
    reader.wait();
    return NONE;
  }
  if (headerEnd < text.length && CODE_AFTER_HEADER.includes(text[headerEnd] as string)) return NONE;
  if (isPlaceholderBody(reader, headerEnd)) return NONE;
  const end = findPrivateKeyEnd(text, headerEnd);
  if (end >= 0) return reader.found(PRIVATE_KEY, at, end);
  if (reader.final) return reader.found(PRIVATE_KEY, at, text.length);
  return { kind: 'open', type: PRIVATE_KEY, start: at, resume: headerEnd };
}

/** The fewest distinct base64 characters of a private key's body: the shortest key (Ed25519, 64 characters) holds about 40. */
const KEY_CHARACTERS = 16;
/** How far past its header a placeholder's body is read for its end line: a longer body is a key's (fail closed). */
const MAX_PLACEHOLDER_BODY = 256;

/**
 * Whether the private key block from `headerEnd` is a placeholder: its end line comes within
 * {@link MAX_PLACEHOLDER_BODY} characters, and its body holds no base64 character (`...`) or is
 * mostly one (`XXXX`, 2 in 5 of its base64 characters or more, four at least, escapes such as
 * `\n` and roff's `\[rs]n` around it), with fewer than {@link KEY_CHARACTERS} distinct: a random
 * body of 8 characters is so once in about 4,000 draws, of 64 about never. A stream waits for
 * that end, or for the characters that make the body a key's, before it decides.
 */
function isPlaceholderBody(reader: Reader, headerEnd: number): boolean {
  const { text } = reader;
  const counts = new Map<number, number>();
  let total = 0;
  const limit = Math.min(text.length, headerEnd + MAX_PLACEHOLDER_BODY);
  for (let index = headerEnd; index < limit; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 45 && text.startsWith(END.slice(0, text.length - index), index)) {
      const close = text.indexOf(DASHES, index + END.length);
      if (close < 0 && text.length - index <= MAX_END_MARKER) reader.wait();
      if (close < 0 || findPrivateKeyEnd(text, index) !== close + DASHES.length) return false;
      const most = Math.max(0, ...counts.values());
      return total === 0 || (most >= 4 && 5 * most >= 2 * total);
    }
    if (base64Value(code, 'standard') < 0) continue;
    total += 1;
    counts.set(code, (counts.get(code) ?? 0) + 1);
    if (counts.size >= KEY_CHARACTERS) return false;
  }
  if (limit === text.length && limit < headerEnd + MAX_PLACEHOLDER_BODY) reader.wait();
  return false;
}

/**
 * PEM private keys (RSA, EC, DSA, OPENSSH, PKCS#8, encrypted) and PGP private key blocks from `-----BEGIN` to
 * `-----END`: a stream that ends inside a key is redacted to its end (fail closed). PEM blocks of
 * public DER data (certificates, public keys) are passed over as public text (see the file's header).
 */
export const pemBlockMatcher: Matcher = { type: PRIVATE_KEY, triggers: '-\\', anywhere: true, prefilter: `-(?=${textOrEnd(BEGIN.slice(1))})|\\x5c(?=${textOrEnd(ROFF_BEGIN.slice(1))})`, match: detector(read) };
