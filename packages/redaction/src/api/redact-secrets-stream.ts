import { defineMiddleware, type TextMiddleware } from '@parley/core';
import { checkRedactionOptions } from './check-options';
import { asciiFold, fold, OTHER } from '../text/fold';
import { needsLines, redactLines } from './line-redactor';
import { findPrivateKeyEnd, MAX_END_MARKER } from '../detectors/pem-block-matcher';
import type { RedactionEvent, RedactionEvents } from './redaction-event';
import { createRedactionPlan } from './create-redaction-plan';
import type { RedactionOptions } from './redaction-options';
import type { FoundStop } from '../engine/prefilter';
import { render } from './render';
import { type Finding, isUndecidedTail, labelStart, type ScanCursor, scan, startCursor } from '../engine/scan';
import { NOT_EMBEDDED } from '../engine/runs';
import { scanWork } from '../text/scan-work';

/**
 * Held characters from which a write no longer rescans at once: the next scan waits until the
 * text held has grown by half ({@link RESCAN_GROWTH}). Below it every write is scanned.
 */
const RESCAN_HELD = 32;
/**
 * The held text grows by 1/2^RESCAN_GROWTH of itself before a long hold is scanned again: the
 * rescans of a hold that grows to n cost about (2^RESCAN_GROWTH + 1) scans of n (a rule that waits
 * reads its candidate again from its start), against a release that comes that much later.
 */
const RESCAN_GROWTH = 1;

/**
 * Characters a session gathers from small writes before it scans them: a write that leaves fewer
 * than this many characters unscanned, and holds no line break, is kept and answered with nothing;
 * the next write that brings the gathered text to this length, or a line break, or `end` scans it
 * all at once. A scan costs a fixed few hundred nanoseconds however short the write (the cursor
 * resumed, the prefilter asked, what is released sliced off), which in writes of a model's tokens
 * (3 or 4 characters) cost more than the scan itself; gathered, it is paid once per
 * {@link SCAN_BATCH} characters or line. The output is the same (skipping a scan is the same as
 * receiving the writes joined: chunk invariance), but text is released later: at most this many
 * characters of a line (about 8 tokens of a model's reply) wait for the next write, a line is
 * released when its line break is written, and nothing waits past `end`.
 */
const SCAN_BATCH = 32;

/**
 * Whether `chunk` holds a line break: a model's token is a few characters, which a loop reads for
 * less than the call to `indexOf` costs.
 */
function hasLineBreak(chunk: string): boolean {
  if (chunk.length > 16) return chunk.includes('\n');
  for (let index = 0; index < chunk.length; index += 1) if (chunk.charCodeAt(index) === 10) return true;
  return false;
}

/** How many of the last characters held a session keeps apart too (see `heldTail`). */
const TAIL = 4;

/** Options of {@link redactSecretsStream}. */
export interface RedactSecretsStreamOptions extends RedactionOptions {
  /** Called for every secret found, like a `redaction` listener (the envelope's quarantine uses it). */
  readonly onSecret?: (event: RedactionEvent) => void;
}

/**
 * A middleware that redacts secrets as text streams, leak-free: it never releases a character
 * that could still belong to a secret, and its output is the same however the text is chunked.
 *
 * It holds back only an undecided tail: the token-like run in progress (at most
 * `maxTokenLength`, 1024 by default) or a rule's candidate (at most its longest form). Inside a
 * private key block the placeholder is released once its body's first characters are a key's
 * (not a placeholder's, `XXXX`) and the block is dropped as it streams.
 *
 * @example
 * ```ts
 * import { transformText } from '@parley/core';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * // A model's reply, streamed in pieces that cut the keys.
 * async function* llmStream(): AsyncGenerator<string> {
 *   yield* ['Use ghp_hRpx1w3Z1h3F', 'OPyYIbdWOfXPIYlOpSiU74gX to push; ', 'the key is AKIA Q3EG RXN7 T5W2 HJ4K.'];
 * }
 * const redactor = redactSecretsStream();
 * const found: string[] = [];
 * redactor.on('redaction', ({ type, start, end }) => found.push(`${type} at ${start}..${end}`));
 * let shown = '';
 * for await (const text of transformText(llmStream(), redactor)) shown += text;
 * console.log(shown); // Use <REDACTED:GITHUB_TOKEN> to push; the key is <REDACTED:AWS_ACCESS_KEY_ID>.
 * console.log(found.join(', ')); // GITHUB_TOKEN at 4..44, AWS_ACCESS_KEY_ID at 65..89
 * ```
 */
