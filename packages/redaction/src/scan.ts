import { HIGH_ENTROPY } from './built-in-rules';
import { ALPHANUMERIC, asciiFold, classes, fold, TOKEN } from './fold';
import { type Matcher, MORE, type ScanInput } from './matcher';
import { scanWork } from './scan-work';
import { isAlphabetLiteral, isCodeIdentifier, isHex, isPlaceholder, isStructured, isUuidV4, shannonEntropy } from './plausibility';
import { ANYWHERE_TRIGGER, type RedactionPlan, WORD_START_TRIGGER } from './redaction-plan';

/** One secret found by {@link scan}: its type and its range in the scanned text. */
export interface Finding {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/** A secret that began but has not ended (a private key block still streaming). */
export interface OpenSecret {
  readonly type: string;
  readonly start: number;
  /** Where the secret's body begins: what follows is searched for its end. */
  readonly resume: number;
}

/** `.`, `-`, `_` and `~` end a run without belonging to it: dropped before the run is judged. */
const isTrailingPunctuation = (code: number): boolean => code === 46 || code === 45 || code === 95 || code === 126;

/** The prefilter is not asked about a shorter rest of the text (a stream's few new characters): the walk is cheaper there. */
const PREFILTER_MIN = 64;
/** A stop found closer than this to where the search began, {@link DENSE_STOPS} times in a row, marks text dense with stops… */
const DENSE = 16;
const DENSE_STOPS = 4;
/** …which the walk then reads by itself this far past the stop. */
const WALK_AFTER_DENSE = 256;

function judgeRun(text: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  if (plan.entropyMinLength === 0 || end - start < plan.entropyMinLength) return;
  let last = end;
  while (last > start && isTrailingPunctuation(text.charCodeAt(last - 1))) last -= 1;
  if (last - start < plan.entropyMinLength || (text[start] === '/' && text[start + 1] === '/')) return;
  // The commonest long runs of a log (request ids, commit hashes) are left alone whatever their
  // entropy: ruled out first, by shape, before the entropy's two passes. The filters are pure and
  // any one of them leaves the run alone, so their order changes nothing but the cost.
  const length = last - start;
  let run = length === 36 || length === 40 ? text.slice(start, last) : undefined;
  if (run !== undefined && (isUuidV4(run) || (length === 40 && isHex(run)))) return;
  if (shannonEntropy(text, start, last, plan.entropyThreshold) < plan.entropyThreshold) return;
  run ??= text.slice(start, last);
  if (isStructured(run) || isCodeIdentifier(run) || isAlphabetLiteral(run) || isPlaceholder(run)) return;
  if (plan.isAllowed(run)) return;
  findings.push({ type: HIGH_ENTROPY, start, end: last });
}

function tryMatchers(
  matchers: readonly Matcher[] | undefined,
  input: ScanInput,
  at: number,
  plan: RedactionPlan,
): ReturnType<Matcher['match']> | undefined {
  if (matchers === undefined) return undefined;
  let waiting = false;
  for (let index = 0; index < matchers.length; index += 1) {
    const outcome = (matchers[index] as Matcher).match(input, at);
    // At the end of the text nothing more can come: a rule still waiting has found nothing. This
    // holds whatever a rule answers, so the last scan always decides every character.
    if (outcome.kind === 'none' || (outcome.kind === 'more' && input.final)) continue;
    if (outcome.kind === 'more') {
      // A later rule may match now, but an earlier one could still win: wait for the text.
      waiting = true;
      break;
    }
    if (outcome.kind === 'match' && plan.isAllowed(input.text.slice(outcome.start, outcome.end))) continue;
    return outcome;
  }
  return waiting ? MORE : undefined;
}

/** Whether `gate` (sticky) matches at `position` of `text`. */
function isCandidate(gate: RegExp, text: string, position: number): boolean {
  gate.lastIndex = position;
  return gate.test(text);
}

/**
 * Where a scan stopped, so the next one resumes there instead of starting over: what a stream
 * keeps between chunks. Positions are indexes into the scanned text.
 */
export interface ScanCursor {
  /** The next position to look at. */
  position: number;
  /** Where the token-like run in progress began, or -1. */
  runStart: number;
  /** The folded character before `position`. */
  before: number;
  /** Set when the scan stopped at a secret that has not ended. */
  open: OpenSecret | undefined;
  /** Set when the scan stopped at `position` because a rule waits for more text: a known stop, which the next scan need not search for. */
  waiting: boolean;
}

/** A cursor for the start of a text, after `before` (what a stream already released). */
export const startCursor = (before: number): ScanCursor => ({ position: 0, runStart: -1, before, open: undefined, waiting: false });

/**
 * Finds the secrets in `text` from `cursor` on, left to right, appends them to `findings`, and
 * returns where the undecided tail begins (the text's length when nothing is undecided).
 *
 * With `final` false, anything that more text could still change is left undecided, and the
 * cursor is left where the next scan (of the same text, longer) must resume: a rule that waited
 * is asked again, and a run in progress goes on. A decision once made never changes with more
 * text, which is what makes streaming output independent of chunking. Each position is looked
 * at once, and tried only by the rules whose first character it is. When the cursor's `open`
 * is set on return, a secret began at the returned index and has not ended.
 */
export function scan(text: string, cursor: ScanCursor, final: boolean, plan: RedactionPlan, findings: Finding[]): number {
  let input: ScanInput | undefined;
  let { position, runStart, before } = cursor;
  let holdFrom = -1;
  const length = text.length;
  const { triggers, prefilter } = plan;
  // What the prefilter found ahead (see skipping below): the next position a rule may start at
  // (or a non-ASCII character), the next token run long enough to judge, and how far the exact
  // walk must go on by itself. Each regex search starts where the last one's answer was used up,
  // so together they read the text once.
  let next = cursor.waiting ? position : -1;
  cursor.waiting = false;
  let runTo = -1;
  let slowUntil = 0;
  let denseStops = 0;
  while (position < length) {
    // The prefilter takes over where the walk is in no token run (one that a match cut short
    // included: the walk starts a run there that the run search, from runs' starts, cannot see).
    if (
      prefilter !== undefined &&
      runStart < 0 &&
      position >= slowUntil &&
      length - position >= PREFILTER_MIN &&
      text.charCodeAt(position) < 128 &&
      (position === 0 || ((classes[asciiFold[text.charCodeAt(position - 1)] ?? 0] ?? 0) & TOKEN) === 0)
    ) {
      if (next < position) {
        // From the character before, which a word-start rule or a run consumes as its boundary.
        const search = prefilter.scan;
        search.lastIndex = position === 0 ? 0 : position - 1;
        const found = search.exec(text);
        const run = found?.[1];
        if (found === null) {
          next = length;
          runTo = -1;
        } else if (run === undefined) {
          // Every rule's alternative ends just after the position it names. One that names the
          // character before (a non-ASCII one, `://`) cannot rule out a word start here: walk it.
          next = Math.max(search.lastIndex - 1, position);
          runTo = -1;
        } else {
          runTo = search.lastIndex;
          next = runTo - run.length;
          // A rule that may start inside the run (after its `/` or `-`, a keyword in it): walk it.
          if (prefilter.inside.test(text.slice(next === 0 ? 0 : next - 1, runTo))) runTo = -1;
        }
        // The regex engine reads what it passes over: counted like the walk's own reads.
        scanWork.characters += (found === null ? length : search.lastIndex) - position + 1;
        // Stops close together, again and again (rule prefixes repeated, a non-Latin script): a
        // search costs more than the walk there, so the walk goes on by itself for a while.
        denseStops = next - position < DENSE ? denseStops + 1 : 0;
        if (denseStops >= DENSE_STOPS) {
          slowUntil = next + WALK_AFTER_DENSE;
          denseStops = 0;
        }
      }
      // From `position` to `next`, no rule can start and no token run needs judging: skip it as the
      // walk would pass it. A token run cut there began after `position` (the walk was not in
      // one) and is shorter than the prefilter's run length.
      if (next > position) {
        let start = next;
        while (start > position && ((classes[asciiFold[text.charCodeAt(start - 1)] ?? 0] ?? 0) & TOKEN) !== 0) start -= 1;
        runStart = start < next ? start : -1;
        before = asciiFold[text.charCodeAt(next - 1)] ?? 0;
        position = next;
      }
      if (runTo > position) {
        if (runTo - position <= plan.maxTokenLength) {
          // A whole run with no rule's start inside: the walk stands at its end, the run open.
          runStart = position;
          position = runTo;
          before = asciiFold[text.charCodeAt(runTo - 1)] ?? 0;
          continue;
        }
        // The walk judges a longer run in pieces: let it.
        slowUntil = Math.max(slowUntil, runTo);
      }
      if (position >= length) break;
    }
    scanWork.characters += 1;
    const code = text.charCodeAt(position);
    const folded = code < 128 ? (asciiFold[code] ?? 0) : fold(code);
    const kind = classes[folded] ?? 0;
    const trigger = triggers[folded] ?? 0;
    let outcome: ReturnType<Matcher['match']> | undefined;
    const wordStart = (trigger & WORD_START_TRIGGER) !== 0 && ((classes[before] ?? 0) & ALPHANUMERIC) === 0;
    // Where the walk reads by itself, the rules are asked only where the prefilter's fragments
    // (necessary conditions) hold: a stop the native scan found was checked by it already.
    if (
      (wordStart || (trigger & ANYWHERE_TRIGGER) !== 0) &&
      (prefilter === undefined || code >= 128 || position === next || isCandidate(prefilter.at, text, position))
    ) {
      input ??= { text, final };
      outcome =
        (wordStart ? tryMatchers(plan.atWordStart[folded], input, position, plan) : undefined) ??
        ((trigger & ANYWHERE_TRIGGER) !== 0 ? tryMatchers(plan.anywhere[folded], input, position, plan) : undefined);
    }
    if (outcome !== undefined && outcome.kind !== 'none') {
      if (outcome.kind === 'more') {
        holdFrom = runStart >= 0 ? runStart : position;
        cursor.waiting = true;
        break;
      }
      if (runStart >= 0) judgeRun(text, runStart, position, plan, findings);
      runStart = -1;
      if (outcome.kind === 'open') {
        cursor.open = outcome;
        return outcome.start;
      }
      findings.push({ type: outcome.type, start: outcome.start, end: outcome.end });
      position = outcome.resume;
      before = fold(text.charCodeAt(position - 1));
      continue;
    }
    if ((kind & TOKEN) !== 0) {
      if (runStart < 0) runStart = position;
      else if (position - runStart >= plan.maxTokenLength) {
        judgeRun(text, runStart, position, plan, findings);
        runStart = position;
      }
    } else if (runStart >= 0) {
      judgeRun(text, runStart, position, plan, findings);
      runStart = -1;
    }
    before = folded;
    position += 1;
  }
  if (holdFrom < 0) {
    if (runStart >= 0 && final) {
      judgeRun(text, runStart, text.length, plan, findings);
      runStart = -1;
    }
    holdFrom = runStart >= 0 ? runStart : text.length;
  }
  cursor.position = position;
  cursor.runStart = runStart;
  cursor.before = before;
  return holdFrom;
}
