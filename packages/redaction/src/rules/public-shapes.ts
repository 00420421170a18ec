/**
 * Public shapes, as data: strings that read as random but are public — a lockfile's integrity
 * digest, a go.sum hash, a ULID, a bundler's content hash, a Kubernetes pod's generated suffix, a
 * provider's object id, a key a provider publishes as its example, a media type. One row per shape, each read
 * by its exact shape (length, alphabet, padding, decoded time, frame), so a secret of another
 * shape, or glued to one, is still judged. `judge/public-shape.ts` reads the table for the
 * entropy rule. Linear: the two regular expressions (media types, Yarn checksums) are anchored
 * and have no nested repetition. Internal: not exported from the package.
 */
import { RANDOM_EVIDENCE, randomnessEvidence } from '../judge/randomness-judge';
import { base64Value } from '../text/base64';

/** One public shape, read in a token run `text[start, last)` (trailing `. - _ ~` dropped, `text[last]` the character that ended it). */
export interface PublicShape {
  /** Stable kebab-case id. */
  readonly id: string;
  /** Where it stands: the run's end (a name may be glued before it) or its start (a name may be glued after it). */
  readonly where: 'start' | 'end';
  /**
   * Where the shape begins (`end`: `start` or later; before `start` when it takes in text before
   * the run, go.sum's `h1:`) or ends (`start`: `last` or earlier) when the run holds it, else -1.
   */
  readonly read: (text: string, start: number, last: number) => number;
  /**
   * Whether the shape is read so exactly (length, padding bits, decoded time) that it is public
   * wherever it stands: a secret beside it is redacted alone, and when nothing beside it is found
   * the run is judged whole (a short key glued to it). A short shape, which other text can take
   * by chance (a UUID's last group reads as a hex asset hash), makes the run public only when
   * the name beside it holds nothing; otherwise the run is judged whole.
   */
  readonly exact: boolean;
  /**
   * The literals one of which stands right before the run and belongs to the shape (go.sum's
   * `h1:`, OpenSSH's ` SHA256:`): a stream holds it back with the run, so the shape is read in the
   * same frame however the text was cut.
   */
  readonly labels?: readonly string[];
}

