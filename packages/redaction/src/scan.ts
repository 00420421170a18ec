import { HIGH_ENTROPY } from './built-in-rules';
import { ALPHANUMERIC, asciiFold, classes, fold, foldAt, TOKEN } from './fold';
import { type Matcher, MORE, type ScanInput } from './matcher';
import { scanWork } from './scan-work';
import { cataloguePrefixLength, exactShapeSpans, fillerSpans, holdsLetterFiller, isAlphabetLiteral, isCodeIdentifier, isHex, isPlaceholder, isShapedPath, isStructured, isUuidV4, shannonEntropy, unionSpans } from './plausibility';
import { midWordKeys, runCut } from './mid-word-keys';
import { isCatalogueNearMiss } from './near-miss';
import { publicExampleKeys } from './public-example-keys';
import { isPublicDigest } from './public-digests';
import type { FoundStop } from './prefilter';
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

function judgeRun(text: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  // Keys glued inside the run (`abcghp_…`) first; the pieces around them go to the entropy rule.
  const keys = plan.midWord === undefined || plan.midWordStarts === undefined || end - start < plan.midWord.shortest ? undefined : midWordKeys(plan.midWord, plan.midWordStarts, text, start, end);
  if (keys === undefined || keys.length === 0) {
    judgeEntropy(text, start, end, plan, findings);
    return;
  }
  let from = start;
  for (const key of keys) {
    // A key the options allow stays, and its characters go to the entropy rule with the rest.
    if (plan.isAllowed(text.slice(key.start, key.end))) continue;
    judgeEntropy(text, from, key.start, plan, findings);
    findings.push(key);
    from = key.end;
  }
  judgeEntropy(text, from, end, plan, findings);
}

function judgeEntropy(text: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  if (plan.entropyMinLength === 0 || end - start < plan.entropyMinLength) return;
  let last = end;
  while (last > start && isTrailingPunctuation(text.charCodeAt(last - 1))) last -= 1;
  if (last - start < plan.entropyMinLength || (text[start] === '/' && text[start + 1] === '/')) return;
  // A lockfile's integrity digest or a ULID, by exact shape (`public-digests.ts`): public, left whole.
  if (isPublicDigest(text, start, last)) return;
  // Leading `. - _ ~` glued before a key (`_A_wMZ…`, `__key`) add common symbols that can lower
  // the run's entropy under the threshold: the run is judged without them too, as the bare key is.
  let first = start;
  while (first < last && isTrailingPunctuation(text.charCodeAt(first))) first += 1;
  const randomFrom = isRandomRun(text, start, last, plan) ? start : first > start && last - first >= plan.entropyMinLength && !(text[first] === '/' && text[first + 1] === '/') && isRandomRun(text, first, last, plan) ? first : -1;
  if (randomFrom >= 0) {
    // A near miss of a catalogue format (one character short or outside its alphabet, a prefix one
    // letter off) is the catalogue's to judge, and it declined: not a key. Still judged here: a run
    // the text ends in (a stream cut inside a key) and a piece of a run too long to be judged whole.
    if (end < text.length && end - start < plan.maxTokenLength && isCatalogueNearMiss(text.slice(randomFrom, last))) return;
    findings.push({ type: HIGH_ENTROPY, start: randomFrom, end: last });
    return;
  }
  // A placeholder piece (`xxxxx`, `YOUR`, `AAAAAA`) never excuses the rest of its run (a key glued
  // after one): the pieces between fillers, trimmed of `. - _ ~`, are judged on their own. A run
  // the options allow, or a provider's published example, stays whole and alone.
  const fillers = fillerSpans(text, start, last);
  if (fillers.length === 0) return;
  const whole = text.slice(start, last);
  if (publicExampleKeys.has(whole) || plan.isAllowed(whole)) return;
  // A run of words, a path of UUIDs, digests and words, a code identifier or an alphabet literal as
  // a whole: the filler is not what declined it. Its pieces are not judged, for a piece of a shape
  // (a UUID's `00000000` group cut off) is no longer that shape.
  // Words and identifiers count only without filler in them (filler glued to a key can make it read
  // as one); UUIDs and digests hold filler as they are.
  if (isShapedPath(whole, true) || (isCodeIdentifier(whole) && !holdsLetterFiller(text, start, last)) || isAlphabetLiteral(whole)) return;
  // The UUIDs and digests in the run are cut out with the filler: what lies beside them is judged alone.
  const cuts = unionSpans(fillers, exactShapeSpans(text, start, last));
  let from = start;
  for (let index = 0; index <= cuts.length; index += 2) {
    let to = cuts[index] ?? last;
    while (from < to && isTrailingPunctuation(text.charCodeAt(from))) from += 1;
    while (to > from && isTrailingPunctuation(text.charCodeAt(to - 1))) to -= 1;
    // A catalogue prefix the piece begins with is public: what follows it is judged.
    const body = from + cataloguePrefixLength(text, from, to);
    if (to - body >= plan.entropyMinLength && !(text[from] === '/' && text[from + 1] === '/') && isRandomRun(text, body, to, plan)) findings.push({ type: HIGH_ENTROPY, start: from, end: to });
    from = cuts[index + 1] ?? last;
  }
}

