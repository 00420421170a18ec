/**
 * A value assigned to a name that says it holds a credential:
 *
 * ```
 * assignment = keyword layout [ "[]" | quote [ "]" ] ] layout [ type-word ] operator layout value
 *            | keyword ">" spaces value spaces "</"                     (an XML element)
 *            | keyword blanks ( "is" | "was" | "to" ) blanks prose-value  (prose; strong keywords only)
 *            | keyword blanks ( quote | "`" ) quoted ( quote | "`" ) ( blanks | sentence-end )  (prose; strong keywords only)
 *            | keyword [ "`" | "**" ] blanks "|" blanks value blanks ( "|" | line-end )   (a table row's next cell)
 * keyword    = a credential keyword ending a name (rules/vocabulary.ts), any case, "_" also "-" or "."
 * operator   = "=" | ":" | ":=" | "=>" | ".=" | "?=" | "+=" | "::=" | ":::="
 *            | ","                                     (a CSV field, a call's next argument)
 *            | "??" | "||"                            (a default: `process.env.JWT_SECRET ?? "…"`)
 *            | nothing, before a quoted value that ";" ends
 * value      = [ "@" ] ( quote quoted quote | until(white space, quote, "," ";") )
 *            | "{" braced "}" ( ";" | line-end )                       (a connection string's field: `Pwd={…};`)
 *            | ( "|" | ">" ) [ "-" | "+" ] line-break indent value   (a YAML block scalar)
 *            | line-break indent value line-end                      (a YAML value alone on the next line)
 * prose-value = ( "`" | quote | "**" ) quoted ( "`" | quote | "**" ) | until(white space, quote, "," ";")
 * layout     = { blanks | escapes }                   (quotes escaped with "\" too: JSON in a string)
 * ```
 */
import { fold } from '../text/fold';
import { type Matcher, type MatchOutcome, NONE } from '../engine/matcher';
import { classSource } from '../engine/prefilter';
import { providerAlphabet, providerShortfall, startsWithLabel } from '../judge/catalogue-index';
import { hasNeverSecretShape, isCredentialShaped, isCredentialValue, isPassphrase, isPlaceholderValue, readsAsProse } from '../judge/value-judge';
import { RANDOM_EVIDENCE, randomnessEvidence } from '../judge/randomness-judge';
import { credentialKeywords as keywords, weakKeywords, wordKeywords } from '../rules/vocabulary';
import { characters, detector, END, FIELD_ENDS, isBlank, isIn, isLineBreak, keyCanReach, type Reader, SPACES, trimTrailing, trimUnbalanced } from './reader';

/** The type reported for a value assigned to a name that says it is a credential. */
export const ASSIGNED_CREDENTIAL = 'ASSIGNED_CREDENTIAL';

/** How far back a name is read before its keyword (for its qualifier, and to know a value that repeats it). */
const MAX_QUALIFIER = 16;

/** Name characters: letters, digits, `_`, `-`, `.`. */
const nameCharacter = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.') nameCharacter[character.charCodeAt(0)] = 1;

/** Between the name and the value: a closing quote, blanks (a column of them when aligned), and `=`, `:`, `:=` or `=>`. */
const MAX_OPERATOR = 64;
/** The longest value taken: a longer one is not an assignment this rule judges. */
const MAX_VALUE = 256;

/** The keywords by their first letter (folded, lower-case): a position is compared only with those it can begin. */
const keywordsByFirst: ReadonlyArray<readonly string[]> = Array.from({ length: 128 }, (_, code) => keywords.filter((keyword) => keyword.charCodeAt(0) === code));

/** Whether the keyword at `at` is a later word of its name, after `_`, `-` or `.` (the name is one token run, held whole: see {@link nameBefore}). */
function endsLongerName(text: string, at: number): boolean {
  const before = at > 0 ? text.charCodeAt(at - 1) : 32;
  return before === 95 || before === 45 || before === 46;
}

/** Whether the keyword at `at` opens its name: no name character before it (`bypass` is one word). */
const opensName = (text: string, at: number): boolean => at === 0 || nameCharacter[fold(text.charCodeAt(at - 1))] !== 1;

/**
 * The keyword at the cursor that ends a name (`DB_PASSWORD`'s `password`), the cursor past it:
 * a name character after it would make it another word. Undefined when none is there.
 */