/** Keys that providers and standards publish as examples in their documentation: public, they grant nothing. */
export const publicExampleKeys: ReadonlySet<string> = new Set([
  // Stripe's shared test-mode keys of its code samples.
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  'sk_test_BQokikJOvBiI2HlWgH4olfQ2',
  // jwt.io's default HS256 token.
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  // GitHub's documentation of its token formats and REST API.
  'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  'gho_16C7e42F292c6912E7710c838347Ae178B4a',
  // AWS's example secret access key (its key id ends in EXAMPLE).
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  // OAuth 2.0's (RFC 6749: a code, an access and a refresh token, a client's secret and its Basic
  // credentials) and PKCE's (RFC 7636: the code verifier and its challenge), which OAuth libraries'
  // documentation and tests quote.
  ...['SplxlOBeZQQYbYS6WxSbIA', '2YotnFZFEjr1zCsicMWpAA', 'tGzv3JOkF0XG5Qx2TlKWIA', '7Fjfp0ZBr1KtDRbnfVdmIw', 'czZCaGRSa3F0MzpnWDFmQmF0M2JW'],
  ...['dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
  // HTTP's: Basic's `Aladdin:open sesame` (RFC 7617, RFC 2617) and Bearer's token (RFC 6750).
  ...['QWxhZGRpbjpvcGVuIHNlc2FtZQ==', 'mF_9.B5f-4.1JqM'],
]);

const exampleLengths: ReadonlySet<number> = new Set([...publicExampleKeys].map((key) => key.length));

/**
 * Prefixes of providers' object ids (a completion's, a tool call's, a customer's): they name a
 * resource, open nothing without the account's key, and APIs print them in every response. Keys
 * with a provider's prefix are the catalogue's.
 */
const objectIdPrefixes: readonly string[] = [
  // OpenAI
  ...['chatcmpl-', 'call_', 'asst_', 'thread_', 'run_', 'step_', 'msg_', 'file-', 'ft-', 'ftjob-', 'ftckpt_', 'batch_', 'vs_', 'resp_', 'conv_', 'cmpl-', 'modr-'],
  // Anthropic
  ...['toolu_', 'srvtoolu_', 'msgbatch_'],
  // Stripe's objects (not its keys)
  ...['cus_', 'ch_', 'pi_', 'pm_', 'in_', 'sub_', 'price_', 'prod_', 'evt_', 'acct_', 'txn_', 'seti_', 'cs_test_', 'cs_live_'],
];
/** The longest object id body after its prefix (providers' hold 24 to 32): a longer run has something glued to it. */
const MAX_ID_BODY = 40;

/** Subresource-integrity algorithms: the digest's length in base64 characters and the `=` of padding after it. */
const integrityAlgorithms = [
  { name: 'sha512-', length: 86, padding: 2 },
  { name: 'sha384-', length: 64, padding: 0 },
  { name: 'sha256-', length: 43, padding: 1 },
  { name: 'sha1-', length: 27, padding: 1 },
] as const;

/** What joins an algorithm's name to its digest: `pin-sha256="…"`, `sha256='…'`, `Digest: sha-256=…`, `sha256: …`. */
const digestJoiners = ['="', "='", '=', ': '] as const;

/**
 * The labels of a digest in base64 by algorithm (`sha256` of `sha256-`): its name in lower or
 * upper case, plain or dashed as HTTP writes it (`sha-256`), then a joiner ({@link digestJoiners}).
 * Literals, so a stream holds them with the digest and reads them in the same frame however the
 * text was cut.
 */
const digestLabels: ReadonlyMap<string, readonly string[]> = new Map(
  integrityAlgorithms.map(({ name }) => {
    const plain = name.slice(0, -1);
    const names = [plain, `${plain.slice(0, 3)}-${plain.slice(3)}`].flatMap((written) => [written, written.toUpperCase()]);
    return [name, names.flatMap((written) => digestJoiners.map((joiner) => `${written}${joiner}`))] as const;
  }),
);

/** What names an entity tag right before its value (see the `entity-tag` shape). */
const etagLabels: readonly string[] = ['etag=', 'etag: ', 'ETag: ', 'ETAG ', '"etag": "', '"etag":"', "'etag': '"];

/** The one of `labels` that ends right before `start`, if any. */
const labelBefore = (text: string, start: number, labels: readonly string[]): string | undefined => labels.find((label) => start >= label.length && text.startsWith(label, start - label.length));

/**
 * Whether `text[from, to)` is standard base64 followed by the `padding` `=` its length needs, the
 * last character's unused bits zero (two per `=`). The second `=` may not have arrived when the
 * run is judged: only the first is read. Written `unpadded` (as OpenSSH writes a fingerprint), no
 * `=` may follow, whatever the length needs.
 */
function isPaddedBase64(text: string, from: number, to: number, padding: number, unpadded = false): boolean {
  let value = 0;
  for (let index = from; index < to; index += 1) if ((value = base64Value(text.charCodeAt(index), 'standard')) < 0) return false;
  return value % (1 << (2 * padding)) === 0 && (padding === 0 || unpadded ? text[to] !== '=' : text[to] === '=');
}

/**
 * Whether `text[from, to)` is URL-safe base64 (`-` and `_` for `+` and `/`) without its padding,
 * as a wheel's RECORD writes a digest: the last character's unused bits zero (two per `=` the
 * length would need), and no `=` after it.
 */
function isUnpaddedBase64Url(text: string, from: number, to: number, padding: number): boolean {
  let value = 0;
  for (let index = from; index < to; index += 1) {
    value = base64Value(text.charCodeAt(index), 'url');
    if (value < 0) return false;
  }
  return value % (1 << (2 * padding)) === 0 && text[to] !== '=';
}

/** The fewest characters a mangled symbol's length-prefixed names hold between them (see {@link isMangledSymbol}). */
const MIN_MANGLED_NAMES = 6;

/** The evidence for random (bits) below which each name of a mangled symbol must stay: half a bare token's bar (`npos` reads 1, `aB3dE9fGh` 19). */
const MANGLED_NAME_EVIDENCE = RANDOM_EVIDENCE / 2;

/**
 * Whether the run is a C++ symbol mangled as the Itanium ABI does (what `nm`, linker maps and ABI
 * symbol lists print: `_ZNKSt7collateIwE4hashEPKwS2_`): `_Z` (or macOS's `__Z`), then a grammar
 * whose names are written as their length and the name (`7collate`, `11char_traits`). It is one when
 * those names cover a quarter of the run or more (the rest is the grammar's abbreviations: `St`,
 * `SaIwEE`) and none reads as random to the randomness judge (at
 * {@link MANGLED_NAME_EVIDENCE}); a random key that begins with `_Z` has digits that claim random
 * text, or too little of it.
 */
function isMangledSymbol(text: string, start: number, last: number): boolean {
  let at = text.startsWith('_Z', start) ? start + 2 : text.startsWith('__Z', start) ? start + 3 : -1;
  if (at < 0) return false;
  let named = 0;
  while (at < last) {
    if (!isDigit(text.charCodeAt(at)) || text.charCodeAt(at) === 48) {
      at += 1;
      continue;
    }
    const digits = at;
    let length = 0;
    while (at < last && isDigit(text.charCodeAt(at)) && length < 1000) length = length * 10 + text.charCodeAt(at++) - 48;
    // `S2_`, `T0_`: a substitution's or template parameter's index, not a length; `h8_`, `n8_`,
    // `v16_` (a thunk's `_ZThn8_…`): a call offset, its sign `n`.
    const previous = text.charCodeAt(digits - 1);
    if ((previous === 83 || previous === 84 || previous === 104 || previous === 110 || previous === 118) && (at === last || text.charCodeAt(at) === 95)) continue;
    if (at + length > last || randomnessEvidence(text, at, at + length) >= MANGLED_NAME_EVIDENCE) return false;
    named += length;
    at += length;
  }
  return named >= MIN_MANGLED_NAMES && named * 4 >= last - start;
}

/** Crockford's base32 digits (no I, L, O, U): their values by upper-case code, -1 otherwise. */
const crockfordValues: Int8Array = new Int8Array(128).fill(-1);
for (const [value, digit] of [...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'].entries()) crockfordValues[digit.charCodeAt(0)] = value;
/** A ULID's length: 26 Crockford digits, the first ten its time in milliseconds. */
const ULID_LENGTH = 26;

/**
 * Whether `text[start, start + 26)` is a ULID of one case whose time falls in 2000–2099: a random
 * string of that alphabet and length falls there once in about 357.
 */
export function isUlidAt(text: string, start: number): boolean {
  if (start + ULID_LENGTH > text.length) return false;
  let cases = 0;
  let time = 0;
  for (let offset = 0; offset < ULID_LENGTH; offset += 1) {
    const code = text.charCodeAt(start + offset);
    cases |= code >= 97 ? 1 : code >= 65 ? 2 : 0;
    const value = code < 128 ? (crockfordValues[code >= 97 ? code - 32 : code] as number) : -1;
    if (value < 0) return false;
    if (offset < 10) time = time * 32 + value;
  }
  return cases !== 3 && time >= Date.UTC(2000, 0, 1) && time < Date.UTC(2100, 0, 1);
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
/** `_`, `-`, `.` and `/`: where a name's pieces meet. */
const isPieceBreak = (code: number): boolean => code === 95 || code === 45 || code === 46 || code === 47;

/**
 * Whether `text[from, to)` may stand beside a ULID as a name: digits, or letters of one case with
 * optional trailing digits (`req`, `TRACE`, `span2`); a random piece of mixed case never is.
 */
function isIdName(text: string, from: number, to: number): boolean {
  let letters = to;
  while (letters > from && isDigit(text.charCodeAt(letters - 1))) letters -= 1;
  let cases = 0;
  for (let index = from; index < letters; index += 1) {
    const code = text.charCodeAt(index);
    if ((code | 0x20) < 97 || (code | 0x20) > 122) return false;
    cases |= code >= 97 ? 1 : 2;
  }
  return cases !== 3;
}

/** Whether the run is a ULID among names: its pieces (between `_ - . /`) a ULID and names ({@link isIdName}) only (`req_01ARZ3…`, `trace-01ARZ3…/span`). */
function isUlidName(text: string, start: number, last: number): boolean {
  let ulids = 0;
  for (let from = start; from <= last; ) {
    let to = from;
    while (to < last && !isPieceBreak(text.charCodeAt(to))) to += 1;
    if (to - from === ULID_LENGTH && isUlidAt(text, from)) ulids += 1;
    else if (!isIdName(text, from, to)) return false;
    from = to + 1;
  }
  return ulids > 0;
}

/** The extensions of the files bundlers fingerprint, lower case. */
const assetExtensions: ReadonlySet<string> = new Set(['js', 'mjs', 'cjs', 'jsx', 'ts', 'css', 'map', 'html', 'json', 'wasm', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'bmp', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp3', 'mp4', 'webm', 'txt']);
const isBase64Url = (code: number): boolean => base64Value(code, 'url') >= 0;
const isLowerHex = (code: number): boolean => isDigit(code) || (code >= 97 && code <= 102);

/** Where a bundled asset's `-` or `.` before its hash begins (`<name>-<8 of A-Za-z0-9_->.<extension>` as Vite and Rollup write it, `<name>[-.]<8–20 lower-case hex>.<extension>` as Webpack and Parcel do), or -1. */
function assetHashStart(text: string, start: number, last: number): number {
  let dot = last - 1;
  while (dot > start && text.charCodeAt(dot) !== 46 && last - dot <= 6) dot -= 1;
  if (dot <= start || text.charCodeAt(dot) !== 46 || !assetExtensions.has(text.slice(dot + 1, last).toLowerCase())) return -1;
  const rollup = dot - 9;
  if (rollup > start && text.charCodeAt(rollup) === 45 && allOf(text, rollup + 1, dot, isBase64Url)) return rollup;
  let from = dot;
  while (from > start && dot - from < 20 && isLowerHex(text.charCodeAt(from - 1))) from -= 1;
  const code = text.charCodeAt(from - 1);
  return dot - from >= 8 && from - 1 > start && (code === 45 || code === 46) ? from - 1 : -1;
}

/** Whether every character of `text[from, to)` passes `test`. */
function allOf(text: string, from: number, to: number, test: (code: number) => boolean): boolean {
  for (let index = from; index < to; index += 1) if (!test(text.charCodeAt(index))) return false;
  return true;
}

/** The 27 characters of Kubernetes' generated names: lower-case consonants and `2 4 5 6 7 8 9`. */
const isPodCharacter = (code: number): boolean => (code >= 98 && code <= 122 && !'eiouy'.includes(String.fromCharCode(code))) || (code >= 50 && code <= 57 && code !== 51);

/**
 * Where the `-` before a Deployment pod's generated suffix begins (`<name>-<9 or 10>-<5>`, both of
 * the generated alphabet: `web-7d9f8b6c5d-x2k9p`), or -1. A random base62 tail passes about once
 * in 10¹⁴, a random lower-case one once in 10⁴; the name before it is judged either way.
 */
function podSuffixStart(text: string, start: number, last: number): number {
  const pod = last - 6;
  if (pod <= start || text.charCodeAt(pod) !== 45 || !allOf(text, pod + 1, last, isPodCharacter)) return -1;
  for (const hash of [pod - 11, pod - 10]) if (hash > start && text.charCodeAt(hash) === 45 && allOf(text, hash + 1, pod, isPodCharacter)) return hash;
  return -1;
}

/** Debian's architecture names, as a `.deb` file's name ends (`_amd64.deb`). */
const debianArchitectures: ReadonlySet<string> = new Set(['all', 'amd64', 'arm64', 'armel', 'armhf', 'i386', 'loong64', 'mips64el', 'mipsel', 'ppc64el', 'riscv64', 's390x', 'x32']);
/** RPM's architecture names, as an `.rpm` file's name ends (`.x86_64.rpm`). */
const rpmArchitectures: ReadonlySet<string> = new Set(['aarch64', 'armv7hl', 'i386', 'i686', 'noarch', 'ppc64le', 'riscv64', 's390x', 'src', 'x86_64']);

/** A package name's or version's characters: lower-case letters, digits and `. + ~ - _ %` (`%3a`, an epoch's `:` in a URL). */
const isPackageCharacter = (code: number): boolean => isDigit(code) || (code >= 97 && code <= 122) || code === 46 || code === 43 || code === 126 || code === 45 || code === 95 || code === 37;
/** The longest piece (between `- . +`) of a package's name: `libjavascriptcoregtk` has 20; a longer one is judged. */
const MAX_NAME_PIECE = 24;

/** Whether the package name `name` is made of pieces (between `- . +`) no longer than {@link MAX_NAME_PIECE}. */
const hasShortPieces = (name: string): boolean => name.split(/[-.+]/u).every((piece) => piece.length <= MAX_NAME_PIECE);

/**
 * Whether a piece of the archive's file name `name` (between `- . + ~ _ %`: its package name, version
 * and release alike) reads as random to the randomness judge: a secret standing in it. The pieces of
 * 791 real archive names read 13.4 bits at most (`libxxf86vm1`); random lower-case letters and digits
 * of 10 characters, 24 (the median).
 */
const hasRandomPiece = (name: string): boolean => name.split(/[-.+~_%]/u).some((piece) => randomnessEvidence(piece, 0, piece.length) >= RANDOM_EVIDENCE);

/**
 * Where a package archive's file name begins in the run (after its last `/`), or -1: a Debian
 * package, `<name>_<version>_<architecture>.deb` (or `.udeb`, `.ddeb`) as apt prints it while
 * unpacking, or an RPM, `<name>-<version>-<release>.<architecture>.rpm`, as dnf does. Lower case
 * (Debian's names are; an RPM's with capitals is judged), the version starting with a digit, an
 * architecture the format names, no piece of the name longer than a real package's, and no piece
 * of the file name that reads as random: a random key standing as the name or in the version is judged.
 */
function packageFileStart(text: string, start: number, last: number): number {
  let from = last;
  while (from > start && text.charCodeAt(from - 1) !== 47) from -= 1;
  if (last - from < 9 || !allOf(text, from, last, isPackageCharacter)) return -1;
  const name = text.slice(from, last);
  const dot = name.lastIndexOf('.');
  const extension = name.slice(dot + 1);
  if (!['deb', 'udeb', 'ddeb', 'rpm'].includes(extension) || hasRandomPiece(name)) return -1;
  if (extension === 'deb' || extension === 'udeb' || extension === 'ddeb') {
    const [packageName = '', version = '', architecture = '', ...rest] = name.slice(0, dot).split('_');
    return rest.length === 0 && packageName !== '' && hasShortPieces(packageName) && isDigit(version.charCodeAt(0)) && debianArchitectures.has(architecture) ? from : -1;
  }
  const archDot = name.lastIndexOf('.', dot - 1);
  const fields = name.slice(0, archDot).split('-');
  const version = fields[fields.length - 2] ?? '';
  const fits = archDot > 0 && fields.length >= 3 && !fields.includes('') && isDigit(version.charCodeAt(0));
  return fits && rpmArchitectures.has(name.slice(archDot + 1, dot)) && hasShortPieces(fields.slice(0, -2).join('-')) ? from : -1;
}

/** A media type: one of IANA's top-level types and a subtype of lower-case letters, digits and `. + - _` (`application/vnd.3gpp-prose-pc3ach+xml`). */
const mediaType = /^(?:application|audio|font|image|message|model|multipart|text|video)\/[a-z\d.+_-]+$/u;

/**
 * Names a lockfile gives a SHA-512 digest it writes in base64 without the algorithm's prefix
 * (NuGet's `packages.lock.json` `"contentHash"`, `project.assets.json`'s `"sha512"`), with what
 * stands between the name and the value. The name is held with the run (`PublicShape.labels`).
 */
const sha512Names: readonly string[] = ['"contentHash": "', '"sha512": "'];

/**
 * A Yarn (berry) lockfile's `checksum`: the cache key (`10c0`, `9c0`, `8`: digits, or digits, `c`
 * and digits) then `/` and a SHA-512 in lower-case hex.
 */
const yarnChecksum = /^\d{1,2}(?:c\d)?\/[\da-f]{128}$/u;

/** Every public shape, in the order they are read: the first the run holds decides. */
export const publicShapes: readonly PublicShape[] = [
  {
    // A roff escape's name glued before the run: a named string or character (`\*(Aq`, `\(aq`: two
    // characters) or a font (`\fB`, `\f5`: one), as a man page's source writes them. The name
    // prints nothing of the run: what follows it is judged alone.
    id: 'roff-escape-name',
    where: 'start',
    exact: false,
    labels: ['\\*(', '\\(', '\\'],
    read: (text, start, last) => (last - start > 2 && (text.startsWith('\\(', start - 2) || text.startsWith('\\*(', start - 3) || (text.startsWith('\\f', start - 1) && /[BIRP1-9]/u.test(text[start + 1] as string))) ? start + 2 : -1),
  },
  { id: 'published-example-key', where: 'end', exact: false, read: (text, start, last) => (exampleLengths.has(last - start) && publicExampleKeys.has(text.slice(start, last)) ? start : -1) },
  {
    id: 'provider-object-id',
    where: 'end',
    exact: false,
    read: (text, start, last) => (objectIdPrefixes.some((prefix) => text.charCodeAt(start) === prefix.charCodeAt(0) && last - start > prefix.length && last - start - prefix.length <= MAX_ID_BODY && text.startsWith(prefix, start)) ? start : -1),
  },
  { id: 'ulid-name', where: 'end', exact: false, read: (text, start, last) => (last - start >= ULID_LENGTH && isUlidName(text, start, last) ? start : -1) },
  {
    // A go.sum or go.work.sum line's hash: `h1:` and a SHA-256 in base64 (43 characters, two unused bits zero) and its `=`.
    id: 'go-sum-hash',
    where: 'end',
    exact: false,
    labels: ['h1:'],
    read: (text, start, last) => (last - start === 43 && start >= 3 && text.startsWith('h1:', start - 3) && isPaddedBase64(text, start, last, 1) ? start - 3 : -1),
  },
  {
    // A lockfile's subresource-integrity digest (`sha512-` and 86 base64 characters and `==`, `sha384-` 64, `sha256-` 43 and `=`, `sha1-` 27 and `=`), whole or glued after something.
    id: 'integrity-digest',
    where: 'end',
    exact: true,
    read: (text, start, last) => {
      for (const { name, length, padding } of integrityAlgorithms) {
        const from = last - name.length - length;
        if (from >= start && text.startsWith(name, from) && isPaddedBase64(text, from + name.length, last, padding)) return from;
      }
      return -1;
    },
  },
  {
    // A digest in base64 labelled with its algorithm's name: an HTTP public key pin (`pin-sha256="…"`),
    // a `Digest: sha-256=…` header, `sha256: …` in a certificate dump. The length and padding are
    // the algorithm's (`sha256` 43 characters and `=`), and its label stands right before it.
    id: 'labelled-digest',
    where: 'end',
    exact: false,
    labels: [...digestLabels.values()].flat(),
    read: (text, start, last) => {
      for (const { name, length, padding } of integrityAlgorithms) {
        if (last - start !== length || !isPaddedBase64(text, start, last, padding)) continue;
        if (labelBefore(text, start, digestLabels.get(name) ?? []) !== undefined) return start;
      }
      return -1;
    },
  },
  {
    // A lockfile's SHA-512 in base64 named by its field, without the algorithm's prefix: NuGet's
    // `"contentHash": "…"`, `project.assets.json`'s `"sha512": "…"`. 86 characters and `==`, the
    // last one's four unused bits zero; a secret's name before the same run is not this shape.
    id: 'named-sha512',
    where: 'end',
    exact: false,
    labels: sha512Names,
    read: (text, start, last) => {
      const name = last - start === 86 && isPaddedBase64(text, start, last, 2) ? labelBefore(text, start, sha512Names) : undefined;
      return name === undefined ? -1 : start - name.length;
    },
  },
  // A Yarn (berry) lockfile's `checksum: 10c0/<SHA-512 in hex>` (see `yarnChecksum`).
  { id: 'yarn-checksum', where: 'end', exact: true, read: (text, start, last) => (last - start > 129 && yarnChecksum.test(text.slice(start, last)) ? start : -1) },
  {
    // An SSH key's fingerprint as OpenSSH prints it (`ssh-keygen -l`, "ECDSA key fingerprint is
    // SHA256:…", `known_hosts` tools): `SHA256:` and the digest in base64 without its padding, 43
    // characters, the last one's two unused bits zero. What stands before `SHA256:` is not read: a
    // stream would have to hold every blank back in case a label follows it, so a 32-byte key
    // written after `HMAC-SHA256:` passes as one (a known limit, tested as such).
    id: 'ssh-fingerprint',
    where: 'end',
    exact: false,
    labels: ['SHA256:'],
    read: (text, start, last) => (last - start === 43 && start >= 7 && text.startsWith('SHA256:', start - 7) && isPaddedBase64(text, start, last, 1, true) ? start - 7 : -1),
  },
  // A ULID with something glued after it, or as the last piece of a run (after `_ - . /`) with something before it.
  { id: 'ulid', where: 'start', exact: true, read: (text, start) => (isUlidAt(text, start) ? start + ULID_LENGTH : -1) },
  { id: 'ulid-piece', where: 'end', exact: true, read: (text, start, last) => (last - start > ULID_LENGTH && isPieceBreak(text.charCodeAt(last - ULID_LENGTH - 1)) && isUlidAt(text, last - ULID_LENGTH) ? last - ULID_LENGTH : -1) },
  { id: 'bundler-asset-hash', where: 'end', exact: false, read: assetHashStart },
  { id: 'pod-name-suffix', where: 'end', exact: false, read: podSuffixStart },
  { id: 'package-file-name', where: 'end', exact: false, read: packageFileStart },
  {
    // A Python wheel's RECORD line (`pip/_internal/main.py,sha256=<digest>,340`, any installed
    // package's `*.dist-info/RECORD`): `,sha256=` after the file's name and the digest in URL-safe
    // base64 without its padding, 43 characters, the last one's two unused bits zero
    // (`SESSION_SECRET_sha256=<token>` is no RECORD line). The label is held with the run, so a
    // stream reads it in the same frame however the text was cut.
    id: 'wheel-record-hash',
    where: 'end',
    exact: false,
    labels: [',sha256='],
    read: (text, start, last) => (last - start === 43 && start >= 8 && text.startsWith(',sha256=', start - 8) && isUnpaddedBase64Url(text, start, last, 1) ? start - 8 : -1),
  },
  {
    // A named-information URI's SHA-256 (RFC 6920: `ni:///sha-256;<digest>`, as software supply-chain
    // attestations name an artifact): 43 characters of URL-safe base64 without padding, the last
    // one's two unused bits zero. The label is held with the run, as the wheel RECORD's is.
    id: 'named-information-hash',
    where: 'end',
    exact: false,
    labels: ['ni:///sha-256;'],
    read: (text, start, last) => (last - start === 43 && start >= 14 && text.startsWith('ni:///sha-256;', start - 14) && isUnpaddedBase64Url(text, start, last, 1) ? start - 14 : -1),
  },
  {
    // An HTTP entity tag or a resource's version tag named as one (`--etag=BwWWja0YfJA=`, `ETag: …`,
    // `"etag": "…"`): a version of a public resource, opaque and random-looking, never a credential.
    id: 'entity-tag',
    where: 'end',
    exact: false,
    labels: etagLabels,
    read: (text, start) => {
      const label = labelBefore(text, start, etagLabels);
      return label === undefined ? -1 : start - label.length;
    },
  },
  { id: 'mangled-cxx-symbol', where: 'end', exact: false, read: (text, start, last) => (isMangledSymbol(text, start, last) ? start : -1) },
  { id: 'media-type', where: 'start', exact: false, read: (text, start, last) => (text.charCodeAt(start) >= 97 && mediaType.test(text.slice(start, last)) ? last : -1) },
];

/** The shapes' labels ({@link PublicShape.labels}), longest first. */
export const publicShapeLabels: readonly string[] = publicShapes.flatMap(({ labels }) => labels ?? []).sort((left, right) => right.length - left.length);
