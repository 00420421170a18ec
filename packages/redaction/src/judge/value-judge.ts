/**
 * The value judge: whether a value written after a credential's name (`password = …`, a `Value`
 * field, a `.netrc` password) is one — long enough, not a placeholder or template, not code, not
 * prose, not a name of a secret; after a weak name (`…Token`, `…_KEY`) also shaped like a
 * credential and not a provider's key, which that provider's rule judges. Its words are data
 * (`rules/vocabulary.ts`). Internal: not exported from the package.
 */
import { startsWithProviderPrefix } from './catalogue-index';
import { isPatterned } from './patterned-text';
import { isPieceBreak, isStructured } from './plausibility';
import { randomnessEvidence } from './randomness-judge';
import { credentialKeywords as keywords, harmlessQualifiers, notSecretWords as notSecrets, placeholderPieces, placeholderRuns, weakKeywords } from '../rules/vocabulary';

/** The shortest value redacted. */
const MIN_VALUE = 4;
/** The fewest characters of a value shaped like a credential. */
const MIN_SHAPED = 8;
/** The longest template expression read (`${…}`, `{{ … }}`). */
const MAX_TEMPLATE = 128;

/**
 * Whether a value holds a template expression written whole: `${NAME}` or `${NAME:-default}` (a
 * name of letters, digits, `_` and `.`, then `}` or a `:`/`-`/`?`/`=` modifier before it closes),
 * `$(command)` at the start, or `{{ … }}` closed before any other brace. A `${` or `{{` that does
 * not close that way (`m{{h}o)p${e]…`) is part of a random password.
 */
function holdsTemplate(value: string): boolean {
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

/**
 * What begins a reference to a value kept elsewhere, by where the value is written: an assignment's
 * (`$PASS`, `%PASS%`, `@secret`; a password may begin with `{`) or a header's (`$TOKEN`, `%TOKEN%`,
 * `{token}`, `#{token}`; a credential may begin with `@`).
 */
export const referenceMarks = { assignment: ['$', '%', '@'], header: ['$', '%', '{', '#{'] } as const;

/** Whether a value stands for one kept elsewhere: it begins with one of `marks` (see {@link referenceMarks}) or holds a template ({@link holdsTemplate}). */
export const isReference = (value: string, marks: readonly string[]): boolean => marks.some((mark) => value.startsWith(mark)) || holdsTemplate(value);

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
  if (isReference(value, referenceMarks.assignment)) return true;
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

/** Whether `word`'s character at `index` breaks a path, identifier or version into pieces (`/._-+~`). */
const pieceBreak = (word: string, index: number): boolean => isPieceBreak(word.charCodeAt(index));

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
  while (start < word.length && pieceBreak(word, start)) start += 1;
  if (start === word.length || pieceBreak(word, word.length - 1)) return false;
  for (let index = start + 1; index < word.length; index += 1) if (pieceBreak(word, index) && pieceBreak(word, index - 1)) return false;
  return isStructured(word);
}

/** Whether a value passes the judgements every keyword's value must: long enough, not a placeholder, not code, not prose. */
export function isCredentialValue(value: string, quoted: boolean, colon: boolean, next: string | undefined, weak: boolean, goesOn = false, raw: string = value, spaced = false): boolean {
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

/** Whether a weak name's words before its keyword (lower case, `_ - .` left out) say it is harmless (`public`, `primary`: see `harmlessQualifiers`). */
export function isHarmlessQualifier(qualifier: string): boolean {
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
    if (isHarmlessQualifier(qualifier)) return false;
  }
  return isCredentialValue(value, quoted, false, undefined, weak);
}