function keyword(reader: Reader): string | undefined {
  const first = fold(reader.code());
  for (const word of keywordsByFirst[first >= 65 && first <= 90 ? first + 32 : first] ?? []) {
    const at = reader.at;
    if (!reader.word(word, true)) continue;
    const after = reader.code();
    if (after !== END && nameCharacter[fold(after)] !== 1 && (!wordKeywords.has(word) || endsLongerName(reader.text, at) || opensName(reader.text, at))) return word;
    reader.at = at;
  }
  return undefined;
}


/** The longest white space, line breaks included, read around an XML element's or a YAML block's value. */
const MAX_LAYOUT = 64;
/** A type between a name and its `=` (`var fooToken string = "…"`), lower-case. */
const typeWords = ['string', 'str'];



/**
 * An XML element named by the keyword: `<fooToken>value</fooToken>`, the value alone between its
 * tags (white space and line breaks around it allowed). The cursor is just past the `>`.
 */
function elementValue(reader: Reader, weak: boolean, name: string): MatchOutcome {
  reader.skip(MAX_LAYOUT, SPACES);
  const start = reader.at;
  if (reader.code() === END || reader.skip(MAX_VALUE + 1, elementEnds, true) > MAX_VALUE) return NONE;
  const end = reader.at;
  reader.skip(MAX_LAYOUT, SPACES);
  const slash = reader.code(1);
  if (reader.code() !== 60 || slash !== 47) return NONE;
  const value = reader.text.slice(start, end);
  return isCredentialValue(value, { quoted: true, weak, name }) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
}
/** What ends an unquoted value in a table's cell: a field's ends and the cell's `|` (`\\|`, Markdown's escaped bar, is the value's). */
const cellEnds = characters('|', FIELD_ENDS);

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
 * The name whose keyword begins at `at` and ends at `end` (`x509Credential`, `self.password`), read
 * back at most 16 name characters before the keyword: the name is one token run, which a stream
 * holds whole until it is decided, so the look-back sees the same characters however the text was
 * chunked.
 */
function nameBefore(text: string, at: number, end: number): string {
  let name = '';
  for (let index = at - 1; index >= 0 && at - index <= MAX_QUALIFIER && nameCharacter[fold(text.charCodeAt(index))] === 1; index -= 1) name = String.fromCharCode(fold(text.charCodeAt(index))) + name;
  return name + text.slice(at, end);
}

/** The words prose puts between a name and its value (`the secret is …`, `set the password to …`). */
const proseConnectors = ['is', 'was', 'to'];

/**
 * After a strong name and blanks, `is`, `was` or `to`, blanks, and a value that looks like a
 * credential (see {@link isCredentialShaped}: letters and digits both, not words, an identifier,
 * a version or a path), such as a hex secret: `the api secret is 9f86d0…`, `I set the password to
 * \`k8#Qv2…\``. The value must also read as random (`Encode the secret to Base64URL`, `argon2id`
 * are prose) and, unquoted or in backticks, have no shape of code (`crypto.randomBytes(32)`).
 * Unquoted, sentence punctuation after it is left out; quoted, the quotes are not the value's.
 * Placeholders are left alone. Weak names
 * (`key`, `token`) are not read so: "the cache key is <sha256>" names a digest as often as not.
 */
function proseValue(reader: Reader): MatchOutcome {
  for (const connector of proseConnectors) {
    const from = reader.at;
    if (!reader.literal(connector) || !isBlank(reader.code())) {
      reader.at = from;
      continue;
    }
    reader.blanks(MAX_OPERATOR - connector.length);
    const quote = reader.code();
    // Markdown's bold (`is **…**`) quotes as a pair of stars.
    const bold = quote === 42 && reader.code(1) === 42;
    const quoted = quote === 96 || quote === 34 || quote === 39 || bold;
    if (quoted) reader.at += bold ? 2 : 1;
    const start = reader.at;
    if (reader.code() === END || !(quoted ? reader.quoted(quote, MAX_VALUE) : reader.until(FIELD_ENDS, MAX_VALUE))) return NONE;
    // A star inside a bold value is the value's: bold closes at two.
    while (bold && reader.code(1) !== 42) {
      reader.at += 1;
      if (!reader.quoted(quote, MAX_VALUE - (reader.at - start))) return NONE;
    }
    const end = quoted ? reader.at : trimTrailing(reader.text, start, reader.at, sentenceEnds);
    // Markdown's backticks hold code as often as a value (`crypto.randomBytes(32)`): code's shapes count there.
    return isProseCredential(reader.text.slice(start, end), !quoted || quote === 96) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
  }
  return NONE;
}

/**
 * Whether a value prose gives a strong name is a credential: shaped like one (see
 * {@link isCredentialShaped}), random enough to stand out from prose, no placeholder, no label
 * (`AccountKey=…`: its row judges it), and, when written as `code` (unquoted or in backticks), without a shape of code.
 */
