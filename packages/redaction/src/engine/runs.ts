/**
 * The token-run pipeline of the scan: a run (or a piece of one) is judged for keys glued inside it,
 * public shapes, the randomness judge and its pieces, with a memo of runs met before; and where a
 * run too long to judge whole is cut. The scan (`scan.ts`) decides where runs begin and end and
 * when one is complete; this file what a complete run holds.
 */
import { HIGH_ENTROPY } from '../rules/built-in-rules';
import { isPatterned } from '../judge/patterned-text';
import { judgesRandom } from '../judge/randomness-judge';
import { ALPHANUMERIC, asciiFold, classes, fold, TOKEN } from '../text/fold';
import { createRunVerdicts, MAX_REMEMBERED_RUN } from './run-verdicts';
import { cataloguePrefixLength, collapseRepeats, exactShapeSpans, FILLER_REPEAT, fillerSpans, isHex, isPieceBreak, isShapedPath, isUuidV4, MIN_PERIODIC_FILLER, shannonEntropy, unionSpans } from '../judge/plausibility';
import { isPlaceholder } from '../judge/placeholder';
import { midWordKeys, runCut } from '../judge/mid-word-keys';
import { isCatalogueNearMiss } from '../judge/near-miss';
import { isPayloadStart } from '../rules/payload-magic';
import { decodedText, encodedText, encodesNoSecret, encodesStructuredData, isTextWithoutSecret } from '../judge/encodes-no-secret';
import { publicShapeIn } from '../judge/public-shape';
import { publicShapeLabels } from '../rules/public-shapes';
import type { RedactionPlan } from './redaction-plan';

