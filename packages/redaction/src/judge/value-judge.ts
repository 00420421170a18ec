/**
 * The value judge: whether a value written after a credential's name (`password = …`, a `Value`
 * field, a `.netrc` password) is one, in one decision ({@link isCredentialValue}) over data — the
 * vocabulary's placeholders (`rules/vocabulary.ts`), the shapes never a secret
 * (`rules/value-shapes.ts`) — and the randomness judge, looser here than for a bare token.
 * Internal: not exported from the package.
 */
import { startsWithLabel, startsWithProviderPrefix } from './catalogue-index';
import { isPublicDer } from './encodes-no-secret';
import { isPatterned } from './patterned-text';
import { cataloguePrefixLength, isStructured } from './plausibility';
import { randomnessEvidence } from './randomness-judge';
import { publicExampleKeys } from '../rules/public-shapes';
import { credentialKeywords as keywords, credentialNamingWords, harmlessQualifiers, notSecretWords as notSecrets, placeholderPieces, placeholderRuns, weakKeywords } from '../rules/vocabulary';
import { neverSecretShapes } from '../rules/value-shapes';
import { decodeBase64 } from '../text/base64';

/** The shortest value redacted. */
const MIN_VALUE = 4;
/** The fewest characters of a value shaped like a credential. */
const MIN_SHAPED = 8;

/**
 * Whether `value` has a shape that is never a secret (`rules/value-shapes.ts`): those that count
 * anywhere, and, unquoted (`code`), those of code, matched against `raw` (the value as read); a
 * `.env` line's whole value (`line`) is not inline code.
 */
export function hasNeverSecretShape(value: string, code: boolean, raw: string, line = false): boolean {
  return neverSecretShapes.some((shape) => (shape.where === 'any' ? shape.pattern.test(value) : code && !(line && shape.where === 'inline') && shape.pattern.test(raw)));
}

/**
 * The bits by which a value beside a credential's name must be shorter written by a rule than drawn
 * at random to be no secret: less than a bare key needs (20), as the randomness judge asks less
 * there. Whoever guesses the rule has the value: `abcdefg`, `123456789` (`00000000aabbccdd…`, where
 * the rule leaves more than half to chance, stays a password).
 */
const PATTERNED_VALUE = 12;

/**
 * Whether a value is a placeholder or template, a language literal, a published example
 * (`publicExampleKeys`: RFC 6749's access token), one character repeated, or written by a rule (`AIzaaaaa…`, `abcdefg`: `isPatterned`, by {@link PATTERNED_VALUE} bits).
 */
export function isPlaceholderValue(value: string): boolean {
  const lower = value.toLowerCase();
  if (notSecrets.has(lower) || publicExampleKeys.has(value)) return true;
  if (placeholderPieces.some((piece) => lower.includes(piece)) || placeholderRuns.some((run) => value.includes(run))) return true;
  return hasNeverSecretShape(value, false, value) || isPatterned(value, 0, value.length, PATTERNED_VALUE) || namesItsPlace(value);
}

/**
 * Whether a value is two or more words of letters — joined by `-` or `_`, or written in camel case —
 * each of two letters or more in one case or capitalised, one of them naming a credential
 * (`my-secret`, `new-access-token`, `SECRET_DO_NOT_PASS_THIS`, `SuperSecretToken`): a value written
 * to say what belongs there (see `credentialNamingWords`), as a generated password (letters,
 * digits and symbols drawn at random) never is.
 */
function namesItsPlace(value: string): boolean {
  const words = value.split(/[-_]|(?<=[a-z])(?=[A-Z])/u);
  return words.length >= 2 && words.every((word) => /^(?:[a-z]{2,}|[A-Z][a-z]+|[A-Z]{2,})$/u.test(word)) && words.some((word) => credentialNamingWords.some((naming) => word.toLowerCase().startsWith(naming)));
}

/** An identifier path: names of letters, digits, `_` and `$` joined by `.` (`self.password`, `useProfile`). */
const identifierPath = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/u;

/**
 * Where a value is written, which sets what reads as written text there: `prose` (unquoted after a
 * bare `:`: YAML, prose, a type annotation), `variable` (unquoted after an operator spaced as code
 * spaces it: `passwd = passwd`), `quoted`, or `plain` (anything else: `.env`'s `KEY=value`).
 */
