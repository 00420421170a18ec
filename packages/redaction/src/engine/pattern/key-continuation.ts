/**
 * Whether a key goes on past a gap: one decision, asked at every gap after part of a key by the
 * pattern matcher's extension (`extend`, a spaced-out key's next group) and by its reading of a
 * whole key's next line (`wrappedRest`).
 *
 * The decision compares two explanations of the group after the gap (the row's characters up to
 * the next gap): **the key goes on** (the group was drawn uniformly from the row's alphabet, and
 * the gap is one the key's writer put there) and **the key ended** (the group is text: prose or
 * code, as the written model of `judge/randomness-judge.ts` and the word list of
 * `judge/listed-word.ts` read it). The answer is their log-likelihood ratio in bits plus a few
 * documented terms, added; the key goes on when the sum is positive.
 *
 * - **The row's length** comes first: a key shorter than its row's minimum goes on whatever the
 *   group reads as (the match is judged whole afterwards); one at its maximum cannot. A field's
 *   name (`NAME=`, `name:`) and a group glued to a letter or digit outside the row's class (the
 *   `D` of `Done`) are text's whatever their characters, and so is a group of three characters or more
 *   that opens a paragraph after a blank line the key never crossed.
 * - **The characters**: the row-alphabet judge's evidence (`judge/row-alphabet-judge.ts`): `log2`
 *   of the class's size a character for the key, the written model's cost for text; in a spaced
 *   key's tail it also weighs the gap (a run's end to text, the writer's separator or
 *   `SEPARATOR_CHANGE_BITS` for a new one to the key).
 * - **A line's first token** (after a line break): prose and code begin lines with words,
 *   keywords, commands and names, so text reads a listed word or command by the list where that
 *   is cheaper ({@link listedWordBits}), pays {@link UNLISTED_BITS} for a short lower-case group
 *   the list lacks, and {@link LONE_LINE_BITS} for a token alone on its line. The one token
 *   between a key and its line's end, in the key's rhythm, pays {@link LONE_LINE_BITS} too when
 *   the list does not read it (`… gNhzR STUNA⏎`: text seldom adds one such token after a key, the
 *   key's separator before it, and ends the line).
 * - **The gap**: the key's own separator again costs nothing more. A line break is read by the
 *   key's lines (`LineReading`): a text wrapped at a column fills every line to it but its last.
 *   On the key's first line (`line-break`) it costs the key {@link LINE_BREAK_BITS} (a line ends
 *   after a key more often than a key is wrapped, weighed against a piece of key left); after a
 *   line shorter than the key's line before (`wrap-end`, a wrap's last line) the key has ended,
 *   whatever follows, once it has its row's minimum; after a line as long (`column-wrap`) the key
 *   goes on by `log2` of its column (it ends exactly there once in that many) and the weight of a
 *   piece left ({@link LEAK_WEIGHT_BITS}); after a line longer than the key's part of its first
 *   (`wrapped`: its column not shown) by that weight alone. After a key written whole, a line break
 *   or blanks (`blank`) give way only to a group of {@link MIN_LINE_GROUP} characters or more
 *   (`<key> -d`, `<key>⏎3) restart` keep their text). A number, a date or a time that opens a line
 *   is read as one ({@link DIGIT_BITS} a digit). In a spaced key's rhythm, a group holding a piece
 *   of key (four characters) that does not open a line weighs that piece as a line break does.
 * - **The shape and the rhythm**: a group with no word's shape (`25BL`, `iIceth`, `l=M++C`: a
 *   digit inside, mixed case, or a short group the list lacks) where the key's next group would
 *   stand — in the rhythm of a key spaced out in groups (after its separator, no longer than its
 *   groups, not after its shorter last group, every group since the key's end in it too), or at
 *   the start of the next line — is one text almost never writes there: text pays
 *   {@link RANDOM_EVIDENCE}. A word-shaped group exactly as long as the key's groups pays
 *   {@link RHYTHM_BITS} (`… gNhzR Lapmb`).
 *
 * Known limits: the text model is a character bigram and a list of 1,326 words of 2 to 4 letters,
 * so a key's last group that is a listed word (`gate`, `go`) is read as prose, and a group the list
 * lacks (`ok`, `repo`) as a key's when it stands in the key's rhythm.
 */
