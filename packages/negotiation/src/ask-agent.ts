import { collectText, excerpt } from '@parley/core';
import { NegotiationAbortedError } from './negotiation-aborted-error';
import type { NegotiationRequest } from './negotiation-request';
import type { NegotiationViolation } from './negotiation-violation';

/** The longest reply read from an agent, in characters. */
const MAX_REPLY = 1024 * 1024;

/** The parts of `NegotiateOptions` that asking an agent uses. */
export interface AskAgentOptions {
  readonly ask: (agent: string, request: NegotiationRequest) => string | Promise<string> | AsyncIterable<string>;
  /** Milliseconds, 1 to 2³¹ − 1, or `Infinity` for no limit; default 60 000. */
  readonly timeoutMilliseconds?: number;
  readonly signal?: AbortSignal;
}

/** An agent's reply, or why there is none (read as UNCERTAIN). */
export type AskOutcome = { readonly text: string } | { readonly failure: NegotiationViolation };

/**
 * Asks one agent within the limits: its reply (a string, a promise or a stream of text, at most
 * 1 M characters), or a `TIMEOUT` or `AGENT_FAILED` violation. Rejects with
 * `NegotiationAbortedError` when `signal` aborts.
 *
 * @internal `negotiate` asks every round's agent through it.
 */
export async function askAgent(options: AskAgentOptions, agent: string, request: NegotiationRequest, round: number): Promise<AskOutcome> {
  const timeout = options.timeoutMilliseconds ?? 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const limits = new Promise<AskOutcome>((resolve, reject) => {
    // Infinity is no limit (a timer would clamp it to 1 ms); negotiate has checked the rest.
    if (timeout !== Infinity) timer = setTimeout(() => resolve({ failure: { rule: 'N2', code: 'TIMEOUT', message: `${excerpt(agent)} did not answer within ${timeout} ms; read as UNCERTAIN.` } }), timeout);
    onAbort = () => reject(new NegotiationAbortedError({ round, cause: options.signal?.reason }));
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const asked = (async (): Promise<AskOutcome> => {
    try {
      return { text: await collectText(options.ask(agent, request), { maxLength: MAX_REPLY }) };
    } catch (error) {
      return { failure: { rule: 'N2', code: 'AGENT_FAILED', message: `${excerpt(agent)} failed: ${excerpt(error instanceof Error ? error.message : String(error), 200)}; read as UNCERTAIN.` } };
    }
  })();
  try {
    return await Promise.race([asked, limits]);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) options.signal?.removeEventListener('abort', onAbort);
  }
}