const isProseCredential = (value: string, code: boolean): boolean =>
  (isPassphrase(value) || (isCredentialShaped(value) && readsRandomInProse(value))) && !isPlaceholderValue(value) && !startsWithLabel(value) && !(code && hasNeverSecretShape(value, true, value));
/**
 * The bits by which a value in prose (after `is`, `to`, or as a default after `??`) must be likelier
 * random than written: half a bare token's bar. Short names with digits (`argon2id`, `base64url`)
 * read about even; a hex secret or a generated password reads far above.
 */
const PROSE_EVIDENCE = RANDOM_EVIDENCE / 2;
/** Whether a value stands out from prose as drawn at random (see {@link PROSE_EVIDENCE}). */
const readsRandomInProse = (value: string): boolean => randomnessEvidence(value, 0, value.length) >= PROSE_EVIDENCE;

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

/**
 * How many characters of Markdown's code or bold marks (`` ` ``, `**`) close a name at `at` when a
 * table cell's `|` follows them (after blanks): `` | `DB_PASSWORD` | … | ``, `| **Password** | … |`.
 * 0 when none.
 */
function cellNameMarks(reader: Reader, at: number): number {
  const marks = nameMarks(reader, at);
  if (marks === 0) return 0;
  let index = at + marks;
  while (index - at < MAX_OPERATOR && isBlank(reader.codeAt(index))) index += 1;
  // A cell's `|`, or a label's colon (`**Password**: …`, `**Password** : …`).
  return reader.codeAt(index) === 124 || reader.codeAt(index) === 58 ? marks : 0;
}

/** Markdown's marks at `at` that close a name or a label: a backtick, `**` or `*`; 0 when none. */
function nameMarks(reader: Reader, at: number): number {
  const first = reader.codeAt(at);
  if (first === 96) return 1;
  if (first !== 42) return 0;
  return reader.codeAt(at + 1) === 42 ? 2 : 1;
}

/**
 * Markdown's emphasis that closes a label after its colon (`**Password:** …`, `*Password:* …`,
 * `__Password:__ …`, `***Password:*** …`): one to three `*` or `_`, then a blank. 0 when none.
 */
function labelMarks(reader: Reader): number {
  const mark = reader.code();
  if (mark !== 42 && mark !== 95) return 0;
  let marks = 1;
  while (marks < 3 && reader.code(marks) === mark) marks += 1;
  return isBlank(reader.code(marks)) ? marks : 0;
}

/** Markdown's emphasis written around a whole unquoted value (`**…**`, `*…*`): how many marks each side, 0 when none. */
function valueMarks(text: string, start: number, end: number): number {
  for (const marks of ['**', '*']) {
    if (end - start > 2 * marks.length && text.startsWith(marks, start) && text.endsWith(marks, end) && text[start + marks.length] !== '*' && text[end - marks.length - 1] !== '*') return marks.length;
  }
  return 0;
}

/**
 * Where the `}` closes a value in braces at `at` when it is a connection string's field
 * (`Pwd={…};`): on the line within the longest value, then `;`, the line's end or the text's; -1
 * otherwise. A brace that any other character follows is code (`password={this.state.pw}`, an
 * object) and read as such.
 */
function bracedFieldEnd(reader: Reader, at: number): number {
  for (let index = at + 1; index - at <= MAX_VALUE + 1; index += 1) {
    const code = reader.codeAt(index);
    if (code === END || isLineBreak(code) || code === 123) return -1;
    if (code !== 125) continue;
    const after = reader.codeAt(index + 1);
    return after === 59 || after === END || isLineBreak(after) ? index : -1;
  }
  return -1;
}

/** A name as `.env` files and shells write one: capitals, digits and `_` (`DB_PASSWORD`). */
const envName = /^[A-Z0-9_]+$/u;

/** Whether only blanks follow `at` to the line's end. */
function endsLine(reader: Reader, at: number): boolean {
  let index = at;
  while (index - at < MAX_LAYOUT && isBlank(reader.codeAt(index))) index += 1;
  const after = reader.codeAt(index);
  return after === END || isLineBreak(after);
}

/** Whether a character is a quote a value may be written in. */
const isQuote = (character: string | undefined): boolean => character === '"' || character === "'";

