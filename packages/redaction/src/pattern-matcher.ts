import { fold, isAlphanumeric, isDigitCode, isSeparator, isVisibleSeparator, isWhitespace } from './fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from './matcher';
import { isPlaceholder, looksRandom } from './plausibility';
import type { CharactersSegment, LiteralSegment, PatternSegment, SecretPattern } from './secret-pattern';

/** The most visible separator characters skipped in one place ("\r\n  " counts four). */
export const MAX_GAP = 4;
/** The most code units in one gap, invisible characters included (a tag character is two). */
export const MAX_GAP_UNITS = 32;
/** The most characters the last run of a pattern takes, as a multiple of its maximum (fail closed). */
const EXTENSION_FACTOR = 4;
/** How many key characters after a spaced gap are read to tell a word from more of the key. */
const LOOKAHEAD = 12;

const lowerCase = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

interface Progress {
  /** Position after the last significant character consumed. */
  position: number;
  /** Whether any separator was skipped while recognising the secret (it was spaced out). */
  separated: boolean;
  /** The first inserted separator, such as `" "`: a spaced-out secret keeps using it. */
  gap: string | undefined;
  /** The longest group between two inserted separators so far: how often they come. */
  period: number;
  /** Characters since the last inserted separator. */
  fragment: number;
  /** Where the match began, and the furthest a recognition can reach (for the digit guard). */
  readonly start: number;
  readonly reach: number;
}

function crossGap(progress: Progress, gap: string): void {
  progress.separated = true;
  // The group before the first separator is not a whole group: the prefix may shift it.
  if (progress.gap === undefined) progress.gap = gap;
  else progress.period = Math.max(progress.period, progress.fragment);
  progress.fragment = 0;
}

type Step = 'ok' | 'none' | 'more';

/**
 * Skips one gap at `position`: separators with at most {@link MAX_GAP} visible ones and
 * {@link MAX_GAP_UNITS} code units in all, stopping early at one that `stopAt` (a code, or a
 * membership table) accepts; returns the position after them, -1 when the text ends inside the
 * gap, -2 when the gap is too long.
 */
function skipGap(text: string, position: number, stopAt: number | Uint8Array, ignoreCase: boolean): number {
  let visible = 0;
  for (let cursor = position; ; cursor += 1) {
    if (cursor >= text.length) return -1;
    const folded = fold(text.charCodeAt(cursor));
    if (!isSeparator(folded)) return cursor;
    if (typeof stopAt === 'number' ? (ignoreCase ? lowerCase(folded) : folded) === stopAt : stopAt[folded] === 1) return cursor;
    if (isVisibleSeparator(folded)) visible += 1;
    if (visible > MAX_GAP || cursor - position >= MAX_GAP_UNITS) return -2;
  }
}

/** The last text {@link hasDigit} looked at, and what it found, so a scan never looks twice. */
const digits: { input: ScanInput | undefined; from: number; to: number; digit: number } = { input: undefined, from: 0, to: 0, digit: -1 };

/**
 * Whether a digit occurs in the input's text from `start` to `end`: `true`, `false`, or `undefined` when
 * the text ends before `end` without one and more may come. Scans forward only: successive calls
 * on one text at rising positions look at each character once.
 */
function hasDigit(input: ScanInput, start: number, end: number): boolean | undefined {
  const { text, final } = input;
  // Compared by the input object, not the string: comparing two long strings costs their length.
  if (digits.input !== input || start < digits.from || (digits.digit >= 0 && start > digits.digit) || start > digits.to) {
    digits.input = input;
    digits.from = start;
    digits.to = start;
    digits.digit = -1;
  }
  const limit = Math.min(end, text.length);
  if (digits.digit < 0) {
    while (digits.to < limit) {
      if (isDigitCode(fold(text.charCodeAt(digits.to)))) {
        digits.digit = digits.to;
        digits.to += 1;
        break;
      }
      digits.to += 1;
    }
  }
  if (digits.digit >= 0) return digits.digit < end;
  return limit === end || final ? false : undefined;
}

/**
 * Whether the match may go on with separators skipped. A spaced-out secret must have a digit
 * (see `looksRandom`): when none occurs anywhere it could reach, it is given up at its first gap
 * instead of being read to its end. This keeps text made of prefixes (`sk-sk-sk-…`, `A K I A …`)
 * as fast to scan as prose.
 */
function maySeparate(input: ScanInput, progress: Progress): boolean {
  return progress.separated || hasDigit(input, progress.start, progress.reach) !== false;
}

/** Per literal segment: by index, the characters its options have there (up to the shortest option). */
const columnsOf = new WeakMap<LiteralSegment, Uint8Array[]>();

