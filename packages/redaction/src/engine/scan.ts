/**
 * The scan: the position loop over a text, the prefilter that skips where no rule can begin, the
 * rules asked where one may, token runs cut and handed to `runs.ts`, and the single hold point a
 * stream keeps back (`scan` returns it). Knows no provider: the plan brings the rules.
 */
import { ALPHANUMERIC, asciiFold, classes, fold, foldAt, TOKEN } from '../text/fold';
import { type Matcher, type MatchOutcome, MORE, PUBLIC_TEXT, type ScanInput } from './matcher';
import { scanWork } from '../text/scan-work';
import type { FoundStop } from './prefilter';
import { ANYWHERE_TRIGGER, type RedactionPlan, WORD_START_TRIGGER } from './redaction-plan';
import { cutContext, type Embedded, endsAtCut, type Finding, findingsEnd, judgeRunPiece, NOT_EMBEDDED, runCutAt } from './runs';
import { publicShapeLabels } from '../rules/public-shapes';

export type { Finding } from './runs';

/** A secret that began but has not ended (a private key block still streaming). */
export interface OpenSecret {
  readonly type: string;
  readonly start: number;
  /** Where the secret's body begins: what follows is searched for its end. */
  readonly resume: number;
}

/**
 * The rules' answer at `at`, whose folded character is `folded` after `before`: the word-start
 * rules (after no letter or digit) first, then the rules that begin anywhere.
 */
function askRules(input: ScanInput, at: number, folded: number, before: number, plan: RedactionPlan): MatchOutcome | undefined {
  const trigger = plan.triggers[folded] ?? 0;
  const wordStart = (trigger & WORD_START_TRIGGER) !== 0 && ((classes[before] ?? 0) & ALPHANUMERIC) === 0;
  return (wordStart ? tryMatchers(plan.atWordStart[folded], input, at, plan) : undefined) ?? ((trigger & ANYWHERE_TRIGGER) !== 0 ? tryMatchers(plan.anywhere[folded], input, at, plan) : undefined);
}

/** The fold of the character at `index` for the scan: ASCII by table, a surrogate pair read whole (a mathematical letter or digit, `𝐀`, is the rules' too). */
const scanFold = (text: string, index: number): number => {
  const code = text.charCodeAt(index);
  return code < 128 ? (asciiFold[code] ?? 0) : code >= 0xd800 && code <= 0xdbff ? foldAt(text, index) : fold(code);
};

/** Each list of matchers' own gates: a matcher's prefilter fragment as a sticky regex (undefined: it has none). */
const gatesByList = new WeakMap<readonly Matcher[], ReadonlyArray<RegExp | undefined>>();

/** The gates of `matchers`, compiled the first time the list is asked. */
function gatesOf(matchers: readonly Matcher[]): ReadonlyArray<RegExp | undefined> {
  let gates = gatesByList.get(matchers);
  if (gates === undefined) {
    gates = matchers.map((matcher) => (matcher.prefilter === undefined ? undefined : new RegExp(matcher.prefilter, 'y')));
    gatesByList.set(matchers, gates);
  }
  return gates;
}

/**
 * The first answer of `matchers` at `at` that is not `none`. With the prefilter, at an ASCII
 * character, a matcher whose own fragment does not match there is not asked: its fragment is a
 * necessary condition for any answer but `none` (see `Matcher.prefilter`), so it would answer
 * `none`. The prefilter stops where some rule's fragment matches; the rules sharing the
 * character are mostly turned away here for the price of a sticky regex each (on agent logs,
 * three matcher calls in five). The reference plan (no prefilter) asks every matcher.
 */
