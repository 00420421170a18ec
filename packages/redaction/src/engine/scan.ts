import { HIGH_ENTROPY } from '../rules/built-in-rules';
import { isPatterned } from '../judge/patterned-text';
import { isRandomText, judgesRandom } from '../judge/randomness-judge';
import { ALPHANUMERIC, asciiFold, classes, fold, foldAt, TOKEN } from '../text/fold';
import { type Matcher, type MatchOutcome, MORE, type ScanInput } from './matcher';
import { scanWork } from '../text/scan-work';
import { createRunVerdicts, MAX_REMEMBERED_RUN } from './run-verdicts';
import { cataloguePrefixLength, collapseRepeats, exactShapeSpans, FILLER_REPEAT, fillerSpans, isHex, isPieceBreak, isShapedPath, isUuidV4, MIN_PERIODIC_FILLER, shannonEntropy, unionSpans } from '../judge/plausibility';
import { isPlaceholder } from '../judge/placeholder';
import { midWordKeys, runCut } from '../judge/mid-word-keys';
import { isCatalogueNearMiss } from '../judge/near-miss';
import { isPayloadStart } from '../rules/payload-magic';
import { isPublicId } from '../rules/public-ids';
import { publicExampleKeys } from '../rules/public-example-keys';
import { gluedIntegrityDigestStart, isGoModuleHash, isPublicDigest, isUlidAt, ULID_LENGTH, ulidPieceSpans } from '../judge/public-digests';
import { assetHashStart } from '../judge/asset-hash';
import { podSuffixStart } from '../judge/pod-name-suffix';
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
  plan.runVerdicts.set(run, verdict);
}

/** Whether `text[start..end)` holds hexadecimal digits and `-` only. */
function isHexAndDashes(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index) | 0x20;
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102) || code === 45)) return false;
  }
  return true;
}

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
  if (!isHexAndBreaks(text, at, key.end)) return false;
  let from = at;
  while (from > start && !isPieceBreak(text.charCodeAt(from - 1))) from -= 1;
  let to = at;
  while (to < end && !isPieceBreak(text.charCodeAt(to))) to += 1;
  if (to - from < 7 || from >= at || !isHexAndDashes(text, from, to) || !holdsDigit(text, from, at)) return false;
  if (repeatsUnit(text, from, at) && !insideUuid(text, start, at, end)) return false;
  const body = at + cataloguePrefixLength(text, at, key.end);
  return holdsDigit(text, body, key.end) && holdsHexLetter(text, body, key.end);
}

/** Whether `text[start..end)` holds hexadecimal digits and the piece separators `-`, `_` and `.` only. */
function isHexAndBreaks(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 95 && code !== 46 && !isHexAndDashes(text, index, index + 1)) return false;
  }
  return true;
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
  if (unit === 0 || !isHexAndDashes(text, end - unit, end) || holdsDash(text, end - unit, end)) return 0;
  return unit === 1 ? FILLER_REPEAT : unit * Math.max(3, Math.ceil(MIN_PERIODIC_FILLER / unit));
}

/** Whether `text[start..end)` holds a `-`. */
function holdsDash(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if (text.charCodeAt(index) === 45) return true;
  return false;
}

/** Whether `text[start..end)` holds a decimal digit. */
function holdsDigit(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if (text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57) return true;
  return false;
}