function columns(segment: LiteralSegment): Uint8Array[] {
  let table = columnsOf.get(segment);
  if (table === undefined) {
    const shortest = Math.min(...segment.options.map((option) => option.length));
    table = Array.from({ length: shortest }, (_, index) => {
      const column = new Uint8Array(128);
      for (const option of segment.options) {
        const code = option.charCodeAt(index);
        column[code] = 1;
        if (segment.ignoreCase) column[lowerCase(code)] = 1;
        if (segment.ignoreCase && code >= 97 && code <= 122) column[code - 32] = 1;
      }
      return column;
    });
    columnsOf.set(segment, table);
  }
  return table;
}

function matchLiteral(input: ScanInput, segment: LiteralSegment, progress: Progress, first: boolean): Step {
  if (first && segment.options.length > 1) {
    // All options at once while the text runs without gaps: a character no option has there, and
    // that cannot begin a gap, rules them all out without trying each (`sk-sk-sk-…`).
    const table = columns(segment);
    const { text } = input;
    for (let index = 0; index < table.length; index += 1) {
      const position = progress.position + index;
      if (position >= text.length) break;
      const folded = fold(text.charCodeAt(position));
      if ((table[index] as Uint8Array)[folded] === 1) continue;
      if (isSeparator(folded)) break;
      return 'none';
    }
  }
  let waiting = false;
  for (const option of segment.options) {
    const step = matchOption(input, option, segment.ignoreCase, progress, first);
    if (step === 'ok') return 'ok';
    if (step === 'more') waiting = true;
  }
  return waiting ? 'more' : 'none';
}

const hasWhitespace = (text: string, from: number, to: number): boolean => {
  for (let index = from; index < to; index += 1) if (isWhitespace(fold(text.charCodeAt(index)))) return true;
  return false;
};

/** Gaps found while matching one literal option, reused: [from, to, index] triples. */
const gaps: number[] = [];

function matchOption(input: ScanInput, option: string, ignoreCase: boolean, progress: Progress, first: boolean): Step {
  const { text } = input;
  let cursor = progress.position;
  gaps.length = 0;
  for (let index = 0; index < option.length; index += 1) {
    const want = ignoreCase ? lowerCase(option.charCodeAt(index)) : option.charCodeAt(index);
    if (index > 0 || !first) {
      const after = skipGap(text, cursor, want, ignoreCase);
      if (after === -1) return input.final ? 'none' : 'more';
      if (after === -2) return 'none';
      if (after > cursor) {
        if (gaps.length === 0 && !maySeparate(input, progress)) return 'none';
        gaps.push(cursor, after, index);
      }
      cursor = after;
    }
    if (cursor >= text.length) return input.final ? 'none' : 'more';
    const folded = fold(text.charCodeAt(cursor));
    if ((ignoreCase ? lowerCase(folded) : folded) !== want) return 'none';
    cursor += 1;
  }
  // Only a literal that matched records its gaps, each after the characters before it.
  let consumed = 0;
  for (let gap = 0; gap < gaps.length; gap += 3) {
    const index = gaps[gap + 2] ?? 0;
    progress.fragment += index - consumed;
    consumed = index;
    crossGap(progress, text.slice(gaps[gap], gaps[gap + 1]));
  }
  progress.fragment += option.length - consumed;
  progress.position = cursor;
  return 'ok';
}

/** Whether `literal` matches at `position` (gaps allowed), without recording anything. */
function literalFollows(input: ScanInput, literal: LiteralSegment, progress: Progress, position: number): Step {
  const probe: Progress = { ...progress, position };
  return matchLiteral(input, literal, probe, false);
}

/**
 * Reads a run of `segment` characters while recognising a secret: up to its maximum (its minimum
 * when it is the pattern's last run: {@link extend} takes the rest), skipping gaps. Before a
 * literal that follows, it stops where that literal matches.
 */
function matchCharacters(
  input: ScanInput,
  segment: CharactersSegment,
  next: LiteralSegment | undefined,
  progress: Progress,
  body: number[],
): Step {
  const { text } = input;
  const target = next === undefined ? segment.min : segment.max;
  let cursor = progress.position;
  let count = 0;
  while (count < target) {
    if (cursor >= text.length) {
      if (!input.final) return 'more';
      break;
    }
    const folded = fold(text.charCodeAt(cursor));
    if (segment.set[folded] === 1) {
      count += 1;
      progress.fragment += 1;
      // Separators the alphabet has (`-`, `_`) may be inserted ones: judge the key without them.
      if (!isSeparator(folded)) body.push(folded);
      cursor += 1;
      progress.position = cursor;
      continue;
    }
    if (next !== undefined && count >= segment.min) {
      const step = literalFollows(input, next, progress, cursor);
      if (step === 'more') return 'more';
      if (step === 'ok') break;
    }
    if (!isSeparator(folded)) break;
    const after = skipGap(text, cursor, segment.set, false);
    if (after === -1) {
      if (!input.final) return 'more';
      break;
    }
    if (after === -2 || segment.set[fold(text.charCodeAt(after))] !== 1) break;
    if (!maySeparate(input, progress)) return 'none';
    const gap = text.slice(cursor, after);
    if (gap !== progress.gap && hasWhitespace(text, cursor, after)) {
      // A new kind of spaced gap followed by words: the text goes on in prose, the key is over.
      const word = wordFollows(input, after, segment.set);
      if (word === 'more') return 'more';
      if (word) break;
    }
    crossGap(progress, gap);
    cursor = after;
  }
  return count >= segment.min ? 'ok' : 'none';
}

