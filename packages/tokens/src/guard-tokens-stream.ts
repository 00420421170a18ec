import { defineMiddleware, feedLines, type StreamEvent, type TextMiddleware } from '@parley/core';
import { barCall, barredCall, type CallBar } from './barred-call';
import { type CheckTokensOptions, checkTokens } from './check-tokens';
import { type CheckTokensEvents, checkTokensStream } from './check-tokens-stream';
import { readChain, readContextPhase, readPhaseOption } from './read-context';
import { createRoleRegistry } from './role-registry';
import { findTokenHeads, isBlank, pendingCallHead, pipeInWindow, visibleWindowLeft } from './token-head';
import { resolveCallRole, splitWithoutPipe, unknownRoleName } from './call-role';
import type { ScannedCall } from './scan-context';
import { TokenScanner } from './token-scanner';
import type { TokenViolation } from './token-violation';
import { repairableCodes, type TokenViolationCode } from './token-violation-rules';

/** What a guard does with what it finds. */
export type GuardTokensMode = 'validate' | 'repair' | 'enforce';

/** Options of {@link guardTokensStream}. */
export interface GuardTokensOptions extends CheckTokensOptions {
  /**
   * `validate`: text passes unchanged, events report. `repair`: also fixes what is unambiguous.
   * `enforce`: also replaces a barred INVOKE or BROADCAST, in any spelling, with BLOCKED + ASSUMPTION before it goes out.
   */
  readonly mode: GuardTokensMode;
}

/**
 * Where a change sits in the session's input: the characters `start..end` (input offsets, the
 * line's end of line excluded) were `before` and became `after` in the output.
 */
export interface GuardEdit {
  /** Offset in the session's input of the first changed character. */
  readonly start: number;
  /** Offset in the session's input just past the last changed character. */
  readonly end: number;
  /** The input's text at `start..end` (empty for the rest of a line too long to keep, which streamed). */
  readonly before: string;
  /** What the output holds in its place. */
  readonly after: string;
}

/** The events of {@link guardTokensStream}: those of the output, plus each change made. */
export interface GuardTokensEvents extends CheckTokensEvents {
  /** A line was repaired (`repair` and `enforce` modes): one event per line, `code` the first fix and `codes` all of them. */
  readonly repair: StreamEvent & GuardEdit & { readonly line: number; readonly code: TokenViolationCode; readonly codes: readonly TokenViolationCode[] };
  /** A line holding a barred call was replaced (`enforce` mode); `role` and `code` name its first barred call. */
  readonly block: StreamEvent & GuardEdit & { readonly line: number; readonly role: string; readonly code: string };
}

/** Fixes a response block gets when it closes, on lines other than the one that reported them. */
const blockFixes: ReadonlySet<TokenViolationCode> = new Set(['CONFIDENCE_VOCABULARY', 'WRONG_CLOSE']);
/**
 * How far past an opening bracket an overlong line is held to learn whether a call starts there and
 * whom it calls: 256 visible characters (white space and invisible characters are not counted, so
 * padding does not push a role out of sight), and at most 1024 characters in all.
 */
const headWindow = 256;
const headWindowRaw = 1024;
/** How much of a barred call's question on an overlong line is quoted in its ASSUMPTION. */
const quoted = 200;

/** A line read in full, waiting to be released. */
interface HeldLine {
  /** Input offset of its first character. */
  readonly start: number;
  readonly number: number;
  /** The line without its end of line. */
  readonly body: string;
  /** `\n`, `\r\n`, or empty at the end of the stream. */
  readonly terminator: string;
  readonly violations: TokenViolation[];
  readonly calls: ScannedCall[];
}

/** A barred call found on an overlong line: the rest of that line is replaced. */
interface OverlongBlock {
  readonly start: number;
  readonly call: ScannedCall & { readonly bar: NonNullable<ScannedCall['bar']> };
  /** The start of what is replaced after its `|` (enough to quote), and its whole length. */
  skipped: string;
  skippedLength: number;
  /** The line ends with `\r\n`. */
  crlf: boolean;
}

/** An input line given to the input scanner and not read yet. */
interface QueuedLine {
  readonly start: number;
  readonly number: number;
  /** The line, with a `\r` before its `\n`. */
  readonly text: string;
  readonly terminator: string;
}

