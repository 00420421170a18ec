/**
 * The pattern rules' matcher: one prefix trie over every rule's first literal in skeleton form,
 * then each candidate's body walked across gaps (see `skeleton-pattern.ts`). A call's state is one
 * {@link MatchState} passed down; "the text ended before a decision" is thrown once
 * ({@link needMore}) and answered as `more` where the call began.
 */
import { classes, foldAt, isDigitCode, isLowerCode, isSeparator, TOKEN } from '../../text/fold';
import { GAP_ENDED, GAP_OK, gap, INVISIBLE_KIND, kindOf, LINE_BREAK_KIND, PERIOD_KIND, readGap, WHITESPACE_KIND } from '../../text/gap';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from '../matcher';
import { isShapedPath, isWordy } from '../../judge/plausibility';
import { isPlaceholder } from '../../judge/placeholder';
import { classSource, GAP, NON_ASCII } from '../prefilter';
import type { SecretPattern } from './secret-pattern';
import { compileSkeleton, type SkeletonClassStep, type SkeletonLiteral, type SkeletonLiteralStep, type SkeletonRule } from './skeleton-pattern';
import { WordShape } from '../../text/word-shape';
import { RANDOM_EVIDENCE } from '../../judge/randomness-judge';
import { continuationOdds, type LineReading, writtenBits } from './key-continuation';
import { KEY_MARGIN, prefixEvidence, RowAlphabetEvidence, SEPARATOR_CHANGE_BITS, setBits, spacedAlike } from '../../judge/row-alphabet-judge';
import { type MidWordMatcher, midWordStarts } from '../../judge/mid-word-keys';
import { readsAsListedWords } from '../../judge/listed-word';

/** Characters of a spaced-out body that repeat a unit of at most {@link PERIODIC_UNIT} make it no key (see `Body.periodic`). */
const PERIODIC_RUN = 12;
const PERIODIC_UNIT = 4;

/** The most characters the last class of a pattern takes, as a multiple of its maximum (fail closed). */
const EXTENSION_FACTOR = 4;
/** Gap kinds of `;` and `,`: where a field or list item ends after a key written contiguously. */
const FIELD_ENDS = (kindOf[59] ?? 0) | (kindOf[44] ?? 0);
/** Code units per character a class before a literal may span (see {@link searchLiteral}). */
const SEARCH_SPAN = 4;
/** Key characters of words in a row after a recognised key that end it for certain (prose goes on). */
const WORD_RUN = 12;
/** The shortest group of lower-case hex letters and digits read as a digest (git's shortest commit id). */
const DIGEST_GROUP = 7;
/** Word characters around digests that make a spaced-out body prose (see `Body.looksRandom`). */
const PROSE_AROUND_DIGESTS = 4;
/** Equal groups between a spaced-out body's first and last that make it a key's, not prose (see `Body.looksRandom`). */
const UNIFORM_GROUPS = 3;

/** A rule of a {@link patternRulesMatcher}: a type and its pattern. */
export interface PatternRule {
  readonly type: string;
  readonly pattern: SecretPattern;
  /**
   * The rule's last word on a whole match (`key` is the matched text, separators included;
   * `separated` whether it was spaced out): false drops it, and the scan goes on as if the rule
   * had not matched. The catalogue's checksums and constant-body filters (`catalogueJudge`).
   */
  readonly accept?: (key: string, separated: boolean) => boolean;
  /**
   * The prefixes (some of `pattern`'s first literal's options) that also begin a key inside a word
   * (after a letter or digit), where the key is written contiguously (the catalogue's: all, judged
   * by `midWordJudge` in `catalogue-judge.ts`). Default none: a rule of your own begins at a word start.
   */
  readonly midWordPrefixes?: readonly string[];
  /** The rule's further word on a whole match found inside a word (`key` as in {@link PatternRule.accept}); default yes. */
  readonly acceptMidWord?: (key: string) => boolean;
  /** Whether the first literal is a label written before the secret (`AccountKey=`), not the secret's: the finding begins after it and its gap. */
  readonly labelled?: boolean;
}

/** A node of the prefix trie over every rule's first literal, in skeleton form. */
interface TrieNode {
  readonly children: Array<TrieNode | undefined>;
  /** The literal options that end here, best first. */
  readonly accepts: Array<{ readonly rule: SkeletonRule; readonly option: SkeletonLiteral }>;
}

/** 128 empty children: a trie node's are a copy (dense, so lookups stay on V8's fast path, and four times faster to make than `Array.from`). */
const noChildren: ReadonlyArray<TrieNode | undefined> = Array.from({ length: 128 }, () => undefined);
const newNode = (): TrieNode => ({ children: noChildren.slice(), accepts: [] });

/** How many skeleton characters of a prefix the prefilter looks at (the first one included). */
const PREFILTER_DEPTH = 3;
/** How many characters of a key's body the prefilter looks at after a prefix that ends. */
const PREFILTER_BODY = 1;

/** Regex source: after a gap, one of `codes` followed by `after`, a non-ASCII unit, or the text's end. */
const gapThen = (codes: Iterable<number>, after: string): string => `${GAP}(?:${classSource(codes, false)}${after}|[${NON_ASCII}]|$)`;

/**
 * Regex source (for a lookahead) of what must follow a prefix that ends at a trie node: the first
 * characters of each rule's body, gaps between. Empty when a rule's body does not begin with a
 * class.
 */
function bodyFollow(accepts: TrieNode['accepts']): string {
  const codes = new Set<number>();
  let count = PREFILTER_BODY;
  for (const { rule } of accepts) {
    const first = rule.rest[0];
    if (first?.kind !== 'class' || first.min === 0) return '';
    count = Math.min(count, first.min);
    first.set.forEach((member, code) => {
      if (member === 1) codes.add(code);
    });
  }
  let source = '';
  for (let index = 0; index < count; index += 1) source = gapThen(codes, source);
  return source;
}

/**
 * Regex source (for a lookahead) of what must follow a trie node's character for a walk to find a
 * key: a gap, then a child's character (and what must follow it), or the start of a body where a
 * prefix ends; a non-ASCII unit (which may be a separator or fold to a key character) or the end
 * of the text always may. Empty when nothing is needed (the depth is reached).
 */
function trieFollow(node: TrieNode, depth: number): string {
  const alternatives: string[] = [];
  if (node.accepts.length > 0) {
    const body = bodyFollow(node.accepts);
    if (body === '') return '';
    alternatives.push(body);
  }
  if (node.children.some((child) => child !== undefined)) {
    if (depth === 0) return '';
    const groups = new Map<string, number[]>();
    node.children.forEach((child, code) => {
      if (child === undefined) return;
      const after = trieFollow(child, depth - 1);
      groups.set(after, [...(groups.get(after) ?? []), code]);
    });
    const children = [...groups].map(([after, codes]) => classSource(codes, false) + after);
    alternatives.push(`${GAP}(?:${[...children, `[${NON_ASCII}]`, '$'].join('|')})`);
  }
  return alternatives.length === 1 ? (alternatives[0] ?? '') : `(?:${alternatives.join('|')})`;
}

/** The prefilter fragment of a trie: a prefix's first character where its next characters may follow. */
function triePrefilter(root: TrieNode): string {
  const groups = new Map<string, number[]>();
  root.children.forEach((child, code) => {
    if (child === undefined) return;
    const after = trieFollow(child, PREFILTER_DEPTH - 1);
    groups.set(after, [...(groups.get(after) ?? []), code]);
  });
  return [...groups].map(([after, codes]) => classSource(codes, false) + (after === '' ? '' : `(?=${after})`)).join('|');
}

/** Where the walk over one candidate stands: the next skeleton character and the gap before it. */
interface Walk {
  /** Where the next skeleton character would be (just after the gap before it). */
  position: number;
  /** The gap before `position`: its kinds and its {@link readGap} status. */
  kinds: number;
  status: number;
  /** Just past the last skeleton character taken. */
  end: number;
  /** Whether a gap that is not the key's own was crossed: the key was spaced out. */
  separated: boolean;
  /** The kinds of every gap crossed so far. */
  crossed: number;
  /** Just past the last line break a key written whole crossed below its row's minimum (hard-wrapped: not a gap of the key's), 0 when none. */
  wrapped: number;
  /** The code units of the line breaks read as wraps: not the key's written length. */
  wrapUnits: number;
}

/** What {@link matchLiteral} answered. */
const OK = 0;
const FAIL = 1;
const WAIT = 2;

/**
 * Thrown where the text ends before a decision and more may come ({@link needMore}): caught once,
 * where a match call began ({@link trieMatch}), and answered as `more`. Made once: throwing it
 * records no stack.
 */
const TEXT_ENDED = new Error('The text ended before the pattern matcher could decide.');

/**
 * What the helpers of a pattern matcher know of every rule, shared by its calls: where another key
 * begins and what naming a prefix costs.
 */
interface PatternTables {
  /** The trie of every rule's first literal, for {@link prefixAt}. */
  readonly root: TrieNode;
  /** Every rule's prefix as written: where a key written contiguously meets another key. */
  readonly written: WrittenPrefixes;
  /** How many prefixes the rules have: what naming one costs a key (see `prefixEvidence`). */
  readonly prefixCount: number;
  /** Rules that end a key where they begin inside it (see `patternRulesMatcher`). */
  readonly stops: Stops | undefined;
  /** Whether a key of another type, written contiguously, begins at a position (set once the mid-word matcher is built). */
  inside: InsideProbe | undefined;
}

/** One match call's state, passed down instead of module globals (each matcher resets its own per call: no allocation). */
interface MatchState {
  input: ScanInput;
  text: string;
  final: boolean;
  /** Where the candidate being matched begins (its first literal). */
  keyStart: number;
  /** The candidate's written minimum: the fewest characters, its own separators counted, a key written contiguously spans from its first literal. */
  writtenMinimum: number;
  /** How many separators the candidate's prefix ends with as written (`GOCSPX-`: 1): the gap after it holds them. */
  prefixTail: number;
  readonly tables: PatternTables;
  /** The matcher's scratch body (each matcher has its own; a call uses it alone). */
  readonly body: Body;
  /**
   * Set for a call of the probe inside another key's run ({@link InsideProbe}): a key is matched
   * to its recognised part only (no extension, no search inside it), so the probe costs the prefix
   * and the shortest body.
   */
  readonly probing: boolean;
}

/** The text ended where a decision needs more of it: wait for it (throws {@link TEXT_ENDED}) unless none can come. */
function needMore(state: MatchState): void {
  if (!state.final) throw TEXT_ENDED;
}

/** Whether a code is a line break (`\n`, `\r`, U+2028). */
const isLineBreakCode = (code: number): boolean => code === 10 || code === 13 || code === 0x2028;

/**
 * A key written whole that reached a line's end below its row's minimum: when the gap before the
 * walk's position is one line break, then only the class's own separators, and the next line
 * holds the class's characters, the line break is a wrap (the row's length requires the key to go
 * on): the walk reads the gap as the key's own separators alone, and true is answered.
 */
function unwrap(state: MatchState, step: SkeletonClassStep, walk: Walk): boolean {
  const { text } = state;
  if (lineBreakIn(text, walk.end, walk.position, step) !== walk.end || step.set[foldAt(text, walk.position)] !== 1) return false;
  const breakLength = text.charCodeAt(walk.end) === 13 && text.charCodeAt(walk.end + 1) === 10 ? 2 : 1;
  walk.kinds = 0;
  for (let index = walk.end + breakLength; index < walk.position; index += 1) walk.kinds |= kindOf[foldAt(text, index)] ?? 0;
  walk.wrapped = walk.position;
  walk.wrapUnits += breakLength;
  return true;
}

/**
 * Whether the line break the walk stands after cuts a key written whole at a column: the line after
 * it is longer than the key's part before it (a text wrapped at a column, the key after other text
 * on its line; a key spaced out with line breaks writes lines as long as its first: read as spaced
 * out), or, once the key wrapped, its line is no shorter than its line before ({@link lineReading}).
 */