/**
 * After a spaced gap inside a recognised secret: whether what follows reads as words
 * (`"and please rotate it"`, `"Accept: application/json"`, `"for tenant 42"`) rather than more of
 * the key. Up to {@link LOOKAHEAD} characters of the key's alphabet are read across gaps; each
 * group must be a word (lower-case, Capitalised or all capitals, at least two letters but for
 * `a`, `I` and `A`, optional trailing digits, or a number), with digits at most a quarter as many
 * as letters.
 */
function wordFollows(input: ScanInput, from: number, set: Uint8Array): boolean | 'more' {
  const { text } = input;
  let cursor = from;
  let seen = 0;
  let letters = 0;
  let digitCount = 0;
  let groupsValid = true;
  // The group in progress: its letters, capitals, whether it begins with a capital, its digits.
  let groupLetters = 0;
  let groupUpper = 0;
  let groupFirstUpper = false;
  let groupDigits = 0;
  let groupLast = 0;
  const closeGroup = (cut = false): void => {
    if (groupLetters + groupDigits === 0) return;
    const shaped = groupUpper === 0 || groupUpper === groupLetters || (groupUpper === 1 && groupFirstUpper);
    // One letter alone is a word only as `a`, `I` or `A` (or when the lookahead cut a word short).
    const long = cut || groupLetters !== 1 || groupDigits > 0 || groupLast === 97 || groupLast === 73 || groupLast === 65;
    if (!(shaped && long)) groupsValid = false;
    groupLetters = 0;
    groupUpper = 0;
    groupFirstUpper = false;
    groupDigits = 0;
  };
  while (seen < LOOKAHEAD) {
    if (cursor >= text.length) {
      if (!input.final) return 'more';
      break;
    }
    const folded = fold(text.charCodeAt(cursor));
    if (set[folded] === 1 && !isSeparator(folded)) {
      seen += 1;
      if (isDigitCode(folded)) {
        digitCount += 1;
        groupDigits += 1;
      } else if (isAlphanumeric(folded)) {
        // A letter after digits in one group (`4tx`) is not a word.
        if (groupDigits > 0) groupsValid = false;
        const capital = folded >= 65 && folded <= 90;
        if (groupLetters === 0) groupFirstUpper = capital;
        letters += 1;
        groupLetters += 1;
        if (capital) groupUpper += 1;
      }
      groupLast = folded;
      cursor += 1;
      continue;
    }
    if (set[folded] === 1) {
      // A separator the key's alphabet has (`-`, `_`): part of the run, a break between groups.
      closeGroup();
      cursor += 1;
      continue;
    }
    if (!isSeparator(folded)) break;
    const after = skipGap(text, cursor, set, false);
    if (after === -1) {
      if (!input.final) return 'more';
      break;
    }
    if (after === -2 || set[fold(text.charCodeAt(after))] !== 1) break;
    closeGroup();
    cursor = after;
  }
  closeGroup(seen >= LOOKAHEAD);
  return groupsValid && letters > 0 && digitCount * 4 <= letters;
}

/** Whether a characters class holds a separator (`-`, `_`, `.`): inserted ones then count as key characters. */
const holdsSeparator = (set: Uint8Array): boolean => set.some((member, code) => member === 1 && isSeparator(code));

/**
 * Fail closed: once a secret is recognised, its last run goes on to the end of the key-shaped
 * run, whatever separators come between its characters, up to {@link EXTENSION_FACTOR} times
 * its maximum. A gap with no white space never ends it; a spaced gap ends it only where the
 * spacing so far does not go on and what follows reads as words ({@link wordFollows}). A run of
 * fixed length whose alphabet has no separator stops at its length (contiguous characters past it
 * are still taken). Returns the end, or -1 when more text is needed.
 */
