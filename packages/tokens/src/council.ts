import { applyText, collectText } from '@parley/core';
import { EventEmitter } from 'eventemitter3';
import { checkTokens } from './check-tokens';
import { CouncilAbortedError } from './council-aborted-error';
import { guardCalls } from './guard-tokens-stream';
import { barReason, barredCall, type CallBar } from './barred-call';
import { protocolPrompt } from './protocol-prompt';
import { readChain, readPhaseOption } from './read-context';
import { requireText, requireTextList } from './require-text';
import { createRoleRegistry, type RoleRegistry } from './role-registry';
import { serializeToken, type TokenOf } from './token';
import type { ScannedCall } from './scan-context';
import type { IsolationPhase, TokenViolation } from './token-violation';
import { describeTokenViolation } from './token-violation-rules';

/** What an agent is given with each message. */
export interface AgentContext {
  /** The agent's role. */
  readonly role: string;
  /** The path from the first caller to this agent, this agent last. */
  readonly chain: readonly string[];
  readonly phase: IsolationPhase;
  /** The protocol instructions for this role, chain and phase (`protocolPrompt`). */
  readonly instructions: string;
  readonly signal?: AbortSignal;
}

/** An agent: a function of a message and its context, returning text or a stream of text. */
export type CouncilAgent = (message: string, context: AgentContext) => string | Promise<string> | AsyncIterable<string>;

/** One message of the council's transcript. */
export interface TranscriptEntry {
  readonly from: string;
  readonly to: string;
  /** The chain the message travelled, first caller to recipient. */
  readonly chain: readonly string[];
  readonly phase: IsolationPhase;
  readonly text: string;
}

/** What an `ask` produced. */
export interface CouncilAnswer {
  readonly role: string;
  /** The agent's final text, after enforcement. */
  readonly text: string;
  /** Its RESPONSE token, when it gave a conforming one. */
  readonly response: TokenOf<'response'> | undefined;
  /** When the call itself was barred (R4): the BLOCKED and ASSUMPTION lines emitted instead. */
  readonly blocked: string | undefined;
  readonly violations: TokenViolation[];
}

/** The events of a council. */
export interface CouncilEvents {
  message: [entry: TranscriptEntry];
  violation: [violation: TokenViolation & { readonly role: string }];
  blocked: [event: { readonly from: string; readonly to: string; readonly chain: readonly string[]; readonly text: string }];
}

/** Options of {@link createCouncil}. */
export interface CouncilOptions {
  /** The agents by role token. */
  readonly agents: Readonly<Record<string, CouncilAgent>>;
  readonly registry?: RoleRegistry;
  /** Most agents asked at once by a broadcast. Default 4. */
  readonly concurrency?: number;
  /** Most follow-up turns an agent gets to act on the answers to its own INVOKEs. Default 2. */
  readonly maxTurns?: number;
  readonly signal?: AbortSignal;
}

/** A council: asks agents, executes their INVOKEs, enforces R4 and R6, and keeps a transcript. */
export interface Council extends EventEmitter<CouncilEvents> {
  /** Asks `role` a question on behalf of `from` (chain: the path to the caller, caller last). */
  ask(role: string, question: string, options?: { readonly chain?: readonly string[]; readonly phase?: IsolationPhase }): Promise<CouncilAnswer>;
  /** The ceo's fan-out to every other role at once (R5). */
  broadcast(question: string): Promise<CouncilAnswer[]>;
  /** Independent analysis (no invocations), then critique (prose references only). */
  deliberate(question: string, roles?: readonly string[]): Promise<{ readonly independent: CouncilAnswer[]; readonly critique: CouncilAnswer[] }>;
  readonly transcript: readonly TranscriptEntry[];
}

const MAX_REPLY = 256 * 1024;