function cutByColumn(state: MatchState, walk: Walk): boolean {
  const { text } = state;
  if (walk.wrapped > 0) return lineReading(text, state.keyStart, walk.end) !== 'wrap-end';
  const piece = walk.end - state.keyStart;
  for (let index = walk.position; index < text.length; index += 1) {
    if (isLineBreakCode(text.charCodeAt(index))) return index - walk.position > piece;
    if (index - walk.position > piece) return true;
  }
  needMore(state);
  return false;
}

/** Whether a gap's {@link readGap} status lets the walk read on (waiting for more text where it ended). */
function gapOk(state: MatchState, status: number): boolean {
  if (status === GAP_ENDED) needMore(state);
  return status === GAP_OK;
}

/**
 * Steps past one skeleton character at `walk.position` (the caller checked it) and reads the gap
 * after it; inside a class, its own separators there are the key's (`ownKinds`: see {@link readGap}).
 */
function take(text: string, walk: Walk, ownKinds = 0): void {
  walk.crossed |= walk.kinds;
  walk.end = walk.position + 1;
  walk.status = readGap(text, walk.end, ownKinds);
  walk.kinds = gap.kinds;
  walk.position = gap.end;
}

/** The counts of a {@link Body}, saved and restored whole at a group boundary. */
class Tally {
  /** Skeleton characters read. */
  length = 0;
  /**
   * Gaps that hold one of the class's own separators (a base64url key's `-` and `_` between two of
   * its characters): the key's characters too, so they count in its {@link Body.length} (a writer's
   * `-` between groups counts too: the length is then read long, and the key's rest is judged sooner).
   */
  ownGaps = 0;
  /** The largest group between white-space gaps after the first (the first may be a prefix's rest). */
  largestGroup = 0;
  wordCharacters = 0;
  digits = 0;
  letters = 0;
  /** Characters in numbers: groups of four or more digits alone (`10000`), the parts of a dotted version (`0.0.0`). */
  numberCharacters = 0;
  /** Characters and digits in hex digests: groups of {@link DIGEST_GROUP} or more lower-case hex characters, letters and digits both (`9e836c1`, a commit's id). */
  digestCharacters = 0;
  digestDigits = 0;
  /** What the written model charges the digests' characters, each group read from a run's start (see `Body.looksRandom`). */
  digestWrittenBits = 0;
  /** Word characters in groups of hex letters alone (`effa`, `eb`): a hex key's own pieces as likely as words. */
  hexWordCharacters = 0;
  /**
   * The groups between white-space gaps closed so far, the size of the second (the first may be a
   * prefix's rest), of the last, and whether every group between the first and the last had the
   * second's size: a key spaced out every few characters (`API -LW 9WN NO8 AVF NWZ …`) is cut into
   * equal groups, prose into words of every length.
   */
  groups = 0;
  secondSize = 0;
  previousSize = 0;
  middleUniform = true;
  /** Key characters of the group between white-space or invisible gaps being read (punctuation inside it does not end it). */
  blankGroup = 0;
  /** Whether a white-space gap ended a group (prose has them; invisible characters alone, never). */
  whiteSpaced = false;
}

const EMPTY_TALLY: Readonly<Tally> = new Tally();

/** Copies every count of `from` into `to`, field by field (a body is saved at every group's end: no generic copy on that path). */
function copyTally(from: Readonly<Tally>, to: Tally): void {
  to.length = from.length;
  to.ownGaps = from.ownGaps;
  to.largestGroup = from.largestGroup;
  to.wordCharacters = from.wordCharacters;
  to.digits = from.digits;
  to.letters = from.letters;
  to.numberCharacters = from.numberCharacters;
  to.digestCharacters = from.digestCharacters;
  to.digestDigits = from.digestDigits;
  to.digestWrittenBits = from.digestWrittenBits;
  to.hexWordCharacters = from.hexWordCharacters;
  to.groups = from.groups;
  to.secondSize = from.secondSize;
  to.previousSize = from.previousSize;
  to.middleUniform = from.middleUniform;
  to.blankGroup = from.blankGroup;
  to.whiteSpaced = from.whiteSpaced;
}

/** The body of a candidate, as far as it was read: for the randomness test of a spaced-out key. */
class Body {
  readonly codes: number[] = [];
  readonly shape: WordShape = new WordShape();
  /** The row-alphabet judge's evidence on the characters read (see `row-alphabet-judge.ts`). */
  readonly evidence: RowAlphabetEvidence = new RowAlphabetEvidence();
  readonly tally: Tally = new Tally();
  private readonly saved: Tally = new Tally();
  private savedEvidence: readonly number[] = [];
  /** Where the group being read began in {@link Body.codes}. */
  private groupStart = 0;
  /** The kinds of the gap before the group being read. */
  private gapBefore = 0;
  /** The size of the group before, when it was digits alone (else 0), and how it was counted. */
  private previousDigits = 0;
  private previousCounted: 'word' | 'number' | 'none' = 'none';
  /** The kinds of the last gap read that held kinds other than the class's own separators: how the key is spaced out. */
  spacingKinds = 0;

  /**
   * The size of the key's groups when it is spaced out by white space (two groups or more seen, the
   * group being read counted when the gap `gapKinds` after it ends it): its largest group's (the
   * key's own separators only make a group smaller), else 0.
   */
  spacing(gapKinds: number): number {
    const { tally } = this;
    const closing = tally.blankGroup > 0 && (gapKinds & (WHITESPACE_KIND | INVISIBLE_KIND)) !== 0;
    const largest = closing && tally.groups >= 1 ? Math.max(tally.largestGroup, tally.blankGroup) : tally.largestGroup;
    return (tally.whiteSpaced || (gapKinds & WHITESPACE_KIND) !== 0) && tally.groups + (closing ? 1 : 0) >= 2 ? largest : 0;
  }

  /** Whether the last {@link PERIODIC_RUN} characters repeat a unit of at most {@link PERIODIC_UNIT} (a uniform draw almost never does: 62^-8 or less). */
  periodic(): boolean {
    const { codes } = this;
    const last = codes.length - 1;
    if (last < PERIODIC_RUN) return false;
    for (let unit = 1; unit <= PERIODIC_UNIT; unit += 1) {
      let index = 0;
      while (index < PERIODIC_RUN && codes[last - index] === codes[last - index - unit]) index += 1;
      if (index === PERIODIC_RUN) return true;
    }
    return false;
  }

  /** The key's length as its row counts it: its skeleton characters and its own separators between them. */
  get length(): number {
    return this.codes.length + this.tally.ownGaps;
  }

  reset(): void {
    this.codes.length = 0;
    this.groupStart = 0;
    this.gapBefore = 0;
    this.previousDigits = 0;
    this.previousCounted = 'none';
    this.spacingKinds = 0;
    this.shape.reset();
    this.evidence.reset();
    copyTally(EMPTY_TALLY, this.tally);
  }

  /**
   * Adds a character; `gapKinds` is the gap before it (0 for none): any gap ends a group. `bits`:
   * what it costs a uniform draw from the class it was read under (see `row-alphabet-judge.ts`);
   * `ownKinds`: the gap kinds that class holds itself.
   */
  add(code: number, gapKinds: number, bits: number, ownKinds = 0): void {
    const { tally } = this;
    if ((gapKinds & ownKinds) !== 0) tally.ownGaps += 1;
    if ((gapKinds & ~ownKinds) !== 0) this.spacingKinds = gapKinds & ~ownKinds;
    if (gapKinds !== 0) {
      this.closeGroup();
      this.gapBefore = gapKinds;
      if ((gapKinds & (WHITESPACE_KIND | INVISIBLE_KIND)) !== 0) {
        if ((gapKinds & WHITESPACE_KIND) !== 0) tally.whiteSpaced = true;
        this.closeBlankGroup();
      }
    }
    tally.blankGroup += 1;
    this.codes.push(code);
    this.shape.add(code);
    // A gap of invisible characters alone (a ZWSP between letters) is never text's.
    this.evidence.add(code, gapKinds, bits);
    if (isDigitCode(code)) tally.digits += 1;
    else tally.letters += 1;
  }

  /** Ends the group between white-space gaps being read: counts it for {@link Body.looksRandom}'s equal groups. */
  private closeBlankGroup(): void {
    const { tally } = this;
    if (tally.blankGroup === 0) return;
    if (tally.groups >= 1) tally.largestGroup = Math.max(tally.largestGroup, tally.blankGroup);
    if (tally.groups === 1) tally.secondSize = tally.blankGroup;
    else if (tally.groups >= 2 && tally.previousSize !== tally.secondSize) tally.middleUniform = false;
    tally.previousSize = tally.blankGroup;
    tally.groups += 1;
    tally.blankGroup = 0;
  }

  private closeGroup(): void {
    const { shape, tally } = this;
    if (shape.size > 0 && shape.digits === shape.size) {
      // A number of four or more digits (`10000`), or one of a dotted version (`0.0.0`): prose.
      const dotted = this.previousDigits > 0 && this.gapBefore === PERIOD_KIND;
      let counted: 'word' | 'number' | 'none' = 'none';
      if (shape.size >= 4 || dotted) {
        counted = 'number';
        tally.numberCharacters += shape.size;
        if (dotted && this.previousCounted !== 'number') {
          if (this.previousCounted === 'word') tally.wordCharacters -= this.previousDigits;
          tally.numberCharacters += this.previousDigits;
        }
      } else if (shape.isWord()) {
        counted = 'word';
        tally.wordCharacters += shape.size;
      }
      this.previousDigits = shape.size;
      this.previousCounted = dotted ? 'number' : counted;
    } else if (shape.size >= DIGEST_GROUP && shape.digits > 0 && shape.lower + shape.digits === shape.size && isLowerHex(this.codes, this.groupStart)) {
      // A commit's or an object's id (`index 9e836c1..97e9b09`, a `git log` line): on neither side.
      tally.digestCharacters += shape.size;
      tally.digestDigits += shape.digits;
      tally.digestWrittenBits += writtenBits(String.fromCharCode(...this.codes.slice(this.groupStart)), 0, shape.size);
      this.previousDigits = 0;
      this.previousCounted = 'none';
    } else if (shape.size > 0) {
      if (shape.isWord() || (shape.lower === shape.size && shape.size >= 2) || (shape.size >= 6 && isWordy(String.fromCharCode(...this.codes.slice(this.groupStart))))) {
        tally.wordCharacters += shape.size;
        if (isLowerHex(this.codes, this.groupStart)) tally.hexWordCharacters += shape.size;
      }
      this.previousDigits = 0;
      this.previousCounted = 'none';
    }
    this.shape.reset();
    this.groupStart = this.codes.length;
  }

  /** Remembers the body as it is (at a group boundary): the key ends here unless more is kept. */
  save(): void {
    this.closeGroup();
    this.savedEvidence = this.evidence.snapshot();
    this.tally.length = this.codes.length;
    copyTally(this.tally, this.saved);
  }

  /** Goes back to the last {@link Body.save}: what followed was not part of the key. */
  restore(): void {
    this.closeGroup();
    this.evidence.restore(this.savedEvidence);
    copyTally(this.saved, this.tally);
    this.codes.length = this.saved.length;
    this.groupStart = this.saved.length;
    this.previousDigits = 0;
    this.previousCounted = 'none';
  }

