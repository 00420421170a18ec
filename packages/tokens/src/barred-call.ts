import { checkInvocation } from './loop-guard';
import { serializeToken } from './token';
import { defuseBrackets } from './token-head';
import type { IsolationPhase } from './token-violation';
import type { BarringCode } from './token-violation-rules';

/** Why a call may not go out: the violation code and the reason worded for a BLOCKED token. */
export interface CallBar {
  /** A code of the rule table that bars calls, or the council's own reason not to route one. */
  readonly code: string;
  readonly reason: string;
}

/** A call barred by a rule of the protocol (R4, R5, R6). */
export interface RuleBar extends CallBar {
  readonly code: BarringCode;
}

/** The R4 code of each reason the loop guard gives. */
const loopCodes = { 'self-invocation': 'SELF_INVOCATION', circular: 'CIRCULAR_CALL', depth: 'DEPTH_LIMIT' } as const;

/** An R4 code of the loop guard. */
export type LoopCode = (typeof loopCodes)[keyof typeof loopCodes];

/**
 * Whether `chain`'s speaker may make a call now: an INVOKE of `target`, or a BROADCAST. The phase
 * (R6) first, then the loop guard (R4); a BROADCAST only from the ceo at the head of its chain
 * (anywhere deeper it would reach a role upstream). `undefined` when the call may go out.
 */
export function barCall(kind: 'invoke' | 'broadcast', target: string, chain: readonly string[], phase: IsolationPhase): RuleBar | undefined {
  if (kind === 'broadcast') {
    if (phase === 'independent' || phase === 'critique') return { code: 'BROADCAST_IN_PHASE', reason: `no broadcasts in the ${phase === 'independent' ? 'independent-analysis' : 'critique'} phase` };
    const speaker = chain.at(-1);
    if (speaker !== undefined && speaker !== 'ceo') return { code: 'BROADCAST_NOT_CEO', reason: `only the ceo fans out to every role, not ${speaker}` };
    if (chain.length > 1) return { code: 'CIRCULAR_CALL', reason: `circular call; ${chain[0] as string} is already upstream in this chain` };
    return undefined;
  }
  if (phase === 'independent') return { code: 'INVOKE_IN_INDEPENDENT_PHASE', reason: 'no invocations in the independent-analysis phase' };
  if (phase === 'critique') return { code: 'INVOKE_IN_CRITIQUE_PHASE', reason: 'no invocations in the critique phase; reference its output in prose' };
  if (chain.length === 0) return undefined;
  const decision = checkInvocation(chain, target);
  if (decision.allowed) return undefined;
  return { code: loopCodes[decision.reason], reason: decision.explanation };
}

/**
 * Why `chain`'s speaker may not invoke `target` now, worded for a BLOCKED token, or `undefined`
 * when the call is allowed: the phase (R6) first, then the loop guard (R4).
 */
export function barReason(chain: readonly string[], target: string, phase: IsolationPhase): string | undefined {
  return barCall('invoke', target, chain, phase)?.reason;
}

/**
 * What goes out instead of a barred call: the BLOCKED line and the ASSUMPTION that names the
 * unanswered question (its brackets turned into parentheses, so the quote opens no token). A
 * barred BROADCAST is blocked as a call to `all`.
 */
export function barredCall(role: string, reason: string, question: string): string {
  // The quote stays on the ASSUMPTION's line.
  const defused = defuseBrackets(question);
  const quote = defused.includes('\n') || defused.includes('\r') ? defused.split('\r').join(' ').split('\n').join(' ') : defused;
  return `${serializeToken({ kind: 'blocked', role, reason })}\n${serializeToken({ kind: 'assumption', fact: `no answer to "${quote}"`, role })}`;
}