/** One secret found by `scan`: its type and its range in the scanned text. */
export interface Finding {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/** `.`, `-`, `_` and `~` end a run without belonging to it: dropped before the run is judged. */
const isTrailingPunctuation = (code: number): boolean => code === 46 || code === 45 || code === 95 || code === 126;

function judgeRun(text: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  // Keys glued inside the run (`abcghp_…`) first; the pieces around them go to the entropy rule.
  const found = plan.midWord === undefined || plan.midWordStarts === undefined || end - start < plan.midWord.shortest ? undefined : midWordKeys(plan.midWord, plan.midWordStarts, text, start, end);
  // In a path of UUIDs and hex digests (`…-0000aff162fc-000…`), a "key" of hex digits and dashes
  // that begins inside a digest's piece is the digests' own characters (`fc-` + hex is Firecrawl's
  // shape), not a key; one glued after a word (`xfc-<hex>`), after letters alone (`AAAEAAB…`) or
  // padding (`000…`), or whose body is not random hex (all digits), still is (see `isDigestsOwnKey`).
  let last = end;
  while (last > start && isTrailingPunctuation(text.charCodeAt(last - 1))) last -= 1;
  const keys =
    found === undefined || found.length === 0 || !isShapedPath(text.slice(start, last))
      ? found
      : found.filter((key) => !isDigestsOwnKey(text, start, key, last));
  if (keys === undefined || keys.length === 0) {
    judgeEntropy(text, start, end, plan, findings);
    return;
  }
  let from = start;
  let previous: Finding | undefined;
  for (const key of keys) {
    // A key the options allow stays, and its characters go to the entropy rule with the rest.
    if (plan.isAllowed(text.slice(key.start, key.end))) continue;
    judgeAfterKey(text, previous, from, key.start, plan, findings);
    findings.push(key);
    from = key.end;
    previous = key;
  }
  judgeAfterKey(text, previous, from, end, plan, findings);
}

/**
 * Judges the piece `text[from..to)` of a run that follows the glued key `previous` (if any) there:
 * by the entropy rule alone and, when nothing was found and the key ended in a letter or digit
 * inside the run (a key's match capped at its longest form, `csk-` read as `sk-` and 256
 * characters), as the rest of that key (see `judgeCutRest`).
 */
function judgeAfterKey(text: string, previous: Finding | undefined, from: number, to: number, plan: RedactionPlan, findings: Finding[]): void {
  const count = findings.length;
  judgeEntropy(text, from, to, plan, findings);
  if (previous === undefined || findings.length !== count || plan.entropyMinLength === 0 || previous.end !== from || to - from < CUT_REST_MINIMUM) return;
  if (((classes[fold(text.charCodeAt(from - 1))] ?? 0) & ALPHANUMERIC) === 0) return;
  let first = from;
  while (first < to && isGlue(text.charCodeAt(first))) first += 1;
  judgeRestInContext(text, cutContext(text, previous.start, previous.end, plan), from, first, to, plan, findings);
}

/**
 * {@link judgeRun} for a run the scan met whole, answered from the plan's memo when the same run was
 * judged before. A run the text goes on after is judged by its own characters and the one that
 * ended it (an integrity digest's `=`) alone: a run the text ends in may be a stream cut inside a
 * key, and is judged each time. So the kept findings, moved to where the run is now, are what
 * judging it again would find.
 */
function judgeWholeRun(text: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  // The character after the run is part of the verdict (it ends the run); after `=`, the two after it too (`base64Padding`).
  const after = text.charCodeAt(end) === 61 ? 3 : 1;
  if (end + after > text.length || end - start > MAX_REMEMBERED_RUN) {
    judgeRun(text, start, end, plan, findings);
    return;
  }
  const run = text.slice(start, end + after);
  const kept = plan.runVerdicts.get(run);
  if (kept !== undefined) {
    for (let index = 0; index < kept.length; index += 3) findings.push({ type: kept[index] as string, start: start + (kept[index + 1] as number), end: start + (kept[index + 2] as number) });
    return;
  }
  const count = findings.length;
  judgeRun(text, start, end, plan, findings);
  const verdict: (string | number)[] = [];
  for (let index = count; index < findings.length; index += 1) {
    const finding = findings[index] as Finding;
    verdict.push(finding.type, finding.start - start, finding.end - start);
  }
  // Kept as a copy of its own: a slice would keep the whole written text it was cut from alive
  // (V8 slices share their parent), so the memo would hold every recent write, not its runs.
  plan.runVerdicts.set(detached(run), verdict);
}

/** `text` as a string of its own, not a slice of a longer one: one copy of its characters. */
const detached = (text: string): string => ` ${text}`.slice(1);

/** Whether some character of `text[start..end)` passes `test` (by its code). */
function some(text: string, start: number, end: number, test: (code: number) => boolean): boolean {
  for (let index = start; index < end; index += 1) if (test(text.charCodeAt(index))) return true;
  return false;
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const isHexLetter = (code: number): boolean => (code | 0x20) >= 97 && (code | 0x20) <= 102;
/** Not a hexadecimal digit nor `-`. */
const isNotHexOrDash = (code: number): boolean => !(isDigit(code) || isHexLetter(code) || code === 45);
/** Not a hexadecimal digit nor one of the piece separators `-`, `_` and `.`. */
const isNotHexOrBreak = (code: number): boolean => code !== 95 && code !== 46 && isNotHexOrDash(code);

/**
 * Whether a key of hex digits and piece separators (`fc-`, `e2b_`, `1000.`) found inside
 * `text[start..end)` is a hex digest's own characters: it begins inside a piece that is a digest
 * (7 or more hex digits), after characters of that piece that hold a digit and do not repeat one
 * unit (of up to {@link PADDING_UNIT} characters) unless the piece is a group of a whole UUID, and
 * its body (after its catalogue prefix) holds hex letters and digits both, as random hex does
 * throughout. Letters alone before the key (capitals, its prefix's letters: `AAAEAAB…`,
 * `fcfcfc-…`) are glue, a unit repeated (`000…`, `0a0a…`, `deadbeef…`) is padding, and a body of
 * digits or letters alone is no digest's: the key stands (FC_SEED=1809393284, 216072609). A
 * UUID's zeros are its own (`00000000-0000-0000-0000-0000000000fc-<hex>`).
 */
function isDigestsOwnKey(text: string, start: number, key: { readonly start: number; readonly end: number }, end: number): boolean {
  const at = key.start;
  if (some(text, at, key.end, isNotHexOrBreak)) return false;
  let from = at;
  while (from > start && !isPieceBreak(text.charCodeAt(from - 1))) from -= 1;
  let to = at;
  while (to < end && !isPieceBreak(text.charCodeAt(to))) to += 1;
  if (to - from < 7 || from >= at || some(text, from, to, isNotHexOrDash) || !some(text, from, at, isDigit)) return false;
  if (repeatsUnit(text, from, at) && !insideUuid(text, start, at, end)) return false;
  const body = at + cataloguePrefixLength(text, at, key.end);
  return some(text, body, key.end, isDigit) && some(text, body, key.end, isHexLetter);
}

/** Whether `at` lies inside a whole UUID of `text[start..end)` (see `exactShapeSpans`; a digest of 36 digits has no dash). */
function insideUuid(text: string, start: number, at: number, end: number): boolean {
  const spans = exactShapeSpans(text, start, end);
  for (let index = 0; index + 1 < spans.length; index += 2) {
    const from = spans[index] as number;
    const to = spans[index + 1] as number;
    if (to - from === 36 && text.charCodeAt(from + 8) === 45 && from <= at && at < to) return true;
  }
  return false;
}

/** The longest unit whose repetition {@link repeatsUnit} reads as padding. */
const PADDING_UNIT = 16;

/** Whether `text[start..end)` is one unit of up to {@link PADDING_UNIT} characters repeated (at least twice; the last time cut short or not). */
function repeatsUnit(text: string, start: number, end: number): boolean {
  for (let unit = 1; unit <= PADDING_UNIT && 2 * unit <= end - start; unit += 1) {
    let index = start + unit;
    while (index < end && text.charCodeAt(index) === text.charCodeAt(index - unit)) index += 1;
    if (index === end) return true;
  }
  return false;
}

/**
 * The shortest unit, up to {@link PADDING_UNIT} characters, that `text` repeats right before `end`
 * (over its last 2 × {@link PADDING_UNIT} characters after `start`, twice the unit at least), or 0.
 */
function paddingUnit(text: string, start: number, end: number): number {
  for (let unit = 1; unit <= PADDING_UNIT && end - 2 * unit >= start; unit += 1) {
    let index = Math.max(start + unit, end - 2 * PADDING_UNIT);
    while (index < end && text.charCodeAt(index) === text.charCodeAt(index - unit)) index += 1;
    if (index === end) return unit;
  }
  return 0;
}

/**
 * How many characters of hex padding right before a cut at `end` go to the next piece: none unless
 * `text` repeats a unit of hex digits there ({@link paddingUnit}); else as many whole units as make
 * filler on their own (`fillerSpans`: {@link FILLER_REPEAT} of one character, three units and
 * {@link MIN_PERIODIC_FILLER} characters of a longer one).
 */
function hexPaddingKept(text: string, start: number, end: number): number {
  const unit = paddingUnit(text, start, end);
  if (unit === 0 || some(text, end - unit, end, isNotHexOrDash) || some(text, end - unit, end, (code) => code === 45)) return 0;
  return unit === 1 ? FILLER_REPEAT : unit * Math.max(3, Math.ceil(MIN_PERIODIC_FILLER / unit));
}

/**
 * The `=` padding (one or two) after a random run that ended at `end` (`…pTAuoX2U=`): base64's, so
 * the secret's own, when the text ends there or goes on with a character that is neither `=` nor a
 * run's. The scan holds a run that ends at `=` until two characters after it have come.
 */
function base64Padding(text: string, end: number): number {
  let padding = 0;
  while (padding < 2 && text.charCodeAt(end + padding) === 61) padding += 1;
  const after = end + padding;
  if (padding === 0 || (after < text.length && (text.charCodeAt(after) === 61 || ((classes[fold(text.charCodeAt(after))] ?? 0) & TOKEN) !== 0))) return 0;
  return padding;
}

function judgeEntropy(text: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  if (plan.entropyMinLength === 0 || end - start < plan.entropyMinLength) return;
  let last = end;
  while (last > start && isTrailingPunctuation(text.charCodeAt(last - 1))) last -= 1;
  if (last - start < plan.entropyMinLength || (text[start] === '/' && text[start + 1] === '/')) return;
  // Every finding below needs a piece of the run to reach the threshold, and a piece's entropy is
  // at most log2 of how many distinct characters it holds: a run with too few (a path, a word, a
  // number: most runs of a log) holds no finding, decided in one pass before the shapes and judges.
  if (!holdsDistinct(text, start, last, plan.entropyThreshold)) return;
  // A public shape (`rules/public-shapes.ts`: a lockfile's digest, a ULID, a bundler's hash …)
  // stays unless a finding took some of it (go.sum's `h1:`, which a stream may have released), and
  // what lies beside it is judged alone. An exact shape keeps what that finds; a short one makes
  // the run public only when it finds nothing. Otherwise the run is judged whole.
  const publicShape = publicShapeIn(text, start, last);
  if (publicShape !== undefined && findingsEnd(findings) <= publicShape.from) {
    if (publicShape.from <= start && publicShape.to >= last) return;
    const count = findings.length;
    if (publicShape.from > start) judgeEntropy(text, start, publicShape.from, plan, findings);
    else judgeEntropy(text, publicShape.to, end, plan, findings);
    if ((findings.length !== count) === publicShape.exact) return;
    findings.length = count;
  }
  // Leading `. - _ ~` glued before a key (`_A_wMZ…`, `__key`) add common symbols that can lower
  // the run's entropy under the threshold: the run is judged without them too, as the bare key is.
  let first = start;
  while (first < last && isTrailingPunctuation(text.charCodeAt(first))) first += 1;
  const randomFrom = isRandomRun(text, start, last, plan) ? start : first > start && last - first >= plan.entropyMinLength && !(text[first] === '/' && text[first + 1] === '/') && isRandomRun(text, first, last, plan) ? first : -1;
  if (randomFrom >= 0) {
    // A near miss of a catalogue format (one character short or outside its alphabet, a prefix one
    // letter off) is the catalogue's to judge, and it declined: not a key. Still judged here: a run
    // the text ends in (a stream cut inside a key) and a piece of a run too long to be judged whole.
    // A piece the run was cut into before `maxTokenLength` (a key's start or filler after it) is
    // such a piece too: the run goes on at `end` (`xai-` and 79 of a 645-character run).
    if (end < text.length && end - start < plan.maxTokenLength && ((classes[fold(text.charCodeAt(end))] ?? 0) & TOKEN) === 0 && isCatalogueNearMiss(text.slice(randomFrom, last))) {
      // A near miss holds one key: a run with a whole UUID as a piece of its own beside more (a
      // capital UUID starting `EAAA`, Square's prefix, joined to a key by `_`) is no near miss as a
      // whole: what lies beside the UUIDs is judged alone. (Digests stay: a near miss's short hex
      // tail, Grafana's `_3254542`, reads as one.)
      const shapes = exactShapeSpans(text, start, last);
      const uuids: number[] = [];
      for (let index = 0; index + 1 < shapes.length; index += 2) {
        const from = shapes[index] as number;
        const to = shapes[index + 1] as number;
        if (to - from === 36) uuids.push(from, to);
      }
      if (uuids.length !== 0) judgePieces(text, start, last, uuids, plan, findings);
      return;
    }
    findings.push({ type: HIGH_ENTROPY, start: randomFrom, end: last === end ? end + base64Padding(text, end) : last });
    return;
  }
  // A placeholder piece (`xxxxx`, `YOUR`, `AAAAAA`) never excuses the rest of its run (a key glued
  // after one): the pieces between fillers, trimmed of `. - _ ~`, are judged on their own. A run
  // the options allow, or a provider's published example, stays whole and alone.
  const whole = text.slice(start, last);
  if (plan.isAllowed(whole)) return;
  const fillers = fillerSpans(text, start, last);
  if (fillers.length === 0) return;
  // A run of words or a path of UUIDs, digests and words as a whole: the filler is not what
  // declined it. Its pieces are not judged, for a piece of a shape (a UUID's `00000000` group cut
  // off) is no longer that shape. Words count only without filler in them (filler glued to a key
  // can make it read as one); UUIDs and digests hold filler as they are. A repeat counts once in
  // the run's shape (`SecretSecretSecretHTTP.…`, `abab…ab` + a key). Any other run is judged in
  // pieces by the randomness judge: an identifier's pieces read as written as the whole does.
  const shape = collapseRepeats(text, start, last);
  if (isShapedPath(whole, true) && (shape === whole || isShapedPath(shape, true))) return;
  // The UUIDs and digests in the run are cut out with the filler: what lies beside them is judged alone.
  judgePieces(text, start, last, unionSpans(fillers, exactShapeSpans(text, start, last)), plan, findings);
}

/**
 * Whether `text[start..end)` holds enough distinct code units for its entropy to reach
 * `threshold` (bits per character): `d` with `log2(d) >= threshold`, as `shannonEntropy` asks. An
 * upper bound counts: code units from U+0080 on are each counted as new.
 */
function holdsDistinct(text: string, start: number, end: number, threshold: number): boolean {
  let needed = Math.max(1, Math.ceil(2 ** threshold));
  while (needed > 1 && Math.log2(needed - 1) >= threshold) needed -= 1;
  // The ASCII codes seen, 32 to a word.
  let low = 0;
  let digits = 0;
  let upper = 0;
  let lower = 0;
  let count = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 128) {
      const bit = 1 << (code & 31);
      const word = code >> 5;
      if (word === 0) {
        if ((low & bit) !== 0) continue;
        low |= bit;
      } else if (word === 1) {
        if ((digits & bit) !== 0) continue;
        digits |= bit;
      } else if (word === 2) {
        if ((upper & bit) !== 0) continue;
        upper |= bit;
      } else {
        if ((lower & bit) !== 0) continue;
        lower |= bit;
      }
    }
    count += 1;
    if (count >= needed) return true;
  }
  return false;
}

