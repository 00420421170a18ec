import { defineMiddleware, feedLines, InvalidArgumentError, type StreamEvent, type TextMiddleware } from '@parley/core';
import type { ReplyVerdict } from './check-reply';
import type { DispatchViolation } from './dispatch-violation';
import type { ReplyContext } from './reply-context';
import { ReplyChecker } from './reply-checker';

/** Options of {@link guardReplyStream}. */
export interface GuardReplyOptions {
  /**
   * `report` (default): the reply streams through unchanged and each violation is an event as soon
   * as its line ends. `withhold`: nothing is released until the reply ends; a reply with
   * violations is replaced by `fallback`.
   */
  readonly mode?: 'report' | 'withhold';
  /** What the user gets instead of a reply with violations (`withhold` mode); default nothing. */
  readonly fallback?: (violations: readonly DispatchViolation[]) => string;
  /** Longest reply `withhold` mode holds; a longer one is replaced (`REPLY_TOO_LONG`). Default 65,536. */
  readonly maxReplyLength?: number;
  /** Longest line checked; the rest of a longer line is passed on unchecked. Default 16,384. */
  readonly maxLineLength?: number;
}

/** The events of {@link guardReplyStream}. */
export interface GuardReplyEvents {
  /** A rule the reply broke, as soon as it is known. */
  readonly violation: StreamEvent & DispatchViolation;
  /** The verdict on the whole reply, when it ends. */
  readonly verdict: StreamEvent & ReplyVerdict & { readonly withheld: boolean };
}

/**
 * {@link checkReply} as a middleware on the manager's reply stream: the same verdicts however the
 * reply is chunked. In `report` mode the text is never changed; in `withhold` mode a reply with
 * violations never reaches the user. `context` may be a function: it is read when each reply
 * starts, so one guard serves a whole conversation whose tools record what they dispatched (an
 * agent's final reply comes after its tool calls in the same turn).
 *
 * @example
 * ```ts
 * import { transformText } from '@parley/core';
 * import { guardReplyStream } from '@parley/dispatch/guards';
 *
 * async function* replyStream(): AsyncGenerator<string> {
 *   yield 'Started task #7f3a';
 *   yield '9c21 for the report.\n';
 * }
 * const guard = guardReplyStream({ dispatched: [] }, { mode: 'withhold' });
 * const codes: string[] = [];
 * guard.on('verdict', ({ ok, violations }) => ok || codes.push(...violations.map((violation) => violation.code)));
 * let shown = '';
 * for await (const text of transformText(replyStream(), guard)) shown += text;
 * console.log(codes.join()); // HALLUCINATED_DISPATCH
 * console.log(shown === '' ? '(withheld)' : shown); // (withheld)
 * ```
 */
export function guardReplyStream(context: ReplyContext | (() => ReplyContext), options: GuardReplyOptions = {}): TextMiddleware<GuardReplyEvents> {
  const mode = options.mode ?? 'report';
  const maxReply = options.maxReplyLength ?? 65_536;
  const maxLine = options.maxLineLength ?? 16_384;
  if (!Number.isInteger(maxReply) || maxReply < 1) throw new InvalidArgumentError({ argument: 'maxReplyLength', message: 'maxReplyLength must be a positive integer' });
  if (!Number.isInteger(maxLine) || maxLine < 1) throw new InvalidArgumentError({ argument: 'maxLineLength', message: 'maxLineLength must be a positive integer' });
  return defineMiddleware<GuardReplyEvents>({
    name: `guard-reply(${mode})`,
    createSession: (_context, emit) => {
      const checker = new ReplyChecker(typeof context === 'function' ? context() : context);
      const found: DispatchViolation[] = [];
      let line = '';
      let held: string[] = [];
      let heldLength = 0;
      let overflow = false;
      const report = (violations: readonly DispatchViolation[]): void => {
        for (const violation of violations) {
          found.push(violation);
          emit('violation', violation);
        }
      };
      const sink = {
        appendToLine: (part: string) => {
          if (line.length < maxLine) line += part.slice(0, maxLine - line.length);
        },
        endLine: () => {
          report(checker.line(line));
          line = '';
        },
      };
      return {
        write: (chunk) => {
          feedLines(chunk, sink);
          if (mode === 'report') return chunk;
          heldLength += chunk.length;
          if (heldLength > maxReply) {
            overflow = true;
            held = [];
          } else held.push(chunk);
          return '';
        },
        end: () => {
          report(checker.line(line));
          if (overflow) report([{ rule: 'P6', code: 'REPLY_TOO_LONG', message: `the reply is longer than ${maxReply} characters, the most withhold mode holds` }]);
          report(checker.end());
          const ok = found.length === 0;
          emit('verdict', { ok, violations: found, withheld: mode === 'withhold' && !ok });
          if (mode === 'report') return '';
          return ok ? held.join('') : (options.fallback?.(found) ?? '');
        },
      };
    },
  });
}