const canonicalCall = (call: ScannedCall): string => (call.kind === 'invoke' ? `[INVOKE:${call.role}|${call.question}]` : `[BROADCAST:all|${call.question}]`);

/**
 * A token guard for a stream: {@link checkTokensStream} in `validate` mode; in `repair` and `enforce`
 * modes each line is released when it ends (a RESPONSE block when it closes), after the changes
 * the mode allows, and the events describe the output. Every change is a `repair` or `block`
 * event with its input offsets: the output is the input with exactly those edits.
 *
 * `repair` fixes only what is unambiguous: keyword and role case, spaces and look-alike
 * characters inside the brackets, known role aliases, the `INVOKE cfo: …` form, a missing `|`
 * after a known role, the confidence's case, `[END]` for `[/RESPONSE]`, a malformed chain of known
 * roles, and a RESPONSE left open at the end of the stream. `enforce` also replaces every line that
 * holds an INVOKE or BROADCAST that R4 or R6 bars — in any spelling, anywhere on the line, inside a
 * RESPONSE too — with `[BLOCKED: …]` and an `[ASSUMPTION: …]` that names the unanswered question.
 */
export function guardTokensStream(options: GuardTokensOptions): TextMiddleware<GuardTokensEvents> {
  if (options.mode === 'validate') return checkTokensStream(options) as TextMiddleware<GuardTokensEvents>;
  return guardCalls(options);
}

/**
 * The repairing and enforcing guard, with one more say over calls: `route` is asked about every
 * call R4 and R6 allow, in the order of the text, and may bar it too (the council bars what it
 * will not route, so its transcript holds only the calls it makes).
 *
 * @internal
 */