/** Judges the pieces of `text.slice(start, last)` between `cuts` (ordered start and end pairs), each trimmed of `. - _ ~` and of a catalogue prefix. */
function judgePieces(text: string, start: number, last: number, cuts: readonly number[], plan: RedactionPlan, findings: Finding[]): void {
  let from = start;
  for (let index = 0; index <= cuts.length; index += 2) {
    let to = cuts[index] ?? last;
    while (from < to && isTrailingPunctuation(text.charCodeAt(from))) from += 1;
    while (to > from && isTrailingPunctuation(text.charCodeAt(to - 1))) to -= 1;
    // A catalogue prefix the piece begins with is public: what follows it is judged. Read past the
    // cut: a filler run may begin inside the prefix (PyPI's `…9yZw` then `wwww…`).
    const body = from + cataloguePrefixLength(text, from, last);
    if (to - body >= plan.entropyMinLength && !(text[from] === '/' && text[from + 1] === '/') && isRandomRun(text, body, to, plan)) findings.push({ type: HIGH_ENTROPY, start: from, end: to });
    from = cuts[index + 1] ?? last;
  }
}

/** Whether a finding ending at `end` reaches a run's cut at `cut`: only `. - _ ~` lie between them. */
export function endsAtCut(text: string, end: number, cut: number): boolean {
  let at = cut;
  while (at > end && isTrailingPunctuation(text.charCodeAt(at - 1))) at -= 1;
  return at === end;
}

