import { isPatterned } from '../judge/patterned-text';
import { randomnessEvidence } from '../judge/randomness-judge';
import { catalogue } from '../rules/catalogue';
import { characterSet, fold } from '../text/fold';
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { classSource, textOrEnd } from '../engine/prefilter';
import { isStructured } from '../judge/plausibility';
import { characters, detector, END, FIELD_ENDS, isBlank, isIn, isLineBreak, type Reader, SPACES, trimTrailing } from './reader';
import { WordShape } from '../text/word-shape';

/** The type reported for a value assigned to a name that says it is a credential. */
export const ASSIGNED_CREDENTIAL = 'ASSIGNED_CREDENTIAL';

/**
 * How a name that holds a credential ends (compared lower-case, `-` and `.` read as `_`):
 * `DB_PASSWORD`, `client_secret`, `_authToken`, `x-api-key`. Found anywhere in a word, so the
 * name before it is never read back.
 */
const keywords = ['password', 'passwd', 'passphrase', 'pwd', 'secret', 'authtoken', 'auth_token', 'access_token', 'refresh_token', 'api_key', 'apikey', 'access_key', 'private_key', 'token', 'key', 'credentials', 'creds'];
/**
 * Names that end in a bare `token`, `key`, `credentials` or `pwd` (`herokuToken`, `DATADOG_KEY`) say less: code names
 * cache keys, sort keys and page tokens that way. Their values are taken only when they look like
 * a credential (see {@link isCredentialShaped}).
 */
const weakKeywords: ReadonlySet<string> = new Set(['token', 'key', 'credentials', 'creds', 'pwd']);
/**
 * What a weak name says before its keyword when it names no secret (lower-case, `_ - .` left out):
 * `public_key`, `publicToken`, `primaryKey`, `csrf-token`, `sortKey`, `nextPageToken`, and Azure's
 * `AccountKey=` (the catalogue's row types that one).
 */
const harmlessQualifiers = ['public', 'pub', 'primary', 'foreign', 'csrf', 'xsrf', 'sort', 'partition', 'cache', 'page', 'account', 'idempotency', 'registration'];
/** How far back a weak name is read for its qualifier. */
const MAX_QUALIFIER = 16;

/** Name characters: letters, digits, `_`, `-`, `.`. */
const nameCharacter = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.') nameCharacter[character.charCodeAt(0)] = 1;

/** Between the name and the value: a closing quote, blanks (a column of them when aligned), and `=`, `:`, `:=` or `=>`. */
const MAX_OPERATOR = 64;
/** The longest value taken: a longer one is not an assignment this rule judges. */
const MAX_VALUE = 256;
/** The shortest value redacted. */
const MIN_VALUE = 4;

/** Keywords of the languages that begin an expression (`secret = await fetchSecret()`, `token = new Token(…)`): code, not a value (lower-case). */
const languageWords = ['await', 'yield', 'typeof', 'lambda', 'function', 'async', 'this', 'self', 'super', 'require', 'import', 'static', 'const'];
/** Values that stand for no secret (lower-case): literals of the languages, and words people write instead of one. */
const notSecrets = new Set(['null', 'none', 'nil', 'true', 'false', 'undefined', 'changeme', 'password', 'secret', 'required', 'optional', 'string', 'empty', ...languageWords]);
/** Pieces that mark a template or a placeholder (lower-case). */
const placeholderPieces = ['<', '%(', 'your', 'replace', 'example', 'placeholder', 'dummy', 'redacted', 'changeme', 'fake', 'insert', '_here', '***', '...', '…'];
/** Runs of x that mark a placeholder, compared as written: a person types them in one case (`xxxx`, `XXXX`); `xxX` in a random string is chance. */
const placeholderRuns = ['xxx', 'XXX'];
/** The longest template expression read (`${…}`, `{{ … }}`). */
const MAX_TEMPLATE = 128;

/**
 * Whether a value holds a template expression written whole: `${NAME}` or `${NAME:-default}` (a
 * name of letters, digits, `_` and `.`, then `}` or a `:`/`-`/`?`/`=` modifier before it closes),
 * `$(command)` at the start, or `{{ … }}` closed before any other brace. A `${` or `{{` that does
 * not close that way (`m{{h}o)p${e]…`) is part of a random password.
 */
export function holdsTemplate(value: string): boolean {
  if (value.startsWith('$(') && value.includes(')')) return true;
  for (let index = value.indexOf('{'); index >= 0; index = value.indexOf('{', index + 1)) {
    if (index > 0 && value[index - 1] === '$') {
      let cursor = index + 1;
      while (cursor < value.length && cursor - index < MAX_TEMPLATE && isNamePart(value.charCodeAt(cursor))) cursor += 1;
      const after = value[cursor];
      if (cursor > index + 1 && (after === '}' || (after !== undefined && ':-?='.includes(after) && value.indexOf('}', cursor) > cursor))) return true;
    } else if (value[index + 1] === '{') {
      const close = value.indexOf('}}', index + 2);
      if (close > index + 2 && close - index < MAX_TEMPLATE) {
        const inner = value.slice(index + 2, close);
        if (!inner.includes('{') && !inner.includes('}') && inner.trim().length > 0) return true;
      }
    }
  }
  return false;
}

/** A template name's character: a letter, a digit, `_` or `.`. */
const isNamePart = (code: number): boolean => (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122) || code === 95 || code === 46;


/**
 * Whether a value is a placeholder or template, a language literal, one character repeated, or
 * written by a rule (`AIzaaaaa…`, `1234567890123…`: `isPatterned`; a short weak password such as
 * `123456789` keeps too few bits for the rule to win by its margin, and stays a password).
 */