type Place = 'prose' | 'variable' | 'quoted' | 'plain';

/**
 * Whether a value reads as written text where it stands (see {@link Place}): words, an identifier,
 * a path or a version, which the randomness judge finds likelier written than random (evidence
 * below 0, where a bare token needs 20 bits for random: beside a credential's name the judge is
 * looser). Anywhere, a metavariable ({@link isMetavariable}) or a path of words ({@link isPathOfWords}:
 * `/run/secrets/db`, `projects/my-project/secrets/my-secret/versions/2`, where the secret is kept);
 * unquoted after `:`, words, paths, numbers and identifiers ({@link readsAsProse}); after a spaced operator, an identifier path that starts in lower case and
 * holds no digit unless it is a member path (a capital in mixed case reads as a value:
 * `SuperSecretPassword`); quoted, two or more words a space apart (`'Defaults to the
 * OPENAI_API_KEY env var'`; `"S3cr3t Pass"` is not).
 */
function readsAsWritten(value: string, place: Place): boolean {
  if (isMetavariable(value) || isPathOfWords(value)) return true;
  if (place === 'plain') return false;
  if (place === 'prose') return readsAsProse(value);
  if (place === 'quoted' ? !isQuotedWords(value) : !identifierPath.test(value)) return false;
  if (place === 'variable' && (!/^[a-z_$]/u.test(value) || (/\d/u.test(value) && !value.includes('.')))) return false;
  return randomnessEvidence(value, 0, value.length) < 0;
}

/**
 * Whether a value is a path of words naming where a secret is kept: rooted (`/run/secrets/db`,
 * `~/.pgpass`, `./secrets/db`) with a piece that is a word, or of three pieces or more
 * (`projects/p/secrets/s/versions/2`) with two words about a `/`. One `/` between two words is as
 * often a password written by a person (`Summer/2024`); `/--9` and `a/b/c3` hold no such words.
 */
function isPathOfWords(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0 || !piecesAllThere.test(value) || !isStructured(value)) return false;
  const pieces = value.split('/');
  if (slash === 0 || value.startsWith('~/') || value.startsWith('./') || value.startsWith('../')) return pieces.some((piece) => isWordPiece.test(piece));
  return pieces.length >= 3 && pieces.some((piece, index) => index > 0 && isWordPiece.test(piece) && isWordPiece.test(pieces[index - 1] as string));
}
/** A path's piece that begins as a word does: two letters, after a `.` when hidden (`.pgpass`). */
const isWordPiece = /^\.?[A-Za-z]{2}/u;

/**
 * Whether a value is a metavariable, as help text and man pages name what goes in an option
 * (`--passwd=FILE`, `DATEI`, `ФАЙЛ`, `KEY_FILE`): a word of capitals (any script), or two joined
 * by `_` or `-`, that the randomness judge finds written or that are beyond ASCII (keys are ASCII).
 * A generated key of capitals alone reads as random and stays one, and so does a passphrase of
 * more words (`CASTLE_RIVER_CORRECT_STAPLE`).
 */
function isMetavariable(value: string): boolean {
  if (!/^\p{Lu}+(?:[_-]\p{Lu}+)?$/u.test(value)) return false;
  return /[^\0-\x7f]/u.test(value) || randomnessEvidence(value, 0, value.length) < 0;
}

/** Whether a quoted value is two or more words a space apart: each, without the punctuation prose puts around it, words, an identifier or a number (see `isStructured`). */
function isQuotedWords(value: string): boolean {
  const words = value.split(' ');
  return words.length >= 2 && words.every((word) => {
    let from = 0;
    let to = word.length;
    while (from < to && '("\'`'.includes(word[from] as string)) from += 1;
    while (to > from && ')"\'`,.;:!?…'.includes(word[to - 1] as string)) to -= 1;
    return to > from && isStructured(word.slice(from, to));
  });
}

/**
 * Whether a value is a variable named for a secret (`db_password`, `shared_secret`, `dbPassword`,
 * `DB_PASSWORD`): letters and `_` only, ending in a credential keyword that begins a word of it
 * (after `_` or a lower-case letter then a capital), and not a word a person writes as a
 * password (`SuperSecretPassword` begins with a capital in mixed case: judged as a value).
 */