  /**
   * Whether a spaced-out body is a key of its row: the row-alphabet judge (`row-alphabet-judge.ts`) finds a uniform draw from that alphabet likelier
   * than text by its margin — with or without digits, letters or capitals, as providers draw them.
   * Two shapes are decided before it. Hex digests ({@link DIGEST_GROUP} or more lower-case hex
   * characters, letters and digits) among {@link PROSE_AROUND_DIGESTS} or more word characters are
   * a diff's header or a log line (`pattern_matcher.py … index 9e836c1..97e9b09`): prose. A body
   * cut into equal groups of three or more between its first and last ({@link UNIFORM_GROUPS} or
   * more; two or more when only invisible characters cut them) is a key's, whatever its groups read as.
   */
  looksRandom(): boolean {
    this.closeGroup();
    this.closeBlankGroup();
    const { tally } = this;
    const size = this.codes.length - tally.numberCharacters;
    // Groups of hex letters alone (`sk_effa 18773d5 … eb`: a hex key spaced every seven) are no
    // words here (FC_SEED=2026113 in prose-passthrough.test.ts left an ElevenLabs key whole).
    const rest = size - tally.digestCharacters;
    const words = tally.wordCharacters - tally.hexWordCharacters;
    // Words around digests are prose when text read that way — each digest character one of 16 —
    // still explains the body better than the key's own alphabet by the judge's margin.
    if (tally.digestCharacters > 0 && words >= PROSE_AROUND_DIGESTS && words * 4 >= rest * 3 && (tally.digits - tally.numberCharacters - tally.digestDigits) * 8 <= tally.letters - (tally.digestCharacters - tally.digestDigits) && this.evidence.keyOdds() - tally.digestWrittenBits + tally.digestCharacters * HEX_BITS < KEY_MARGIN) return false;
    if (tally.middleUniform && tally.groups - 2 >= UNIFORM_GROUPS && tally.secondSize >= (tally.whiteSpaced ? 3 : 2) && tally.previousSize <= tally.secondSize) return true;
    return this.evidence.isKey();
  }
}

/** Bits of one hex digit, each one of 16: what text pays for a digest's character. */
const HEX_BITS = 4;

/** Whether the codes from `from` on are lower-case hex digits and letters. */
function isLowerHex(codes: readonly number[], from: number): boolean {
  for (let index = from; index < codes.length; index += 1) {
    const code = codes[index] ?? 0;
    if (!isDigitCode(code) && !(code >= 97 && code <= 102)) return false;
  }
  return true;
}

/** Bits of a uniform draw from a class step's set, for the row-alphabet judge; computed once per step. */
const stepBits = new WeakMap<SkeletonClassStep, number>();
function classBits(step: SkeletonClassStep): number {
  let bits = stepBits.get(step);
  if (bits === undefined) {
    bits = setBits(step.set);
    stepBits.set(step, bits);
  }
  return bits;
}

/** Base62's 62 characters: the alphabet {@link spacedOutBodyLooksRandom} judges against when none is given. */
const BASE62_BITS = Math.log2(62);

/**
 * Whether a key body spaced out as `text` (its characters after the prefix and the separators
 * between them, as written) passes the judgement every separated match passes (see
 * `Body.looksRandom`) for a row whose characters cost `bits` each: the pattern rules' own decision, for
 * tests that draw spaced-out keys and must leave out the documented limit by the same rule, not a copy.
 */
export function spacedOutBodyLooksRandom(text: string, bits: number = BASE62_BITS): boolean {
  const judged = new Body();
  let kinds = 0;
  for (let index = 0; index < text.length; index += 1) {
    const folded = foldAt(text, index);
    if (isSeparator(folded)) {
      kinds |= kindOf[folded] ?? 0;
      continue;
    }
    judged.add(folded, kinds, bits);
    kinds = 0;
  }
  return judged.looksRandom();
}

/** Whether the gap kinds hold every required mark. */
const holds = (kinds: number, marks: number): boolean => (kinds & marks) === marks;

/**
 * Matches a literal option at `walk.position` (the gap before it is `walk.kinds`), each character
 * after a gap that holds its marks. On success the walk stands after the literal.
 */
function matchLiteral(state: MatchState, option: SkeletonLiteral, ignoreCase: boolean, walk: Walk): number {
  const { text, final } = state;
  const probe: Walk = { ...walk };
  for (let index = 0; index < option.codes.length; index += 1) {
    if (probe.status !== GAP_OK) return probe.status === GAP_ENDED && !final ? WAIT : FAIL;
    if (!holds(probe.kinds, option.marks[index] ?? 0)) return FAIL;
    const folded = foldAt(text, probe.position);
    const code = ignoreCase && folded >= 65 && folded <= 90 ? folded + 32 : folded;
    if (code !== option.codes[index]) return FAIL;
    take(text, probe);
  }
  if (probe.status === GAP_ENDED && !final && probe.kinds === 0) return WAIT;
  if (!holds(probe.kinds, option.marks[option.codes.length] ?? 0)) return FAIL;
  walk.position = probe.position;
  walk.kinds = probe.kinds;
  walk.status = probe.status;
  walk.end = probe.end;
  return OK;
}

/** Matches one of a literal step's options: the closing marks of the one matched, or -1 (waiting for more text when one may still match). */
function matchLiteralStep(state: MatchState, step: SkeletonLiteralStep, walk: Walk): number {
  let waiting = false;
  for (const option of step.options) {
    const answer = matchLiteral(state, option, step.ignoreCase, walk);
    if (answer === OK) return option.marks[option.codes.length] ?? 0;
    if (answer === WAIT) waiting = true;
  }
  if (waiting) needMore(state);
  return -1;
}

/** Marks the walk separated when the gap before its position is not the class's own. */
function crossGap(step: SkeletonClassStep, walk: Walk): void {
  if ((walk.kinds & ~step.ownKinds) !== 0) walk.separated = true;
}

/**
 * Takes `count` characters of the class, each after a gap, recording them in the body. False
 * where the run of the class ends first.
 */
function takeClass(state: MatchState, step: SkeletonClassStep, walk: Walk, count: number, firstJudged: boolean): boolean {
  const { text, body } = state;
  for (let taken = 0; taken < count; taken += 1) {
    if (!gapOk(state, walk.status)) return false;
    const folded = foldAt(text, walk.position);
    if (step.set[folded] !== 1) return false;
    // A field's `;` or a list's `,` before a field's name (`…;EndpointSuffix=…`): the next field of a
    // connection string, never the rest of a value too short for the row.
    if ((walk.kinds & FIELD_ENDS & ~step.ownKinds) !== 0 && fieldNameFollows(state, step, walk.position)) return false;
    // The gap right after a literal was judged with the literal's own marks (`ghp_`'s `_`). A key
    // written whole that reaches a line's end below its row's minimum goes on at the next line's
    // start when it holds the row's alphabet: the row's length requires it, so the line break is a
    // wrap, not a gap of the key's.
    if (walk.kinds !== 0 && !(taken === 0 && firstJudged) && !(!walk.separated && cutByColumn(state, walk) && unwrap(state, step, walk))) crossGap(step, walk);
    body.add(folded, walk.kinds, classBits(step), step.ownKinds);
    take(text, walk, step.ownKinds);
    // A spaced-out body that repeats a short unit (`sk-sk-sk-…`, `g h p _ g h p _ …`) is no uniform draw: given up early.
    if (walk.separated && body.periodic()) return false;
  }
  return true;
}

/**
 * Finds the literal that follows a class (a JWT's `.eyJ`), the class's characters running up to
 * it: the literal's closing marks, or -1. What one search passed over without finding the literal
 * is remembered per input, so the searches from successive starts (`eyJ1 eyJ1 eyJ1 …`) look at
 * each character once.
 */
function searchLiteral(state: MatchState, step: SkeletonClassStep, next: SkeletonLiteralStep, walk: Walk, start: number, firstJudged: boolean): number {
  const { input, text, body } = state;
  // A class before a literal spans at most four code units per character (a key spaced out
  // throughout with tag characters still fits): what a stream may hold while it waits for the literal.
  const limit = start + step.max * SEARCH_SPAN;
  const memo = step.search;
  const from = walk.position;
  if (memo.input === input && memo.from <= walk.position && walk.position < memo.to) {
    walk.position = memo.to;
    walk.kinds = memo.kinds;
    walk.status = memo.status;
    walk.separated = true;
  }
  const fresh = memo.input !== input || memo.to < from;
  for (;;) {
    if (walk.position > limit || !gapOk(state, walk.status)) return -1;
    const marks = matchLiteralStep(state, next, walk);
    if (marks >= 0) return marks;
    const folded = foldAt(text, walk.position);
    if (step.set[folded] !== 1) return -1;
    if (walk.kinds !== 0 && !(walk.position === start && firstJudged)) crossGap(step, walk);
    body.add(folded, walk.kinds, classBits(step), step.ownKinds);
    take(text, walk, step.ownKinds);
    memo.from = fresh ? from : Math.min(from, memo.from);
    memo.input = input;
    memo.to = walk.position;
    memo.kinds = walk.kinds;
    memo.status = walk.status;
  }
}

/**
 * Fail closed: the last class of a recognised key goes on to the end of its key-shaped run,
 * across any gaps, up to {@link EXTENSION_FACTOR} times its maximum. Groups between white-space
 * gaps that read as words end it: the key ends after its last group that does not, and
 * {@link WORD_RUN} word characters in a row end the run. A fixed-length class without separators
 * takes only contiguous characters past its length.
 *
 * A spaced-out key is read by its row's length (`rule.bodyMin`, `rule.bodyMax`): it never goes past
 * the row's maximum; while it is shorter than the row's minimum, the next group is its rest,
 * whatever it reads as; once it has the minimum, a group joins only when the decision of
 * `key-continuation.ts` says the key goes on (the row-alphabet judge's odds for the group, the
 * key's rhythm, the word list at a line's start), and the key ends after the last group that does. Another key's prefix after a white space, once the key has its
 * minimum, ends it too: a second key is a finding of its own. Returns the key's end.
 */
