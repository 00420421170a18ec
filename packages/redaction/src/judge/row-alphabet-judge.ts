/**
 * The judge of a spaced-out key's body against its own row's alphabet: is the skeleton after a
 * prefix (`hf_ qyZd afQP …`, `AKIA ZDOC ISJH …`) a uniform draw from the row's alphabet, as a
 * provider draws a key, or text — words, numbers, names — written after a prefix-like word
 * (`AKIA IS THE PREFIX …`, `hf_ tokens are …`)? Two models give the skeleton a likelihood:
 *
 * - key: every character uniform over the row's alphabet (its characters that are not
 *   separators): `log2 n` bits each, whatever they are — digits or none, letters or none;
 * - written: the randomness judge's model of code and prose (`randomness-judge.ts`: a character
 *   bigram with a letter-case model), each group between visible gaps one run of it, read from
 *   the run's start (a lone `-`, `_` or `.` between two characters is read as part of
 *   the run: `0.10.0`, `foo-bar`). Where written runs end is part of the text: a run of code or prose ends
 *   after a character with the odds of a mean run of {@link MEAN_RUN} characters (geometric), so
 *   a visible gap costs {@link RUN_END_BITS} and a character that goes on with the run
 *   {@link RUN_CONTINUE_BITS} (`x o x o - 3 3 R` is not text, however common its letters are);
 *   a gap of invisible characters alone (a ZWSP between letters), which text never has, costs
 *   {@link INVISIBLE_GAP_BITS} on top of going on. The key model takes its gaps as the writer's
 *   (every k characters) and pays nothing for them.
 *
 * A writer who spaces a key out keeps one separator: each gap of other kinds than the one before
 * costs the key model {@link SEPARATOR_CHANGE_BITS} (`src/review_risk https://…` is text).
 *
 * The body is a key when the key model explains it better by {@link KEY_MARGIN} bits or more (a
 * likelihood ratio of about a million to one). Every step is O(1) per character, and the state is a few
 * numbers, saved and restored with the body it judges.
 */
import { foldAt, isSeparator } from '../text/fold';
import { INVISIBLE_KIND, kindOf, WHITESPACE_KIND } from '../text/gap';
import { RANDOM_EVIDENCE, writtenCost } from './randomness-judge';
import { alphabetFlag, alphanumericSize, BEYOND_HEX, nextWrittenState, WRITTEN_START, type WrittenState } from './randomness-symbols';

/**
 * Bits the key model must win by: the randomness judge's own odds for a run (2^20, {@link RANDOM_EVIDENCE}),
 * one threshold for one model; prose after a prefix is far more common than a spaced-out key.
 */
export const KEY_MARGIN: number = RANDOM_EVIDENCE;

/**
 * The mean length of a token run of the written model's training text (5.9 characters over the
 * 9.0 M runs of /usr/include and /usr/share/perl that `scripts/train-randomness-model.ts` reads).
 */
const MEAN_RUN = 5.9;
/** What ending a written run costs, in bits: −log2(1 / {@link MEAN_RUN}). */
const RUN_END_BITS = Math.log2(MEAN_RUN);
/** What going on with a written run costs, in bits: −log2(1 − 1 / {@link MEAN_RUN}). */
const RUN_CONTINUE_BITS = -Math.log2(1 - 1 / MEAN_RUN);

/** What a gap of invisible characters alone between two characters costs text, in bits (about 1 in 3,000). */
const INVISIBLE_GAP_BITS = 11.7;

/** The separators written runs hold (`-`, `_`, `.`), by their gap kind bit: the written model reads them as part of a run. */
const RUN_SEPARATORS: ReadonlyMap<number, number> = new Map([...'-_.'].map((character) => [kindOf[character.charCodeAt(0)] ?? 0, character.charCodeAt(0)]));

/**
 * The kinds of separator a gap may be made of (nine punctuation characters, white space, line
 * breaks, invisible characters): a writer who spaces a key out keeps one, so a gap of other kinds
 * than the previous gap's costs the key model `log2` of this.
 */
const SEPARATOR_KINDS = 12;
export const SEPARATOR_CHANGE_BITS: number = Math.log2(SEPARATOR_KINDS);

/**
 * The smaller key alphabets a provider may draw a body from within its row's: digits, or hex of
 * one case or both. Naming the one used costs the key model `log2` of this. (Letters, or letters
 * and digits, are left to the row's alphabet: prose after a prefix is made of them.)
 */