function read(reader: Reader): MatchOutcome {
  const { text, at } = reader;
  const found = keyword(reader);
  if (found === undefined || isGuardPlaceholder(reader, at)) return NONE;
  // `pass` or `authtok` opening a name (nodemailer's `{ user, pass: '…' }`) names a credential only before a quoted value, as a weak name does.
  const bareWord = wordKeywords.has(found) && !endsLongerName(text, at);
  const weak = weakKeywords.has(found) || bareWord;
  const name = nameBefore(text, at, at + found.length);
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
    return elementValue(reader, weak, name);
  }
  let cursor = afterName;
  // `apikey[] = …` (PHP arrays), `dict["secret"] = …` (a subscript's closing quote and bracket).
  if (text[cursor] === '[' && text[cursor + 1] === ']') cursor += 2;
  else {
    // A closing quote, escaped in a JSON string inside a string (`\"api_key\": …`), once or more (`\\\"password\\\":`, JSON in a string in a string).
    cursor = nameQuote;
    if (isQuote(text[cursor])) cursor += 1;
    if (text[cursor] === ']') cursor += 1;
    cursor += cellNameMarks(reader, cursor);
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
  if (!weak && reader.at > afterName && (operator === 'i' || operator === 'w' || operator === 't') && !isQuote(text[afterName])) return proseValue(reader);
  // `apikey "…";`: a quoted value right after the name, ended by `;`, with no operator between.
  const bare = (isQuote(operator) || operator === '`') && reader.at > afterName;
  // Compound operators (`.=`, `?=`, `+=`, `::=`, `:::=`) and a default's (`??`, `||`) take quoted values only.
  let compound = false;
  const following = !bare && '.?+|'.includes(operator) ? reader.code(1) : END;
  const orDefault = (operator === '?' && following === 63) || (operator === '|' && following === 124);
  if (orDefault || ((operator === '.' || operator === '?' || operator === '+') && following === 61)) {
    compound = true;
    reader.at += 1;
    operator = '=';
  } else if (operator === 't' && isQuote(text[afterName]) && reader.code(1) === 111 && isBlank(reader.code(2))) {
    // Kotlin's pairs (`"password" to "…"`): `to` between a quoted name and a quoted value.
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
  }
  // `| DB_PASSWORD | <value> |`: a table row whose cell holds the name and whose next cell holds only the value.
  const cell = !bare && !compound && !listed && operator === '|' && blankBefore && isBlank(reader.code(1));
  if (!bare && !listed && !cell && operator !== '=' && operator !== ':') return NONE;
  let colon = false;
  /** Whether the value stands alone on the line after the name's (see below). */
  let nextLine = false;
  if (!bare && !listed) {
    reader.at += 1;
    const second = reader.code();
    if (second === END) return NONE;
    // A bare `:` (YAML, JSON, prose) rather than `:=` or `=`/`=>`.
    colon = operator === ':' && second !== 61;
    if (colon) reader.at += labelMarks(reader);
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
  if ((bare || compound || bareWord || (listed && quotedName)) && quote === undefined) return NONE;
  if (listed && !quotedName && quote !== undefined) return NONE;
  // ODBC's and ADO.NET's `Pwd={…};`: a connection string's value in braces, its field ending after them.
  const braceEnd = quote === undefined && !bare && !compound && !listed && !cell && operator === '=' && text[valueQuote] === '{' ? bracedFieldEnd(reader, valueQuote) : -1;
  const braced = braceEnd >= 0;
  let start = quote === undefined && !braced ? valueQuote : valueQuote + 1;
  reader.at = braced ? braceEnd : start;
  if (!braced && !(quote === undefined ? reader.until(cell ? cellEnds : FIELD_ENDS, MAX_VALUE) : reader.quoted(quote, MAX_VALUE))) return NONE;
  if (cell && quote === undefined) {
    while (reader.code() === 124 && text.charCodeAt(reader.at - 1) === 92) {
      reader.at += 1;
      if (!reader.until(cellEnds, MAX_VALUE - (reader.at - start))) return NONE;
    }
  }
  const valueEnd = reader.at;
  let end = valueEnd;
  // `DB_PASSWORD=Csmc!=#w47…` ending its line (a `.env` file, a shell): the line's value, no inline code.
  const line = quote === undefined && !braced && !cell && !listed && !compound && operator === '=' && start === afterName + 1 && envName.test(name) && endsLine(reader, valueEnd);
  if (cell) {
    // The value fills its cell: blanks after it, then the next `|` or the line's end.
    reader.at = quote === undefined ? valueEnd : valueEnd + 1;
    reader.blanks(MAX_LAYOUT);
    const after = reader.code();
    if (after !== 124 && after !== END && !isLineBreak(after)) return NONE;
  }
  if (nextLine) {
    // Alone on its line: only blanks after it, and no `:` ending it (a nested key).
    if (quote !== undefined) reader.at += 1;
    reader.blanks(MAX_LAYOUT - (reader.at - end));
    if (!(reader.code() === END || isLineBreak(reader.code())) || text[end - 1] === ':') return NONE;
  }
  if (bare && (reader.codeAt(end + 1) !== 59 || /[ \t]/u.test(text.slice(start, end)))) {
    // `Use the password "…" to log in.`: prose quoting a strong name's value, a blank or a sentence's end after it.
    const after = reader.codeAt(end + 1);
    const closes = after === END || isBlank(after) || isLineBreak(after) || isIn(sentenceEnds, after) || after === 44;
    if (weak || !closes) return NONE;
    // Prose quotes words and labels (`the password "Show" button`) as often as values: the value must
    // be shaped as a credential too; in backticks, code's shapes count (`crypto.randomBytes(32)`).
    const value = text.slice(start, end);
    return (isCredentialShaped(value) || isPassphrase(value)) && isCredentialValue(value, { quoted: quote !== 96, weak: false, name }) ? reader.found(ASSIGNED_CREDENTIAL, start, end) : NONE;
  }
  // An escaped closing quote's backslash is not the value's.
  if (escaped) while (end > start && text[end - 1] === '\\') end -= 1;
  // An unquoted value does not end in sentence punctuation.
  if (quote === undefined && !braced) {
    // A signature's or a block's `):` (`def f(password=None):`) is not the value's either.
    if (text[end - 1] === ':' && end - 1 > start && ')]}'.includes(text[end - 2] as string)) end -= 1;
    end = trimUnbalanced(text, start, end);
    // Markdown's emphasis around the value (`Password: **…**`) is not the value's.
    const marks = valueMarks(text, start, end);
    start += marks;
    end -= marks;
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
  const goesOn = shortfall > 0 && keyCanReach(reader, end, Math.max(1, providerShortfall(value, true)), providerAlphabet(value));
  const spaced = blankBefore && !colon && isBlank(text.charCodeAt(start - 1));
  // A default (`?? '…'`, `|| '…'`) is as often an encoding or a salt as a secret: judged as after a weak name.
  if (!isCredentialValue(value, { quoted: quote !== undefined, weak: weak || listed || orDefault || cell, colon, spaced, goesOn, raw: text.slice(start, valueEnd), name, line })) return NONE;
  if (orDefault && !readsRandomInProse(value)) return NONE;
  // `private_key "some/dir/file";` names a path more often than it holds a key.
  if (bare && readsAsProse(value)) return NONE;
  // `oauth_token: OAuth 2.0 token for the current user.`: after a bare `:`, a value without both
  // letters and digits that a sentence goes on from is the sentence's first word.
  if (colon && quote === undefined && !isCredentialShaped(value, 1) && sentenceFollows(reader, end)) return NONE;
  return reader.found(ASSIGNED_CREDENTIAL, start, end);
}

/** The most blanks read between the words of a sentence. */
const MAX_WORD_GAP = 4;

/** Whether a sentence goes on at `at`: blanks, a word (two letters, digits or `.` or more: `2.0`), a blank, and a letter. */
function sentenceFollows(reader: Reader, at: number): boolean {
  let index = at;
  const blank = (): number => {
    const from = index;
    while (index - from < MAX_WORD_GAP && isBlank(reader.codeAt(index))) index += 1;
    return index - from;
  };
  if (blank() === 0) return false;
  const word = index;
  for (let code = reader.codeAt(index); index - word < 32 && (isLetter(code) || (code >= 48 && code <= 57) || code === 46); code = reader.codeAt(index)) index += 1;
  return index - word >= 2 && blank() > 0 && isLetter(reader.codeAt(index));
}
const isLetter = (code: number): boolean => (code | 0x20) >= 97 && (code | 0x20) <= 122;

/**
 * What must follow a weak keyword where the rule can answer (a prefilter lookahead; the text may end
 * anywhere): a quote (escaped too), `[` or `]`, or blanks and then an operator's first character, a
 * quote, `[` or a type word's `s` (`var fooToken string = …`). So `the key is`, `key of`, `keys`,
 * `tokens` are no stops: code and prose are full of them.
 */
const afterWeakName = `(?:(?:\\\\){1,${MAX_BACKSLASHES}}(?:["']|$)|["'\\[\\]\\u001b]|[ \\t]{0,${MAX_OPERATOR}}(?:[=:,>.?+|@"'\\[sS\\u001b]|$)|$)`;

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
