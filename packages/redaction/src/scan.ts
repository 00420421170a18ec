import { HIGH_ENTROPY } from './built-in-rules';
import { fold, isAlphanumeric, isTokenCharacter } from './fold';
import type { Matcher, ScanInput } from './matcher';
import { isHex, isPlaceholder, isStructured, isUuidV4, shannonEntropy } from './plausibility';
import type { RedactionPlan } from './redaction-plan';

/** One secret found by {@link scan}: its type and its range in the scanned text. */
export interface Finding {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/** What {@link scan} decided about a text. */
export interface ScanResult {
  /** Secrets found before `holdFrom`, in order, not overlapping. */
  readonly findings: Finding[];
  /** Text from here on is undecided and must be held back (the text's length when nothing is). */
  readonly holdFrom: number;
  /** A secret that began but has not ended (a private key block still streaming). */
  readonly open?: { readonly type: string; readonly start: number; readonly resume: number };
}

const trailingPunctuation = new Set(['.', '-', '_', '~']);

function judgeRun(text: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  if (plan.entropyMinLength === 0 || end - start < plan.entropyMinLength) return;
  let last = end;
  while (last > start && trailingPunctuation.has(text[last - 1] as string)) last -= 1;
  const run = text.slice(start, last);
  if (run.length < plan.entropyMinLength || run.startsWith('//')) return;
  if (shannonEntropy(run) < plan.entropyThreshold) return;
  if (isStructured(run) || isUuidV4(run) || (run.length === 40 && isHex(run)) || isPlaceholder(run)) return;
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
  for (const matcher of matchers) {
    const outcome = matcher.match(input, at);
    if (outcome.kind === 'none') continue;
    if (outcome.kind === 'more') {
      // A later rule may match now, but an earlier one could still win: wait for the text.
      waiting = true;
      break;
    }
    if (outcome.kind === 'match' && plan.isAllowed(input.text.slice(outcome.start, outcome.end))) continue;
    return outcome;
  }
  return waiting ? { kind: 'more' } : undefined;
}

/**
 * Finds the secrets in `text`, left to right, and says how much of it is decided.
 *
 * `previous` is the folded character just before `text` (what a stream already released), so a
 * scan that resumes mid-stream sees word starts exactly as a scan of the whole text does. With
 * `final` false, anything that more text could still change is left undecided: this is what
 * makes streaming output independent of chunking. The work is linear in the text, and each
 * position is tried only by the rules whose first character it is.
 */
export function scan(text: string, previous: number, final: boolean, plan: RedactionPlan): ScanResult {
  const input: ScanInput = { text, final };
  const findings: Finding[] = [];
  let runStart = -1;
  let before = previous;
  let position = 0;
  while (position < text.length) {
    const folded = fold(text.charCodeAt(position));
    const wordStart = isAlphanumeric(folded) && !isAlphanumeric(before);
    const outcome =
      (wordStart ? tryMatchers(plan.atWordStart[folded], input, position, plan) : undefined) ??
      tryMatchers(plan.anywhere[folded], input, position, plan);
    if (outcome !== undefined && outcome.kind !== 'none') {
      if (outcome.kind === 'more') return { findings, holdFrom: runStart >= 0 ? runStart : position };
      if (runStart >= 0) judgeRun(text, runStart, position, plan, findings);
      runStart = -1;
      if (outcome.kind === 'open') return { findings, holdFrom: outcome.start, open: outcome };
      findings.push({ type: outcome.type, start: outcome.start, end: outcome.end });
      position = outcome.resume;
      before = fold(text.charCodeAt(position - 1));
      continue;
    }
    if (isTokenCharacter(folded)) {
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
  if (runStart >= 0) {
    if (!final) return { findings, holdFrom: runStart };
    judgeRun(text, runStart, text.length, plan, findings);
  }
  return { findings, holdFrom: text.length };
}