export function namesSecret(value: string): boolean {
  const lower = value.toLowerCase();
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code !== 95 && !((code | 0x20) >= 97 && (code | 0x20) <= 122)) return false;
  }
  const first = value.charCodeAt(0);
  const upperOnly = value === value.toUpperCase();
  if (!upperOnly && first >= 65 && first <= 90) return false;
  for (const keyword of keywords) {
    const at = value.length - keyword.length;
    if (at <= 0 || !lower.endsWith(keyword)) continue;
    const before = value.charCodeAt(at - 1);
    const here = value.charCodeAt(at);
    if (before === 95 || (!upperOnly && before >= 97 && before <= 122 && here >= 65 && here <= 90)) return true;
  }
  return false;
}

/**
 * Whether a value after a weak name (`…Token`, `…_KEY`) looks like a credential rather than a
 * name, a number or a word: `minimum` characters or more ({@link MIN_SHAPED} unless a rule asks more), letters and digits both, no white space, and not
 * made of words, identifiers, paths or versions (`DOC_Vector_5_32`, `SalesResults-1.2`,
 * `v8_elimination`), nor filler whose every character is doubled (`00000000aabbccdd`). Hex digests,
 * UUIDs and random strings pass.
 */
export function isCredentialShaped(value: string, minimum: number = MIN_SHAPED): boolean {
  if (value.length < minimum) return false;
  let letter = false;
  let digit = false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === 32 || code === 9) return false;
    if (code >= 48 && code <= 57) digit = true;
    else if ((code | 0x20) >= 97 && (code | 0x20) <= 122) letter = true;
  }
  return letter && digit && !isStructured(value) && !isDoubled(value);
}

/**
 * Whether the randomness judge finds a value at least as likely drawn at random as written:
 * evidence of 0 bits or more, the looser threshold beside a credential's name (a bare token needs
 * 20 bits: `RANDOM_EVIDENCE`). A provider's prefix it begins with is written, so the rest is judged
 * (`dapi` + capital hex). `urn:openai:params:oauth:token-type:x509` and `n.length=n.length||0` are
 * written; hex digests, UUIDs and random strings are not.
 */
export function isLooselyRandom(value: string): boolean {
  return randomnessEvidence(value, cataloguePrefixLength(value, 0, value.length), value.length) >= 0;
}

/**
 * Whether every character of a value stands in a run of two or more of itself (`00000000aabbcc…`):
 * a filler a person typed, not a generated key (a random string of 8 or more characters is made
 * of such runs with a chance below one in a million).
 */
function isDoubled(value: string): boolean {
  for (let index = 0; index < value.length; ) {
    let end = index + 1;
    while (end < value.length && value[end] === value[index]) end += 1;
    if (end - index < 2) return false;
    index = end;
  }
  return true;
}

/** Pieces all there: letters and digits joined by single `/ . _ - + ~`, after any of those as a path's lead (`/etc/hosts`, `~/notes`, `0.0.0`; not `a--b`, `x/`). */
const piecesAllThere = /^[/._+~-]*[A-Za-z\d]+(?:[/._+~-][A-Za-z\d]+)*$/u;

/**
 * Whether an unquoted value after a bare `:` reads as prose rather than a credential, judged
 * without the `:`, `!` and `?` prose puts after a word: its pieces are all there (punctuation with
 * nothing between, `0-/??`, `a--b`, `x/`, reads as no word, so the name's word for it stands) and
 * they are words, an identifier, a path, a version or a number (`the:`, `what?`, `src/keys.ts`,
 * `0.0.0`: see `isStructured`), or the randomness judge finds them written (`X509Credential`).
 * Fields joined by `:` are a record's layout (`passwd:uid:gid:gecos:dir:shell`) when each is such
 * a word (the randomness judge is not asked: a random password cut at its `:` has short pieces).
 */
export function readsAsProse(value: string): boolean {
  let end = value.length;
  while (end > 0 && ':!?'.includes(value[end - 1] as string)) end -= 1;
  const word = value.slice(0, end);
  if (word.includes(':')) return word.split(':').every((field) => piecesAllThere.test(field) && isStructured(field));
  return piecesAllThere.test(word) && (isStructured(word) || randomnessEvidence(word, 0, word.length) < 0);
}