const SUB_ALPHABETS = 4;
const SUB_ALPHABET_BITS = Math.log2(SUB_ALPHABETS);

/** Bits per character of the smallest of those alphabets holding the characters `flags` names (Infinity for none). */
function subAlphabetBits(flags: number): number {
  return (flags & BEYOND_HEX) !== 0 ? Number.POSITIVE_INFINITY : Math.log2(alphanumericSize(flags));
}

/**
 * The evidence of a body read so far: its characters and the written model's cost of them. The
 * key model draws every character uniformly from the row's class it was read under — or, when
 * cheaper, all of them from digits or hex (a Slack token's digits and hex: `xoxp-837 4164 …
 * -c27f 6d77 …`), paying {@link SUB_ALPHABET_BITS} to name it.
 */
export class RowAlphabetEvidence {
  /** Characters read. */
  count = 0;
  /** The written model's cost of them, in bits. */
  writtenBits = 0;
  /**
   * Evidence, in bits, the key's prefix brings (see `prefixEvidence`): what the written model pays
   * for the prefix's letters beyond what choosing it among the rows' prefixes costs the key model.
   * Set per candidate after {@link RowAlphabetEvidence.reset}; a tail's judge has none.
   */
  prefixBits = 0;
  /** What the row's classes charge the characters, in bits. */
  private rowBits = 0;
  /** What the key model paid for separators changing kind, in bits. */
  private separatorBits = 0;
  /** The kinds of characters read (`alphabetFlag`: lower case, capitals, digits, letters past `f`). */
  flags = 0;
  /** What the key model paid, in bits: its characters and its separators changing kind. */
  get keyBits(): number {
    return Math.min(this.rowBits, this.count * subAlphabetBits(this.flags) + SUB_ALPHABET_BITS) + this.separatorBits;
  }
  /** The written model's state after the last character (a run's start after a visible gap). */
  private state: WrittenState = WRITTEN_START;
  /** The kinds of the last gap (0 before the first). */
  private lastKinds = 0;
  /** The kinds of the last gap, for a body that goes on another ({@link RowAlphabetEvidence.reset}). */
  get gapKinds(): number {
    return this.lastKinds;
  }

  /**
   * Starts over. A body that goes on a key (its tail) gives the key's `flags` (the tail is drawn
   * from the key's alphabet) and `gapKinds` (the key's last gap): the gap before the tail's first
   * character is then judged as every gap is — a run's end to text, the writer's separator (or a
   * change of it) to the key.
   */
  reset(flags = 0, gapKinds = 0): void {
    this.count = 0;
    this.writtenBits = 0;
    this.rowBits = 0;
    this.separatorBits = 0;
    this.flags = flags;
    this.state = WRITTEN_START;
    this.lastKinds = gapKinds;
    this.prefixBits = 0;
  }

  /**
   * Adds a skeleton character (an ASCII code); `kinds` are the kinds of the gap before it
   * (`gap.ts`; 0 for none, and a body's first character has none); `alphabetBits` is what the
   * character costs the key model: `log2` of the size of the row's class it was read under.
   */
  add(code: number, kinds: number, alphabetBits: number): void {
    this.rowBits += alphabetBits;
    this.flags |= alphabetFlag(code);
    if ((this.count > 0 || this.lastKinds !== 0) && kinds !== 0) {
      if (this.lastKinds !== 0 && kinds !== this.lastKinds) this.separatorBits += SEPARATOR_CHANGE_BITS;
      this.lastKinds = kinds;
      const visible = kinds & ~INVISIBLE_KIND;
      const held = RUN_SEPARATORS.get(visible);
      if (visible === 0) this.writtenBits += RUN_CONTINUE_BITS + INVISIBLE_GAP_BITS;
      else if (held === undefined) {
        this.writtenBits += RUN_END_BITS;
        this.state = WRITTEN_START;
      } else {
        // A separator a run may hold: the run goes on through it (`0.10.0`, `foo_bar`), or it ends
        // there as at a space (kebab-case words, `Do-not-autostart-the-applet`): the likelier
        // reading is taken (an invisible character beside it costs as much as alone).
        const through = 2 * RUN_CONTINUE_BITS + writtenCost(this.state, held) + writtenCost(nextWrittenState(this.state, held), code);
        const ended = RUN_END_BITS + writtenCost(WRITTEN_START, code);
        this.writtenBits += (visible === kinds ? 0 : INVISIBLE_GAP_BITS) + (through <= ended ? 2 * RUN_CONTINUE_BITS + writtenCost(this.state, held) : RUN_END_BITS);
        this.state = through <= ended ? nextWrittenState(this.state, held) : WRITTEN_START;
      }
    } else if (this.count > 0) this.writtenBits += RUN_CONTINUE_BITS;
    this.count += 1;
    this.writtenBits += writtenCost(this.state, code);
    this.state = nextWrittenState(this.state, code);
  }