function extend(state: MatchState, step: SkeletonClassStep, walk: Walk, taken: number, rule: SkeletonRule, start: number, classStart: number): number {
  const { type, bodyMin, bodyMax } = rule;
  const { text, body, tables } = state;
  const cap = EXTENSION_FACTOR * step.max;
  const shape = new WordShape();
  // A spaced-out key's tail: the row-alphabet judge's evidence on the groups read since the key
  // had its row's minimum, the best of it at a group's end (where the key ends so far), and
  // whether the group being read is part of the tail (it began after the minimum).
  const tail = new RowAlphabetEvidence();
  let best = 0;
  // The key's spacing (its groups' size between white space; 0 when irregular) and the skeleton characters of the group being read.
  let spacing = 0;
  // The gap kinds the key is spaced out with (when in equal groups), and those before the group being read.
  let keyGap = 0;
  let tokenGap = 0;
  // Whether a blank line the key never crossed comes before the group being read, and before the walk's position.
  let tokenParagraph = false;
  let paragraph = false;
  // Where the group being read begins.
  let tokenStart = walk.end;
  // The key's groups as written, read when the key is spaced out.
  const groups = new KeyGroups();
  let rhythmBroken = false;
  let rhythmKept = true;
  let tokenCount = 0;
  let spacingChanges = 0;
  const judging = walk.separated;
  let tailing = judging && body.length >= bodyMin;
  // The text after a spaced-out key has read as text for long enough: the key has ended.
  let ended = false;
  let keyEnd = walk.end;
  // The group the recognised part ends in belongs to the key, whatever it reads as.
  let inKey = true;
  let tokenWord = true;
  let tokenLetters = 0;
  let tokenEnd = walk.end;
  let wordRun = 0;
  let lastKey = true;
  let tokenDigitsOnly = true;
  // Where the key's rest wrapped onto the next line ends (`wrappedRest`): until there it is read as written whole.
  let wrappedEnd = 0;
  const closeToken = (): void => {
    if (shape.size > 0 && !shape.isWord()) tokenWord = false;
    shape.reset();
    // A short number takes the side of what precedes it: `… r 8` ends a key, `tenant 42` is prose.
    if (tokenWord && tokenDigitsOnly && lastKey) tokenWord = false;
    const wordShaped = tokenWord;
    if (judging && !inKey) {
      // A spaced-out key's group after the recognised part: the row's rest while the key is shorter
      // than the row needs (`… HVJJ v38- ne`); after that, the key ends where the tail's evidence
      // for the row's alphabet is at its best (above 0), read on until text is a million times likelier.
      // A group never takes the key past its row's maximum.
      tokenWord = body.codes.length > bodyMax;
      ended = tokenWord;
      if (tailing && !tokenWord) {
        // A group longer than the key's spacing: the writer changed how it spaces the key, as unlikely as a change of separator.
        if (spacing > 0 && tokenCount > spacing) spacingChanges += SEPARATOR_CHANGE_BITS;
        // After a group shorter than the equal ones before it (`… oofk ai0 ok`): a key cut every few
        // characters ends with such a group, so going on means the writer changed both the groups'
        // size and where they fall: twice a change of separator (once), and a group is the key's by
        // its odds alone.
        const afterLast = groups.ended;
        if (afterLast && !rhythmBroken) {
          spacingChanges += 2 * SEPARATOR_CHANGE_BITS;
          rhythmBroken = true;
        }
        const odds = tail.keyOdds() - spacingChanges;
        // Whether the key goes on through the group is the one decision of `key-continuation.ts`,
        // given the tail's evidence for the group (the odds since the key's end so far), read on
        // until text is a million times likelier. The group is in the key's rhythm after the key's
        // own separator, within its groups' size (a group the list lacks has no word's shape).
        const listed = readsAsListedWords(text, tokenStart, tokenEnd);
        const reach = listed === undefined ? spacing : Math.max(spacing, groups.lastSize);
        // In the key's rhythm only when every group since the key's end so far was (`<key>⏎gh repo`: not `repo`).
        const within = rhythmKept && (listed === undefined || tokenGap === keyGap) && reach > 0 && tokenCount <= reach;
        const rhythm = afterLast || !within ? 'none' : tokenCount === spacing ? 'exact' : 'within';
        // A group after a line break begins a line: text's first token of a line is read by the word list.
        // A group in the key's rhythm alone between the key and its line's end (`… gNhzR STUNA⏎`) is read as such a line's only token.
        const lineStart = (tokenGap & LINE_BREAK_KIND) !== 0;
        // After a line shorter than the key's line before it, a wrap's last line, the key has ended.
        const lastLine = lineStart && lineReadingBefore(text, state.keyStart, tokenStart) === 'wrap-end';
        const group = { text, from: tokenStart, to: tokenEnd, judged: odds - best, classBits: classBits(step), count: tokenCount, rhythm, wordShaped: listed ?? wordShaped, namesField: false, opensParagraph: tokenParagraph, lineStart, endsLine: (lineStart || (lastKey && rhythm !== 'none')) && blankToLineEnd(state, tokenEnd), gluedToWord: isWordCharacter(foldAt(text, tokenEnd)) } as const;
        const decided = continuationOdds(lastLine ? 'wrap-end' : 'key-separator', 'room', group);
        tokenWord = decided <= 0;
        // A group judged text by more than its odds (the word list's reading at a line's start) stays
        // text for the groups after it: they take it in only by outweighing that reading too.
        if (tokenWord && decided > Number.NEGATIVE_INFINITY) spacingChanges += Math.max(0, group.judged - decided);
        rhythmKept = !tokenWord || rhythm !== 'none';
        // A group the list alone takes in (its odds below the best) does not lower the bar for the groups after it.
        if (!tokenWord) best = listed === false ? Math.max(best, odds) : odds;
        // The line after a wrapped key's last is text's (`v2 is out`).
        ended = odds < best - RANDOM_EVIDENCE || lastLine;
      }
    }
    tailing = judging && body.length >= bodyMin;
    tokenCount = 0;
    lastKey = inKey || !tokenWord;
    tokenDigitsOnly = true;
    if (inKey || !tokenWord || tokenEnd <= wrappedEnd) {
      keyEnd = tokenEnd;
      wordRun = 0;
      body.save();
      if (judging) groups.kept(text, step, start, tokenEnd, walk.position);
    } else {
      // Numbers are neither key nor prose: they never end a key by themselves.
      wordRun += tokenLetters;
    }
    inKey = false;
    tokenWord = true;
    tokenLetters = 0;
  };
  /** The key ends at the last group kept (the group being read closed first when `close`). */
  const finish = (close: boolean): number => {
    if (close) closeToken();
    body.restore();
    return keyEnd;
  };
  // A key written whole (its recognised part crossed no gap but its own, no white space) that holds
  // its row's minimum as written ends at a gap not its own, unless its rest follows spaced out one
  // way (`restSpacedAlike`) or, after punctuation alone, a token holding a group of key characters
  // that is no word, number or name (`gluedKeyGroup`: a secret glued on). So `Credential:<key> Timeout:30s`,
  // `<key>⏎gh repo`, `| <key> | 2025-01-17 |`, `-u <key>:x-oauth-basic` end at the key. Below its
  // minimum, and once it has crossed a gap not its own, the key goes on as before.
  let whole = !walk.separated && !holdsBlank(text, Math.max(start, walk.wrapped), walk.end);
  // The class's characters as written: the line breaks it was wrapped at inside it left out (not those before it).
  let written = walk.end - classStart - lineBreakUnits(text, classStart, walk.end);
  let spacedRest = false;
  for (let count = taken; count < cap; count += 1) {
    if (!gapOk(state, walk.status)) break;
    // A key written whole that reaches a line's end below its row's minimum goes on at the next
    // line's start when that holds the row's alphabet (the row's length requires it): a wrap.
    const units = walk.wrapUnits;
    // The class's own separators that open the gap are the key's last characters as written (`…IT_-⏎`).
    const wholeWritten = written + ownLead(text, walk.end, walk.position, step);
    if (whole && wholeWritten < step.writtenMin && walk.kinds !== 0) unwrap(state, step, walk);
    const foreign = walk.kinds & ~step.ownKinds;
    if (whole && foreign !== 0 && wholeWritten >= step.writtenMin) {
      const alike = restSpacedAlike(state, step, walk);
      // The key's rest spaced out one way: the field-end rule below is not asked at its gaps.
      if (alike === SPACED_ALIKE) spacedRest = true;
      // After white space, a rest not spaced out alike is the next token (`<key> -d`, `<key> --rm`):
      // after a line break the key goes on into it only as a wrapped rest (`<key>⏎3) restart`,
      // `<key>⏎C:\>` end at the key).
      else if (wrappedEnd <= walk.end && (alike === 0 || (foreign & WHITESPACE_KIND) !== 0)) {
        if ((foreign & WHITESPACE_KIND) !== 0) {
          // White space after the key: the next token may be its rest (a line's wrapped rest, or a
          // group after a blank the writer put in: `…rrewQLC IaUF3`), weighed as every gap is.
          const rest = wrappedRest(state, step, walk, bodyMax, start, written);
          if (rest === 0) break;
          wrappedEnd = rest;
        } else if (!gluedKeyGroup(state, step, walk.position)) break;
        spacedRest = true;
      }
    }
    if (foreign !== 0 && wrappedEnd <= walk.end) whole = false;
    // The class's characters as written before this gap: the row's length needs more below its minimum.
    const writtenBefore = written;
    written += walk.position - walk.end + 1 - (walk.wrapUnits - units);
    // A fixed-length key stops at its length where a gap or another key's prefix follows
    // (`AKIA…` then `AKIA…` again: two keys, not one longer string).
    if (step.fixed && count >= step.max && (walk.kinds !== 0 || writtenPrefixAt(state, walk.position, tables.written))) break;
    // Another kind of key written contiguously begins here (a key glued after a key whose alphabet
    // takes its first characters in): the key ends before it, so it is found too. A key of the
    // same type goes on (`xoxb-…xoxb-…` is one run of a Slack token's characters).
    if (tables.inside !== undefined && !state.probing && !walk.separated && tables.inside(state.input, walk.position, type)) break;
    // A key written whole ends at a field's `;` or a list's `,` (`AccountKey=…;EndpointSuffix=…`),
    // unless a group of key characters that is no word, number or field name follows: the key's
    // rest cut by the same mark (a Slack token ending `BATbN;PFdG;SuYe;E2RM;yxUI;7Kq`).
    // Read as spaced out, it still ends where a field's name follows (`… …;EndpointSuffix=…`).
    if (!spacedRest && (walk.kinds & FIELD_ENDS & ~step.ownKinds) !== 0 && (walk.separated ? fieldNameFollows(state, step, walk.position) : !keyGroupFollows(state, step, walk.position))) break;
    const folded = foldAt(text, walk.position);
    if (step.set[folded] !== 1) break;
    // A key judged by its tail is never longer than its row's maximum: a group after it is not the
    // key's (a second copy of the key; only a run the key's gaps go on through, `p.a.t.o.7.…`, may
    // hold a longer row's key, and the run's groups are judged as a tail).
    if (judging && body.codes.length >= bodyMax && (walk.kinds & WHITESPACE_KIND) !== 0) break;
    // The gap after a wrapped rest ends the key, unless the rest wraps again onto another line.
    if (wrappedEnd > 0 && walk.end >= wrappedEnd && walk.kinds !== 0) {
      const again = (walk.kinds & LINE_BREAK_KIND) === 0 ? 0 : wrappedRest(state, step, walk, bodyMax, start, writtenBefore);
      if (again === 0) return finish(true);
      wrappedEnd = again;
    }
    paragraph = false;
    if ((walk.kinds & WHITESPACE_KIND) !== 0) {
      const strong = walk.kinds & (LINE_BREAK_KIND | ((walk.kinds & PERIOD_KIND) === 0 ? 0 : PERIOD_KIND));
      // A blank line a key never crossed ends a paragraph: a key that has its row's minimum and is
      // not judged by its tail ends there, unless its rest was read as spaced out alike
      // (`…\n\no\n\nf\n\n…`); for a tail, the group after it is weighed by `key-continuation.ts`.
      paragraph = (strong & LINE_BREAK_KIND) !== 0 && (walk.crossed & LINE_BREAK_KIND) === 0 && paragraphEnd(text, walk.end, walk.position) >= 0;
      if (paragraph && !judging && !spacedRest && body.length >= bodyMin) return finish(true);
      // A line break or sentence end a key not spaced out never used, once it has its row's
      // minimum: the next line may begin with the key's wrapped rest (judged by `wrappedRest`).
      // (A short rest of the run after it, `\nb x`, is no longer a case of its own: the whole
      // key's rule above ends the key there, and a rest one character per line is spaced alike.)
      if (strong !== 0 && (walk.crossed & strong) === 0 && !judging && body.length >= bodyMin && wrappedEnd <= walk.end) {
        const wrapped = (strong & LINE_BREAK_KIND) === 0 ? 0 : wrappedRest(state, step, walk, bodyMax, start, writtenBefore);
        if (wrapped > 0) wrappedEnd = wrapped;
      }
      closeToken();
      if (ended) return finish(false);
      // Twelve letters of words in a row, or words and then the prefix of a key (the same key
      // written again, spaced out), or after any white space a long prefix (a spaced-out webhook
      // URL written twice: the first copy never takes in the second's): the key has ended. (A
      // fixed-length key written again after it ends at its row's maximum.)
      const another = prefixAt(state, walk.position, wordRun >= 2 && wordRun < WORD_RUN ? undefined : type, tailing && body.evidence.isKey());
      if ((wordRun >= WORD_RUN && !judging) || another) return finish(false);
    } else if (walk.kinds !== 0) {
      if (shape.size > 0 && !shape.isWord()) tokenWord = false;
      shape.reset();
    }
    shape.add(folded);
    if (tailing && !inKey) {
      if (tail.count === 0) {
        // Spaced out in equal groups, the key predicts where the gap before its next group falls,
        // and text pays for a run's end there; otherwise the gap is judged by neither.
        spacing = body.spacing(walk.kinds);
        keyGap = body.spacingKinds;
        tail.reset(body.evidence.flags, spacing > 0 ? body.evidence.gapKinds : 0);
      }
      tail.add(folded, walk.kinds, classBits(step));
    }
    body.add(folded, walk.kinds, classBits(step), step.ownKinds);
    if (tokenCount === 0) {
      tokenGap = walk.kinds & ~step.ownKinds;
      tokenParagraph = paragraph;
      tokenStart = walk.position;
    }
    tokenCount += 1;
    if (!isDigitCode(folded)) {
      tokenLetters += 1;
      tokenDigitsOnly = false;
    }
    take(text, walk, step.ownKinds);
    tokenEnd = walk.end;
  }
  return finish(true);
}