/** `. - _ ~ / + %`: what joins a finding to the run after it. */
const isGlue = (code: number): boolean => isTrailingPunctuation(code) || code === 47 || code === 43 || code === 37;

/** The fewest characters of a cut run's rest that {@link judgeCutRest} judges with the finding's end as context. */
const CUT_REST_MINIMUM = 6;

/**
 * Whether a finding ending just before `end` cut the token run that goes on to `runEnd` in its
 * middle (read within the run, so decided the same however the text came): the character at `end`
 * is a letter or digit, or a `+ ~ %` (after `/ . - _`, which a key's match may leave out at its
 * end) that joins base64 and URL-encoded text but no path or word. `/ . - _` and then a letter
 * begin a path or a name after the key, which are not the key's.
 */
function cutsRun(text: string, end: number, runEnd: number): boolean {
  if (end >= runEnd) return false;
  const code = text.charCodeAt(end);
  if ((classes[code < 128 ? (asciiFold[code] ?? 0) : fold(code)] ?? 0) & ALPHANUMERIC) return true;
  // Read within the run only (decided once it has ended, whatever the chunking).
  let at = end;
  for (let code = text.charCodeAt(at); at < runEnd && (code === 46 || code === 45 || code === 95 || code === 47); code = text.charCodeAt(at)) at += 1;
  const next = at < runEnd ? text.charCodeAt(at) : -1;
  return next === 43 || next === 126 || next === 37;
}