/** Where a value beside a credential's name was written, and after what name (see {@link isCredentialValue}). */
export interface ValueSite {
  /** Whether the value was written in quotes (or alone in an element, a field). */
  readonly quoted: boolean;
  /** Whether it follows a weak name (`…Token`, `…_KEY`): it must then be shaped like a credential. */
  readonly weak: boolean;
  /** Unquoted after a bare `:` (YAML, prose, a type annotation). */
  readonly colon?: boolean;
  /** Unquoted after an operator spaced as code spaces it (`a = b`). */
  readonly spaced?: boolean;
  /** Whether a provider's key that the value begins may go on past a gap (the provider's rule follows it). */
  readonly goesOn?: boolean;
  /** The value as read, before its trailing `)`, `]` and `.` were dropped (a nested call closes there). */
  readonly raw?: string;
  /** The name the value was given (`x509Credential`, `self.password`), when it is known. */
  readonly name?: string;
  /** Whether the value is a `.env` line's (`NAME=value` up to the line's end): no inline code's shape counts (see `rules/value-shapes.ts`). */
  readonly line?: boolean;
}

/**
 * Whether a value names a credential instead of holding one: a variable named for a secret
 * ({@link namesSecret}), or the very name it was given, in any case and without `_` and `-`
 * (`#x509Credential: X509Credential`, `apiKey: ApiKey`, `this.token = token`).
 */
function namesCredential(value: string, name: string | undefined): boolean {
  if (namesSecret(value)) return true;
  if (name === undefined) return false;
  const bare = (text: string): string => text.toLowerCase().replaceAll(/[_-]/gu, '');
  return bare(value) === bare(name.slice(name.lastIndexOf('.') + 1));
}

/**
 * A roff escape, a man page's markup: a font or size change (`\fI`, `\f(CW`, `\f[B]`, `\s-1`), a
 * named character or string (`\(aq`, `\*(Aq`, `\*R`), or `\-`, `\&`, `\e`, `\|`, `\^`, `\%`, `\c`.
 */
const roffEscape = /\\(?:f(?:\(..|\[[^\]]{0,8}\]|.)|s[-+]?\d|\*?\(..|\*\[[^\]]{0,8}\]|\*.|[-&e|^%c])/gu;

/**
 * The text a value written in roff prints (see {@link roffEscape}): `\fIPASSWORD\fR` prints
 * `PASSWORD`, `my\-secret` prints `my-secret`. The printed text is what is judged: a man page's
 * placeholder is a placeholder, and a secret written in one still reads as random without its escapes.
 */
function printedRoff(value: string): string {
  return value.includes('\\') ? value.replace(roffEscape, (escape) => (escape === '\\-' ? '-' : escape === '\\e' ? '\\' : '')) : value;
}

/**
 * The value judge's one decision: whether a value beside a credential's name is a secret, judged
 * as it prints when written in roff (see {@link printedRoff}). It is, unless it is too short, a placeholder or a literal of the vocabulary, a public key or
 * certificate in base64 (see `isPublicDer`), of a shape that is never a secret (`rules/value-shapes.ts`: references, templates and, unquoted, code), written by a rule,
 * named by a harmless name (`public_key`), a name of a credential (its own name or a variable named for one), or text the randomness judge
 * finds written where written text stands ({@link readsAsWritten}); after a weak name, it must
 * also be shaped like a credential and not begin a provider's key (that provider's rule judges it).
 */