function tryMatchers(
  matchers: readonly Matcher[] | undefined,
  input: ScanInput,
  at: number,
  plan: RedactionPlan,
): ReturnType<Matcher['match']> | undefined {
  if (matchers === undefined) return undefined;
  const gates = plan.prefilter !== undefined && input.text.charCodeAt(at) < 128 ? gatesOf(matchers) : undefined;
  let waiting = false;
  for (let index = 0; index < matchers.length; index += 1) {
    const gate = gates?.[index];
    if (gate !== undefined) {
      gate.lastIndex = at;
      if (!gate.test(input.text)) continue;
    }
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
 * A value a rule found after its name or keyword (`token=…`, `Bearer …`, a URL's password) may
 * begin a key that the rules asked at the value's start read further: a key spaced out over blank
 * lines, where the value's rule stops at the first (FC_SEED=1371788179: `token=SK…7\n\n6\n\n3…`
 * left the rest of a Twilio key in clear). The finding then reaches the key's end, as that key's
 * type; a rule that waits there makes the scan wait too (its answer depends on the text alone,
 * so this is decided the same however the text came).
 */
function widenToKey(value: Extract<MatchOutcome, { kind: 'match' }>, input: ScanInput, plan: RedactionPlan): MatchOutcome {
  const at = value.start;
  const key = askRules(input, at, scanFold(input.text, at), fold(input.text.charCodeAt(at - 1)), plan);
  if (key?.kind === 'more') return key;
  // A private key block that has not ended yet (a PEM header as a password's value, in a stream)
  // reaches past the value however it ends: the block opens here, as it does in the whole text.
  if (key?.kind === 'open' && key.start === at) return key;
  return key?.kind === 'match' && key.start === at && key.end > value.end ? key : value;
}

/**
 * Whether `position` is in the last two characters of a text that may still grow, with only token
 * characters from it to the end and no split of the run due before the end: the scan holds from
 * the run's start (or `position`) there whether the rules wait or find nothing, so asking them can
 * wait for more text. A rule cannot match a key in two characters, and one that would match with
 * more text must wait here (it answers as the text grows, chunk invariance); one that finds
 * nothing here finds nothing with more text either, so looking again later decides the same.
 */
export function isUndecidedTail(text: string, position: number, runStart: number, maxTokenLength: number): boolean {
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
  /**
   * Set when the prefilter already stopped at `position` for the rules, over the text the scan is
   * given (a stream's write looked at before the scan): the walk asks the rules there at once.
   */
  stopped: boolean;
  /** Where the rest of a run a finding ended inside begins (see `judgeCutRest`), or -1. */
  cutRest: number;
  /** The finding's last characters, the context `cutRest`'s run is judged with. */
  cutContext: string;
  /** Whether the run in progress is an embedded file or text file in base64 (see `judgeRunPiece`): how its pieces are judged. */
  payload: Embedded;
  /** Whether the run in progress has not been cut at `maxTokenLength` yet: its piece begins where the run does. */
  fresh: boolean;
}

/**
 * Where the labels of {@link publicShapeLabels} may cover the character before a hold: by that
 * character's code (ASCII), the places where a label begins with it (`first`), and by that code
 * and the one before it (`(before << 7) | code`), the places further in a label where both stand
 * (`inside`). A label that covers the character at `at - 1` from its index `place` > 0 also
 * covers `at - 2` with its index `place - 1`: most holds (a word's letters) are no label's.
 */
const labelPlaces = (() => {
  const first: Array<Array<readonly [string, number]> | undefined> = Array.from({ length: 128 }, () => undefined);
  const inside: Array<Array<readonly [string, number]> | undefined> = Array.from({ length: 128 * 128 }, () => undefined);
  for (const label of publicShapeLabels) {
    (first[label.charCodeAt(0)] ??= []).push([label, 0]);
    for (let index = 1; index < label.length; index += 1) (inside[(label.charCodeAt(index - 1) << 7) | label.charCodeAt(index)] ??= []).push([label, index]);
  }
  return { first, inside };
})();

/** Holds `hold` back to where one of `places` begins, for {@link labelStart}. */
function placesStart(places: ReadonlyArray<readonly [label: string, index: number]>, codeAt: (index: number) => number, at: number, floor: number, length: number, hold: number): number {
  for (const [label, place] of places) {
    const from = at - place - 1;
    if (from < floor || from >= hold) continue;
    let index = 0;
    while (index < label.length && from + index < length && codeAt(from + index) === label.charCodeAt(index)) index += 1;
    if (index === label.length || from + index === length) hold = from;
  }
  return hold;
}

/**
 * Where the text is held from instead of `at`: a public shape's label (`publicShapeLabels`: go.sum's
 * `h1:`, OpenSSH's ` SHA256:`) right before `at`, or begun before `at` and going on through the
 * text from there (` ` before the run `SHA256` in progress), stays with the run, so the shape is
 * judged in the same frame however the text was cut. Never inside a finding (`floor` is where the
 * last one ends); at most a label's length more. `codeAt` reads the text up to `length` (a
 * stream's fast path reads held text and a write without joining them).
 */
export function labelStart(codeAt: (index: number) => number, at: number, floor: number, length: number): number {
  if (at <= floor) return at;
  // A label that holds the text back covers the character before `at`: only the places that
  // character (and the one before it) has in the labels are tried.
  const code = codeAt(at - 1);
  if (code >= 128) return at;
  const first = labelPlaces.first[code];
  let hold = first === undefined ? at : placesStart(first, codeAt, at, floor, length, at);
  if (at - 2 < floor) return hold;
  const before = codeAt(at - 2);
  const inside = before < 128 ? labelPlaces.inside[(before << 7) | code] : undefined;
  if (inside !== undefined) hold = placesStart(inside, codeAt, at, floor, length, hold);
  return hold;
}

/** A cursor for the start of a text, after `before` (what a stream already released). */
export const startCursor = (before: number): ScanCursor => ({ position: 0, runStart: -1, before, open: undefined, waiting: false, stopped: false, cutRest: -1, cutContext: '', payload: NOT_EMBEDDED, fresh: false });

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
  let { position, runStart, before, cutRest, payload, fresh } = cursor;
  const length = text.length;
  const { triggers, prefilter } = plan;
  // Where the prefilter stopped for the rules: the walk asks them there and nowhere else. A rule
  // that waited for more text is not asked again blindly: the prefilter looks at its position
  // first, now with the new text, and most such positions (a word's first letter at the end of a
  // write) are turned away by then without a rule being asked.
  let stopAt = (prefilter === undefined && cursor.waiting) || cursor.stopped ? position : -1;
  cursor.waiting = false;
  cursor.stopped = false;
  // Every way the loop stops before the text's end is the text that ended too soon (a rule waits,
  // a run may go on): the text is held from the run in progress, or from where the loop stopped.
  while (position < length) {
    // The rest of a run a finding ended inside is walked without the prefilter, which passes over
    // runs too short for the entropy rule: that rest is judged whatever its length (`judgeCutRest`).
    // Once the rest is as long as the prefilter's shortest judged run, it stops at its end anyway.
    const filtered = prefilter !== undefined && (cutRest < 0 || (runStart === cutRest && position - runStart >= prefilter.runLength));
    if (filtered && position !== stopAt) {
      // From here to `next`, no rule can start and no token run needs judging or splitting: skip
      // it as the walk would pass it, the run in progress carried along.
      const next = prefilter.find(text, position, runStart, plan.maxTokenLength, found);
      scanWork.characters += next - position;
      if (next > position) {
        before = asciiFold[text.charCodeAt(next - 1)] ?? 0;
        position = next;
      }
      // A run the skip began is a fresh one (its first piece decides an embedded file's), as one the walk begins.
      if (found.runStart >= 0 && found.runStart !== runStart) {
        fresh = true;
        payload = NOT_EMBEDDED;
      }
      runStart = found.runStart;
      if (position >= length) break;
      if (found.stop) stopAt = position;
    }
    scanWork.characters += 1;
    const folded = scanFold(text, position);
    const trigger = triggers[folded] ?? 0;
    let outcome: MatchOutcome | undefined;
    // With the prefilter, the rules are asked only where it stopped for them.
    if (((trigger & ANYWHERE_TRIGGER) !== 0 || ((trigger & WORD_START_TRIGGER) !== 0 && ((classes[before] ?? 0) & ALPHANUMERIC) === 0)) && (!filtered || position === stopAt)) {
      // Whatever the rules answer in an undecided tail, the text is held from the same place: they
      // wait (no key is two characters long), or they find nothing and the run goes on to the
      // text's end. So they are asked once more text has come (most often a write's last letter).
      if (filtered && !final && isUndecidedTail(text, position, runStart, plan.maxTokenLength)) outcome = MORE;
      else {
        input ??= { text, final };
        outcome = askRules(input, position, folded, before, plan);
        if (outcome?.kind === 'match' && outcome.start > position) outcome = widenToKey(outcome, input, plan);
      }
    }
    if (outcome !== undefined && outcome.kind !== 'none') {
      if (outcome.kind === 'more') {
        cursor.waiting = true;
        break;
      }
      if (runStart >= 0) {
        judgeRunPiece(text, runStart, position, cutRest, fresh, payload, cursor.cutContext, plan, findings);
        cutRest = -1;
      }
      runStart = -1;
      payload = NOT_EMBEDDED;
      if (outcome.kind === 'open') {
        cursor.open = outcome;
        cursor.cutRest = -1;
        return outcome.start;
      }
      if (outcome.type !== PUBLIC_TEXT) findings.push({ type: outcome.type, start: outcome.start, end: outcome.end });
      cutRest = -1;
      if (outcome.resume === outcome.end && (outcome.end < length ? ((classes[fold(text.charCodeAt(outcome.end))] ?? 0) & TOKEN) !== 0 : !final) && ((classes[fold(text.charCodeAt(outcome.end - 1))] ?? 0) & ALPHANUMERIC) !== 0) {
        // A finding ending in a key character (not a fixed end marker such as a private key's
        // `-----`): the run after it is judged as alone; and, when the finding ended inside it, as
        // the rest of the secret the finding's match ran into (see `judgeCutRest`). A rule that
        // stops at a length cap may decide at the text's end, before what follows has come (one
        // character per write): the rest is then expected all the same, and let go below when the
        // next character begins no run (decided by the text alone, as when it was written whole).
        cutRest = outcome.end;
        cursor.cutContext = plan.entropyMinLength > 0 ? cutContext(text, outcome.start, outcome.end, plan) : '';
      }
      position = outcome.resume;
      before = fold(text.charCodeAt(position - 1));
      continue;
    }
    if (((classes[folded] ?? 0) & TOKEN) !== 0) {
      if (runStart < 0) {
        runStart = position;
        fresh = true;
      } else if (position - runStart >= plan.maxTokenLength) {
        const cut = runCutAt(text, runStart, position, plan);
        const count = findings.length;
        payload = judgeRunPiece(text, runStart, cut, cutRest, fresh, payload, cursor.cutContext, plan, findings);
        cutRest = -1;
        runStart = cut;
        fresh = false;
        // A piece redacted to the cut: what follows is the rest of the same run, judged with the
        // piece's last characters as context (`judgeCutRest`), so the tail of a random run a few
        // characters longer than the cap is not judged alone as too short.
        const last = findings.length > count ? (findings[findings.length - 1] as Finding) : undefined;
        if (last !== undefined && plan.entropyMinLength > 0 && endsAtCut(text, last.end, cut)) {
          cutRest = cut;
          cursor.cutContext = cutContext(text, last.start, last.end, plan);
        }
      }
    } else if (runStart >= 0) {
      // A run that ends at `=` may end in base64 padding (`base64Padding`): judged once what follows it has come.
      if (!final && text.charCodeAt(position) === 61 && position + 2 >= length && plan.entropyMinLength > 0 && position - runStart >= plan.entropyMinLength) break;
      judgeRunPiece(text, runStart, position, cutRest, fresh, payload, cursor.cutContext, plan, findings);
      cutRest = -1;
      runStart = -1;
      payload = NOT_EMBEDDED;
    } else if (cutRest === position) cutRest = -1;
    before = folded;
    position += 1;
  }
  if (runStart >= 0 && final) {
    judgeRunPiece(text, runStart, length, cutRest, fresh, payload, cursor.cutContext, plan, findings);
    cutRest = -1;
    runStart = -1;
    payload = NOT_EMBEDDED;
  }
  cursor.position = position;
  cursor.runStart = runStart;
  cursor.before = before;
  cursor.cutRest = cutRest;
  cursor.payload = runStart >= 0 ? payload : NOT_EMBEDDED;
  cursor.fresh = runStart >= 0 && fresh;
  // The single hold point: from the run in progress, or from where the loop stopped (the text's end when it ran through).
  return labelStart((index) => text.charCodeAt(index), runStart >= 0 ? runStart : Math.min(position, length), findingsEnd(findings), length);
}