/**
 * The last characters of a finding that cut a run, its separators left out (a match may run across
 * several runs, across a `:` into the first letters of a key that stops at its `+`), at most twice the entropy rule's minimum
 * length (over fewer, a random key's characters fall near the threshold): the context its rest is
 * judged with, kept as a copy so a stream may release the finding.
 */
export function cutContext(text: string, start: number, end: number, plan: RedactionPlan): string {
  let context = '';
  for (let index = end - 1; index >= start && context.length < 2 * plan.entropyMinLength; index -= 1) {
    const code = text.charCodeAt(index);
    if (((classes[code < 128 ? (asciiFold[code] ?? 0) : fold(code)] ?? 0) & ALPHANUMERIC) !== 0) context = text[index] + context;
  }
  return context;
}

/**
 * Whether `text.slice(start, last)` may be the rest of a random key: it holds a capital letter or a
 * digit outside a `%XX` escape. Lower-case letters and punctuation alone (`~backup`, `%20and`, `+x`)
 * are a word written after the key.
 */
function mayBeKeyRest(text: string, start: number, last: number): boolean {
  for (let index = start; index < last; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 37 && index + 2 < last && isHex(text.slice(index + 1, index + 3))) index += 2;
    else if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90)) return true;
  }
  return false;
}

/**
 * Judges the rest of a run a finding ended inside (`context` is the finding's last characters): on
 * its own first, with every rule a run gets; then, when nothing in it was found, as the rest of the
 * secret it may be (a key the finding's match ran into): the rest with the context before it, judged
 * by the entropy rule, and the rest redacted when that reads as random. A rest too short for the
 * entropy rule alone is never passed as decided by the finding.
 */
