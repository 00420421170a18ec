/**
 * A {@link SecretPattern} in skeleton form: what the matcher compares with the text once every
 * separator character is left out. Literals keep their letters and digits (`sk-ant-api03-` is
 * `skantapi03`) and remember the separators they need as marks on the gaps (`-` after `k`);
 * character classes lose their separators (`A-Za-z0-9_-` is `A-Za-z0-9`), and a class that held
 * some counts fewer characters as its minimum, since a key's own `-` and `_` are no longer counted
 * (a quarter fewer for a key's last class; as few as a uniform draw may hold before a literal). A literal made of separators only (SendGrid's middle `.`) is dropped and the
 * classes around it merge.
 */
import { characterSet, isSeparator } from '../../text/fold';
import { kindOf } from '../../text/gap';
import type { PatternSegment, SecretPattern } from './secret-pattern';

/** One option of a literal in skeleton form. */
export interface SkeletonLiteral {
  /** The folded letters and digits, lower-case when the literal ignores case. */
  readonly codes: readonly number[];
  /** Gap kinds required before each code, and at the end after the last ({@link kindOf} bits). */
  readonly marks: readonly number[];
  /** The option as written, for priority (longer first). */
  readonly written: string;
  /** How many separators the option ends with as written (`GOCSPX-`, `dckr_pat_`, `…/services/`: 1): the gap after it holds them. */
  readonly tail: number;
}

/** A literal step: one of its options. */
export interface SkeletonLiteralStep {
  readonly kind: 'literal';
  readonly options: readonly SkeletonLiteral[];
  readonly ignoreCase: boolean;
}

/** A class step: `min` to `max` characters of `set`, counted in skeleton form. */
export interface SkeletonClassStep {
  readonly kind: 'class';
  /** Membership by folded code, separators left out. */
  readonly set: Uint8Array;
  /** The gap kinds the class itself holds (`-`, `_`): such gaps are the key's own. */
  readonly ownKinds: number;
  readonly min: number;
  readonly max: number;
  /**
   * The class's minimum as written (before a quarter is let off for its own separators): a key
   * whose class holds fewer characters than this is not whole yet (see the pattern matcher's `extend`).
   */
  readonly writtenMin: number;
  /** A fixed length and no separator in the class (`AKIA` + 16): the key stops at its length. */
  readonly fixed: boolean;
  /** Scratch for the literal search that follows this step (see the pattern matcher). */
  readonly search: { input: unknown; from: number; to: number; kinds: number; status: number };
}

/** A pattern in skeleton form. */
export interface SkeletonRule {
  readonly type: string;
  /** Lower is tried first. */
  readonly priority: number;
  readonly first: SkeletonLiteralStep;
  /** The steps after the first literal. */
  readonly rest: ReadonlyArray<SkeletonLiteralStep | SkeletonClassStep>;
  /**
   * The shortest the pattern is as written after its first literal, in code units: separators of
   * the classes and dropped literals counted. A key written contiguously must span at least this.
   */
  readonly writtenRest: number;
  /**
   * A key's length after the first literal as its row gives it: the fewest characters of its
   * classes and literals of separators alone (Harness's `.`), not counting literals that hold a
   * letter or digit (a JWT's `.eyJ`); and the most characters of its classes (skeleton and
   * separators both: a bound on its skeleton characters).
   */
  readonly bodyMin: number;
  readonly bodyMax: number;
}

const lowerCase = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

function compileLiteral(options: readonly string[], ignoreCase: boolean): SkeletonLiteralStep | undefined {
  const compiled: SkeletonLiteral[] = [];
  for (const written of options) {
    const codes: number[] = [];
    const marks: number[] = [];
    let pending = 0;
    let tail = 0;
    for (let index = 0; index < written.length; index += 1) {
      const code = written.charCodeAt(index);
      if (isSeparator(code)) {
        pending |= kindOf[code] ?? 0;
        tail += 1;
        continue;
      }
      tail = 0;
      codes.push(ignoreCase ? lowerCase(code) : code);
      // A mark before the first character (a literal that begins with `.`) is left to the gap
      // before it, which the matcher does not see at a rule's start.
      marks.push(pending);
      pending = 0;
    }
    marks.push(pending);
    if (codes.length > 0) compiled.push({ codes, marks, written, tail });
  }
  return compiled.length === 0 ? undefined : { kind: 'literal', options: compiled, ignoreCase };
}