/** Full groups of one size a spaced-out key shows before {@link KeyGroups} reads a shorter group as its last. */
const EQUAL_GROUPS = 3;

/** Whether the character at `at` is white space or an invisible character. */
const isBlankAt = (text: string, at: number): boolean => ((kindOf[foldAt(text, at)] ?? 0) & (WHITESPACE_KIND | INVISIBLE_KIND)) !== 0;

/**
 * The groups of a spaced-out key between blanks, as written: a key cut every few characters shows
 * groups of one size but its last, so after {@link EQUAL_GROUPS} equal groups (its first, cut by
 * the prefix, left out) a shorter one ends the key, and nothing after it is the key's
 * (`… oofk ai0, ok`). Any other sizes make the key irregular, and this reads nothing into them.
 * Each character is read once: the key up to its first kept group, then each group as it is kept.
 */
class KeyGroups {
  /** The groups' one size; -1 before the first group counted, 0 once irregular. */
  private size = -1;
  /** Whether the key's first group (cut by the prefix, left out) is still to be read. */
  private first = true;
  private equal = 0;
  /** Where the last group read ends (-1 before the first). */
  private readEnd = -1;
  /** A shorter group was kept: the key has ended with it. */
  ended = false;
  /** The size of the last group counted (the first, cut by the prefix, is not), 0 before it. */
  lastSize = 0;

  /** The group of `text` ending at `end` (with the class's characters and own separators after it up to `readTo`: `kH_ 6H`) is kept in the key that starts at `start`: the groups between blanks from the last one read to it are counted. */
  kept(text: string, step: SkeletonClassStep, start: number, end: number, readTo: number): void {
    let groupEnd = end;
    while (groupEnd < readTo && isKeyCharacter(step, foldAt(text, groupEnd))) groupEnd += 1;
    if (groupEnd <= this.readEnd) return;
    let run = 0;
    for (let index = Math.max(start, this.readEnd); index <= groupEnd; index += 1) {
      if (index < groupEnd && !isBlankAt(text, index)) run += 1;
      else if (run > 0) {
        if (!this.first) this.add(run);
        this.first = false;
        run = 0;
      }
    }
    this.readEnd = groupEnd;
  }

  private add(length: number): void {
    this.lastSize = length;
    if (this.ended) {
      // A group after the shorter one is the key's all the same: its groups are not of one size.
      this.ended = false;
      this.size = 0;
    }
    if (this.size === -1) {
      this.size = length;
      this.equal = 1;
    } else if (this.size > 0 && length === this.size) this.equal += 1;
    else if (this.size > 0 && length < this.size && this.equal >= EQUAL_GROUPS) this.ended = true;
    else this.size = 0;
  }
}

/** How many code units of `text[from..to)` are line breaks. */
function lineBreakUnits(text: string, from: number, to: number): number {
  let units = 0;
  for (let index = from; index < to; index += 1) if (isLineBreakCode(text.charCodeAt(index))) units += 1;
  return units;
}

/** Whether white space or an invisible character is written from `from` to before `to`. */
function holdsBlank(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (isBlankAt(text, index)) return true;
  return false;
}

/** Whether `text[at]` is one of the class's own separators (not white space): `-` and `_` of a base64url key. */
const isOwnSeparator = (text: string, at: number, step: SkeletonClassStep): boolean => {
  const kinds = kindOf[foldAt(text, at)] ?? 0;
  return kinds !== 0 && (kinds & (~step.ownKinds | WHITESPACE_KIND)) === 0;
};

/** Whether the gap `text[from..to)` is blanks (no line break), with the class's own separators beside them (`… _ePYo`). */
function blankGap(text: string, from: number, to: number, step: SkeletonClassStep): boolean {
  let blanks = 0;
  for (let index = from; index < to; index += 1) {
    const kinds = kindOf[foldAt(text, index)] ?? 0;
    if ((kinds & LINE_BREAK_KIND) !== 0) return false;
    if (isBlankAt(text, index)) blanks += 1;
    else if (!isOwnSeparator(text, index, step)) return false;
  }
  return blanks > 0;
}

/** How many of the class's own separators open the gap `text[from..to)`. */
function ownLead(text: string, from: number, to: number, step: SkeletonClassStep): number {
  let at = from;
  while (at < to && isOwnSeparator(text, at, step)) at += 1;
  return at - from;
}

/** How many of the class's own separators close the gap `text[from..to)`. */
function ownTrail(text: string, from: number, to: number, step: SkeletonClassStep): number {
  let at = to;
  while (at > from && isOwnSeparator(text, at - 1, step)) at -= 1;
  return to - at;
}

/** Whether a folded code is one of the class's characters or one of its own separators. */
const isKeyCharacter = (step: SkeletonClassStep, folded: number): boolean => step.set[folded] === 1 || ((kindOf[folded] ?? 0) !== 0 && ((kindOf[folded] ?? 0) & ~step.ownKinds) === 0);

/**
 * After a key written whole, a line break or blanks crossed (at the walk's position): where the
 * key's rest ends — hard-wrapped onto the next line, or a group after blanks the writer put in —
 * or 0 when text begins there. The rest is the next token of the class's characters and its own
 * separators (`iNtTXmN`, `36-vog`), glued to no letter or digit past the class; whether the key
 * goes on into it is the one decision of `key-continuation.ts` (`blank`, `line-break`, or a wrap
 * when the key's lines show its column: {@link wrappedAtColumn}), which `written` (the class's
 * characters as written before the gap) tells whether the row's length still needs it.
 */
function wrappedRest(state: MatchState, step: SkeletonClassStep, walk: Walk, bodyMax: number, start: number, written: number): number {
  const { text } = state;
  const lineBreak = lineBreakIn(text, walk.end, walk.position, step);
  // Blanks alone (no line break) are read the same way, as a gap of their own (`blank`).
  const lineEnd = lineBreak >= 0 ? lineBreak : walk.end + ownLead(text, walk.end, walk.position, step);
  if (lineBreak < 0 && !blankGap(text, walk.end, walk.position, step)) return 0;
  let cursor = walk.position;
  let count = 0;
  const shape = new WordShape();
  while (cursor < text.length && isKeyCharacter(step, foldAt(text, cursor))) {
    if (step.set[foldAt(text, cursor)] === 1) count += 1;
    shape.add(foldAt(text, cursor));
    cursor += 1;
  }
  if (cursor >= text.length) needMore(state);
  const endsLine = blankToLineEnd(state, cursor);
  // A sentence's or list's end after the token is punctuation, though the row's alphabet holds it (`to.`).
  while (cursor > walk.position && isSeparator(foldAt(text, cursor - 1))) cursor -= 1;
  if (count === 0 || isWordCharacter(foldAt(text, cursor))) return 0;
  // The line break is read by the key's lines (a wrap's column, its last line) and weighed as every
  // gap is (`key-continuation.ts`).
  const reading = lineBreak < 0 ? 'blank' : lineReading(text, start, lineEnd);
  // The row's length needs the rest below the class's minimum as written (`written` characters so
  // far, and its own separators before the line break: `…MSg-⏎`) or the key's written minimum, the
  // line breaks it was wrapped at left out (a Telegram token's 35 characters after a bot id that
  // the skeleton reads in the same class).
  const short = written + lineEnd - walk.end < step.writtenMin || (!walk.separated && lineEnd - state.keyStart - walk.wrapUnits < state.writtenMinimum);
  const need = short ? 'short' : state.body.codes.length + count > bodyMax ? 'full' : 'room';
  const group = { text, from: walk.position, to: cursor, classBits: classBits(step), count, rhythm: 'none', wordShaped: shape.isWord(), namesField: fieldNameEnds(state, afterBlanks(text, cursor)), endsLine, gluedToWord: false, column: lineEnd - lineStartBefore(text, lineEnd) } as const;
  return continuationOdds(reading, need, group) > 0 ? cursor : 0;
}

/** Whether only spaces and tabs come from `at` to a line break or the text's end (waiting for more text where it ends first). */
function blankToLineEnd(state: MatchState, at: number): boolean {
  const { text } = state;
  let cursor = at;
  while (cursor < text.length && (text.charCodeAt(cursor) === 32 || text.charCodeAt(cursor) === 9)) cursor += 1;
  if (cursor >= text.length) {
    needMore(state);
    return true;
  }
  return isLineBreakCode(text.charCodeAt(cursor));
}

/** The most characters of a line {@link wrappedAtColumn} reads back. */
const MAX_WRAP_COLUMN = 1024;

/** Where the line holding the character before `at` begins (after its line break), or -1 past {@link MAX_WRAP_COLUMN}. */
function lineStartBefore(text: string, at: number): number {
  for (let index = at - 1; index >= Math.max(0, at - MAX_WRAP_COLUMN); index -= 1) if (isLineBreakCode(text.charCodeAt(index))) return index + 1;
  return at <= MAX_WRAP_COLUMN ? 0 : -1;
}

/**
 * How the lines of a key that began at `start` read at a line's end `end` (see `GapReading`): a
 * text hard-wrapped at a column fills every line to the column but its last. On the key's first
 * line nothing is shown (`line-break`); after it, a line shorter than the key's line before (a line
 * written whole, no blank in it) ends the key (`wrap-end`), one as long fills the key's column
 * (`column-wrap`), one longer than the key's part of its first line shows a wrap but not its column
 * (`wrapped`). Only the key's own lines are read: what precedes the key on its first line may not
 * be in the text (a stream keeps the key, not the line).
 */
function lineReading(text: string, start: number, end: number): LineReading {
  const lineStart = lineStartBefore(text, end);
  if (lineStart <= start) return 'line-break';
  const breakStart = breakBefore(text, lineStart);
  const previousStart = lineStartBefore(text, breakStart);
  if (previousStart < 0) return 'line-break';
  const previous = breakStart - Math.max(start, previousStart);
  // A line of the key spaced out with blanks is no wrapped line: its length shows no column.
  if (end - lineStart < previous) return holdsBlank(text, Math.max(start, previousStart), breakStart) ? 'wrapped' : 'wrap-end';
  return end - lineStart === previous ? 'column-wrap' : 'wrapped';
}

/**
 * {@link lineReading} at the one line break in the gap before `at` (a blank line ends a paragraph:
 * `line-break`), the key's last character before the gap its own separators left out.
 */
function lineReadingBefore(text: string, start: number, at: number): LineReading {
  let end = at;
  while (end > start && isSeparator(foldAt(text, end - 1))) end -= 1;
  let breakAt = end;
  while (breakAt < at && !isLineBreakCode(text.charCodeAt(breakAt))) breakAt += 1;
  if (breakAt >= at || lineStartBefore(text, at) !== breakAt + (text.charCodeAt(breakAt) === 13 && text.charCodeAt(breakAt + 1) === 10 ? 2 : 1)) return 'line-break';
  return lineReading(text, start, breakAt);
}

/** Where the line break that ends the line before the one starting at `lineStart` begins (a `\r\n` counted from its `\r`). */
const breakBefore = (text: string, lineStart: number): number => (text.charCodeAt(lineStart - 1) === 10 && text.charCodeAt(lineStart - 2) === 13 ? lineStart - 2 : lineStart - 1);

/** Whether a `=` (not a base64 key's `==` padding) or a `:` at `at` ends a field's name. */
const namesField = (text: string, at: number): boolean => (text.charCodeAt(at) === 61 && text.charCodeAt(at + 1) !== 61) || text.charCodeAt(at) === 58;

/**
 * {@link namesField} at `at` in what the stream holds: more text is asked for when the held text
 * ends at `at` or with a `=` there (a `==` may follow), so every chunking reads the same.
 */
function fieldNameEnds(state: MatchState, at: number): boolean {
  const { text } = state;
  if (at >= text.length || (text.charCodeAt(at) === 61 && at + 1 >= text.length)) needMore(state);
  return namesField(text, at);
}