function judgeCutRest(text: string, context: string, start: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  // The glue the finding left (`/`, `+`, `~`) is not the rest's: judged without it, as alone.
  let first = start;
  while (first < end && isGlue(text.charCodeAt(first))) first += 1;
  const count = findings.length;
  judgeRun(text, first, end, plan, findings);
  if (findings.length === count) {
    judgeRestInContext(text, context, start, first, end, plan, findings);
    return;
  }
  // A key found further in the rest (`…` + 18 characters + `pat…` read as Airtable's): what lies
  // before it is still the cut secret's rest, judged with the context, and kept in order.
  const lead = findings[count] as Finding;
  if (lead.start <= first) return;
  const before: Finding[] = [];
  judgeRestInContext(text, context, start, first, lead.start, plan, before);
  if (before.length !== 0) findings.splice(count, 0, ...before);
}

/**
 * The second judgement of {@link judgeCutRest}, for a rest `text[start..end)` (its glue ending at
 * `first`) in which nothing was found alone: judged with `context` before it, redacted from
 * `start` when that reads as random.
 */
function judgeRestInContext(text: string, context: string, start: number, first: number, end: number, plan: RedactionPlan, findings: Finding[]): void {
  if (context.length === 0 || plan.entropyMinLength === 0 || !cutsRun(text, start, end)) return;
  let last = end;
  while (last > first && isTrailingPunctuation(text.charCodeAt(last - 1))) last -= 1;
  if (last - first < CUT_REST_MINIMUM || !mayBeKeyRest(text, first, last)) return;
  const joined = context + text.slice(first, last);
  if (joined.length < plan.entropyMinLength) return;
  const shape = publicShapeIn(joined, 0, joined.length);
  if (shape !== undefined && shape.from === 0 && shape.to === joined.length) return;
  if (isRandomRun(joined, 0, joined.length, plan)) findings.push({ type: HIGH_ENTROPY, start, end: last });
}

