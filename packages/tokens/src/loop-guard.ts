import { requireText, requireTextList } from './require-text';

/** Why an invocation is barred (R4). */
export type BlockReason = 'self-invocation' | 'circular' | 'depth';

/** The loop guard's decision. */
export type GuardDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly reason: BlockReason;
      /** The reason as the spec words it, such as `circular call; cro is already upstream in this chain`. */
      readonly explanation: string;
    };

/** The deepest chain allowed: A → B → C is depth 2. */
export const MAX_DEPTH = 2;

/**
 * Decides whether the speaker (the chain's last role) may invoke `target` (R4): never itself,
 * never a role already upstream in the chain, and never a call that would make the chain deeper
 * than two hops. `chain` is the path from the first caller to the speaker; a single role means the
 * speaker has no caller.
 *
 * @example
 * ```ts
 * import { checkInvocation } from '@parley/tokens';
 *
 * console.log(JSON.stringify(checkInvocation(['cro', 'cfo', 'coo'], 'chro'))); // {"allowed":false,"reason":"depth","explanation":"chain already at depth 2 (cro → cfo → coo)"}
 * ```
 */
export function checkInvocation(chain: readonly string[], target: string): GuardDecision {
  requireTextList(chain, 'chain', 'checkInvocation');
  requireText(target, 'target', 'checkInvocation');
  const speaker = chain.at(-1);
  if (speaker === target) return { allowed: false, reason: 'self-invocation', explanation: 'self-invocation not allowed' };
  if (chain.slice(0, -1).includes(target)) return { allowed: false, reason: 'circular', explanation: `circular call; ${target} is already upstream in this chain` };
  if (chain.length - 1 >= MAX_DEPTH) return { allowed: false, reason: 'depth', explanation: `chain already at depth ${chain.length - 1} (${chain.join(' → ')})` };
  return { allowed: true };
}