/** Where the spaces and tabs from `at` end. */
function afterBlanks(text: string, at: number): number {
  let cursor = at;
  while (text.charCodeAt(cursor) === 32 || text.charCodeAt(cursor) === 9) cursor += 1;
  return cursor;
}

/**
 * Where the one line break (`\n`, `\r\n`, `\r`, U+2028) of the gap `text[from..to)` begins when
 * the rest of the gap is the class's own separators (`_⏎`, `⏎-`: a key cut by a wrap beside one of
 * its own separators), else -1.
 */
function lineBreakIn(text: string, from: number, to: number, step: SkeletonClassStep): number {
  let found = -1;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 10 || code === 13 || code === 0x2028) {
      const length = code === 13 && text.charCodeAt(index + 1) === 10 ? 2 : 1;
      if (found >= 0) return -1;
      found = index;
      index += length - 1;
    } else if (((kindOf[foldAt(text, index)] ?? 0) & ~step.ownKinds) !== 0) return -1;
  }
  return found;
}

/** Groups after a whole key's first new gap that {@link restSpacedAlike} reads. */
const SPACED_GROUPS = 3;
/** {@link restSpacedAlike}: the same gap after groups of one size follows (1 is: the run ends first, judged as before). */
const SPACED_ALIKE = 2;

/**
 * After a key written whole and a gap of a kind it has not crossed (at the walk's position):
 * whether what follows is the key's rest spaced out one way ({@link SPACED_ALIKE}) — the same gap
 * after {@link SPACED_GROUPS} groups of one size, as a key spaced out every few characters is cut
 * (`A 7 K q`, `PFdG;SuYe;E2RM`, `7⏎K⏎q`) — or is text after the key (0: a gap of other kinds or groups of other sizes follow
 * within {@link SPACED_GROUPS} groups: `Timeout:30s`, `2025-01-17`, `gh repo`, `x-oauth-basic`,
 * `PORT=3000⏎LOG_LEVEL`); 1 where the run of the class's characters ends first, or white space
 * ends a token spaced out with punctuation: the rest is judged as before (words, short rests,
 * paragraphs, field ends).
 */
function restSpacedAlike(state: MatchState, step: SkeletonClassStep, walk: Walk): number {
  const { text } = state;
  const spacing = walk.kinds;
  let cursor = walk.position;
  let size = 0;
  for (let group = 0; group < SPACED_GROUPS; group += 1) {
    // A group is the class's characters and its own separators (a JWT's `.`), as written.
    const start = cursor;
    while (cursor < text.length && cursor - start <= step.max && isKeyCharacter(step, foldAt(text, cursor))) cursor += 1;
    if (cursor >= text.length) needMore(state);
    if (cursor === start || cursor - start > step.max) return 1;
    // A group longer than the first is no piece of a rest spaced one way, even the last.
    if (group > 0 && cursor - start > size) return 0;
    const status = readGap(text, cursor, step.ownKinds);
    if (status === GAP_ENDED) needMore(state);
    // Glued to a letter or digit outside the alphabet (`2025` after a base32 key): another token.
    if (status === GAP_OK && gap.kinds === 0) return isAsciiLetter(foldAt(text, cursor)) || isDigitCode(foldAt(text, cursor)) ? 0 : 1;
    if (status !== GAP_OK || step.set[foldAt(text, gap.end)] !== 1) return 1;
    // White space after a group spaced out with punctuation ends the token, not the spacing.
    if ((gap.kinds & ~step.ownKinds) !== (spacing & ~step.ownKinds)) return (spacing & WHITESPACE_KIND) === 0 && (gap.kinds & WHITESPACE_KIND) !== 0 ? 1 : 0;
    if (group === 0) size = cursor - start;
    else if (cursor - start !== size) return 0;
    cursor = gap.end;
  }
  return SPACED_ALIKE;
}

/** Groups of a token after a whole key that {@link gluedKeyGroup} reads. */
const GLUED_GROUPS = 8;

/**
 * After a key written whole and punctuation it has not crossed: whether the token from `position`
 * (its groups of the class's characters joined by punctuation, up to white space or another
 * character) holds a group that is the key's rest or a secret glued on (see
 * {@link keyGroupFollows}), or only words, numbers, names and single characters (`:x-oauth-basic`).
 */
function gluedKeyGroup(state: MatchState, step: SkeletonClassStep, position: number): boolean {
  const { text } = state;
  let cursor = position;
  for (let group = 0; group < GLUED_GROUPS; group += 1) {
    // Another key begins there, written whole: two keys.
    if (writtenPrefixAt(state, cursor, state.tables.written)) return false;
    if (keyGroupFollows(state, step, cursor)) return true;
    while (cursor < text.length && cursor - position <= MAX_FIELD_GROUP * GLUED_GROUPS && step.set[foldAt(text, cursor)] === 1) cursor += 1;
    const status = readGap(text, cursor, step.ownKinds);
    if (status === GAP_ENDED) needMore(state);
    if (status !== GAP_OK || gap.kinds === 0 || (gap.kinds & WHITESPACE_KIND) !== 0 || step.set[foldAt(text, gap.end)] !== 1) return false;
    cursor = gap.end;
  }
  return true;
}

/** The most characters of a group after a `;` or `,` that {@link keyGroupFollows} reads. */
const MAX_FIELD_GROUP = 64;

/** The group of the class's characters from `position`: where it ends (at a separator, `=` or another character) and its shape. */
function groupAt(state: MatchState, step: SkeletonClassStep, position: number): { readonly end: number; readonly shape: WordShape } {
  const { text } = state;
  const shape = new WordShape();
  let cursor = position;
  while (cursor < text.length && cursor - position <= MAX_FIELD_GROUP) {
    const folded = foldAt(text, cursor);
    if (isSeparator(folded) || folded === 61 || step.set[folded] !== 1) break;
    shape.add(folded);
    cursor += 1;
  }
  if (cursor + 1 >= text.length) needMore(state);
  return { end: cursor, shape };
}

/** After a `;` or `,`: whether a field's name follows (two letters or more and no digit before `=` or `:`, `EndpointSuffix=`). */
function fieldNameFollows(state: MatchState, step: SkeletonClassStep, position: number): boolean {
  const { end, shape } = groupAt(state, step, position);
  return shape.size >= 2 && shape.digits === 0 && namesField(state.text, end);
}

/**
 * After a key written whole and a `;` or `,`: whether the group of the class's characters from
 * `position` (to the next separator, `=` or other character) is the key's rest — two characters
 * or more, neither a word nor a number, not a field's name before `=` or `:`, not another key's
 * prefix as written — rather than another field, list item or key.
 */
function keyGroupFollows(state: MatchState, step: SkeletonClassStep, position: number): boolean {
  const { text } = state;
  // Another key begins there, written whole (two GitHub tokens joined by `;`): two keys.
  if (writtenPrefixAt(state, position, state.tables.written)) return false;
  const { end, shape } = groupAt(state, step, position);
  return !(shape.size < 2 || shape.size > MAX_FIELD_GROUP || shape.isWord() || shape.digits === shape.size || namesField(text, end));
}

/**
 * Where the first gap from `from` to before `to` that holds a blank line (two line breaks or more,
 * a `\r\n` counting one) begins, or -1: the end of a key's paragraph.
 */
function paragraphEnd(text: string, from: number, to: number): number {
  let gapStart = -1;
  let breaks = 0;
  for (let index = from; index < to; index += 1) {
    if (!isSeparator(foldAt(text, index))) {
      gapStart = -1;
      breaks = 0;
      continue;
    }
    if (gapStart < 0) gapStart = index;
    const code = text.charCodeAt(index);
    if (code === 10 || code === 0x2028 || code === 0x2029 || (code === 13 && text.charCodeAt(index + 1) !== 10)) breaks += 1;
    if (breaks >= 2) return gapStart;
  }
  return -1;
}

/**
 * Skeleton characters of a prefix that a key's random body never spells by chance, one character
 * per group included (`https://hooks.slack.com/services/`, `github_pat_`, `sk-ant-api03-`: about
 * one in 10^14 per position). Shorter ones (`gsk_`, `AKIA`) turn up in a long body spaced out
 * character by character, and would cut it there.
 */
const DISTINCTIVE_PREFIX = 8;

/** Skeleton characters of a prefix of the key's own rule that begins the same key written again (`hcaik_`, `AKIA`). */
const REPEATED_PREFIX = 4;

/**
 * Whether a prefix option ends a key of type `type` after a white space (see {@link DISTINCTIVE_PREFIX},
 * {@link REPEATED_PREFIX}); `again`: the key is complete and random, so any prefix of its own rule
 * begins the same key written again (`s b p _ …` twice): a second key is a finding of its own.
 */
const isDistinctive = (option: SkeletonLiteral, rule: SkeletonRule, type: string, again: boolean): boolean =>
  option.codes.length >= DISTINCTIVE_PREFIX || (rule.type === type && (again || option.codes.length >= REPEATED_PREFIX));

/** Whether the gaps after a trie walk's characters (`kinds`, one per character) hold a literal option's marks. */
function marksHeld(option: SkeletonLiteral, kinds: readonly number[]): boolean {
  for (let index = 1; index <= option.codes.length; index += 1) if (!holds(kinds[index - 1] ?? 0, option.marks[index] ?? 0)) return false;
  return true;
}

/**
 * Whether some rule's first literal (its marks held; only a distinctive one for a key of type
 * `distinctiveFor` when given) begins at `position`: another key starts there.
 */
function prefixAt(state: MatchState, position: number, distinctiveFor?: string, again = false): boolean {
  const { text } = state;
  const probe: Walk = { position, kinds: 0, status: GAP_OK, end: position, separated: false, crossed: 0, wrapped: 0, wrapUnits: 0 };
  const kinds: number[] = [];
  let node: TrieNode | undefined = state.tables.root;
  while (node !== undefined && probe.status === GAP_OK) {
    node = node.children[foldAt(text, probe.position)];
    if (node === undefined) return false;
    take(text, probe);
    kinds.push(probe.kinds);
    for (const { option, rule } of node.accepts) {
      if ((distinctiveFor === undefined || isDistinctive(option, rule, distinctiveFor, again)) && marksHeld(option, kinds)) return true;
    }
  }
  // The text ended inside what may still be a prefix (`g. i. t. h`, then more to come): wait.
  if (node !== undefined && probe.status === GAP_ENDED) needMore(state);
  return false;
}

/**
 * Whether a key of another type than `outerType`, written contiguously, begins at `position` (its
 * recognised part, judged by its row: see {@link MatchState.probing}).
 */
type InsideProbe = (input: ScanInput, position: number, outerType: string) => boolean;

/** Rules that end a key where they begin inside it, with their trigger characters as a table. */
interface Stops {
  readonly matchers: readonly Matcher[];
  readonly triggers: Uint8Array;
}

/**
 * The first position from `from` to before `to` where one of `stops` finds a secret, or -1 (a rule
 * that waits for more text makes the key wait too). Only positions whose character can begin one are tried.
 */
function stopWithin(input: ScanInput, from: number, to: number, stops: Stops | undefined): number {
  if (stops === undefined) return -1;
  const { text } = input;
  for (let position = from; position < to; position += 1) {
    const code = text.charCodeAt(position);
    if (code >= 128 || stops.triggers[code] !== 1) continue;
    for (const stop of stops.matchers) {
      if (!stop.triggers.includes(text[position] as string)) continue;
      const outcome = stop.match(input, position);
      if (outcome.kind === 'more') throw TEXT_ENDED;
      if (outcome.kind !== 'none') return position;
    }
  }
  return -1;
}

/** Separators before a key found inside a spaced-out one that {@link spacedThrough} tries as the writer's, nearest first. */
const RHYTHM_TRIES = 3;

/**
 * Whether the writer's spacing of the key that begins at `keyStart` goes on through `position`:
 * one separator character written at a fixed period, three times up to `position` and at every
 * period from there to before `end`. A key spaced out with one of its own characters
 * (`fi_o-_u-_1B_…_nl_y0_bJ_…` every two, `…LC.wl-sat.zhty65.…` every six) may have groups that
 * spell another key's prefix; a key written whole keeps no such rhythm (a uniform draw puts the
 * separator at each of those places one time in 64 or less).
 */