export function guardCalls(options: GuardTokensOptions, route?: (call: ScannedCall) => CallBar | undefined): TextMiddleware<GuardTokensEvents> {
  const registry = options.registry ?? createRoleRegistry();
  const optionChain = options.chain === undefined ? undefined : readChain(options.chain, registry, 'options.chain', 'guardTokensStream');
  const optionPhase = readPhaseOption(options.phase, 'options.phase', 'guardTokensStream');
  const maxLine = options.maxLineLength ?? 4096;
  const maxResponse = options.maxResponseLength ?? 64 * 1024;
  const enforce = options.mode === 'enforce';
  return defineMiddleware<GuardTokensEvents>({
    name: `guard-tokens(${options.mode})`,
    createSession: (context, emit) => {
      const chain = optionChain ?? (context.chain === undefined ? undefined : readChain(context.chain, registry, 'context.chain', 'guardTokensStream'));
      const phase = optionPhase ?? readContextPhase(context.phase) ?? 'open';
      const checkOptions: CheckTokensOptions = { ...options, registry, phase, ...(chain === undefined ? {} : { chain }) };
      const scannerOptions = { registry, maxLineLength: maxLine, maxResponseLength: maxResponse, phase, ...(chain === undefined ? {} : { chain }) };
      // Reads the input to learn what to change, line by line.
      let violations: TokenViolation[] = [];
      let calls: ScannedCall[] = [];
      const input = new TokenScanner(scannerOptions, {
        token: () => {},
        violation: (violation) => violations.push(violation),
        call: (call) => calls.push(call.bar === undefined && route !== undefined ? { ...call, bar: route(call) } : call),
        line: (count) => {
          // An overlong line streams on its own; what the scanner read of it is dropped.
          if (overlong) {
            violations = [];
            calls = [];
          } else settled += settleRead(count);
        },
      });
      // Reads the output, for the events.
      const output = new TokenScanner(scannerOptions, {
        token: (token, line) => (emit as (name: string, event: object) => void)(token.kind, { token, line }),
        violation: (violation) => emit('violation', violation),
      });
      const release = (text: string): string => {
        output.write(text);
        return text;
      };

      /** Input offset of the current line's first character, and the line read so far. */
      let lineStart = 0;
      let line = '';
      let lineNumber = 0;
      /**
       * Lines the input scanner holds because one ends inside a call's head (`[INVOKE:` with the
       * role on the next line): released when it reads them, joined, as one line.
       */
      let queue: QueuedLine[] = [];
      /** The first line of `queue` not read yet. */
      let queueStart = 0;
      let queued = 0;
      /** What the lines the scanner read released. */
      let settled = '';
      /** The first line of the overlong line. */
      let overlongLine = 0;
      /** The current line is longer than `maxLine`: it streams through, held only from a possible call. */
      let overlong = false;
      let overlongLength = 0;
      let tail = '';
      let overlongBlock: OverlongBlock | undefined;
      /** The lines of an open RESPONSE, released when it closes. */
      let block: HeldLine[] = [];
      let blockLength = 0;
      /** The open RESPONSE outgrew the caps: its lines are released one by one until it ends. */
      let releasedResponse = false;

      const repairLine = (text: string, at: number, found: readonly TokenViolation[]): { text: string; codes: TokenViolationCode[] } => {
        let current = text;
        let pending = found;
        const codes: TokenViolationCode[] = [];
        for (let pass = 0; pass < 4; pass += 1) {
          const fixable = pending.find((violation) => repairableCodes.has(violation.code) && violation.fix !== undefined && !violation.fix.includes('\n'));
          if (fixable?.fix === undefined) break;
          const after = current.slice(0, current.length - current.trimStart().length) + fixable.fix;
          if (after === current) break;
          if (!codes.includes(fixable.code)) codes.push(fixable.code);
          current = after;
          pending = checkTokens(current, { ...checkOptions, chain: checkOptions.chain ?? [], phase: 'open' }).violations.map((violation) => ({ ...violation, line: at }));
        }
        return { text: current, codes };
      };

      const emitRepair = (held: HeldLine, after: string, codes: readonly TokenViolationCode[]): void => {
        if (after === held.body || codes.length === 0) return;
        emit('repair', { line: held.number, code: codes[0] as TokenViolationCode, codes, before: held.body, after, start: held.start, end: held.start + held.body.length });
      };

      /** `enforce`: the replacement of a line holding a barred call, or `undefined`. */
      const enforceLine = (held: HeldLine): string | undefined => {
        if (!enforce) return undefined;
        const barred = held.calls.find((call) => call.bar !== undefined);
        if (barred?.bar === undefined) return undefined;
        const after = held.calls.map((call) => (call.bar === undefined ? canonicalCall(call) : barredCall(call.role, call.bar.reason, call.question.trim()))).join('\n');
        emit('block', { line: held.number, role: barred.role, code: barred.bar.code, before: held.body, after, start: held.start, end: held.start + held.body.length });
        return after;
      };

      /** A line outside a RESPONSE block: enforced, else repaired. */
      const settleLine = (held: HeldLine): string => {
        const enforced = enforceLine(held);
        if (enforced !== undefined) return enforced + held.terminator;
        const { text, codes } = repairLine(held.body, held.number, held.violations.filter((violation) => violation.code !== 'CONFIDENCE_VOCABULARY'));
        emitRepair(held, text, codes);
        return text + held.terminator;
      };

      /** A RESPONSE block that closed (or outgrew the caps): each line enforced, else repaired, and the fixes found at its close applied. */
      const settleBlock = (lines: readonly HeldLine[]): string => {
        const found = lines.flatMap((held) => held.violations);
        const confidence = found.find((violation) => violation.code === 'CONFIDENCE_VOCABULARY' && violation.fix !== undefined);
        const wrongClose = found.some((violation) => violation.code === 'WRONG_CLOSE');
        let released = '';
        lines.forEach((held, index) => {
          const enforced = enforceLine(held);
          if (enforced !== undefined) {
            released += enforced + held.terminator;
            return;
          }
          let { text, codes } = repairLine(held.body, held.number, held.violations.filter((violation) => !blockFixes.has(violation.code)));
          if (confidence?.fix !== undefined && held.body.trim().startsWith('Confidence:')) {
            text = confidence.fix;
            codes = [confidence.code];
          } else if (wrongClose && index === lines.length - 1 && index > 0) {
            text = '[/RESPONSE]';
            codes = ['WRONG_CLOSE'];
          }
          emitRepair(held, text, codes);
          released += text + held.terminator;
        });
        return released;
      };

      const flushBlock = (): string => {
        const lines = block;
        block = [];
        blockLength = 0;
        return lines.length === 0 ? '' : release(settleBlock(lines));
      };

      /** The input scanner read a line made of the next `count` queued lines: enforced, else repaired, or held in its RESPONSE block. */
      const settleRead = (count: number): string => {
        const first = queue[queueStart];
        if (first === undefined) return '';
        let text = first.text;
        let last = first;
        queued -= first.text.length + first.terminator.length;
        for (let index = queueStart + 1; index < queueStart + count && index < queue.length; index += 1) {
          const part = queue[index] as QueuedLine;
          text += last.terminator + part.text;
          queued -= part.text.length + part.terminator.length;
          last = part;
        }
        queueStart += count;
        if (queueStart >= queue.length) {
          queue.length = 0;
          queueStart = 0;
        }
        const crlf = text.endsWith('\r');
        const held: HeldLine = { start: first.start, number: first.number, body: crlf ? text.slice(0, -1) : text, terminator: (crlf ? '\r' : '') + last.terminator, violations, calls };
        violations = [];
        calls = [];
        if (releasedResponse) {
          if (!input.inResponse) releasedResponse = false;
          return release(settleLine(held));
        }
        if (input.inResponse || block.length > 0) {
          block.push(held);
          blockLength += text.length + 1;
          if (!input.inResponse) return flushBlock();
          if (blockLength > maxResponse) {
            releasedResponse = true;
            return flushBlock();
          }
          return '';
        }
        return release(settleLine(held));
      };

      const takeSettled = (): string => {
        const out = settled;
        settled = '';
        return out;
      };

      /** The current line ended with `terminator` (or the stream ended): the scanner reads it, or holds it to join the next. */
      const endLine = (terminator: string): string => {
        lineNumber += 1;
        if (overlong) return endOverlong(terminator);
        const text = line;
        line = '';
        queue.push({ start: lineStart, number: lineNumber, text, terminator });
        queued += text.length + terminator.length;
        lineStart += text.length + terminator.length;
        input.write(`${text}\n`);
        if (terminator === '') input.settle();
        return takeSettled();
      };

      /** Streams an overlong line: releases all but what might still open a call; blocks the rest of the line after a barred one. */
      const overlongPart = (part: string, toInput = part, final = false): string => {
        input.write(toInput);
        overlongLength += part.length;
        if (overlongBlock !== undefined) {
          if (overlongBlock.skipped.length <= quoted) overlongBlock.skipped += part.slice(0, quoted + 1);
          overlongBlock.skippedLength += part.length;
          if (part.length > 0) overlongBlock.crlf = part.endsWith('\r');
          return '';
        }
        if (!enforce) return release(part);
        // Blank characters after a held head or bracket change nothing while the window lasts: no re-reading.
        if (!final && tail !== '' && tail.length + part.length < headWindowRaw && isBlank(part)) {
          tail += part;
          return '';
        }
        const text = tail + part;
        const textStart = lineStart + overlongLength - text.length;
        let releasedUpTo = text.length;
        for (const head of findTokenHeads(text)) {
          if (head.keyword !== 'INVOKE' && head.keyword !== 'BROADCAST') continue;
          // A bare `[BROADCAST]` is a broadcast of what follows it.
          const inWindow = head.bare === true ? head.bodyStart - 1 : pipeInWindow(text, head.bodyStart, headWindow, headWindowRaw);
          // At the line's end the window is cut short: no pipe is coming.
          const found = final && inWindow === -2 ? -1 : inWindow;
          const isolated = phase === 'independent' || phase === 'critique';
          if (found === -2) {
            // The text ends inside the window: the call may still come.
            releasedUpTo = head.start;
            break;
          }
          // Without a pipe the target ends at a separator (`[INVOKE:cfo:burn?]`); in an isolation
          // phase a head is barred whatever its target (its question quoted from its colon).
          const pipe = found < 0 ? head.bodyStart - 1 : found;
          const written = found >= 0 ? text.slice(head.bodyStart, pipe) : head.keyword === 'INVOKE' ? splitWithoutPipe(text.slice(head.bodyStart, head.bodyStart + headWindowRaw)).written : '';
          const role = head.keyword === 'BROADCAST' ? 'all' : (resolveCallRole(written, registry, chain) ?? (isolated ? unknownRoleName(written) : undefined));
          if (role === undefined) continue;
          const kind = head.keyword === 'BROADCAST' ? 'broadcast' : 'invoke';
          const call: ScannedCall = { kind, role, question: '', bar: barCall(kind, role, chain ?? [], phase), routable: true, overlong: true };
          const bar = call.bar ?? route?.(call);
          if (bar === undefined) continue;
          const skipped = text.slice(pipe + 1);
          overlongBlock = { start: textStart + head.start, call: { ...call, bar }, skipped: skipped.slice(0, quoted + 1), skippedLength: skipped.length, crlf: skipped.endsWith('\r') };
          tail = '';
          return release(text.slice(0, head.start));
        }
        if (releasedUpTo === text.length) {
          // An opening bracket at the end may still become a call: hold it (a bounded window).
          const open = Math.max(text.lastIndexOf('['), text.lastIndexOf('\uFF3B'), text.lastIndexOf('\uFE47'));
          if (open >= 0 && visibleWindowLeft(text, open, headWindow, headWindowRaw) && findTokenHeads(text.slice(open)).length === 0) releasedUpTo = open;
        }
        tail = text.slice(releasedUpTo);
        return release(text.slice(0, releasedUpTo));
      };

      const endOverlong = (terminator: string): string => {
        // In `enforce`, a call's head that runs over the line break holds the line open: the next line goes on it.
        if (enforce && overlongBlock === undefined && terminator !== '' && pendingCallHead(tail) >= 0) return overlongPart(terminator);
        // What is held at the line's end is read as it stands: a call in it is blocked or released now.
        let released = enforce && overlongBlock === undefined && tail !== '' ? overlongPart('', '', true) : '';
        const blocked = overlongBlock;
        if (blocked === undefined) released += release(tail);
        else {
          const crlf = blocked.crlf;
          const length = blocked.skippedLength - (crlf ? 1 : 0);
          const skipped = blocked.skipped.slice(0, length);
          const question = length > quoted ? `${skipped.slice(0, quoted)}…` : skipped;
          const after = barredCall(blocked.call.role, blocked.call.bar.reason, question.trim());
          const end = lineStart + overlongLength - (crlf ? 1 : 0);
          // Only the start of the line was kept; the event quotes what it can.
          emit('block', { line: overlongLine, role: blocked.call.role, code: blocked.call.bar.code, before: '', after: `\n${after}`, start: blocked.start, end });
          released += release(`\n${after}${crlf ? '\r' : ''}`);
        }
        released += release(terminator);
        input.write(terminator === '' ? '' : '\n');
        // The scanner reads the line now, not joined to the next: the guard has streamed it.
        input.settle();
        violations = [];
        calls = [];
        lineStart += overlongLength + terminator.length;
        overlong = false;
        overlongLength = 0;
        tail = '';
        overlongBlock = undefined;
        if (releasedResponse && !input.inResponse) releasedResponse = false;
        return released;
      };

      return {
        write: (chunk) => {
          let released = '';
          feedLines(chunk, {
            appendToLine: (part) => {
              if (overlong) {
                released += overlongPart(part);
                return;
              }
              line += part;
              if (queued + line.length > maxLine) {
                // Too long to be a token: stream it, held back only where a call may open.
                if (block.length > 0) {
                  releasedResponse = true;
                  released += flushBlock();
                }
                violations = [];
                calls = [];
                overlong = true;
                // Lines held to join this one stream with it (the scanner has them already).
                const waiting = queue.slice(queueStart);
                const first = waiting[0];
                overlongLine = first?.number ?? lineNumber + 1;
                const held = waiting.map((queuedLine) => queuedLine.text + queuedLine.terminator).join('');
                if (first !== undefined) lineStart = first.start;
                queue = [];
                queueStart = 0;
                queued = 0;
                const text = line;
                line = '';
                released += overlongPart(held + text, text);
              }
            },
            endLine: () => {
              released += endLine('\n');
            },
          });
          return released;
        },
        end: () => {
          let released = line.length > 0 || overlong ? endLine('') : '';
          // A line held to join the next one: no line comes.
          input.settle();
          released += takeSettled();
          if (block.length > 0) {
            // The stream ended inside a RESPONSE: release it, closed as the fix says.
            const last = block.at(-1) as HeldLine;
            const after = last.terminator === '' ? '\n[/RESPONSE]' : '[/RESPONSE]';
            released += flushBlock();
            emit('repair', { line: lineNumber, code: 'UNCLOSED_RESPONSE', codes: ['UNCLOSED_RESPONSE'], before: '', after, start: lineStart, end: lineStart });
            released += release(after);
          }
          input.end();
          output.end();
          return released;
        },
      };
    },
  });
}