export function isPlaceholderValue(value: string): boolean {
  const lower = value.toLowerCase();
  if (notSecrets.has(lower)) return true;
  if (placeholderPieces.some((piece) => lower.includes(piece)) || placeholderRuns.some((run) => value.includes(run))) return true;
  if (holdsTemplate(value)) return true;
  if (lower.startsWith('$') || lower.startsWith('%') || lower.startsWith('@')) return true;
  let same = true;
  for (let index = 1; index < value.length && same; index += 1) same = value[index] === value[0];
  return same || isPatterned(value);
}

/** Whether `open` occurs in `value` with `close` somewhere after it: a call's or a subscript's brackets. */
const closes = (value: string, open: string, close: string): boolean => {
  const at = value.indexOf(open);
  return at >= 0 && value.indexOf(close, at + 1) > at;
};

/**
 * Whether an unquoted value reads as code rather than a literal: a call or a subscript (brackets
 * that close: `getPassword()`, `request.json['pw']`), a member path, a reference. A `(` or `[`
 * that never closes is a password's character.
 */
function isCode(value: string, next: string | undefined, raw: string = value): boolean {
  // `raw` is the value before its trailing `)` and `]` were dropped: a nested call closes there (`bytes(memoryview(pw))`).
  if (next === '(' || closes(raw, '(', ')') || closes(raw, '[', ']')) return true;
  // A reference (`&str` in a Rust signature, `&self.password`), a CSS rule's block (`a.password:focus{…}`),
  // a variable named for a secret (`password=db_password`: see `namesSecret`).
  if (value[0] === '&' || opensBlock(value) || namesSecret(value)) return true;
  // A call or a subscript whose argument is quoted: `readFileSync('…')`, `json_body['pw']`.
  for (const open of ['(', '[']) {
    const at = value.indexOf(open);
    if (at >= 0 && (at + 1 === value.length || '"\'`'.includes(value[at + 1] as string))) return true;
  }
  const first = value[0];
  if (first === '{' || first === '[') return true;
  // `req.body.password`, `config.secret`: letters and `_` joined by dots.
  let dotted = false;
  for (let index = 0; index < value.length; index += 1) {
    const character = value[index] as string;
    if (character === '.') dotted = true;
    else if (character !== '_' && !isLettersOnly(character)) return false;
  }
  return dotted;
}

/** Whether a character may be part of an identifier path (`self.password`, `$config`): a template name's, or `$`. */
const isIdentifierCharacter = (code: number): boolean => isNamePart(code) || code === 36;

/**
 * Whether an unquoted value reads as an expression by its shape, even where the value's end cut
 * it short: a call (`fallback_getpass(prompt`, `text.slice(from`, `loadOptionalSetting({`), an
 * optional member (`options?.apiKey`), an arrow function (`args => {`), a parenthesised
 * expression (`(password:`).
 */
function readsAsExpression(value: string): boolean {
  let index = 0;
  while (index < value.length && isIdentifierCharacter(value.charCodeAt(index))) index += 1;
  const first = value.charCodeAt(0);
  if (index > 0 && value[index] === '(' && !(first >= 48 && first <= 57)) return true;
  return value[0] === '(' || value.includes('?.') || value.includes('=>');
}

/**
 * Whether an unquoted value after an operator spaced as code spaces it (`passwd = passwd`,
 * `self.password = credentials`, `const envApiKey = useProfile`) is a variable: an identifier path
 * that starts in lower case (a capital in mixed case reads as a value: `SuperSecretPassword`),
 * holds no digit unless it is a member path, and that the randomness judge finds likelier written
 * than random (a literal in its place, `password = xk9mp2vlq8`, is not).
 */
function isVariable(value: string): boolean {
  const first = value.charCodeAt(0);
  if (!((first >= 97 && first <= 122) || first === 95 || first === 36)) return false;
  let digit = false;
  let member = false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (!isIdentifierCharacter(code)) return false;
    if (code >= 48 && code <= 57) digit = true;
    else if (code === 46) member = true;
  }
  return (member || !digit) && randomnessEvidence(value, 0, value.length) < 0;
}

/**
 * Whether a quoted value is words of prose (`'Password used to generate key'`, `'top secret'`):
 * two or more words a space apart, each in lower case or capitalised, together likelier written
 * than random by the randomness judge (`"AAA AAAA"` and `"xk Qm"` are not).
 */
function isQuotedProse(value: string): boolean {
  let words = 0;
  let letters = 0;
  for (let index = 0; index <= value.length; index += 1) {
    const code = index < value.length ? value.charCodeAt(index) : 32;
    if (code === 32) {
      if (letters === 0) return false;
      words += 1;
      letters = 0;
    } else if (code >= 97 && code <= 122) letters += 1;
    else if (code >= 65 && code <= 90 && letters === 0) letters += 1;
    else return false;
  }
  return words >= 2 && randomnessEvidence(value, 0, value.length) < 0;
}

/**
 * `end` moved back over the sentence punctuation an unquoted value ends with (`.`) and over each
 * closing bracket that closes nothing opened in the value (`password=hunter2)`: the code's);
 * brackets the value opened itself stay (`m{{h}o)p${e]nob(ody[x}}`, `getPassword()`).
 */
