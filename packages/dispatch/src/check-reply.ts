import { expectString } from '@parley/core';
import type { DispatchViolation } from './dispatch-violation';
import type { ReplyContext } from './reply-context';
import { ReplyChecker } from './reply-checker';

/** The verdict on a manager's reply. */
export interface ReplyVerdict {
  readonly ok: boolean;
  readonly violations: readonly DispatchViolation[];
}

/**
 * Checks a manager's reply before it reaches the user, against the task store's truth:
 * - `HALLUCINATED_DISPATCH`: it cites a task id that no dispatch call created — an id after a task
 *   cue (`任務編號：`, `task`, `任務`) or after `#`; colours, issues and commit hashes are not ids;
 *   an id of hex letters only (`#deadbeef`) counts after a task cue or on a line about dispatching;
 * - `VERBAL_ONLY_PROMISE`: it promises work ("我會請 BA…", "I'll update…") with nothing dispatched
 *   in this turn, unless it cites a task still under way (then it is a status report);
 * - `UNVERIFIED_COMPLETION`: it claims something is done ("報告已生成", "the report is ready")
 *   while no task has a completion signal;
 * - `MISSING_FILE`: a `[FILE: …]` path is neither recorded by the store nor on disk;
 * - `CONFIRMATION_ASKED_AGAIN`: with `planConfirmed`, it asks whether to go on with the next step.
 *
 * @example
 * ```ts
 * import { checkReply } from '@parley/dispatch/guards';
 *
 * // The reply cites a task this turn never dispatched, and promises work nothing will do.
 * const verdict = checkReply("Started task #7f3a9c21. I'll update the report tonight.", { dispatched: [] });
 * console.log(verdict.ok, verdict.violations.map((violation) => violation.code).join()); // false HALLUCINATED_DISPATCH,VERBAL_ONLY_PROMISE
 * ```
 */
export function checkReply(reply: string, context: ReplyContext): ReplyVerdict {
  expectString(reply, 'reply');
  const checker = new ReplyChecker(context);
  const violations = reply.split('\n').flatMap((line) => checker.line(line));
  violations.push(...checker.end());
  return { ok: violations.length === 0, violations };
}