  /**
   * The log-likelihood ratio, in bits, of the key model (each character uniform over its class)
   * against the written model: positive when a uniform draw explains the body better.
   */
  keyOdds(): number {
    return this.writtenBits + this.prefixBits - this.keyBits;
  }

  /** Whether the body reads as a key: {@link keyOdds} of {@link KEY_MARGIN} or more. */
  isKey(): boolean {
    return this.count > 0 && this.keyOdds() >= KEY_MARGIN;
  }

  /** The state, for {@link RowAlphabetEvidence.restore}. */
  snapshot(): readonly number[] {
    return [this.count, this.writtenBits, this.rowBits, this.separatorBits, this.flags, this.state, this.lastKinds];
  }

  restore(state: readonly number[]): void {
    const [count = 0, writtenBits = 0, rowBits = 0, separatorBits = 0, flags = 0, written = WRITTEN_START, lastKinds = 0] = state;
    this.count = count;
    this.writtenBits = writtenBits;
    this.rowBits = rowBits;
    this.separatorBits = separatorBits;
    this.flags = flags;
    this.state = written;
    this.lastKinds = lastKinds;
  }
}

/** Bits of a uniform draw from a skeleton set (`Uint8Array(128)`, separators left out): `log2` of its size. */
export function setBits(set: Uint8Array): number {
  let size = 0;
  for (let code = 0; code < 128; code += 1) if (set[code] === 1) size += 1;
  return Math.log2(Math.max(size, 2));
}

/** Whether a folded code is white space (a gap a writer spaces a key out with, or a word's end). */
const isWhiteSpaceCode = (code: number): boolean => code < 128 && ((kindOf[code] ?? 0) & WHITESPACE_KIND) !== 0;
const isWhiteSpaceAt = (text: string, at: number): boolean => isWhiteSpaceCode(foldAt(text, at));

/**
 * Whether the group of characters after the white space at `gap` is as long as the one from
 * `start` (the group's first character) to it: a key spaced out every k characters, whose groups
 * are alike, not words (the text's end or a second white space may close it no later);
 * `undefined` when the text ends first and more may come (`final` false).
 */
export function spacedAlike(text: string, start: number, gap: number, final = true): boolean | undefined {
  const size = gap - start;
  let at = gap;
  while (at < text.length && isWhiteSpaceAt(text, at)) at += 1;
  const from = at;
  while (at < text.length && at - from <= size && !isWhiteSpaceAt(text, at)) at += 1;
  if (at === text.length && at - from <= size && !final) return undefined;
  return at - from === size;
}

/**
 * The evidence, in bits, that the prefix `text[start..end)` (written without white space; its
 * skeleton: other separators left out) brings for a key among `prefixCount` prefixes: the written
 * model's cost of its letters less
 * `log2(prefixCount)`, what naming one prefix costs the key model; never below 0. `AKIA` brings
 * about 15 bits, `sq0csp-` 42, `pat` none.
 */
export function prefixEvidence(text: string, start: number, end: number, prefixCount: number): number {
  let bits = 0;
  let state = WRITTEN_START;
  let groupStart = start;
  for (let index = start; index < end; index += 1) {
    const code = foldAt(text, index);
    // White space inside the prefix: a writer who spaced the key out every k characters cut it
    // there (`rzp_li ve_…`, `xo xa -R …`) only when the group after the cut is as long as the one
    // before it; else it may be words that spell the prefix (`ACC ADJUST`), and brings no evidence.
    // Spaced out, the written model pays the run's end and starts the next run afresh.
    if (isWhiteSpaceCode(code)) {
      if (groupStart < index && spacedAlike(text, groupStart, index) !== true) return 0;
      if (state !== WRITTEN_START) bits += RUN_END_BITS;
      state = WRITTEN_START;
      groupStart = index + 1;
      continue;
    }
    if (isSeparator(code) || code >= 128) continue;
    bits += writtenCost(state, code);
    state = nextWrittenState(state, code);
  }
  return Math.max(0, bits - Math.log2(Math.max(prefixCount, 1)));
}