/** Whether the entropy rule redacts `text.slice(start, last)` as a whole (long enough, not starting with `//`: checked by the caller). */
function isRandomRun(text: string, start: number, last: number, plan: RedactionPlan): boolean {
  // The commonest long runs of a log (request ids, commit hashes) are left alone whatever their
  // entropy: ruled out first, by shape, before the entropy's two passes. The filters are pure and
  // any one of them leaves the run alone, so their order changes nothing but the cost.
  const length = last - start;
  let run = length === 36 || length === 40 ? text.slice(start, last) : undefined;
  if (run !== undefined && (isUuidV4(run) || (length === 40 && isHex(run)))) return false;
  if (shannonEntropy(text, start, last, plan.entropyThreshold) < plan.entropyThreshold) return false;
  run ??= text.slice(start, last);
  if (isStructured(run) || isShapedPath(run) || isCodeIdentifier(run) || isAlphabetLiteral(run) || isPlaceholder(run)) return false;
  return !plan.isAllowed(run);
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

/**
 * Whether `position` is in the last two characters of a text that may still grow, with only token
 * characters from it to the end and no split of the run due before the end: the scan holds from
 * the run's start (or `position`) there whether the rules wait or find nothing, so asking them can
 * wait for more text. A rule cannot match a key in two characters, and one that would match with
 * more text must wait here (it answers as the text grows, chunk invariance); one that finds
 * nothing here finds nothing with more text either, so looking again later decides the same.
 */
function isUndecidedTail(text: string, position: number, runStart: number, maxTokenLength: number): boolean {
  const length = text.length;
  if (length - position > 2 || (runStart >= 0 ? runStart : position) + maxTokenLength <= length) return false;
  for (let index = position; index < length; index += 1) if (((classes[fold(text.charCodeAt(index))] ?? 0) & TOKEN) === 0) return false;
  return true;
}

/** Where the prefilter stopped (reused: a scan allocates nothing for it). */
const found: FoundStop = { runStart: -1, stop: false };

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
  // Where the prefilter stopped for the rules: the walk asks them there and nowhere else. A rule
  // that waited for more text is not asked again blindly: the prefilter looks at its position
  // first, now with the new text, and most such positions (a word's first letter at the end of a
  // write) are turned away by then without a rule being asked.
  let stopAt = prefilter === undefined && cursor.waiting ? position : -1;
  cursor.waiting = false;
  while (position < length) {
    if (prefilter !== undefined && position !== stopAt) {
      // From here to `next`, no rule can start and no token run needs judging or splitting: skip
      // it as the walk would pass it, the run in progress carried along.
      const next = prefilter.find(text, position, runStart, plan.maxTokenLength, found);
      scanWork.characters += next - position;
      if (next > position) {
        before = asciiFold[text.charCodeAt(next - 1)] ?? 0;
        position = next;
      }
      runStart = found.runStart;
      if (position >= length) break;
      if (found.stop) stopAt = position;
    }
    scanWork.characters += 1;
    const code = text.charCodeAt(position);
    // A surrogate pair is read whole: a mathematical letter or digit (`𝐀`) is the rules' too.
    const folded = code < 128 ? (asciiFold[code] ?? 0) : code >= 0xd800 && code <= 0xdbff ? foldAt(text, position) : fold(code);
    const kind = classes[folded] ?? 0;
    const trigger = triggers[folded] ?? 0;
    let outcome: ReturnType<Matcher['match']> | undefined;
    const wordStart = (trigger & WORD_START_TRIGGER) !== 0 && ((classes[before] ?? 0) & ALPHANUMERIC) === 0;
    // With the prefilter, the rules are asked only where it stopped for them.
    if ((wordStart || (trigger & ANYWHERE_TRIGGER) !== 0) && (prefilter === undefined || position === stopAt)) {
      if (prefilter !== undefined && !final && isUndecidedTail(text, position, runStart, plan.maxTokenLength)) {
        // Whatever the rules answer here, the text is held from the same place: they wait (no key
        // is two characters long), or they find nothing and the run goes on to the text's end. So
        // they are asked once more text has come (most often a write's last letter).
        holdFrom = runStart >= 0 ? runStart : position;
        cursor.waiting = true;
        break;
      }
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
        // Cut before a key that would straddle the cut (see `runCut`), never in its middle, and
        // after the last filler (`xxxxx`, `AAAAAA`, `YOUR`) of the run's last half when that is
        // earlier, so a random string glued to padding goes whole to the next piece too (issue 16,
        // adversarial review).
        let cut = plan.midWord === undefined || plan.midWordStarts === undefined ? position : runCut(plan.midWord, plan.midWordStarts, text, runStart, position, plan.maxTokenLength >> 1);
        if (plan.entropyMinLength > 0) {
          const fillers = fillerSpans(text, Math.max(runStart + 1, position - (plan.maxTokenLength >> 1)), position);
          const fillerEnd = fillers[fillers.length - 1] ?? position;
          if (fillerEnd < cut) cut = fillerEnd;
        }
        judgeRun(text, runStart, cut, plan, findings);
        runStart = cut;
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