function spacedThrough(text: string, keyStart: number, position: number, end: number): boolean {
  let tried = 0;
  for (let last = position - 1; last > keyStart && tried < RHYTHM_TRIES; last -= 1) {
    if (!isSeparator(foldAt(text, last))) continue;
    tried += 1;
    const mark = text[last] as string;
    const before = text.lastIndexOf(mark, last - 1);
    const period = last - before;
    if (before < keyStart || period < 2 || before - period < keyStart || text[before - period] !== mark) continue;
    let held = 0;
    let at = last + period;
    while (at < end && text[at] === mark) {
      held += 1;
      at += period;
    }
    if (held > 0 && at >= end) return true;
  }
  return false;
}

/**
 * Whether a key written contiguously (of any type) begins at a group start (after a separator)
 * from `from` to before `to`, and is not a piece of the key's own spacing that ends at `end`
 * ({@link spacedThrough}).
 */
function keyWithin(state: MatchState, from: number, to: number, end: number): boolean {
  const { text, tables } = state;
  if (tables.inside === undefined) return false;
  for (let position = from + 1; position < to; position += 1) {
    if (!isSeparator(foldAt(text, position - 1)) || isSeparator(foldAt(text, position))) continue;
    if (tables.inside(state.input, position, '') && !spacedThrough(text, state.keyStart, position, end)) return true;
  }
  return false;
}

/**
 * Walks a candidate's body after its first literal (the walk stands after it) and judges the whole
 * key by the rule's `accept` (and `acceptMidWord` inside a word: `contiguous`, where only a key
 * written contiguously is looked for).
 */
function matchRest(state: MatchState, at: number, rule: SkeletonRule, walk: Walk, writtenMinimum: number, { accept, acceptMidWord, labelled }: PatternRule, contiguous: boolean): MatchOutcome {
  const { text, body, probing } = state;
  state.keyStart = at;
  state.writtenMinimum = writtenMinimum;
  body.reset();
  body.evidence.prefixBits = prefixEvidence(text, at, walk.end, state.tables.prefixCount);
  const bodyStart = walk.end;
  const { rest } = rule;
  // The gap after the first literal was judged by the caller (with the literal's own marks).
  let judged = true;
  let last: SkeletonClassStep | undefined;
  let lastStart = walk.position;
  for (let index = 0; index < rest.length; index += 1) {
    const step = rest[index] as SkeletonLiteralStep | SkeletonClassStep;
    let marks = -1;
    if (step.kind === 'literal') marks = matchLiteralStep(state, step, walk);
    else {
      const next = rest[index + 1];
      const firstJudged = judged;
      judged = false;
      if (next?.kind === 'literal') {
        const start = walk.position;
        if (takeClass(state, step, walk, step.min, firstJudged)) marks = searchLiteral(state, step, next, walk, start, firstJudged);
        // searchLiteral stands after the literal it found: the gap after it is judged by the next class.
        index += 1;
      } else {
        // Where the class begins as written: right after the prefix, its own separators that close
        // the gap past the prefix's own written ones (`nvapi-` + `-D8S…`, `ya29.` + `-3Oh…`, not the
        // `-` of `GOCSPX-`) are the body's first characters.
        lastStart = walk.position;
        if (index === 0) lastStart -= Math.max(0, Math.min(ownTrail(text, walk.end, walk.position, step), walk.position - walk.end - state.prefixTail));
        if (!takeClass(state, step, walk, step.min, firstJudged)) return NONE;
        last = step;
        continue;
      }
    }
    if (marks < 0) return NONE;
    judgeGapAfterLiteral(walk, marks, rest[index + 1]);
    judged = true;
  }
  const recognised = walk.end;
  if (contiguous && walk.separated) return NONE;
  if (isPlaceholder(text.slice(at, recognised))) return NONE;
  let end = last === undefined || probing ? recognised : extend(state, last, walk, last.min, rule, at, lastStart);
  // Another kind of secret that begins inside the run (a private key's header, a URL's password,
  // an assignment's name) ends the key there, so its rule finds it: a key never hides one. Its
  // first literal, the row's prefix, is the key's (`Accoun⏎tKey=`: no assignment `tKey=` in it).
  const stop = probing ? -1 : stopWithin(state.input, Math.max(at + 1, bodyStart), end, state.tables.stops);
  if (stop >= 0) {
    if (stop < recognised) return NONE;
    end = stop;
    while (end > recognised && isSeparator(foldAt(text, end - 1))) end -= 1;
  }
  // Written contiguously, a key spans at least its format's written length (its own separators
  // counted): the skeleton's shorter minimum and joined runs are for keys that were spaced out.
  // Characters of its row that read as separators after its last (`…9O-`, `…Ytac/`) are the key's
  // when the row's length requires them.
  if (!walk.separated && end - at < writtenMinimum && !probing && last !== undefined) end = ownTail(state, last, at, end, writtenMinimum);
  if (!walk.separated && end - at < writtenMinimum && !probing) return NONE;
  // The whole key, its extension included, is judged: a short recognised part may be all digits.
  // What the extension took after a blank line never undoes the key before it (the row may decline
  // a first part joined to the next paragraph, `splitByBlankLine`): the key is judged again up to
  // that blank line, and the next paragraph is scanned on its own.
  if ((walk.separated && !body.looksRandom()) || (accept !== undefined && !accept(text.slice(at, end), walk.separated))) {
    const paragraph = paragraphEnd(text, recognised, end);
    if (paragraph < 0 || (walk.separated && !spacedOutBodyLooksRandom(text.slice(bodyStart, paragraph), classBits(last ?? (rule.rest.find((step) => step.kind === 'class') as SkeletonClassStep))))) return NONE;
    if (accept !== undefined && !accept(text.slice(at, paragraph), walk.separated)) return NONE;
    end = paragraph;
  }
  if (contiguous && acceptMidWord !== undefined && !acceptMidWord(text.slice(at, end))) return NONE;
  // A spaced-out key never holds a key written whole (`| npm_token | prod | npm_…`, a CSV header's
  // `jina_api_key,owner` before the row's `jina_…`): the text from its prefix to there was a name
  // and fields, not the key's first groups, and the key is found where it begins.
  if (walk.separated && !probing && keyWithin(state, bodyStart, recognised, end)) return NONE;
  let start = at;
  if (labelled === true) for (start = bodyStart; start < end && isSeparator(foldAt(text, start)); ) start += 1;
  return { kind: 'match', type: rule.type, start, end, resume: end };
}

/**
 * Where a key written whole that ends at `end`, short of its row's written minimum, ends once the
 * characters of its last class that read as separators after it (its own, `-`, `/`, `=`) are
 * counted, up to the minimum (a period left to the sentence): `end` itself when they do not reach it.
 */
function ownTail(state: MatchState, step: SkeletonClassStep, at: number, end: number, writtenMinimum: number): number {
  const { text } = state;
  let cursor = end;
  while (cursor < text.length && cursor - at < writtenMinimum && isKeyCharacter(step, foldAt(text, cursor))) cursor += 1;
  // A period after the key ends the sentence, though the row's alphabet holds it (`… sk.eyJ….`).
  while (cursor > end && text.charCodeAt(cursor - 1) === 46) cursor -= 1;
  return cursor - at >= writtenMinimum ? cursor : end;
}

/**
 * Judges the gap after a literal the walk just passed (`marks`: the literal's closing marks): it is
 * the key's own when it holds only those marks and the next class's own separators (judged here, so
 * the class does not judge it again); anything else spaces the key out.
 */
function judgeGapAfterLiteral(walk: Walk, marks: number, following: SkeletonLiteralStep | SkeletonClassStep | undefined): void {
  const own = marks | (following?.kind === 'class' ? following.ownKinds : 0);
  if ((walk.kinds & ~own) !== 0) walk.separated = true;
}

/** The most lower-case letters read after a prefix for {@link isLabel}. */
const MAX_LABEL_LETTERS = 24;

/** The most characters of the path read after a word and a blank for {@link isPathAfterWord}. */
const MAX_LABEL_PATH = 512;
/** The most blanks read between the word and the path. */
const MAX_LABEL_BLANKS = 4;

/**
 * Whether the blanks from `from` are followed by a path or name of exempt shapes holding a digit
 * (`runs/<uuid v1>/<sha1>.json`, a UUID): what a word such as `path` or `pattern` introduces, never
 * the rest of a key spaced out after its prefix. `undefined` when the text ends first.
 */