function extend(input: ScanInput, segment: CharactersSegment, progress: Progress, taken: number, body: number[]): number {
  const { text, final } = input;
  const crossesGaps = segment.min < segment.max || holdsSeparator(segment.set);
  const cap = EXTENSION_FACTOR * segment.max;
  let count = taken;
  let cursor = progress.position;
  let end = cursor;
  while (count < cap) {
    if (cursor >= text.length) return final ? end : -1;
    const folded = fold(text.charCodeAt(cursor));
    if (segment.set[folded] === 1) {
      count += 1;
      progress.fragment += 1;
      // Separators the alphabet has (`-`, `_`) may be inserted ones: judge the key without them.
      if (!isSeparator(folded)) body.push(folded);
      cursor += 1;
      end = cursor;
      continue;
    }
    if (!crossesGaps && count >= segment.max) {
      // Past its length, only contiguous characters are taken (below it, gaps were skipped above).
      break;
    }
    if (!isSeparator(folded)) break;
    const after = skipGap(text, cursor, segment.set, false);
    if (after === -1) return final ? end : -1;
    if (after === -2 || segment.set[fold(text.charCodeAt(after))] !== 1) break;
    if (!crossesGaps) break;
    if (hasWhitespace(text, cursor, after)) {
      const gap = text.slice(cursor, after);
      let periodic = false;
      if (gap === progress.gap && progress.fragment >= progress.period) {
        let groupEnd = after;
        const longest = Math.max(progress.period, progress.fragment);
        while (groupEnd < text.length && groupEnd - after <= longest && segment.set[fold(text.charCodeAt(groupEnd))] === 1) groupEnd += 1;
        if (groupEnd >= text.length && !final && groupEnd - after <= longest) return -1;
        periodic = groupEnd - after <= longest;
      }
      if (!periodic) {
        const word = wordFollows(input, after, segment.set);
        if (word === 'more') return -1;
        if (word) break;
      }
      crossGap(progress, gap);
    } else {
      progress.fragment = 0;
    }
    cursor = after;
  }
  return end;
}

/**
 * Matches a {@link SecretPattern} at one position, separator-insensitively.
 *
 * A match found with separators inserted must also look random (see `looksRandom`), and no match
 * may be a placeholder (`isPlaceholder`). Once recognised, the secret's last run is taken to its
 * end ({@link extend}).
 */
export function matchPattern(input: ScanInput, at: number, pattern: SecretPattern, type: string, reach: number): MatchOutcome {
  const progress: Progress = { position: at, separated: false, gap: undefined, period: 0, fragment: 0, start: at, reach: at + reach };
  const body: number[] = [];
  for (let index = 0; index < pattern.length; index += 1) {
    const segment = pattern[index] as PatternSegment;
    const next = pattern[index + 1];
    const step =
      segment.kind === 'literal'
        ? matchLiteral(input, segment, progress, index === 0)
        : matchCharacters(input, segment, next?.kind === 'literal' ? next : undefined, progress, body);
    if (step !== 'ok') return step === 'more' ? MORE : NONE;
  }
  const separated = progress.separated;
  const last = pattern[pattern.length - 1];
  if (last?.kind === 'characters') {
    const end = extend(input, last, progress, last.min, body);
    if (end < 0) return MORE;
    progress.position = end;
  }
  const raw = input.text.slice(at, progress.position);
  if (isPlaceholder(raw)) return NONE;
  if (separated && !looksRandom(String.fromCharCode(...body))) return NONE;
  return { kind: 'match', type, start: at, end: progress.position, resume: progress.position };
}

/** A {@link Matcher} for a pattern-shaped secret. */
export function patternMatcher(type: string, pattern: SecretPattern): Matcher {
  const first = pattern[0];
  if (first?.kind !== 'literal') throw new TypeError(`The pattern of ${type} must begin with a literal.`);
  // The furthest a recognition can reach: every literal and run (the last to its minimum), each
  // character after the longest gap.
  let significant = 0;
  for (let index = 0; index < pattern.length; index += 1) {
    const segment = pattern[index] as PatternSegment;
    if (segment.kind === 'literal') significant += Math.max(...segment.options.map((option) => option.length));
    else significant += index === pattern.length - 1 ? segment.min : segment.max;
  }
  const reach = significant * (MAX_GAP_UNITS + 1);
  const triggers = [...new Set(first.options.map((option) => option[0] ?? ''))]
    .flatMap((character) => (first.ignoreCase ? [character.toLowerCase(), character.toUpperCase()] : [character]))
    .join('');
  // Most word starts that share a rule's first letter differ at the second: reject those at once.
  const second = new Uint8Array(128);
  const quick = first.options.every((option) => option.length >= 2);
  for (const option of first.options) {
    const code = option.charCodeAt(1);
    second[code] = 1;
    if (first.ignoreCase) second[code ^ 0x20] = 1;
  }
  return {
    type,
    triggers,
    match: (input, at) => {
      if (quick && at + 1 < input.text.length) {
        const next = fold(input.text.charCodeAt(at + 1));
        if (second[next] !== 1 && !isSeparator(next)) return NONE;
      }
      return matchPattern(input, at, pattern, type, reach);
    },
  };
}