import { RANDOM_EVIDENCE, writtenCost } from '../../judge/randomness-judge';
import { nextWrittenState, WRITTEN_START } from '../../judge/randomness-symbols';
import { LISTED_WORD_MAX, readsAsListedWords } from '../../judge/listed-word';
import { WORDS_BY_LENGTH } from '../../rules/word-list';
import { isDigitCode } from '../../text/fold';

/**
 * Bits text pays for a short group of letters with a lower-case one (2 to {@link LISTED_WORD_MAX})
 * that the word list does not hold (`onui`, `cive`, `Ctif`): prose's short tokens are nearly all
 * listed words or commands. Capitals alone are left to the written model: acronyms the list lacks
 * (`CFO`) are common. One letter (`b x`) is too: the list starts at two.
 */
const UNLISTED_BITS = 16;

/** The odds, in bits, of a line's end after a key written whole against a wrap there (see {@link LINE_BREAK_BITS}). */
const LINE_END_BITS = 9;

/** Bits the continuation decision at a line break weighs a piece of key left above a token taken in (see {@link LINE_BREAK_BITS}). */
const LEAK_WEIGHT_BITS = 6;

/** Key characters from which a group that opens a paragraph is text's (one or two are a piece of a key spaced out by blank lines). */
const PARAGRAPH_GROUP = 3;

/**
 * Bits a line break that shows no wrap at a column costs a key written whole (and holding its row's
 * minimum): a line ends after a key more often than a key is wrapped right there, about
 * {@link LINE_END_BITS} bits' worth, less {@link LEAK_WEIGHT_BITS}, what the decision weighs a piece
 * of key left in the clear above the next line's first token taken in (the issue's bars: no key
 * out; text lost next to the marker in at most 1% of cases). A wrapped key whose last line alone
 * shows the wrap (`…zulzg⏎lyzi4 for now.`) then goes on by its rest's characters. Measured on real
 * lines after a key (Python sources, Markdown and `.d.ts` lines from node_modules): 0 of 5,953
 * changed, as with 9 bits.
 */
const LINE_BREAK_BITS = LINE_END_BITS - LEAK_WEIGHT_BITS;

/**
 * The fewest characters of the row's class a line's first token needs to be a whole key's rest after
 * a line break that shows no wrap at a column: a shorter one carries too little of a key to outweigh
 * how often a line opens with a short token (`ok`, `200 OK`, `3) restart`), and leaves too little
 * in clear to matter (the leak bench counts four characters).
 */
const MIN_LINE_GROUP = 4;

/**
 * Bits text pays for a line holding one token that neither the word list nor a command explains
 * (`<key>⏎RK14⏎`, a wrapped key's last line), or for such a token alone after a key at its line's
 * end: lines of prose and code seldom do.
 */
const LONE_LINE_BITS = 7;

/**
 * Bits text pays for a word-shaped run that ends exactly where the key's equal groups end
 * (`… gNhzR Lapmb`): one run of code or prose in 5.9, their mean length, ends at a given character.
 */
const RHYTHM_BITS = Math.log2(5.9);

/** Bits text pays for choosing a listed word of each length (uniform among the list's words of that length, one token in two listed). */
const LISTED_BITS: readonly number[] = WORDS_BY_LENGTH.map((words, length) => (length === 0 || words.length === 0 ? Number.POSITIVE_INFINITY : Math.log2(words.length / length) + 1));

/** What text pays for the group `text[from..to)` as a listed word (Infinity past the list's lengths). */
const listedWordBits = (from: number, to: number): number => LISTED_BITS[to - from] ?? Number.POSITIVE_INFINITY;

/** What the written model charges for `text[from..to)` read as one run from its start, in bits. */
export function writtenBits(text: string, from: number, to: number): number {
  let bits = 0;
  let state = WRITTEN_START;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    bits += writtenCost(state, code);
    state = nextWrittenState(state, code);
  }
  return bits;
}

/**
 * How the gap before the group relates to the key (see the file's header): `blank` is blanks after a
 * key written whole; a line break is read by the key's lines ({@link LineReading}).
 */
export type GapReading = 'key-separator' | 'blank' | LineReading;

/** How a line break after a key written whole reads by the key's lines (`lineReading` of the pattern matcher). */
export type LineReading = 'line-break' | 'wrapped' | 'column-wrap' | 'wrap-end';