/**
 * How much of its minimum a class that holds separators keeps in skeleton form: a key's last class
 * (nothing after it bounds it but its length), and at most any class.
 */
const SEPARATED_MINIMUM = 0.75;

/** Odds of a key the skeleton minimum of a class before a literal may miss: the randomness judge's one in 2^20. */
const MISSED_ODDS = 2 ** -20;

/**
 * The fewest characters outside its separators a class of `min` characters before a literal holds
 * (the literal, where it is found, bounds the class), drawn uniformly from `size` characters
 * `separators` of which are separators: the largest count a draw falls below with odds of
 * {@link MISSED_ODDS} or less (a binomial tail), and never more than {@link SEPARATED_MINIMUM} of
 * `min`. A short run (Firebase's 7 characters before `:APA91b`) may hold three separators where a
 * quarter of it is one.
 */
function skeletonMinimum(min: number, separators: number, size: number): number {
  const share = separators / size;
  // P(X >= x) for X ~ Binomial(min, share), from the top: the smallest x whose tail is rare enough.
  let term = share ** min;
  let tail = term;
  let x = min;
  while (x > 0) {
    term = (term * x * (1 - share)) / ((min - x + 1) * share);
    if (tail + term > MISSED_ODDS) break;
    tail += term;
    x -= 1;
  }
  return Math.min(Math.floor(min * SEPARATED_MINIMUM), min - x + 1);
}

/** Compiles `pattern` (which begins with a literal) into skeleton form. */
export function compileSkeleton(type: string, pattern: SecretPattern, priority: number): SkeletonRule {
  const steps: Array<SkeletonLiteralStep | SkeletonClassStep> = [];
  let pendingClass: { set: Uint8Array; min: number; max: number; joins: number } | undefined;
  // `anchored`: a literal with letters or digits follows the class, and bounds it where it is found.
  const flush = (anchored: boolean): void => {
    if (pendingClass === undefined) return;
    const { set, min, max, joins } = pendingClass;
    const skeleton = new Uint8Array(128);
    let setKinds = 0;
    let separators = 0;
    let size = 0;
    for (let code = 0; code < 128; code += 1) {
      if (set[code] !== 1) continue;
      size += 1;
      if (isSeparator(code)) {
        setKinds |= kindOf[code] ?? 0;
        separators += 1;
      } else skeleton[code] = 1;
    }
    steps.push({
      kind: 'class',
      set: skeleton,
      // The separators of a dropped literal between runs (SendGrid's `.`) are the key's own too.
      ownKinds: setKinds | joins,
      min: setKinds === 0 ? min : anchored ? skeletonMinimum(min, separators, size) : Math.floor(min * SEPARATED_MINIMUM),
      max,
      writtenMin: min,
      fixed: setKinds === 0 && min === max,
      search: { input: undefined, from: 0, to: 0, kinds: 0, status: 0 },
    });
    pendingClass = undefined;
  };
  let writtenRest = 0;
  let bodyMin = 0;
  let bodyMax = 0;
  for (const segment of pattern as readonly PatternSegment[]) {
    if (steps.length > 0) writtenRest += segment.kind === 'characters' ? segment.min : Math.min(...segment.options.map((option) => option.length));
    if (steps.length > 0 && segment.kind === 'characters') {
      bodyMin += segment.min;
      bodyMax += segment.max;
    }
    if (segment.kind === 'characters') {
      if (pendingClass === undefined) pendingClass = { set: characterSet(segment.spec), min: segment.min, max: segment.max, joins: 0 };
      else {
        const merged = characterSet(segment.spec);
        for (let code = 0; code < 128; code += 1) if (merged[code] === 1) pendingClass.set[code] = 1;
        pendingClass.min += segment.min;
        pendingClass.max += segment.max;
      }
      continue;
    }
    const literal = compileLiteral(segment.options, segment.ignoreCase);
    if (literal === undefined && steps.length > 0) bodyMin += Math.min(...segment.options.map((option) => option.length));
    if (literal === undefined) {
      if (pendingClass !== undefined) for (const option of segment.options) for (let index = 0; index < option.length; index += 1) pendingClass.joins |= kindOf[option.charCodeAt(index)] ?? 0;
      continue;
    }
    flush(true);
    steps.push(literal);
  }
  flush(false);
  const [first, ...rest] = steps;
  if (first?.kind !== 'literal') throw new TypeError(`The pattern of ${type} must begin with a literal that has a letter or digit.`);
  return { type, priority, first, rest, writtenRest, bodyMin, bodyMax };
}