/** Whether `text[start..end)` holds a hex letter, either case. */
function holdsHexLetter(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if ((text.charCodeAt(index) | 0x20) >= 97 && (text.charCodeAt(index) | 0x20) <= 102) return true;
  return false;
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
  // A lockfile's integrity digest or a ULID, by exact shape (`public-digests.ts`): public, left whole.
  if (isPublicDigest(text, start, last)) return;
  // A go.sum hash after its `h1:`, unless a finding took any of `h1:` (a stream may have released it).
  if (isGoModuleHash(text, start, last) && findingsEnd(findings) <= start - 3) return;
  // A key glued before a lockfile's integrity digest: the digest stays and the piece before it is
  // judged alone; when that finds nothing, the run is judged whole as before.
  const digest = gluedIntegrityDigestStart(text, start, last);
  if (digest >= 0) {
    const count = findings.length;
    judgeEntropy(text, start, digest, plan, findings);
    if (findings.length !== count) return;
  }
  // A key glued after a ULID (`01…<26>` then the key): the ULID stays and the piece after it is
  // judged alone; when that finds nothing, the run is judged whole as before.
  if (last - start >= ULID_LENGTH + plan.entropyMinLength && isUlidAt(text, start)) {
    const count = findings.length;
    judgeEntropy(text, start + ULID_LENGTH, end, plan, findings);
    if (findings.length !== count) return;
  }
  // A bundled asset's name (`index-B_TqY17P.css`, `asset-hash.ts`) or a Deployment's pod
  // (`web-7d9f8b6c5d-x2k9p`, `pod-name-suffix.ts`): the generated suffix is public and too short for a key, so the name before it is judged alone; when that finds something, the
  // run is judged whole as before.
  const asset = Math.max(assetHashStart(text, start, last), podSuffixStart(text, start, last));
  if (asset >= 0) {
    const count = findings.length;
    judgeEntropy(text, start, asset, plan, findings);
    if (findings.length === count) return;
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
      // So does a ULID standing as a piece of its own (`<key>-sha512-<ULID>`): a key glued before it is judged apart.
      const ulids = ulidPieceSpans(text, start, last);
      const cuts = ulids.length === 0 ? uuids : unionSpans(uuids, ulids);
      if (cuts.length !== 0) judgePieces(text, start, last, cuts, plan, findings);
      return;
    }
    findings.push({ type: HIGH_ENTROPY, start: randomFrom, end: last === end ? end + base64Padding(text, end) : last });
    return;
  }
  // A placeholder piece (`xxxxx`, `YOUR`, `AAAAAA`) never excuses the rest of its run (a key glued
  // after one): the pieces between fillers, trimmed of `. - _ ~`, are judged on their own. A run
  // the options allow, or a provider's published example, stays whole and alone.
  const whole = text.slice(start, last);
  if (publicExampleKeys.has(whole) || plan.isAllowed(whole)) return;
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
function endsAtCut(text: string, end: number, cut: number): boolean {
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
function cutContext(text: string, start: number, end: number, plan: RedactionPlan): string {
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
  if (joined.length < plan.entropyMinLength || isPublicDigest(joined, 0, joined.length)) return;
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
  if (shannonEntropy(text, start, last, plan.entropyThreshold) < plan.entropyThreshold) return false;
  run ??= text.slice(start, last);
  // A path of public shapes (UUIDs, digests) and words is left whole (`task/<uuid>`,
  // `my-gcp-project/zones`), and so is a placeholder (a provider's published example, `YOUR_…`,
  // `xxxxx…`: its pieces are judged apart, see `judgeEntropy`).
  if (isShapedPath(run) || isPlaceholder(run)) return false;
  // Then the randomness judge decides: a run it reads as written (an identifier, a word list) or
  // as written by a rule (an alphabet, a repeat) is no secret, unless one of its path pieces alone
  // reads as random (a key as a file name: `dist/assets/<key>`).
  if (isPublicId(text, start, last) || !judgesRandom(text, start, last, plan.entropyMinLength) || isPatterned(text, start, last)) return false;
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
 * A value a rule found after its name or keyword (`token=…`, `Bearer …`, a URL's password) may
 * begin a key that the rules asked at the value's start read further: a key spaced out over blank
 * lines, where the value's rule stops at the first (FC_SEED=1371788179: `token=SK…7\n\n6\n\n3…`
 * left the rest of a Twilio key in clear). The finding then reaches the key's end, as that key's
 * type; a rule that waits there makes the scan wait too (its answer depends on the text alone,
 * so this is decided the same however the text came).
 */
function widenToKey(value: Extract<MatchOutcome, { kind: 'match' }>, input: ScanInput, plan: RedactionPlan): MatchOutcome {
  const { text } = input;
  const at = value.start;
  const code = text.charCodeAt(at);
  const folded = code < 128 ? (asciiFold[code] ?? 0) : code >= 0xd800 && code <= 0xdbff ? foldAt(text, at) : fold(code);
  const trigger = plan.triggers[folded] ?? 0;
  const before = fold(text.charCodeAt(at - 1));
  const wordStart = (trigger & WORD_START_TRIGGER) !== 0 && ((classes[before] ?? 0) & ALPHANUMERIC) === 0;
  const key =
    (wordStart ? tryMatchers(plan.atWordStart[folded], input, at, plan) : undefined) ??
    ((trigger & ANYWHERE_TRIGGER) !== 0 ? tryMatchers(plan.anywhere[folded], input, at, plan) : undefined);
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
  /** Where the rest of a run a finding ended inside begins (see `judgeCutRest`), or -1. */
  cutRest: number;
  /** The finding's last characters, the context `cutRest`'s run is judged with. */
  cutContext: string;
  /** Whether the run in progress is an embedded file in base64 (see `payload-magic.ts`): its pieces get no entropy rule. */
  payload: boolean;
  /** Whether the run in progress has not been cut at `maxTokenLength` yet: its piece begins where the run does. */
  fresh: boolean;
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
const findingsEnd = (findings: readonly Finding[]): number => (findings.length === 0 ? 0 : (findings[findings.length - 1] as Finding).end);

/**
 * Where the text is held from instead of `at`: a go.sum hash's `h1:` (`isGoModuleHash`) right
 * before `at` stays with the run that starts there, or that may start after the text's end, so
 * the hash is judged in the same frame however the text was cut. Never inside a finding (`floor`
 * is where the last one ends); at most three characters more.
 */
function goHashPrefixStart(text: string, at: number, floor: number): number {
  const from = at - 3;
  if (from < floor || text.charCodeAt(from) !== 104 || text.charCodeAt(from + 1) !== 49 || text.charCodeAt(from + 2) !== 58) return at;
  return from;
}

/** A cursor for the start of a text, after `before` (what a stream already released). */
export const startCursor = (before: number): ScanCursor => ({ position: 0, runStart: -1, before, open: undefined, waiting: false, cutRest: -1, cutContext: '', payload: false, fresh: false });

/**
 * Judges the run (or piece of one) from `runStart` to `end` in {@link scan}: as the rest of a cut
 * run when a finding ended where it begins (`cutRest`). A run that begins with a file's magic
 * number in base64 is that file, embedded: its first piece (`fresh`, the run not cut yet) decides
 * for all of them. Returns whether the run is such a payload.
 */
function judgeRunPiece(text: string, runStart: number, end: number, cutRest: number, fresh: boolean, payload: boolean, cutContext: string, plan: RedactionPlan, findings: Finding[]): boolean {
  const embedded = payload || (fresh && isPayloadStart(text, runStart));
  const judgedBy = embedded ? payloadPlan(plan) : plan;
  if (runStart === cutRest) judgeCutRest(text, cutContext, runStart, end, judgedBy, findings);
  else judgeWholeRun(text, runStart, end, judgedBy, findings);
  return embedded;
}

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
    // The rest of a run a finding ended inside is walked without the prefilter, which passes over
    // runs too short for the entropy rule: that rest is judged whatever its length (`judgeCutRest`).
    // Once the rest is as long as the prefilter's shortest judged run, it stops at its end anyway.
    const filtered = prefilter !== undefined && (cutRest < 0 || (runStart === cutRest && position - runStart >= prefilter.runLength));
    if (filtered && position !== stopAt) {
      // From here to `next`, no rule can start and no token run needs judging or splitting: skip
      // it as the walk would pass it, the run in progress carried along.
      const next = prefilter!.find(text, position, runStart, plan.maxTokenLength, found);
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
    if ((wordStart || (trigger & ANYWHERE_TRIGGER) !== 0) && (!filtered || position === stopAt)) {
      if (filtered && !final && isUndecidedTail(text, position, runStart, plan.maxTokenLength)) {
        // Whatever the rules answer here, the text is held from the same place: they wait (no key
        // is two characters long), or they find nothing and the run goes on to the text's end. So
        // they are asked once more text has come (most often a write's last letter).
        holdFrom = goHashPrefixStart(text, runStart >= 0 ? runStart : position, findingsEnd(findings));
        cursor.waiting = true;
        break;
      }
      input ??= { text, final };
      outcome =
        (wordStart ? tryMatchers(plan.atWordStart[folded], input, position, plan) : undefined) ??
        ((trigger & ANYWHERE_TRIGGER) !== 0 ? tryMatchers(plan.anywhere[folded], input, position, plan) : undefined);
      if (outcome !== undefined && outcome.kind === 'match' && outcome.start > position) outcome = widenToKey(outcome, input, plan);
    }
    if (outcome !== undefined && outcome.kind !== 'none') {
      if (outcome.kind === 'more') {
        holdFrom = goHashPrefixStart(text, runStart >= 0 ? runStart : position, findingsEnd(findings));
        cursor.waiting = true;
        break;
      }
      if (runStart >= 0) {
        judgeRunPiece(text, runStart, position, cutRest, fresh, payload, cursor.cutContext, plan, findings);
        cutRest = -1;
      }
      runStart = -1;
      payload = false;
      if (outcome.kind === 'open') {
        cursor.open = outcome;
        cursor.cutRest = -1;
        return outcome.start;
      }
      findings.push({ type: outcome.type, start: outcome.start, end: outcome.end });
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
    if ((kind & TOKEN) !== 0) {
      if (runStart < 0) {
        runStart = position;
        fresh = true;
      }
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
          // Padding of hex digits: enough of it goes to the next piece too to be filler there
          // (`…0000900f` | `0000900f0000900f0000900f000090fc-…`), so that what the next piece holds
          // before a key reads as padding, not as a digest holding the key (a part of a unit alone,
          // `000090fc-…`, would: FC_SEED=1387911781), and a random secret after it is judged alone.
          if (fillers.length !== 0) cut = Math.max(runStart + 1, cut - hexPaddingKept(text, runStart, cut));
        }
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
      if (!final && code === 61 && position + 2 >= length && plan.entropyMinLength > 0 && position - runStart >= plan.entropyMinLength) {
        holdFrom = goHashPrefixStart(text, runStart, findingsEnd(findings));
        break;
      }
      judgeRunPiece(text, runStart, position, cutRest, fresh, payload, cursor.cutContext, plan, findings);
      cutRest = -1;
      runStart = -1;
      payload = false;
    } else if (cutRest === position) cutRest = -1;
    before = folded;
    position += 1;
  }
  if (holdFrom < 0) {
    if (runStart >= 0 && final) {
      judgeRunPiece(text, runStart, text.length, cutRest, fresh, payload, cursor.cutContext, plan, findings);
      cutRest = -1;
      runStart = -1;
      payload = false;
    }
    holdFrom = goHashPrefixStart(text, runStart >= 0 ? runStart : text.length, findingsEnd(findings));
  }
  cursor.position = position;
  cursor.runStart = runStart;
  cursor.before = before;
  cursor.cutRest = cutRest;
  cursor.payload = runStart >= 0 && payload;
  cursor.fresh = runStart >= 0 && fresh;
  return holdFrom;
}