function trimUnbalanced(text: string, start: number, end: number): number {
  let round = 0;
  let curly = 0;
  let square = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 40) round += 1;
    else if (code === 41) round -= 1;
    else if (code === 123) curly += 1;
    else if (code === 125) curly -= 1;
    else if (code === 91) square += 1;
    else if (code === 93) square -= 1;
  }
  let last = end;
  while (last > start) {
    const code = text.charCodeAt(last - 1);
    if (code === 41 && round < 0) round += 1;
    else if (code === 125 && curly < 0) curly += 1;
    else if (code === 93 && square < 0) square += 1;
    else if (code !== 46) break;
    last -= 1;
  }
  return last;
}

/** The end of the run of lower-case letters and `-` from `from` in `value`. */
function lowerWordEnd(value: string, from: number): number {
  let index = from;
  while (index < value.length && ((value.charCodeAt(index) >= 97 && value.charCodeAt(index) <= 122) || value[index] === '-')) index += 1;
  return index;
}

/**
 * Whether a value begins as a CSS rule after a pseudo-class: a lower-case word of two or more
 * letters, `{`, a property's lower-case name and `:` (`focus{outline:none}`, `before{content:…`).
 */
function opensBlock(value: string): boolean {
  const brace = lowerWordEnd(value, 0);
  if (brace < 2 || value[brace] !== '{') return false;
  const colon = lowerWordEnd(value, brace + 1);
  return colon > brace + 1 && value[colon] === ':';
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

function isLettersOnly(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index) | 0x20;
    if (code < 97 || code > 122) return false;
  }
  return true;
}

/** The keywords by their first letter (folded, lower-case): a position is compared only with those it can begin. */
const keywordsByFirst: ReadonlyArray<readonly string[]> = Array.from({ length: 128 }, (_, code) => keywords.filter((keyword) => keyword.charCodeAt(0) === code));

/**
 * The keyword at the cursor that ends a name (`DB_PASSWORD`'s `password`), the cursor past it:
 * a name character after it would make it another word. Undefined when none is there.
 */
function keyword(reader: Reader): string | undefined {
  const first = fold(reader.code());
  for (const word of keywordsByFirst[first >= 65 && first <= 90 ? first + 32 : first] ?? []) {
    if (!reader.word(word, true)) continue;
    const after = reader.code();
    if (after !== END && nameCharacter[fold(after)] !== 1) return word;
    reader.at -= word.length;
  }
  return undefined;
}

/**
 * Whether a value after a weak name (`…Token`, `…_KEY`) looks like a credential rather than a
 * name, a number or a word: 8 characters or more, letters and digits both, no white space, and not
 * made of words, identifiers, paths or versions (`DOC_Vector_5_32`, `SalesResults-1.2`,
 * `v8_elimination`), nor filler whose every character is doubled (`00000000aabbccdd`). Hex digests,
 * UUIDs and random strings pass.
 */
