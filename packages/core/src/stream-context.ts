/**
 * What a middleware knows about the stream it is transforming.
 *
 * Core defines the fields every protocol shares. A package that needs more adds typed fields
 * with module augmentation, and every middleware then sees them:
 *
 * @example
 * ```ts
 * import { applyText, defineMiddleware } from '@parley/core';
 *
 * declare module '@parley/core' {
 *   interface StreamContext {
 *     readonly budgetTokens?: number;
 *   }
 * }
 *
 * const budget = defineMiddleware({
 *   name: 'budget',
 *   createSession: (context) => ({ write: (chunk) => chunk.slice(0, context.budgetTokens), end: () => '' }),
 * });
 * console.log(applyText(budget, 'a long answer', { budgetTokens: 6 })); // a long
 * ```
 */
export interface StreamContext {
  /** Identifies the stream; every event a session emits carries it as `stream`. */
  readonly streamId: string;
  /** The role of the agent whose output this stream is, such as `"cfo"`. */
  readonly speaker?: string;
  /** The call chain that led to this stream, from the first caller to the speaker. */
  readonly chain?: readonly string[];
  /** The conversation phase the stream belongs to, such as an isolation phase. */
  readonly phase?: string;
}

/** A {@link StreamContext} whose `streamId` may be left out; one is then generated. */
export type StreamContextInit = Omit<StreamContext, 'streamId'> & { readonly streamId?: string };

let fallbackCounter = 0;

function generateStreamId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  fallbackCounter += 1;
  return `stream-${fallbackCounter}`;
}

/**
 * Completes a {@link StreamContextInit}: returns it unchanged when it has a `streamId`, otherwise a
 * copy with a freshly generated one.
 */
export function createStreamContext(init?: StreamContextInit): StreamContext {
  if (init?.streamId !== undefined) return init as StreamContext;
  return { ...init, streamId: generateStreamId() };
}