export function redactSecretsStream(options: RedactSecretsStreamOptions = {}): TextMiddleware<RedactionEvents> {
  // Every option is checked here, when the redactor is made: a bad one never fails mid-stream.
  const checked = checkRedactionOptions(options) as RedactSecretsStreamOptions;
  // Regex rules and the allow marker: a line layer in front of this scan (line-redactor.ts).
  if (needsLines(checked)) return redactLines(checked, redactSecretsStream);
  const plan = createRedactionPlan(checked);
  const { prefilter } = plan;
  return defineMiddleware<RedactionEvents>({
    name: 'redact-secrets',
    createSession: (context, emit) => {
      let pending = '';
      let base = 0;
      let cursor: ScanCursor = startCursor(OTHER);
      const findings: Finding[] = [];
      let openKey: { readonly type: string; readonly start: number } | undefined;
      /** Where the prefilter stopped in a write's own text (see `passesOver`). */
      const passed: FoundStop = { runStart: -1, stop: false };
      /**
       * The length `pending` must reach before the next write is scanned. A scan reads what it
       * holds again (a rule that waited is asked again from its start, and joining a write to
       * the held text copies it), so scanning a long hold after every small write would cost its
       * length per write: quadratic in a hostile stream written a character at a time (a JWT
       * header and `.` repeated). Waiting until the hold has grown by a fixed share makes the
       * rescans a geometric series: linear work for any write size. Skipping a scan is the same
       * as receiving the writes joined, so the output is unchanged (chunk invariance); only the
       * release of a long undecided tail comes a few writes later.
       */
      let scanAt = 0;

      const report = (type: string, start: number, end: number): void => {
        emit('redaction', { type, start, end });
        checked.onSecret?.({ type, start, end, stream: context.streamId });
      };
      /** Releases the first `count` characters of `pending`; the cursor follows the text. */
      const advance = (count: number): void => {
        if (count === 0) return;
        pending = count === pending.length ? '' : pending.slice(count);
        if (pending.length <= TAIL) heldTail = pending;
        base += count;
        cursor.position -= count;
        if (cursor.runStart >= 0) cursor.runStart -= count;
        if (cursor.cutRest >= 0) cursor.cutRest -= count;
      };

      const drain = (final: boolean): string => {
        let output = '';
        for (;;) {
          if (openKey !== undefined) {
            const end = findPrivateKeyEnd(pending, 0);
            if (end < 0 && !final) {
              advance(Math.max(0, pending.length - MAX_END_MARKER));
              return output;
            }
            const close = end < 0 ? pending.length : end;
            report(openKey.type, openKey.start, base + close);
            openKey = undefined;
            cursor = startCursor(close > 0 ? fold(pending.charCodeAt(close - 1)) : OTHER);
            cursor.position = close;
            advance(close);
            continue;
          }
          // Setting an array's length is a call into the engine: only when there is something to clear.
          if (findings.length !== 0) findings.length = 0;
          // Joining the write to the held text copies both (V8 flattens the rope on the first read).
          scanWork.characters += pending.length;
          const cut = scan(pending, cursor, final, plan, findings);
          const released = render(pending, findings, cut, plan);
          for (let index = 0; index < findings.length; index += 1) {
            const finding = findings[index] as Finding;
            report(finding.type, base + finding.start, base + finding.end);
          }
          const open = cursor.open;
          if (open === undefined) {
            if (final && cut < pending.length) {
              // Lossless by construction: the last scan decides everything, and whatever it did
              // not is released as it is rather than dropped.
              output += released + pending.slice(cut);
              advance(pending.length);
              return output;
            }
            advance(cut);
            return output.length === 0 ? released : output + released;
          }
          output += released + plan.placeholder(open.type);
          openKey = { type: open.type, start: base + open.start };
          cursor = startCursor(OTHER);
          cursor.position = open.resume;
          advance(open.resume);
        }
      };

      /**
       * Text written and not scanned yet (see {@link SCAN_BATCH}), and a high surrogate that ended
       * a write, waiting for its pair: an astral format character is a separator only as a whole,
       * so the scan must never see half of one.
       */
      let gathered = '';
      /**
       * The write's fast path: when the prefilter passes over everything from the cursor to the
       * end of the text with `added` (no rule may begin there, and no token run long enough to
       * judge ends or is cut there), or stops only in the undecided tail (a rule's first letter in
       * the last two characters, which `scan` leaves for more text without asking), a scan would
       * only move the cursor and release what lies before the hold, so that is done here without
       * one. The prefilter reads `added` alone when the cursor is at the end of what is held (told
       * the character before it and how much of the run in progress came before), and otherwise
       * from one character before the cursor: the held text is not copied nor read again per
       * write, however long it is. Returns whether it applied; the released text is left in
       * `released`.
       *
       * Where the prefilter stopped earlier (a rule may begin there, a long run ends, a character
       * past ASCII), the write is joined to the held text and the cursor still moves to the stop:
       * the scan that follows would walk the same characters to the same stop (it asks the
       * prefilter the same question over the same text), so it starts there instead, and the
       * characters before it are read once. `scanNeeded` is then set.
       */
      let released = '';
      let scanNeeded = false;
      /**
       * The last {@link TAIL} characters of `pending` (all of it when shorter), which the fast
       * path reads instead: `pending` is joined from writes, and V8 copies such a string whole the
       * first time any character of it is read, which per write would cost the length held.
       */
      let heldTail = '';
      /** Keeps `heldTail` after `pending` became what it held from some index on, then `added`. */
      const followTail = (added: string): void => {
        heldTail = pending.length <= TAIL ? pending : added.length >= TAIL ? added.slice(-TAIL) : (heldTail + added).slice(-TAIL);
      };
      /** The code at `index` of `pending` followed by `added`, read from the tail where it lies there. */
      const codeAt = (added: string, index: number): number => {
        const held = pending.length;
        if (index >= held) return added.charCodeAt(index - held);
        return index >= held - heldTail.length ? heldTail.charCodeAt(index - held + heldTail.length) : pending.charCodeAt(index);
      };
      /** The write `passOver` reads, for `codeAtWrite` (one closure per session, not one per write). */
      let write = '';
      const codeAtWrite = (index: number): number => codeAt(write, index);
      const passOver = (added: string): boolean => {
        if (prefilter === undefined || openKey !== undefined || cursor.cutRest >= 0) return false;
        const held = pending.length;
        const { position, runStart: heldRun } = cursor;
        const offset = position === held ? held : Math.max(0, position - 1);
        const probe = offset === held ? added : (offset >= held - heldTail.length ? heldTail.slice(offset - held + heldTail.length) : pending.slice(offset)) + added;
        /** How many characters of the run in progress lie before the probe. */
        const carried = heldRun >= 0 && heldRun < offset ? offset - heldRun : 0;
        const before = offset === held ? (held > 0 ? heldTail.charCodeAt(heldTail.length - 1) : -1) : position - offset - 1 >= 0 ? probe.charCodeAt(position - offset - 1) : -1;
        const from = position - offset;
        const stop = prefilter.find(probe, from, heldRun < 0 ? -1 : carried > 0 ? 0 : heldRun - offset, plan.maxTokenLength, passed, before, carried);
        const runStart = passed.runStart < 0 ? -1 : passed.runStart === 0 && carried > 0 ? heldRun : passed.runStart + offset;
        // A stop for the rules in the undecided tail is where `scan` would wait for more text.
        scanNeeded = passed.stop ? !(stop >= probe.length - 2 && probe.charCodeAt(stop) < 128 && isUndecidedTail(probe, stop, passed.runStart, plan.maxTokenLength - (runStart === heldRun ? carried : 0))) : stop !== probe.length;
        const at = stop + offset;
        // Counted as a scan counts them: the probe copied (the join a scan that follows counts
        // itself), then the characters passed over.
        scanWork.characters += (scanNeeded ? 0 : probe.length) + at - position;
        // The scan that follows releases the text: nothing is sliced off first, so it reads one
        // flat string (a slice of a long write, read at every character, costs the scan more).
        // The text is held from the run in progress or the waiting rule, with a public shape's
        // label before it (see `scan`).
        write = added;
        const hold = scanNeeded ? 0 : labelStart(codeAtWrite, runStart < 0 ? at : runStart, 0, pending.length + added.length);
        if (scanNeeded) {
          released = '';
          pending += added;
        } else if (hold <= held) {
          released = hold === 0 ? '' : pending.slice(0, hold);
          pending = hold === held ? added : pending.slice(hold) + added;
        } else {
          released = held === 0 ? added.slice(0, hold) : pending + added.slice(0, hold - held);
          pending = added.slice(hold - held);
        }
        base += hold;
        cursor.position = at - hold;
        cursor.runStart = runStart < 0 ? -1 : runStart - hold;
        if (stop > from) cursor.before = asciiFold[probe.charCodeAt(stop - 1)] ?? 0;
        // A run the probe began is a fresh one, as in `scan`: its first piece decides how its pieces are judged.
        const began = runStart >= 0 && runStart !== heldRun;
        cursor.payload = runStart >= 0 && !began ? cursor.payload : NOT_EMBEDDED;
        cursor.fresh = began || (runStart >= 0 && cursor.fresh);
        cursor.waiting = passed.stop;
        cursor.stopped = scanNeeded && passed.stop;
        followTail(added);
        return true;
      };
      return {
        write: (chunk) => {
          if (chunk === '') return '';
          // Joined without reading it: a joined string is copied whole the first time it is read.
          gathered = gathered === '' ? chunk : gathered + chunk;
          if (gathered.length < SCAN_BATCH && !hasLineBreak(chunk)) return '';
          let added = gathered;
          gathered = '';
          const last = chunk.charCodeAt(chunk.length - 1);
          if (last >= 0xd800 && last <= 0xdbff) {
            gathered = added.slice(-1);
            added = added.slice(0, -1);
          }
          let output: string;
          if (pending.length + added.length >= scanAt && passOver(added)) {
            output = released;
            released = '';
            if (scanNeeded) output += drain(false);
          } else {
            pending += added;
            followTail(added);
            if (pending.length < scanAt) return '';
            output = drain(false);
          }
          scanAt = pending.length < RESCAN_HELD ? 0 : pending.length + (pending.length >> RESCAN_GROWTH);
          return output;
        },
        end: () => {
          pending += gathered;
          gathered = '';
          return drain(true);
        },
      };
    },
  });
}