async function limited<Item, Result>(items: readonly Item[], concurrency: number, run: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await run(items[index] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Runs a council of role agents on the protocol.
 *
 * `ask(role, question)` sends `[INVOKE:role|question]` with the protocol instructions for the
 * role's place in the chain. The reply streams through an enforcing token guard (a barred INVOKE
 * becomes BLOCKED + ASSUMPTION before anyone sees it); every allowed INVOKE in it is executed by
 * asking the target with the extended chain, and the RESPONSEs are fed back to the agent for up to
 * `maxTurns` follow-up turns. Every message goes into the transcript and out as an event.
 *
 * @example
 * ```ts
 * import { createCouncil, serializeToken } from '@parley/tokens';
 *
 * // Stand-ins for model calls: each agent gets the message and its context (role, chain, protocol instructions).
 * const callCfoModel = async (): Promise<string> =>
 *   serializeToken({ kind: 'response', role: 'cfo', keyFinding: 'Hiring 5 engineers cuts runway from 14 to 9 months.', supportingData: ['Burn rises ~$280K → ~$380K a month'], confidence: 'medium', caveat: 'Assumes a 3-month ramp.' });
 * const callCroModel = async (): Promise<string> =>
 *   serializeToken({ kind: 'response', role: 'cro', keyFinding: 'Committed pipeline is $2.1M.', supportingData: ['14 deals at stage 3 or later'], confidence: 'high', caveat: 'Excludes renewals.' });
 * const council = createCouncil({ agents: { cfo: callCfoModel, cro: callCroModel } });
 * const answer = await council.ask('cfo', 'Can we afford to hire 5 engineers next quarter?', { chain: ['cro'] });
 * console.log(answer.response?.keyFinding); // Hiring 5 engineers cuts runway from 14 to 9 months.
 * ```
 */
export function createCouncil(options: CouncilOptions): Council {
  const registry = options.registry ?? createRoleRegistry();
  const transcript: TranscriptEntry[] = [];
  const emitter = new EventEmitter<CouncilEvents>();
  const maxTurns = options.maxTurns ?? 2;

  // Own agents only: a role named `constructor` or `__proto__` finds nothing on the prototype.
  const agentOf = (role: string): CouncilAgent | undefined => (Object.hasOwn(options.agents, role) ? options.agents[role] : undefined);
  const record = (entry: TranscriptEntry): void => {
    transcript.push(entry);
    emitter.emit('message', entry);
  };
  const checkAbort = (): void => {
    if (options.signal?.aborted === true) throw new CouncilAbortedError({ cause: options.signal.reason });
  };

  const ask = async (role: string, question: string, askOptions: { readonly chain?: readonly string[]; readonly phase?: IsolationPhase } = {}): Promise<CouncilAnswer> => {
    requireText(role, 'role', 'Council.ask');
    requireText(question, 'question', 'Council.ask');
    const callerChain = askOptions.chain === undefined ? [] : readChain(askOptions.chain, registry, 'options.chain', 'Council.ask');
    const phase = readPhaseOption(askOptions.phase, 'options.phase', 'Council.ask') ?? 'open';
    checkAbort();
    const caller = callerChain.at(-1) ?? 'user';
    const invoke = serializeToken({ kind: 'invoke', role, question });
    // R4 and R6 for the call itself.
    const reason = barReason(callerChain, role, callerChain.length === 0 ? 'open' : phase);
    if (reason !== undefined) {
      const text = barredCall(role, reason, question);
      emitter.emit('blocked', { from: caller, to: role, chain: [...callerChain, role], text });
      record({ from: caller, to: caller, chain: callerChain, phase, text });
      return { role, text, response: undefined, blocked: text, violations: [] };
    }
    const agent = agentOf(role);
    const chain = [...callerChain, role];
    if (agent === undefined || !registry.isRole(role)) {
      const text = `${serializeToken({ kind: 'blocked', role: registry.isRole(role) ? role : registry.resolve(role) ?? role, reason: 'no such agent in this council' })}`;
      record({ from: caller, to: caller, chain: callerChain, phase, text });
      return { role, text, response: undefined, blocked: text, violations: [] };
    }
    record({ from: caller, to: role, chain, phase, text: invoke });
    const context: AgentContext = { role, chain, phase, instructions: protocolPrompt({ role, chain, phase, registry }), ...(options.signal === undefined ? {} : { signal: options.signal }) };
    // The council routes only what it records: every call in a reply that R4 and R6 allow but the
    // council will not make is blocked in the text as well, before the reply is recorded.
    let routed: ScannedCall[] = [];
    let lastTurn = false;
    const route = (call: ScannedCall): CallBar | undefined => {
      if (!call.routable) return { code: 'TOKEN_INSIDE_RESPONSE', reason: 'a response answers; it does not call' };
      if (call.overlong === true) return { code: 'TOKEN_TOO_LONG', reason: 'the line is too long to route' };
      if (call.kind === 'broadcast') return { code: 'BROADCAST_NOT_ROUTED', reason: 'a council fans out only through its broadcast()' };
      if (agentOf(call.role) === undefined) return { code: 'NO_SUCH_AGENT', reason: 'no such agent in this council' };
      if (call.question.trim() === '') return { code: 'EMPTY_QUESTION', reason: 'the call asks no question' };
      if (lastTurn) return { code: 'NO_TURNS_LEFT', reason: 'no turns left to act on an answer' };
      routed.push(call);
      return undefined;
    };
    const guard = guardCalls({ mode: 'enforce', chain, phase, registry }, route);
    let message = invoke;
    let text = '';
    for (let turn = 0; turn <= maxTurns; turn += 1) {
      checkAbort();
      const raw = await collectText(agent(message, context), { maxLength: MAX_REPLY });
      checkAbort();
      routed = [];
      lastTurn = turn === maxTurns;
      text = applyText(guard, raw, { streamId: `${chain.join('>')}#${turn}` });
      record({ from: role, to: caller, chain, phase, text });
      const calls = routed;
      if (calls.length === 0) break;
      const answers: string[] = [];
      for (const call of calls) answers.push((await ask(call.role, call.question, { chain, phase })).text);
      message = answers.join('\n');
    }
    // The final text against the speaker's chain: R3 wants its RESPONSE to carry its own role.
    const report = checkTokens(text, { registry, chain });
    for (const violation of report.violations) emitter.emit('violation', { ...violation, role });
    const response = report.tokens.find((token): token is TokenOf<'response'> & { line: number } => token.kind === 'response' && token.role === role);
    if (response === undefined) {
      const missing: TokenViolation = { ...describeTokenViolation('MISSING_RESPONSE', role), line: 1, column: 1 };
      report.violations.push(missing);
      emitter.emit('violation', { ...missing, role });
    }
    const { line: _line, ...responseToken } = response ?? { line: 0 };
    return { role, text, response: response === undefined ? undefined : (responseToken as TokenOf<'response'>), blocked: undefined, violations: report.violations };
  };

  const council = Object.assign(emitter, {
    ask,
    broadcast: async (question: string): Promise<CouncilAnswer[]> => {
      requireText(question, 'question', 'Council.broadcast');
      checkAbort();
      record({ from: 'ceo', to: 'all', chain: ['ceo'], phase: 'open', text: serializeToken({ kind: 'broadcast', question }) });
      const roles = Object.keys(options.agents).filter((role) => role !== 'ceo' && registry.isRole(role) && agentOf(role) !== undefined);
      return limited(roles, options.concurrency ?? 4, (role) => ask(role, question, { chain: ['ceo'] }));
    },
    deliberate: async (question: string, roles: readonly string[] = Object.keys(options.agents)): Promise<{ independent: CouncilAnswer[]; critique: CouncilAnswer[] }> => {
      requireText(question, 'question', 'Council.deliberate');
      requireTextList(roles, 'roles', 'Council.deliberate');
      const independent = await limited(roles, options.concurrency ?? 4, (role) => ask(role, question, { phase: 'independent' }));
      const views = independent.map((answer) => answer.text).join('\n\n');
      const critique = await limited(roles, options.concurrency ?? 4, (role) => ask(role, `Critique the other roles' views:\n${views}`.split('\n').join(' '), { phase: 'critique' }));
      return { independent, critique };
    },
    transcript,
  });
  return council as Council;
}