export function isCredentialValue(written: string, site: ValueSite): boolean {
  const value = printedRoff(written);
  // A passphrase after a strong name is one whatever the place (a list, a table's cell, after `:`).
  const passphrase = site.name !== undefined && isPassphrase(value) && namesStrongly(site.name);
  // The cheapest test first: most values after a weak name (`key, value`, `token)`) are no credential's shape.
  if (site.weak && !passphrase && !(isCredentialShaped(value) && isLooselyRandom(value))) return false;
  if (value.length < MIN_VALUE || isPlaceholderValue(value) || (site.name !== undefined && isHarmlessName(site.name))) return false;
  // `"AccountKey=…"`: a label and its value, which the label's own rules judge (its row, its assignment).
  if (startsWithLabel(value)) return false;
  if (!site.quoted && hasNeverSecretShape(value, true, site.raw ?? value, site.line)) return false;
  // A public key or a certificate in base64 (`key: "MFkwEwYH…"`): public by its DER structure.
  const der = decodeBase64(value);
  if (der !== undefined && isPublicDer(der)) return false;
  if (namesCredential(value, site.name)) return false;
  const place: Place = site.quoted ? 'quoted' : site.colon === true ? 'prose' : site.spaced === true ? 'variable' : 'plain';
  if (!passphrase && readsAsWritten(value, place)) return false;
  return !site.weak || !startsWithProviderPrefix(value, site.goesOn ?? false);
}

/** Three or more words of letters joined by `-`, digits closing the last (see {@link isPassphrase}). */
const passphraseShape = /^[A-Za-z]{3,10}(?:-[A-Za-z]{3,10}){2,5}-?\d{1,4}$/u;

/**
 * Whether a value is shaped as a password manager's passphrase: three to six words of letters
 * (3 to 10 each) joined by `-`, with one to four digits closing the last or after one more `-`
 * (`meadow-tundra-ember56`, `Copper-Lantern-Orbit-7`), none of them a word that names a
 * credential or a placeholder (`my-app-secret2`, `your-api-token1` name one). Code names its
 * identifiers so too, which is why only a strong name's value is judged by this shape.
 */
export function isPassphrase(value: string): boolean {
  if (!passphraseShape.test(value)) return false;
  const lower = value.toLowerCase();
  return !credentialNamingWords.some((word) => lower.includes(word)) && !placeholderPieces.some((piece) => lower.includes(piece)) && !keywords.some((word) => lower.includes(word));
}

/**
 * Whether a name says for sure that it holds a credential: it ends in a strong keyword
 * (`password`, `client_secret`, `DB_PASS`), or in a weak one after a strong one (`SECRET_KEY`);
 * not `…Token`, `…_KEY`, `sortKey`.
 */
function namesStrongly(name: string): boolean {
  const named = nameKeyword(name);
  if (named === undefined) return false;
  if (!weakKeywords.has(named.keyword)) return true;
  const { qualifier } = named;
  return keywords.some((candidate) => !weakKeywords.has(candidate) && qualifier.includes(candidate));
}

/**
 * Whether a name says it holds no secret: its keyword is weak and the words before it (lower case,
 * `_ - .` left out) end in a harmless qualifier (`public_key`, `primaryKey`, `nextPageToken`: see
 * `harmlessQualifiers`).
 */
function isHarmlessName(name: string): boolean {
  const named = nameKeyword(name);
  if (named === undefined || !weakKeywords.has(named.keyword)) return false;
  const qualifier = named.qualifier.replaceAll('_', '');
  return harmlessQualifiers.some((word) => qualifier.endsWith(word));
}

/**
 * The credential keyword a name ends in (lower case, `-` and `.` read as `_`) and what the name
 * says before it, or undefined when it ends in none.
 */
function nameKeyword(name: string): { readonly keyword: string; readonly qualifier: string } | undefined {
  const lower = name.toLowerCase().replaceAll(/[-.]/gu, '_');
  const keyword = keywords.find((candidate) => lower.endsWith(candidate));
  return keyword === undefined ? undefined : { keyword, qualifier: lower.slice(0, lower.length - keyword.length) };
}

/**
 * Whether `value`, given to the variable `name` by a shape this rule does not read (a pair of
 * `Name` and `Value` fields: see `name-value-matcher.ts`), is a credential as this rule judges
 * one after that name: the name ends in a keyword (`DB_PASSWORD`, `/prod/db/password`'s last
 * piece), a weak one only without a harmless qualifier and with a credential-shaped value, and the
 * value passes the judgements every keyword's value must.
 */
export function isAssignedCredential(name: string, value: string, quoted: boolean): boolean {
  const named = nameKeyword(name);
  return named !== undefined && isCredentialValue(value, { quoted, weak: weakKeywords.has(named.keyword), name });
}