export function isCredentialShaped(value: string): boolean {
  if (value.length < 8) return false;
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

/** Every catalogue prefix, with a JWT's `eyJ`: a weak name's value that begins with one is left to the provider's rule. */
const providerPrefixes: readonly string[] = [...new Set(['eyJ', ...catalogue.flatMap((rule) => rule.prefixes)])];

/** What the catalogue's rows say of the keys that begin with one prefix as written. */
interface PrefixKeys {
  /**
   * The shortest key written whole (the prefix and the least body any of its rows takes): a value
   * shorter than that is no provider's key, so the provider's rule would leave it in clear
   * (crates.io's `cio` and 7 characters after `acmeToken=`, FC_SEED=771507485).
   */
  shortest: number;
  /** The one length of its keys when every row is of one fixed length (`AKIA` + 16), else Infinity. */
  fixed: number;
  /** The characters its rows' bodies are made of (folded ASCII), their literals' included. */
  readonly alphabet: Uint8Array;
}

/** For each catalogue prefix as written, what its rows say of its keys (one walk of the catalogue). */
const prefixKeys: ReadonlyMap<string, PrefixKeys> = (() => {
  const keys = new Map<string, PrefixKeys>();
  for (const rule of catalogue) {
    const least = rule.body.reduce((sum, part) => sum + ('alphabet' in part ? part.min : part.literal.length), 0);
    const most = rule.body.reduce((sum, part) => sum + ('alphabet' in part ? part.max : part.literal.length), 0);
    const fixed = rule.body.every((part) => !('alphabet' in part) || part.min === part.max);
    for (const prefix of rule.prefixes) {
      const entry = keys.get(prefix) ?? { shortest: Infinity, fixed: prefix.length + most, alphabet: new Uint8Array(128) };
      entry.shortest = Math.min(entry.shortest, prefix.length + least);
      entry.fixed = fixed && entry.fixed === prefix.length + most ? entry.fixed : Infinity;
      for (const part of rule.body) {
        if ('alphabet' in part) characterSet(part.alphabet).forEach((member, code) => (entry.alphabet[code] = entry.alphabet[code] === 1 || member === 1 ? 1 : 0));
        else for (const character of part.literal) if (character.charCodeAt(0) < 128) entry.alphabet[character.charCodeAt(0)] = 1;
      }
      keys.set(prefix, entry);
    }
  }
  return keys;
})();
/** Letters and digits: the alphabet a spaced-out prefix's key is read with (its row is not known). */
const alphanumeric: Uint8Array = characterSet('A-Za-z0-9');

/** Code units of spacing a spaced-out key may put between two of its characters (a gap's limit). */
const GAP_UNITS = 32;
/** Characters of a group past which it is counted before it ends (no label is this long). */
const LABEL = 24;

/**
 * Whether a provider's key could still reach `needed` more key characters after an unquoted value
 * that ends at `end`, spaced out past it: characters of
 * the provider's alphabet across gaps of spacing, up to any other character (`#`, `=`, a quote,
 * `next` after `AKIA…`), a lower-case word that labels what follows (`next:`) or a gap too long.
 * `cioa1B2c3 D4e5F6…` reaches crates.io's 35 characters; `cioaaaa00a # rotated` and `cioaaaa00a`,
 * a line break, `next: 1` do not.
 */
function keyCanReach(reader: Reader, end: number, needed: number, alphabet: Uint8Array): boolean {
  let found = 0;
  let gap = 0;
  // The group being read is counted once it ends: a lower-case word before `:` or `=` is a label (`next: 1`), not a key's piece.
  const group = new WordShape();
  for (let index = end; ; index += 1) {
    const code = reader.codeAt(index);
    if (code === END) return found + group.size >= needed;
    const folded = fold(code);
    if (folded < 128 && alphabet[folded] === 1 && !isSpacing(folded)) {
      group.add(folded);
      gap = 0;
      if (found + group.size >= needed && group.size > LABEL) return true;
      continue;
    }
    if (group.size > 0) {
      if ((code === 58 || code === 61) && group.letters >= 2 && group.lower === group.letters && group.isWord()) return false;
      found += group.size;
      group.reset();
      if (found >= needed) return true;
    }
    if (!isSpacing(code)) return false;
    gap += 1;
    if (gap > GAP_UNITS) return false;
  }
}

/** Invisible and white-space characters: format (Cf), control (Cc) and separator (Z) characters, variation selectors. */
const invisible = /[\p{Cf}\p{Cc}\p{Z}\u180B-\u180F\uFE00-\uFE0F]/u;

/** The characters a spaced-out key puts between its own: punctuation separators and any white space or invisible character (an astral one is seen as its surrogates). */
const isSpacing = (code: number): boolean => '-_.·•|/\\:;, '.includes(String.fromCharCode(code)) || (code >= 0xd800 && code <= 0xdfff) || invisible.test(String.fromCharCode(code));

/** `text` without its spacing characters, at most `limit` characters of it. */
function withoutSpacing(text: string, limit: number): string {
  let out = '';
  for (let index = 0; index < text.length && out.length < limit; index += 1) if (!isSpacing(text.charCodeAt(index))) out += text[index];
  return out;
}

/** The catalogue prefixes without their own separators (`sk-ant-` is `skant`, `SG.` is `SG`). */
const spacedPrefixes: readonly string[] = [...new Set(providerPrefixes.map((prefix) => withoutSpacing(prefix, prefix.length)).filter((prefix) => prefix.length >= 2))];
/** Whether a catalogue alphabet (`A-Za-z0-9_-`) holds a spacing character besides its ranges' dashes. */
const holdsSpacing = (alphabet: string): boolean => [...alphabet].some((character, index) => isSpacing(character.charCodeAt(0)) && !(character === '-' && index > 0 && index < alphabet.length - 1));
/** For each catalogue prefix without its separators, the shortest key spaced out that begins with it (a class's minimum drops by a quarter once its own separators are left out). */
const shortestSpacedKey: ReadonlyMap<string, number> = (() => {
  const shortest = new Map<string, number>();
  for (const rule of catalogue) {
    const body = rule.body.reduce((sum, part) => sum + ('alphabet' in part ? (holdsSpacing(part.alphabet) ? Math.floor((part.min * 3) / 4) : part.min) : 0), 0);
    for (const prefix of rule.prefixes) {
      const bare = withoutSpacing(prefix, prefix.length);
      shortest.set(bare, Math.min(shortest.get(bare) ?? Infinity, bare.length + body));
    }
  }
  return shortest;
})();
/** A spaced-out key has its first gap within this many characters. */
const EARLY_GAP = 6;

/**
 * Whether a value is another rule's to judge and type: it begins with a provider's prefix
 * (`fooToken = "ghp_…"`), a provider's prefix spaced out (`A-KIA-E23 G-P…`, which the provider's
 * rule follows across the gaps this rule stops at), or holds a URL (`credentials: postgres://…`) —
 * unless it is shorter than that provider's shortest key and no more of one can follow
 * (`goesOn` false, see {@link providerShortfall}): then this rule's.
 */
export function startsWithProviderPrefix(value: string, goesOn = true): boolean {
  const shortfall = providerShortfall(value);
  return shortfall === 0 || (shortfall > 0 && goesOn);
}

/** Where the run of spacing and `alphabet` characters (folded) from `from` in `value` ends (no alphabet known: the value's end). */
function alphabetRun(value: string, from: number, alphabet: Uint8Array | undefined): number {
  if (alphabet === undefined) return value.length;
  let index = from;
  for (; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const folded = fold(code);
    if (!isSpacing(code) && (folded >= 128 || alphabet[folded] !== 1)) break;
  }
  return index;
}

/**
 * How many key characters a value that begins with a provider's prefix lacks to be that
 * provider's shortest key (0: none, it is the provider's to judge as it is; a URL or a JWT's
 * `eyJ` too), or -1 when it is no provider's: it begins with no provider's prefix, or holds a
 * character outside every alphabet of the rows its prefix begins (`dapi` and capital hex).
 */
function providerShortfall(value: string, spaced = false): number {
  if (value.includes('://')) return 0;
  // Written whole from its prefix on (`spaced`: counted as a key spaced out from here on would be,
  // its separators left out and its classes' shorter minimum).
  let shortfall = -1;
  let written = false;
  const length = withoutSpacing(value, value.length).length;
  for (const prefix of providerPrefixes) {
    if (!value.startsWith(prefix)) continue;
    written = true;
    // A character no row of that prefix has in its body before its shortest key ends (capital hex
    // after `dapi`), or a fixed-length format's run one long (`AKIA` and 17): not the provider's key
    // as written. What follows a whole key (`ghp_…&page=2`) is not judged here.
    const keys = prefixKeys.get(prefix);
    const run = alphabetRun(value, prefix.length, keys?.alphabet);
    if (run < value.length && run < (keys?.shortest ?? 0)) continue;
    if (run > (keys?.fixed ?? Infinity)) continue;
    const missing = spaced ? (shortestSpacedKey.get(withoutSpacing(prefix, prefix.length)) ?? 0) - length : (keys?.shortest ?? 0) - value.length;
    shortfall = Math.min(shortfall < 0 ? Infinity : shortfall, Math.max(0, missing));
  }
  if (written) return shortfall;
  let gap = 0;
  while (gap < value.length && gap < EARLY_GAP && !isSpacing(value.charCodeAt(gap))) gap += 1;
  if (gap >= EARLY_GAP || gap >= value.length) return -1;
  // A prefix spaced out (`A-KIA-E23 G-P…`): the provider's, whatever its length so far.
  const bare = withoutSpacing(value, 24);
  return spacedPrefixes.some((prefix) => bare.startsWith(prefix)) ? 0 : -1;
}

/** Where a path, identifier or version breaks into pieces. */
const pieceBreak = (character: string | undefined): boolean => character !== undefined && '/._-+~'.includes(character);

/**
 * Whether an unquoted value after a bare `:` reads as prose rather than a credential: words, an
 * identifier, a path, a version or a number (`the:`, `what?`, `src/keys.ts`, `0.0.0`), judged
 * without the `:`, `!` and `?` prose puts after a word. Its pieces must be there: punctuation with
 * nothing between (`0-/??`, `a--b`, `x/`) reads as no word, so the name's word for it stands.
 * A leading `/`, `./` or `~/` is a path's.
 */
export function readsAsProse(value: string): boolean {
  let end = value.length;
  while (end > 0 && ':!?'.includes(value[end - 1] as string)) end -= 1;
  const word = value.slice(0, end);
  if (word.length === 0) return false;
  if (isLettersOnly(word)) return true;
  let start = 0;
  while (start < word.length && pieceBreak(word[start])) start += 1;
  if (start === word.length || pieceBreak(word[word.length - 1])) return false;
  for (let index = start + 1; index < word.length; index += 1) if (pieceBreak(word[index]) && pieceBreak(word[index - 1])) return false;
  return isStructured(word);
}

/** The longest white space, line breaks included, read around an XML element's or a YAML block's value. */
const MAX_LAYOUT = 64;
/** A type between a name and its `=` (`var fooToken string = "…"`), lower-case. */
const typeWords = ['string', 'str'];


/** Whether a value passes the judgements every keyword's value must: long enough, not a placeholder, not code, not prose. */
function isCredentialValue(value: string, quoted: boolean, colon: boolean, next: string | undefined, weak: boolean, goesOn = false, raw: string = value, spaced = false): boolean {
  // The cheapest test first: most values after a weak name (`key, value`, `token)`) are no credential's shape.
  if (weak && !isCredentialShaped(value)) return false;
  if (value.length < MIN_VALUE || isPlaceholderValue(value)) return false;
  if (!quoted && (isCode(value, next, raw) || readsAsExpression(value) || (spaced && isVariable(value)))) return false;
  // A quoted name of a secret (`"OPENAI_API_KEY"`, `"reset_password"`: an environment variable's
  // name, an enum's value) or quoted prose is no secret's value.
  if (quoted && (namesSecret(value) || isQuotedProse(value))) return false;
  // `name: …` unquoted may be prose (`The secret: never tell`, `secret: src/keys.ts`): a value that
  // reads as words, an identifier, a path or a number is let go (a YAML password that does is missed).
  if (!quoted && colon && readsAsProse(value)) return false;
  return !weak || !startsWithProviderPrefix(value, goesOn);
}

/**
 * An XML element named by the keyword: `<fooToken>value</fooToken>`, the value alone between its
 * tags (white space and line breaks around it allowed). The cursor is just past the `>`.
 */
function elementValue(reader: Reader, weak: boolean): MatchOutcome {
  reader.skip(MAX_LAYOUT, SPACES);
  const start = reader.at;
  if (reader.code() === END || reader.skip(MAX_VALUE + 1, elementEnds, true) > MAX_VALUE) return NONE;
  const end = reader.at;
  reader.skip(MAX_LAYOUT, SPACES);
  const slash = reader.code(1);
  if (reader.code() !== 60 || slash !== 47) return NONE;
  const value = reader.text.slice(start, end);
  return isCredentialValue(value, true, false, undefined, weak) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
}
/** What ends an element's value: white space or the closing tag's `<`. */
const elementEnds = characters('<', SPACES);

/** Passes over a type word and a blank after it (`var fooToken string = …`): whether one was there. */
function typeWord(reader: Reader): boolean {
  for (const word of typeWords) {
    const from = reader.at;
    if (reader.word(word) && isBlank(reader.code())) return true;
    reader.at = from;
  }
  return false;
}

/**
 * Whether the name before a weak keyword at `at` says it is harmless (`public_key`, `primaryKey`).
 * Read back at most 16 name characters: the name is one token run, which a stream holds whole
 * until it is decided, so the look-back sees the same characters however the text was chunked.
 */
function hasHarmlessQualifier(text: string, at: number): boolean {
  let qualifier = '';
  for (let index = at - 1; index >= 0 && at - index <= MAX_QUALIFIER; index -= 1) {
    const code = fold(text.charCodeAt(index));
    if (nameCharacter[code] !== 1) break;
    if (code === 95 || code === 45 || code === 46) continue;
    qualifier = String.fromCharCode(code >= 65 && code <= 90 ? code + 32 : code) + qualifier;
  }
  return harmlessQualifiers.some((word) => qualifier.endsWith(word));
}

/**
 * Whether `value`, given to the variable `name` by a shape this rule does not read (a pair of
 * `Name` and `Value` fields: see `name-value-matcher.ts`), is a credential as this rule judges
 * one after that name: the name ends in a keyword (`DB_PASSWORD`, `/prod/db/password`'s last
 * piece), a weak one only without a harmless qualifier and with a credential-shaped value, and the
 * value passes the judgements every keyword's value must.
 */
export function isAssignedCredential(name: string, value: string, quoted: boolean): boolean {
  const lower = name.toLowerCase().replaceAll('-', '_').replaceAll('.', '_');
  const keyword = keywords.find((candidate) => lower.endsWith(candidate));
  if (keyword === undefined) return false;
  const weak = weakKeywords.has(keyword);
  if (weak) {
    const qualifier = lower.slice(0, lower.length - keyword.length).replaceAll('_', '');
    if (harmlessQualifiers.some((word) => qualifier.endsWith(word))) return false;
  }
  return isCredentialValue(value, quoted, false, undefined, weak);
}

/** The words prose puts between a name and its value (`the secret is …`). */
const proseConnectors = ['is', 'was'];

/**
 * After a strong name and blanks, `is` or `was`, blanks, and an unquoted value that looks like a
 * credential (see {@link isCredentialShaped}: letters and digits both, not words, an identifier,
 * a version or a path), such as a hex secret: `the api secret is 9f86d0…`. Sentence punctuation
 * after it is left out; placeholders are left alone. Weak names (`key`, `token`) are not read so:
 * "the cache key is <sha256>" names a digest as often as not.
 */
function proseValue(reader: Reader): MatchOutcome {
  for (const connector of proseConnectors) {
    const from = reader.at;
    if (!reader.literal(connector) || !isBlank(reader.code())) {
      reader.at = from;
      continue;
    }
    reader.blanks(MAX_OPERATOR - connector.length);
    const start = reader.at;
    if (reader.code() === END || !reader.until(FIELD_ENDS, MAX_VALUE)) return NONE;
    const end = trimTrailing(reader.text, start, reader.at, sentenceEnds);
    const value = reader.text.slice(start, end);
    return isCredentialShaped(value) && !isPlaceholderValue(value) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
  }
  return NONE;
}
/** Punctuation that ends a sentence or a bracket after a value in prose. */
const sentenceEnds = characters('.)}]:!?');

/** The most backslashes read before an escaped quote (JSON in a string, nested a few times). */
const MAX_BACKSLASHES = 8;

/**
 * Where the quote escaped by the backslashes at `cursor` is (`\"`, `\\\"`: JSON in a string,
 * nested), `cursor` when no backslash or no quote after them is there, -1 when the text ends among them.
 */
function escapedQuote(reader: Reader, cursor: number): number {
  const { text } = reader;
  let index = cursor;
  while (text[index] === '\\' && index - cursor < MAX_BACKSLASHES) index += 1;
  if (index === cursor) return cursor;
  const code = reader.codeAt(index);
  if (code === END) return -1;
  return code === 34 || code === 39 ? index : cursor;
}

/**
 * Passes over blanks (at most `budget` of them) and terminal control sequences (see
 * `skipEscapes`) in any order: how many code units of control sequences.
 */
function layout(reader: Reader, budget: number): number {
  let escapes = 0;
  for (let left = budget; ; ) {
    escapes += reader.escapes();
    if (left <= 0 || !isBlank(reader.text.charCodeAt(reader.at))) return escapes;
    while (left > 0 && isBlank(reader.text.charCodeAt(reader.at))) {
      reader.at += 1;
      left -= 1;
    }
  }
}

/**
 * Whether a secret guard's placeholder (`<SECRET:GITHUB_TOKEN#1>`: a type and a number, no secret)
 * begins at `at` after its `<` (the scan may show the matcher no text before `at`; `SECRET:`, a
 * type, `#`, a number and `>` are the placeholder's whole form). A model that echoes a placeholder
 * writes no credential.
 */
function isGuardPlaceholder(reader: Reader, at: number): boolean {
  const { text } = reader;
  if (!text.startsWith('SECRET:', at)) return false;
  let cursor = at + 7;
  const typeStart = cursor;
  while (cursor < text.length && cursor - typeStart < 64 && /[A-Z0-9_]/u.test(text[cursor] as string)) cursor += 1;
  const digitsStart = cursor + 1;
  if (cursor < text.length && text[cursor] === '#') {
    cursor += 1;
    while (cursor < text.length && cursor - digitsStart < 9 && /\d/u.test(text[cursor] as string)) cursor += 1;
  }
  if (reader.codeAt(cursor) === END) return false;
  const typed = cursor > typeStart && /[A-Z]/u.test(text[typeStart] as string);
  return typed && text[digitsStart - 1] === '#' && cursor > digitsStart && text[digitsStart] !== '0' && text[cursor] === '>';
}

/** Whether a character is a quote a value may be written in. */
const isQuote = (character: string | undefined): boolean => character === '"' || character === "'";

function read(reader: Reader): MatchOutcome {
  const { text, at } = reader;
  const found = keyword(reader);
  if (found === undefined || isGuardPlaceholder(reader, at)) return NONE;
  const weak = weakKeywords.has(found);
  // Terminal colours around the name, operator and value (`jq -C`, `grep --color`) read as nothing.
  reader.escapes();
  const afterName = reader.at;
  if (reader.code() === END) return NONE;
  // `[` and `\` need the character after them (`[]`, `\"`).
  if ((text[afterName] === '[' || text[afterName] === '\\') && reader.code(1) === END) return NONE;
  const nameQuote = escapedQuote(reader, afterName);
  if (nameQuote < 0) return NONE;
  // `<fooToken>value</fooToken>`.
  if (text[afterName] === '>') {
    reader.at += 1;
    const outcome = elementValue(reader, weak);
    return outcome.kind === 'match' && weak && hasHarmlessQualifier(text, at) ? NONE : outcome;
  }
  let cursor = afterName;
  // `apikey[] = …` (PHP arrays), `dict["secret"] = …` (a subscript's closing quote and bracket).
  if (text[cursor] === '[' && text[cursor + 1] === ']') cursor += 2;
  else {
    // A closing quote, escaped in a JSON string inside a string (`\"api_key\": …`), once or more (`\\\"password\\\":`, JSON in a string in a string).
    cursor = nameQuote;
    if (isQuote(text[cursor])) cursor += 1;
    if (text[cursor] === ']') cursor += 1;
  }
  reader.at = cursor;
  let escapes = layout(reader, MAX_OPERATOR - (cursor - afterName));
  // `var fooToken string = "…"`: a type word before the operator.
  if (typeWord(reader)) while (isBlank(text.charCodeAt(reader.at)) && reader.at - afterName < MAX_OPERATOR * 2) reader.at += 1;
  if (reader.code() === END) return NONE;
  let operator = text[reader.at] as string;
  /** Whether blanks stand before the operator, as code spaces it (`a = b`, `key: value` does not count). */
  const blankBefore = reader.at > afterName && isBlank(text.charCodeAt(reader.at - 1));
  // `the api secret is 9f86…`: prose naming a strong name's value (see `proseValue`).
  if (!weak && reader.at > afterName && (operator === 'i' || operator === 'w') && !isQuote(text[afterName])) return proseValue(reader);
  // `apikey "…";`: a quoted value right after the name, ended by `;`, with no operator between.
  const bare = isQuote(operator) && reader.at > afterName;
  // Compound operators (`.=`, `?=`, `+=`, `::=`, `:::=`) take quoted values only.
  let compound = false;
  if (!bare && (operator === '.' || operator === '?' || operator === '+') && reader.code(1) === 61) {
    compound = true;
    reader.at += 1;
    operator = '=';
  } else if (operator === ':' && text[reader.at + 1] === ':') {
    let colons = reader.at;
    while (text[colons] === ':' && colons - reader.at < 3) colons += 1;
    if (reader.codeAt(colons) !== 61) return NONE; // `::` (a scope)
    compound = true;
    reader.at = colons;
    operator = '=';
  }
  // `fooToken,<value>,` (CSV) and `("api_token", "<value>")` (a call's two arguments): a value that looks like a credential only.
  const quotedName = isQuote(text[afterName]) || text[afterName] === '\\';
  const listed = !bare && !compound && operator === ',' && (quotedName || reader.at === afterName);
  if (listed) {
    reader.at += 1;
    if (quotedName) while (isBlank(text.charCodeAt(reader.at)) && reader.at - afterName < MAX_OPERATOR * 2) reader.at += 1;
    if (reader.code() === END) return NONE;
  } else if (!bare && operator !== '=' && operator !== ':') return NONE;
  let colon = false;
  /** Whether the value stands alone on the line after the name's (see below). */
  let nextLine = false;
  if (!bare && !listed) {
    reader.at += 1;
    const second = reader.code();
    if (second === END) return NONE;
    // A bare `:` (YAML, JSON, prose) rather than `:=` or `=`/`=>`.
    colon = operator === ':' && second !== 61;
    if ((second === 61 && operator === ':') || (second === 62 && operator === '=')) reader.at += 1;
    else if (second === 61 || second === 58) return NONE; // `==`, `::`
    escapes += layout(reader, MAX_OPERATOR * 2 - (reader.at - afterName - escapes));
    if (reader.code() === END) return NONE;
    // Objective-C's `@"…"`.
    if (reader.code() === 64) {
      const next = reader.code(1);
      if (next === END) return NONE;
      if (next === 34) reader.at += 1;
    }
    const here = reader.code();
    if (colon && (here === 124 || here === 62 || isLineBreak(here))) {
      // A YAML block scalar (`key: |` or `key: >`, then the value indented on the next line), or a
      // YAML value alone on the next line, indented deeper (`password:\n  hunter2-but-long`): not a
      // list item (`- `), a comment or a nested key (checked once the value is read).
      nextLine = isLineBreak(here);
      if (!nextLine) {
        reader.at += 1;
        if (text[reader.at] === '-' || text[reader.at] === '+') reader.at += 1;
      }
      if (text[reader.at] === '\r') reader.at += 1;
      if (reader.code() !== 10) return NONE;
      const indent = (reader.at += 1);
      reader.skip(MAX_LAYOUT);
      const first = reader.code(nextLine ? 1 : 0);
      if (first === END || reader.at === indent || (nextLine && (text[reader.at] === '#' || (text[reader.at] === '-' && isIn(SPACES, text.charCodeAt(reader.at + 1)))))) return NONE;
      colon = false;
    }
  }
  // The value: quoted to its closing quote on the line, or unquoted to white space, `,`, `;` or a quote.
  const valueQuote = escapedQuote(reader, reader.at);
  if (valueQuote < 0) return NONE;
  const escaped = valueQuote > reader.at;
  reader.at = valueQuote;
  const quote = isQuote(text[valueQuote]) || text[valueQuote] === '`' ? text.charCodeAt(valueQuote) : undefined;
  if ((bare || compound || (listed && quotedName)) && quote === undefined) return NONE;
  if (listed && !quotedName && quote !== undefined) return NONE;
  const start = quote === undefined ? valueQuote : valueQuote + 1;
  reader.at = start;
  if (!(quote === undefined ? reader.until(FIELD_ENDS, MAX_VALUE) : reader.quoted(quote, MAX_VALUE))) return NONE;
  const valueEnd = reader.at;
  let end = valueEnd;
  if (nextLine) {
    // Alone on its line: only blanks after it, and no `:` ending it (a nested key).
    if (quote !== undefined) reader.at += 1;
    reader.blanks(MAX_LAYOUT - (reader.at - end));
    if (!(reader.code() === END || isLineBreak(reader.code())) || text[end - 1] === ':') return NONE;
  }
  if (bare && (reader.codeAt(end + 1) !== 59 || /[ \t]/u.test(text.slice(start, end)))) return NONE;
  // An escaped closing quote's backslash is not the value's.
  if (escaped) while (end > start && text[end - 1] === '\\') end -= 1;
  // An unquoted value does not end in sentence punctuation.
  if (quote === undefined) {
    // A signature's or a block's `):` (`def f(password=None):`) is not the value's either.
    if (text[end - 1] === ':' && end - 1 > start && ')]}'.includes(text[end - 2] as string)) end -= 1;
    end = trimUnbalanced(text, start, end);
  }
  const value = text.slice(start, end);
  // A CSV field ends at `,` or the line.
  if (listed && !quotedName) {
    const after = reader.codeAt(end);
    if (after !== END && after !== 44 && !isLineBreak(after)) return NONE;
  }
  // A value shorter than its provider's shortest key is this rule's, unless the key may go on
  // past a gap (spaced out, the provider's rule follows it): a quote or `</…>` closes it.
  const shortfall = quote === undefined ? providerShortfall(value) : 0;
  const prefix = providerPrefixes.find((candidate) => value.startsWith(candidate) && prefixKeys.has(candidate));
  const goesOn = shortfall > 0 && keyCanReach(reader, end, Math.max(1, providerShortfall(value, true)), (prefix === undefined ? undefined : prefixKeys.get(prefix)?.alphabet) ?? alphanumeric);
  const spaced = blankBefore && !colon && isBlank(text.charCodeAt(start - 1));
  if (!isCredentialValue(value, quote !== undefined, colon, text[end], weak || listed, goesOn, text.slice(start, valueEnd), spaced)) return NONE;
  // `private_key "some/dir/file";` names a path more often than it holds a key.
  if (bare && readsAsProse(value)) return NONE;
  if (weak && hasHarmlessQualifier(text, at)) return NONE;
  return reader.found(ASSIGNED_CREDENTIAL, start, end);
}

/**
 * What must follow a weak keyword where the rule can answer (a prefilter lookahead; the text may end
 * anywhere): a quote (escaped too), `[` or `]`, or blanks and then an operator's first character, a
 * quote, `[` or a type word's `s` (`var fooToken string = …`). So `the key is`, `key of`, `keys`,
 * `tokens` are no stops: code and prose are full of them.
 */
const afterWeakName = `(?:(?:\\\\){1,${MAX_BACKSLASHES}}(?:["']|$)|["'\\[\\]\\u001b]|[ \\t]{0,${MAX_OPERATOR}}(?:[=:,>.?+@"'\\[sS\\u001b]|$)|$)`;

/** A prefilter fragment: `word`'s first character, then the rest of it (any case, folded; `_` also `-` or `.`) or the text's end, then `ending`. */
function keywordFragment(word: string, ending: string): string {
  const first = word.charCodeAt(0);
  const rest = [...word.slice(1)].reduceRight((after, character) => {
    const code = character.charCodeAt(0);
    const codes = code === 95 ? [95, 45, 46] : [code, code ^ 0x20];
    return `(?:${classSource(codes, true)}${after}|$)`;
  }, ending);
  return `${classSource([first, first ^ 0x20], false)}(?=${rest})`;
}

/**
 * A value assigned to a name that says it is a credential (`password = "…"`, `client_secret: …`,
 * `DB_PASSWORD=…` in `.env` files, `_authToken=…` in `.npmrc`, `"api_key": "…"`): the value is
 * redacted even when short or plain. Templates, placeholders and language literals (`${VAR}`,
 * `{{ … }}`, `<your-key>`, `changeme`, `YOUR_PASSWORD`, `REPLACE_WITH_…`, `xxx…`, `***`, `null`)
 * and unquoted code (`password = getPassword()`, `req.body.password`) are left alone.
 */
export const assignmentMatcher: Matcher = {
  type: ASSIGNED_CREDENTIAL,
  triggers: 'pPsSaArRtTkKcC',
  anywhere: true,
  // The first four characters of each keyword, folded, any case (`_` also `-` or `.`).
  // The first four characters of each strong keyword, folded, any case (`_` also `-` or `.`); a weak
  // keyword whole and then what can follow it (see `afterWeakName`).
  prefilter: [
    ...[...new Set(keywords.filter((keyword) => !weakKeywords.has(keyword)).map((keyword) => keyword.slice(0, 4)))].map((start) => keywordFragment(start, '')),
    ...[...weakKeywords].map((keyword) => keywordFragment(keyword, afterWeakName)),
  ].join('|'),
  match: detector(read),
};