/** Where the key stands against its row's length. */
export type LengthNeed = 'short' | 'room' | 'full';

/** How a group sits in the rhythm of a key spaced out in equal groups (see {@link NextGroup.rhythm}). */
export type Rhythm = 'none' | 'within' | 'exact';

/** What the decision reads of the group after a gap. */
export interface NextGroup {
  readonly text: string;
  /** The group: `text[from..to)`, the row's characters and its own separators. */
  readonly from: number;
  readonly to: number;
  /**
   * The row-alphabet judge's evidence, in bits, for the group and the gap before it (key model
   * against written model; separator changes included); `undefined` to have it computed here from
   * the group's characters (`classBits` each for the key, the written model from the group's start).
   */
  readonly judged?: number;
  /** Bits of a uniform draw from the row's class, per character. */
  readonly classBits: number;
  /** The group's characters that are the class's (its own separators left out). */
  readonly count: number;
  /**
   * How the group sits in the key's rhythm (see the file's header): `none` out of it (after another
   * separator, longer than the key's groups, or after its shorter last group), `within` no longer
   * than its groups, `exact` as long as they are.
   */
  readonly rhythm: Rhythm;
  /** Whether the group has a word's shape (`WordShape.isWord`). */
  readonly wordShaped: boolean;
  /** Whether a field's name ends at the group's end (`NAME=`, `name:`). */
  readonly namesField: boolean;
  /** Whether the group begins a paragraph (after a blank line the key's gaps never held). */
  readonly opensParagraph?: boolean;
  /** Whether a letter or digit outside the row's class follows the group (`D` of `Done` after an `A-Z0-9` key): part of a word. */
  readonly gluedToWord: boolean;
  /**
   * Whether the group is alone on its line, or alone between the key and the line's end in the
   * key's rhythm (blanks, then the line's or the text's end).
   */
  readonly endsLine?: boolean;
  /** Whether the group begins a line though the key's gaps held no line break (a line break reading implies it). */
  readonly lineStart?: boolean;
  /** The key's column, the length of its last line, when the gap is a `column-wrap`. */
  readonly column?: number;
}

/**
 * The evidence, in bits, that the key goes on through `group` after a gap read as `gap`, the key
 * standing at `need` against its row's length: positive means the key goes on (see the file's
 * header for every term).
 */
export function continuationOdds(gap: GapReading, need: LengthNeed, group: NextGroup): number {
  if (need === 'short') return Number.POSITIVE_INFINITY;
  if (need === 'full' || gap === 'wrap-end' || group.namesField || group.gluedToWord || (group.opensParagraph === true && group.count >= PARAGRAPH_GROUP)) return Number.NEGATIVE_INFINITY;
  const afterWholeKey = gap !== 'key-separator';
  if ((gap === 'line-break' || gap === 'blank') && group.count < MIN_LINE_GROUP) return Number.NEGATIVE_INFINITY;
  const { text, from, to, classBits, count } = group;
  let odds = group.judged ?? writtenBits(text, from, to) - count * classBits;
  const lineStart = afterWholeKey ? gap !== 'blank' : group.lineStart === true;
  const listed = lineStart || group.endsLine === true ? readsAsListedWords(text, from, to) : undefined;
  // A number after a whole key or at a line's start that the text goes on after, or a date or a
  // time there, is read by text as one, each digit one of ten, where that is cheaper than the written
  // model's reading (`<key> 3600 seconds`, `2024-03-01 rotated`, `200 OK`, `12:21:05⏎`). Alone on
  // its line, other digits are as likely a wrapped key's last line.
  const shape = afterWholeKey || lineStart ? numberShape(text, from, to) : NOT_A_NUMBER;
  const number = shape === DATE_OR_TIME || (shape === NUMBER && group.endsLine !== true);
  if (number) odds -= Math.max(0, writtenBits(text, from, to) - count * DIGIT_BITS);
  // A line's first token: prose and code begin a line with a word, a keyword, a command or a name,
  // so text reads it by the word list where that is cheaper, and a short one the list lacks is
  // seldom text's.
  if (lineStart && listed === true) odds -= Math.max(0, writtenBits(text, from, to) - listedWordBits(from, to));
  else if (lineStart && listed === false && to - from >= 2 && to - from <= LISTED_WORD_MAX && lowerCaseLetters(text, from, to)) odds += UNLISTED_BITS;
  // A token alone on its line, or alone between the key and its line's end, that neither the list
  // nor a number reads (not after blanks a whole key's writer put before a field: `<key>⇥prod`).
  if (gap !== 'blank' && listed !== true && !number && group.endsLine === true) odds += LONE_LINE_BITS;
  if (afterWholeKey) {
    // A listed word or command has a word's shape whatever its letters (`npm`), and digits a
    // number's (alone on a line too); one character has none.
    const shaped = group.wordShaped || listed === true || count < 2 || shape !== NOT_A_NUMBER;
    return odds + (shaped ? 0 : RANDOM_EVIDENCE) + lineBreakBits(gap, group);
  }
  const { rhythm } = group;
  if (rhythm !== 'none' && !group.wordShaped && !number) odds += RANDOM_EVIDENCE;
  else if (rhythm === 'exact') odds += RHYTHM_BITS;
  // In the key's rhythm, a group that holds a piece of key weighs the piece left in the clear over
  // the token taken in, as a whole key's next line does (`… ayjm2T AT_141⏎`, `… 9_bcxT7v HCREQ for`:
  // the key ends with its shorter group, and what follows is out of its rhythm); not a listed word
  // that the text goes on after on its line, as prose after a key does (`… NV7D onui to push the
  // release`; `… gmzpuxzm gate⏎` ends its line and stays the key's).
  const leaks = rhythm !== 'none' && !lineStart && count >= MIN_LINE_GROUP && (group.endsLine === true || readsAsListedWords(text, from, to) !== true);
  return odds + (leaks ? LEAK_WEIGHT_BITS : 0);
}

