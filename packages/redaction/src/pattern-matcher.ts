import { fold, isSeparator } from './fold';
import { type Matcher, MORE, type MatchOutcome, NONE, type ScanInput } from './matcher';
import { isPlaceholder, looksRandom } from './plausibility';
import type { CharactersSegment, LiteralSegment, PatternSegment, SecretPattern } from './secret-pattern';

/** The most separator characters skipped in one place ("\r\n  " counts four). */
export const MAX_GAP = 4;

const lowerCase = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

interface Progress {
  /** Position after the last significant character consumed. */
  position: number;
  /** Whether any separator was skipped (the secret was spaced out). */
  separated: boolean;
  /** The first inserted separator, such as `" "`: a spaced-out secret keeps using it. */
  gap: string | undefined;
  /** The longest group between two inserted separators so far: how often they come. */
  period: number;
  /** Characters since the last inserted separator. */
  fragment: number;
}

function crossGap(progress: Progress, gap: string): void {
  progress.separated = true;
  // The group before the first separator is not a whole group: the prefix may shift it.
  if (progress.gap === undefined) progress.gap = gap;
  else progress.period = Math.max(progress.period, progress.fragment);
  progress.fragment = 0;
}

type Step = 'ok' | 'none' | 'more';

const sharedProgress: Progress = { position: 0, separated: false, gap: undefined, period: 0, fragment: 0 };
const sharedBody: number[] = [];

/**
 * Skips up to {@link MAX_GAP} separators at `position`, stopping early at one that `stopAt`
 * (a code, or a membership table) accepts; returns the position after them, -1 when the text
 * ends inside the gap, -2 when the gap is too long.
 */
function skipGap(text: string, position: number, stopAt: number | Uint8Array, ignoreCase: boolean): number {
  for (let cursor = position; ; cursor += 1) {
    if (cursor >= text.length) return -1;
    const folded = fold(text.charCodeAt(cursor));
    if (!isSeparator(folded)) return cursor;
    if (typeof stopAt === 'number' ? (ignoreCase ? lowerCase(folded) : folded) === stopAt : stopAt[folded] === 1) return cursor;
    if (cursor - position >= MAX_GAP) return -2;
  }
}

function matchLiteral(input: ScanInput, segment: LiteralSegment, progress: Progress, first: boolean): Step {
  let waiting = false;
  for (const option of segment.options) {
    const step = matchOption(input, option, segment.ignoreCase, progress, first);
    if (step === 'ok') return 'ok';
    if (step === 'more') waiting = true;
  }
  return waiting ? 'more' : 'none';
}

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
      if (after > cursor) gaps.push(cursor, after, index);
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

function startsLiteral(folded: number, segment: LiteralSegment | undefined): boolean {
  if (segment === undefined) return false;
  return segment.options.some((option) =>
    segment.ignoreCase ? lowerCase(option.charCodeAt(0)) === lowerCase(folded) : option.charCodeAt(0) === folded,
  );
}

function matchCharacters(
  input: ScanInput,
  segment: CharactersSegment,
  next: LiteralSegment | undefined,
  progress: Progress,
  body: number[],
): Step {
  const { text } = input;
  let cursor = progress.position;
  let count = 0;
  while (count < segment.max) {
    if (cursor >= text.length) {
      if (!input.final) return 'more';
      break;
    }
    const folded = fold(text.charCodeAt(cursor));
    if (segment.set[folded] === 1) {
      count += 1;
      progress.fragment += 1;
      body.push(folded);
      cursor += 1;
      progress.position = cursor;
      continue;
    }
    if (count >= segment.min && (startsLiteral(folded, next) || !progress.separated)) break;
    if (!isSeparator(folded)) break;
    const after = skipGap(text, cursor, segment.set, false);
    if (after === -1) {
      if (!input.final) return 'more';
      break;
    }
    if (after === -2 || segment.set[fold(text.charCodeAt(after))] !== 1) break;
    if (count >= segment.min) {
      // Complete already: go on only where the spacing goes on as before (same separator, a
      // fragment no longer than the period), so words after a spaced-out secret stay.
      // A group shorter than the longest one was the secret's last.
      if (text.slice(cursor, after) !== progress.gap || progress.fragment < progress.period) break;
      let fragmentEnd = after;
      while (fragmentEnd < text.length && segment.set[fold(text.charCodeAt(fragmentEnd))] === 1) fragmentEnd += 1;
      if (fragmentEnd >= text.length && !input.final && fragmentEnd - after <= Math.max(progress.period, progress.fragment)) return 'more';
      if (fragmentEnd - after > Math.max(progress.period, progress.fragment)) break;
    }
    crossGap(progress, text.slice(cursor, after));
    cursor = after;
  }
  return count >= segment.min ? 'ok' : 'none';
}

/**
 * Matches a {@link SecretPattern} at one position, separator-insensitively.
 *
 * A match found with separators inserted must also look random (see `looksRandom`), and no match
 * may be a placeholder (`isPlaceholder`).
 */
export function matchPattern(input: ScanInput, at: number, pattern: SecretPattern, type: string): MatchOutcome {
  // One progress and one body, reused: matching never nests, and this runs at many word starts.
  const progress: Progress = { position: at, separated: false, gap: undefined, period: 0, fragment: 0 };
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
  // Fail closed: characters of the last run that go on past the pattern's maximum (or past
  // separators it took for its own) are part of the secret too.
  const last = pattern[pattern.length - 1];
  if (last?.kind === 'characters') {
    const limit = progress.position + last.max;
    let end = progress.position;
    while (end < input.text.length && end < limit && last.set[fold(input.text.charCodeAt(end))] === 1) end += 1;
    if (end >= input.text.length && !input.final && end < limit) return MORE;
    progress.position = end;
  }
  const raw = input.text.slice(at, progress.position);
  if (isPlaceholder(raw)) return NONE;
  if (progress.separated && !looksRandom(String.fromCharCode(...body))) return NONE;
  return { kind: 'match', type, start: at, end: progress.position, resume: progress.position };
}

/** A {@link Matcher} for a pattern-shaped secret. */
export function patternMatcher(type: string, pattern: SecretPattern): Matcher {
  const first = pattern[0];
  if (first?.kind !== 'literal') throw new TypeError(`The pattern of ${type} must begin with a literal.`);
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
      return matchPattern(input, at, pattern, type);
    },
  };
}

