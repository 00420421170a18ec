import { checkInvocation } from './loop-guard';
import { serializeToken } from './token';
import type { IsolationPhase } from './token-violation';

/**
 * Why `chain`'s speaker may not invoke `target` now, worded for a BLOCKED token, or `undefined`
 * when the call is allowed: the phase (R6) first, then the loop guard (R4).
 */
export function barReason(chain: readonly string[], target: string, phase: IsolationPhase): string | undefined {
  if (phase === 'independent') return 'no invocations in the independent-analysis phase';
  if (phase === 'critique') return 'no invocations in the critique phase; reference its output in prose';
  if (chain.length === 0) return undefined;
  const decision = checkInvocation(chain, target);
  return decision.allowed ? undefined : decision.explanation;
}

/** What goes out instead of a barred INVOKE: the BLOCKED line and the ASSUMPTION that names the unanswered question. */
export function barredCall(role: string, reason: string, question: string): string {
  return `${serializeToken({ kind: 'blocked', role, reason })}\n${serializeToken({ kind: 'assumption', fact: `no answer to "${question}"`, role })}`;
}