/** Whether the entropy rule redacts `text.slice(start, last)` as a whole (long enough, not starting with `//`: checked by the caller). */
function isRandomRun(text: string, start: number, last: number, plan: RedactionPlan): boolean {
  // The commonest long runs of a log (request ids, commit hashes) are left alone whatever their
  // entropy: ruled out first, by shape, before the entropy's two passes. The filters are pure and
  // any one of them leaves the run alone, so their order changes nothing but the cost.
  const length = last - start;
  let run = length === 36 || length === 40 ? text.slice(start, last) : undefined;
  if (run !== undefined && (isUuidV4(run) || (length === 40 && isHex(run)))) return false;
  // The entropy of the run, or of one of its `/`-pieces long enough to judge: a key glued to a
  // path of zeros (`<key>/000060000600080`) has a run's entropy below the bar and its own above it.
  if (shannonEntropy(text, start, last, plan.entropyThreshold) < plan.entropyThreshold && !hasHighEntropyPiece(text, start, last, plan)) return false;
  run ??= text.slice(start, last);
  // A path of public shapes (UUIDs, digests) and words is left whole (`task/<uuid>`,
  // `my-gcp-project/zones`), and so is a placeholder (a provider's published example, `YOUR_…`,
  // `xxxxx…`: its pieces are judged apart, see `judgeEntropy`).
  if (isShapedPath(run) || isPlaceholder(run)) return false;
  // Then the randomness judge decides: a run it reads as written (an identifier, a word list) or
  // as written by a rule (an alphabet, a repeat) is no secret, unless one of its path pieces alone
  // reads as random (a key as a file name: `dist/assets/<key>`).
  if (!judgesRandom(text, start, last, plan.entropyMinLength) || isPatterned(text, start, last)) return false;
  // Base64 is judged by what it encodes: written text (a tokenizer's rank table, an encoded
  // sentence in a test) or structured data (WebAssembly in a bundle) is no secret.
  if (encodesNoSecret(text, start, last, plan.holdsSecret)) return false;
  return !plan.isAllowed(run);
}

/** Whether a `/`-piece of `text[start, last)` (the run holding `/`) of the entropy rule's length has its entropy. */
function hasHighEntropyPiece(text: string, start: number, last: number, plan: RedactionPlan): boolean {
  for (let from = start; from < last; ) {
    let to = text.indexOf('/', from);
    if (to < 0 || to > last) to = last;
    if (to - from >= plan.entropyMinLength && (from > start || to < last) && shannonEntropy(text, from, to, plan.entropyThreshold) >= plan.entropyThreshold) return true;
    from = to + 1;
  }
  return false;
}

const withoutEntropy = new WeakMap<RedactionPlan, RedactionPlan>();

/** `plan` with its entropy rule off: how a payload's pieces are judged. */
function payloadPlan(plan: RedactionPlan): RedactionPlan {
  let twin = withoutEntropy.get(plan);
  if (twin === undefined) {
    twin = { ...plan, entropyMinLength: 0, runVerdicts: createRunVerdicts() };
    withoutEntropy.set(plan, twin);
  }
  return twin;
}

/** Where the last of `findings` ends, or 0. */
export const findingsEnd = (findings: readonly Finding[]): number => (findings.length === 0 ? 0 : (findings[findings.length - 1] as Finding).end);

/**
 * The public shapes' labels (`publicShapeLabels`: ASCII, one character or more) by their last
 * character, so a run asks only the labels that could end right before it.
 */
const labelsByEnd: ReadonlyArray<readonly string[] | undefined> = (() => {
  const table: Array<string[] | undefined> = Array.from({ length: 128 }, () => undefined);
  for (const label of publicShapeLabels) (table[label.charCodeAt(label.length - 1)] ??= []).push(label);
  return table;
})();

/** Whether one of the public shapes' labels (`publicShapeLabels`) ends right before `start`. */
const followsLabel = (text: string, start: number): boolean => {
  if (start < 1) return false;
  const last = text.charCodeAt(start - 1);
  const labels = last < 128 ? labelsByEnd[last] : undefined;
  return labels !== undefined && labels.some((label) => start >= label.length && text.startsWith(label, start - label.length));
};

/** How a run's pieces are judged: as they are, as an embedded file (no entropy rule), or as an embedded text file (by the text they decode to). */
export type Embedded = 0 | 1 | 2;
export const NOT_EMBEDDED: Embedded = 0;
const EMBEDDED_FILE: Embedded = 1;
const EMBEDDED_TEXT: Embedded = 2;

/**
 * The fewest characters of a run's first piece that make it a text file in base64: 384 bytes of
 * text, a document's worth (a key's or a password's bytes are printable about never, and a short
 * value, `user:password`, is judged as any run is).
 */
const MIN_TEXT_FILE = 512;