/**
 * What the line break (or blanks) before a whole key's next token says of the key going on, in
 * bits: after one line, {@link LINE_BREAK_BITS} against; after a line that fills the key's column,
 * `log2` of the column for (a wrapped key ends exactly at its column once in that many), and the
 * weight of a piece of key left in the clear ({@link LEAK_WEIGHT_BITS}) over a token taken in when
 * the token holds such a piece; after a wrapped line whose column the key's lines do not show, that
 * weight alone.
 */
function lineBreakBits(gap: GapReading, group: NextGroup): number {
  if (gap === 'line-break') return -LINE_BREAK_BITS;
  if (gap === 'blank') return 0;
  const leak = group.count >= MIN_LINE_GROUP ? LEAK_WEIGHT_BITS : 0;
  return gap === 'column-wrap' ? Math.log2(Math.max(2, group.column ?? 2)) + leak : leak;
}

/** Bits of one digit of a number, each one of ten. */
const DIGIT_BITS = Math.log2(10);

/** What {@link numberShape} answers: no number; a number; a date or a time (six digits or more and two of `-`, `:`, `/`, `.` or more). */
const NOT_A_NUMBER = 0;
const NUMBER = 1;
const DATE_OR_TIME = 2;

/**
 * How `text[from..to)` reads as a number: digits joined by `-`, `.`, `:` or `/` (`200`,
 * `2024-03-01`), an ISO date-time's `T` after the date and `Z` at its end included.
 */
function numberShape(text: string, from: number, to: number): number {
  let digits = 0;
  let joins = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (isDigitCode(code)) digits += 1;
    else if (code === 58 || code === 45 || code === 46 || code === 47) joins += 1;
    else {
      // An ISO date-time's `T` after a date (`2026-01-02T03`), its `Z` at the end.
      const digitBefore = index - from >= 8 && isDigitCode(text.charCodeAt(index - 1));
      const time = code === 84 && text.charCodeAt(index - 3) === 45 && index + 1 < to && isDigitCode(text.charCodeAt(index + 1));
      if (!digitBefore || !(time || (code === 90 && index + 1 === to))) return NOT_A_NUMBER;
      joins += 1;
    }
  }
  return digits >= 6 && joins >= 2 ? DATE_OR_TIME : NUMBER;
}

/** Whether `text[from..to)` is ASCII letters alone, a lower-case one among them. */
function lowerCaseLetters(text: string, from: number, to: number): boolean {
  let lower = false;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 97 && code <= 122) lower = true;
    else if (code < 65 || code > 90) return false;
  }
  return lower;
}