function isPathAfterWord(state: MatchState, from: number): boolean | undefined {
  const { text, final } = state;
  let start = from;
  while (start < text.length && start - from < MAX_LABEL_BLANKS && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start += 1;
  let end = start;
  let digits = 0;
  // A path's characters are the entropy rule's run characters, as written.
  while (end < text.length && end - start <= MAX_LABEL_PATH && ((classes[text.charCodeAt(end)] ?? 0) & TOKEN) !== 0) {
    if (isDigitCode(text.charCodeAt(end))) digits += 1;
    end += 1;
  }
  if (end - start > MAX_LABEL_PATH) return false;
  if (end >= text.length && !final) return undefined;
  return digits > 0 && isShapedPath(text.slice(start, end));
}

/**
 * Whether a prefix of lower-case letters written from `at` to `prefixEnd` is the start of a longer
 * word that is a label (`path: runs/…`, `patch= …`: a prefix `pat`, more lower-case letters, then
 * `:` or `=` and a blank), or a word followed by a blank and a path of exempt shapes (`path
 * runs/<uuid v1>/<sha1>.json`, `pattern <uuid>`): a word, never a key — unless what follows the
 * blank is a group as long as the word (`ciom sSc5 …`, `dapia 84041 …`): a key spaced out in
 * equal groups (`spacedAlike`). `undefined` when the text ends first (the candidate waits, and the
 * others are tried).
 */
function isLabel(state: MatchState, at: number, prefixEnd: number): boolean | undefined {
  const { text, final } = state;
  for (let index = at; index < prefixEnd; index += 1) if (!isLowerCode(text.charCodeAt(index))) return false;
  let cursor = prefixEnd;
  while (cursor < text.length && cursor - prefixEnd <= MAX_LABEL_LETTERS && isLowerCode(text.charCodeAt(cursor))) cursor += 1;
  if (cursor - prefixEnd > MAX_LABEL_LETTERS) return false;
  if (cursor + 1 >= text.length) return final ? false : undefined;
  if (cursor === prefixEnd) return false;
  const mark = text[cursor];
  const next = text[cursor + 1];
  // A group after the blank as long as the word is the next of a key spaced out alike (`dapiddd 15b8850 …`).
  if (mark === ' ' || mark === '\t') {
    const alike = spacedAlike(text, at, cursor, final);
    return alike === undefined ? undefined : !alike && isPathAfterWord(state, cursor);
  }
  return (mark === ':' || mark === '=') && (next === ' ' || next === '\t');
}

interface Candidate {
  rule: SkeletonRule;
  option: SkeletonLiteral;
  readonly walk: Walk;
}

const newWalk = (): Walk => ({ position: 0, kinds: 0, status: GAP_OK, end: 0, separated: false, crossed: 0, wrapped: 0, wrapUnits: 0 });
/** Sets `to` to `from`, field by field (no allocation: the walk's copies are made on the hot path). */
function copyWalk(from: Walk, to: Walk): void {
  to.position = from.position;
  to.kinds = from.kinds;
  to.status = from.status;
  to.end = from.end;
  to.separated = from.separated;
  to.crossed = from.crossed;
  to.wrapped = from.wrapped;
  to.wrapUnits = from.wrapUnits;
}

/** A trie over compiled rules' first literals, and the first characters they begin with. */
function buildTrie(compiled: readonly SkeletonRule[]): { readonly root: TrieNode; readonly triggers: Set<string> } {
  const root = newNode();
  const triggers = new Set<string>();
  for (const rule of compiled) {
    for (const option of rule.first.options) {
      let node = root;
      for (const code of option.codes) {
        const cases = rule.first.ignoreCase && code >= 97 && code <= 122 ? [code, code - 32] : [code];
        let child = node.children[code];
        if (child === undefined) {
          child = newNode();
          for (const each of cases) node.children[each] = child;
        }
        node = child;
      }
      node.accepts.push({ rule, option });
      const first = option.codes[0] ?? 0;
      triggers.add(String.fromCharCode(first));
      if (rule.first.ignoreCase && first >= 97 && first <= 122) triggers.add(String.fromCharCode(first - 32));
    }
  }
  return { root, triggers };
}

/** A rule's prefix as written: what a key written contiguously begins with exactly. */
interface WrittenPrefix {
  readonly text: string;
  readonly caseless: boolean;
  readonly type: string;
}

/** Prefixes as written, by their first character (both cases when caseless). */
type WrittenPrefixes = ReadonlyArray<readonly WrittenPrefix[] | undefined>;

function writtenPrefixes(prefixes: readonly WrittenPrefix[]): WrittenPrefixes {
  const byFirst: Array<WrittenPrefix[] | undefined> = Array.from({ length: 128 }, () => undefined);
  for (const prefix of prefixes) {
    const head = prefix.text.charCodeAt(0);
    const heads = prefix.caseless && isAsciiLetter(head) ? [head | 0x20, head & ~0x20] : [head];
    for (const each of heads) (byFirst[each] ??= []).push(prefix);
  }
  return byFirst;
}

/** The written prefixes of a rule's first literal (`options`: all of them, or the ones given). */
function prefixesOf(rule: PatternRule, options?: readonly string[]): WrittenPrefix[] {
  const first = rule.pattern[0];
  if (first?.kind !== 'literal') return [];
  return (options ?? first.options).map((text) => ({ text, caseless: first.ignoreCase, type: rule.type }));
}

const isAsciiLetter = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
/** Whether a folded code is an ASCII letter or digit: a group glued to one (outside its row's class) is part of a word. */
const isWordCharacter = (code: number): boolean => isAsciiLetter(code) || isDigitCode(code);

/**
 * Whether `at` follows the `-` or `_` that joins a name's words after a letter or digit
 * (`stripe-secret-key`, `github_pat`, `mapbox_secret_token`): a prefix there is inside a word, and
 * begins a key only as it does after a letter (written contiguously, judged by the row's mid-word
 * judge). Both characters are in the token run the scan holds from, however the text came.
 */
function afterNameJoiner(text: string, at: number): boolean {
  if (at < 2) return false;
  const joiner = text.charCodeAt(at - 1);
  if (joiner !== 45 && joiner !== 95) return false;
  const before = foldAt(text, at - 2);
  return isAsciiLetter(before) || isDigitCode(before);
}

/**
 * Whether one of the prefixes (of another type than `exceptType`) is written at `at` exactly (each
 * character one code unit, folded, in the prefix's case unless caseless); waits for more text when
 * the text ends inside one. What a key found inside a word must begin with (no gap in its prefix).
 */
function writtenPrefixAt(state: { readonly input: ScanInput }, at: number, written: WrittenPrefixes, exceptType?: string): boolean {
  const { text, final } = state.input;
  const options = written[foldAt(text, at)];
  if (options === undefined) return false;
  let waiting = false;
  for (const { text: prefix, caseless, type } of options) {
    if (type === exceptType) continue;
    let index = 1;
    for (; index < prefix.length && at + index < text.length; index += 1) {
      const folded = foldAt(text, at + index);
      const wanted = prefix.charCodeAt(index);
      if (folded !== wanted && !(caseless && isAsciiLetter(wanted) && (folded | 0x20) === (wanted | 0x20))) break;
    }
    if (index === prefix.length) return true;
    if (at + index >= text.length && !final) waiting = true;
  }
  if (waiting) throw TEXT_ENDED;
  return false;
}

/**
 * One {@link Matcher} for many pattern rules: a prefix trie over every rule's first literal in
 * skeleton form, so a position is read once however many rules there are, and only the rules
 * whose prefix is there go on to their bodies. Matching is separator-insensitive: any gaps of
 * separators may come between the characters (see the package README), the literals' own
 * separators must be in the gaps where they belong, and a key found with gaps that are not its
 * own must look random. The most specific prefix wins, then the first rule in the list.
 * `stops` are other rules (a private key's header, a URL's password, an assignment): where one finds
 * a secret beginning inside a key's run, the key ends before it, and that rule gets its turn.
 *
 * `midWord` is a second matcher, for the prefixes rules list in {@link PatternRule.midWordPrefixes}
 * (undefined when none do), asked inside a token run (`token=abcghp_…`, a key glued after another
 * run; see `midWordKeys`): it finds only keys written contiguously, their prefix exactly as
 * written and no gap in their recognised part that is not the key's own, and the rule's
 * {@link PatternRule.acceptMidWord} has a further word. Everything else (the rows' judges, the
 * fail-closed extension, the stops) is the same as at a word start.
 */
export function patternRulesMatcher(
  rules: readonly PatternRule[],
  stops: readonly Matcher[] = [],
): Matcher & { readonly prefilter: string; readonly midWord: MidWordMatcher | undefined } {
  const stopTriggers = new Uint8Array(128);
  for (const stop of stops) for (const trigger of stop.triggers) stopTriggers[trigger.charCodeAt(0)] = 1;
  const stopTable: Stops | undefined = stops.length === 0 ? undefined : { matchers: stops, triggers: stopTriggers };
  const { root, triggers } = buildTrie(rules.map((rule, index) => compileSkeleton(rule.type, rule.pattern, index)));
  const allPrefixes = rules.flatMap((rule) => prefixesOf(rule));
  const tables: PatternTables = { root, written: writtenPrefixes(allPrefixes), prefixCount: allPrefixes.length, stops: stopTable, inside: undefined };
  const match = trieMatch(root, tables, rules, undefined, false);

  // The mid-word rules: each rule with its mid-word prefixes only, at its own priority.
  const midWordCompiled: SkeletonRule[] = [];
  const midWordPrefixes: WrittenPrefix[] = [];
  rules.forEach((rule, index) => {
    const first = rule.pattern[0];
    const prefixes = rule.midWordPrefixes ?? [];
    if (prefixes.length === 0 || first?.kind !== 'literal') return;
    midWordCompiled.push(compileSkeleton(rule.type, [{ ...first, options: prefixes }, ...rule.pattern.slice(1)], index));
    midWordPrefixes.push(...prefixesOf(rule, prefixes));
  });
  let midWord: MidWordMatcher | undefined;
  if (midWordCompiled.length > 0) {
    const trie = buildTrie(midWordCompiled);
    const written = writtenPrefixes(midWordPrefixes);
    midWord = {
      type: midWordCompiled[0]?.type ?? 'PATTERN',
      triggers: [...trie.triggers].join(''),
      prefixes: midWordPrefixes,
      shortest: Math.min(...midWordCompiled.map((rule) => Math.min(...rule.first.options.map((option) => option.written.length)) + rule.writtenRest)),
      match: trieMatch(trie.root, tables, rules, written, false),
    };
    // A matcher of its own for the search inside a key's extension (with a body of its own).
    const probe = trieMatch(trie.root, tables, rules, written, true);
    const starts = midWordStarts(midWord);
    tables.inside = (input, position, outerType) => {
      const { text } = input;
      const code = text.charCodeAt(position);
      const next = text.charCodeAt(position + 1);
      if ((code < 128 && next < 128 && starts[code * 128 + next] !== 1) || !writtenPrefixAt({ input }, position, written, outerType)) return false;
      const outcome = probe(input, position);
      if (outcome.kind === 'more') throw TEXT_ENDED;
      return outcome.kind === 'match' && outcome.type !== outerType;
    };
  }
  return { type: rules[0]?.type ?? 'PATTERN', triggers: [...triggers].join(''), prefilter: triePrefilter(root), match, midWord };
}

/**
 * The match function over one trie (see {@link patternRulesMatcher}); `written`, for the mid-word
 * matcher, the prefixes a match must begin with as written; `probing`, for the probe inside
 * another key's run (see {@link MatchState.probing}).
 */
function trieMatch(root: TrieNode, tables: PatternTables, rules: readonly PatternRule[], written: WrittenPrefixes | undefined, probing: boolean): Matcher['match'] {
  const contiguous = written !== undefined;
  const kindsAfter: number[] = [];
  // Scratch, reused by every call (the call's state too): the hot path allocates nothing.
  const pool: Candidate[] = [];
  const candidates: Candidate[] = [];
  const walk = newWalk();
  const start = newWalk();
  const state: MatchState = { input: { text: '', final: true }, text: '', final: true, keyStart: 0, writtenMinimum: 0, prefixTail: 0, tables, body: new Body(), probing };
  const byPreference = (left: Candidate, right: Candidate): number =>
    right.option.codes.length - left.option.codes.length || left.rule.priority - right.rule.priority || right.option.written.length - left.option.written.length;

  const matchAt = (at: number): MatchOutcome => {
    const { text, final } = state;
    if (written !== undefined && !writtenPrefixAt(state, at, written)) return NONE;
    // A prefix at the tail of a name (`stripe-secret-key`, `github_pat`) is inside a word too.
    const inside = contiguous || afterNameJoiner(text, at);
    candidates.length = 0;
    kindsAfter.length = 0;
    let node = root;
    let waiting = false;
    copyWalk(start, walk);
    walk.position = at;
    walk.end = at;
    for (;;) {
      if (walk.status !== GAP_OK) {
        if (walk.status === GAP_ENDED && !final) waiting = true;
        break;
      }
      const child = node.children[foldAt(text, walk.position)];
      if (child === undefined) break;
      node = child;
      take(text, walk);
      kindsAfter.push(walk.kinds);
      for (const accept of node.accepts) {
        const { option } = accept;
        if (!marksHeld(option, kindsAfter)) continue;
        const candidate = pool[candidates.length] ?? { rule: accept.rule, option, walk: newWalk() };
        pool[candidates.length] = candidate;
        candidate.rule = accept.rule;
        candidate.option = option;
        copyWalk(walk, candidate.walk);
        // Gaps inside the prefix other than its own marks space the key out.
        let own = true;
        for (let index = 1; index < option.codes.length; index += 1) if (kindsAfter[index - 1] !== option.marks[index]) own = false;
        candidate.walk.separated = !own;
        candidates.push(candidate);
      }
    }
    if (waiting && node.children.some((child) => child !== undefined)) return MORE;
    // The most specific prefix first (`sk_live_` before `sk-` when gaps hold both marks), then rule order.
    if (candidates.length > 1) candidates.sort(byPreference);
    for (const candidate of candidates) {
      const walkAfter = candidate.walk;
      // The gap after the literal: its own marks, and the first class's own separators, are natural.
      const firstStep = candidate.rule.rest[0];
      if (firstStep !== undefined) judgeGapAfterLiteral(walkAfter, candidate.option.marks[candidate.option.codes.length] ?? 0, firstStep);
      if (inside && walkAfter.separated) continue;
      const label = isLabel(state, at, walkAfter.end);
      if (label === undefined) {
        waiting = true;
        continue;
      }
      if (label) continue;
      state.prefixTail = candidate.option.tail;
      const outcome = matchRest(state, at, candidate.rule, walkAfter, candidate.option.written.length + candidate.rule.writtenRest, rules[candidate.rule.priority] as PatternRule, inside);
      if (outcome.kind !== 'none') return outcome;
    }
    return waiting ? MORE : NONE;
  };

  return (input, at) => {
    state.input = input;
    state.text = input.text;
    state.final = input.final;
    try {
      return matchAt(at);
    } catch (error) {
      if (error === TEXT_ENDED) return MORE;
      throw error;
    }
  };
}

/** A {@link Matcher} for one pattern-shaped secret. */
export function patternMatcher(type: string, pattern: SecretPattern): Matcher & { readonly prefilter: string } {
  return patternRulesMatcher([{ type, pattern }]);
}