/**
 * Judges the run (or piece of one) from `runStart` to `end` in `scan`: as the rest of a cut
 * run when a finding ended where it begins (`cutRest`). A run that begins with a file's magic
 * number in base64 is that file, embedded: its first piece (`fresh`, the run not cut yet) decides
 * for all of them; so does any piece that encodes structured data, for the pieces after it.
 * A run whose first piece is base64 of a text file ({@link MIN_TEXT_FILE} characters or more: a
 * document, a JSON file) has each piece judged by the text it decodes to: a piece whose text holds
 * no secret (`isTextWithoutSecret`: the input's rules find none, and its edges are no key's cut
 * pieces) gets no entropy rule, however random the text's own strings read (hex digests, base64
 * in a JSON file).
 * Returns how the run's next pieces are judged.
 */
export function judgeRunPiece(text: string, runStart: number, end: number, cutRest: number, fresh: boolean, payload: Embedded, cutContext: string, plan: RedactionPlan, findings: Finding[]): Embedded {
  const embedded = payload === EMBEDDED_FILE || (fresh && isPayloadStart(text, runStart));
  const decoded = embedded || plan.entropyMinLength === 0 ? undefined : payload === EMBEDDED_TEXT ? encodedText(text, runStart, end) : fresh && end - runStart >= MIN_TEXT_FILE ? decodedText(text, runStart, end) : undefined;
  const textFile = decoded !== undefined && isTextWithoutSecret(decoded, plan.holdsSecret);
  const judgedBy = embedded || textFile ? payloadPlan(plan) : plan;
  if (runStart === cutRest) judgeCutRest(text, cutContext, runStart, end, judgedBy, findings);
  // A run right after a public shape's label (`<`, `h1:`, `SHA256:`) is judged by that label too,
  // which the memo's key (the run and the character after it) leaves out: judged each time, so a
  // key public only after the label is judged when it comes again without it.
  else if (followsLabel(text, runStart)) judgeRun(text, runStart, end, judgedBy, findings);
  else judgeWholeRun(text, runStart, end, judgedBy, findings);
  if (embedded) return EMBEDDED_FILE;
  if (decoded !== undefined) return EMBEDDED_TEXT;
  // A piece that encodes structured data (WebAssembly, a table) makes the run an embedded file too:
  // its later pieces, a short last one included, get no entropy rule either. Only a piece whose
  // characters read as random (one the entropy rule would judge): filler (`qqqq…`, `AAAA…`) decodes to
  // bytes far from uniform as well, and a key glued after it goes to the next piece.
  return shannonEntropy(text, runStart, end, plan.entropyThreshold) >= plan.entropyThreshold && encodesStructuredData(text, runStart, end, plan.holdsSecret) ? EMBEDDED_FILE : NOT_EMBEDDED;
}

/**
 * Where a run at `position`, `plan.maxTokenLength` characters from its start, is cut: before a key
 * that would straddle the cut (see `runCut`), never in its middle, and after the last filler
 * (`xxxxx`, `AAAAAA`, `YOUR`) of the run's last half when that is earlier, so a random string
 * glued to padding goes whole to the next piece too (issue 16, adversarial review).
 */
export function runCutAt(text: string, runStart: number, position: number, plan: RedactionPlan): number {
  let cut = plan.midWord === undefined || plan.midWordStarts === undefined ? position : runCut(plan.midWord, plan.midWordStarts, text, runStart, position, plan.maxTokenLength >> 1);
  if (plan.entropyMinLength === 0) return cut;
  const fillers = fillerSpans(text, Math.max(runStart + 1, position - (plan.maxTokenLength >> 1)), position);
  const fillerEnd = fillers[fillers.length - 1] ?? position;
  if (fillerEnd < cut) cut = fillerEnd;
  // Padding of hex digits: enough of it goes to the next piece too to be filler there
  // (`…0000900f` | `0000900f0000900f0000900f000090fc-…`), so that what the next piece holds
  // before a key reads as padding, not as a digest holding the key (a part of a unit alone,
  // `000090fc-…`, would: FC_SEED=1387911781), and a random secret after it is judged alone.
  return fillers.length === 0 ? cut : Math.max(runStart + 1, cut - hexPaddingKept(text, runStart, cut));
}
