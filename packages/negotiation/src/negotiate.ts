import { collectText, excerpt, expectString, InvalidArgumentError } from '@parley/core';
import { deriveAspects } from './derive-aspects';
import { lowerConfidence, meetsThreshold, type NegotiationConfidence } from './negotiation-confidence';
import { NegotiationAbortedError } from './negotiation-aborted-error';
import { negotiationPrompt } from './negotiation-prompt';
import type { NegotiationViolation } from './negotiation-violation';
import { parseStructuredResponse } from './parse-structured-response';
import type { StructuredResponse } from './structured-response';

/** An agent the orchestrator can ask, and the aspects it is the source for. */
export interface NegotiationAgent {
  readonly name: string;
  /** Aspects this agent is the right source for, such as `["async-std"]` or `["trading system"]`. */
  readonly covers?: readonly string[];
}

/** What the orchestrator knows so far; it grows round by round. */
export interface NegotiationContext {
  readonly confirmedFacts: string[];
  readonly ruledOut: string[];
  readonly openUncertainties: string[];
  readonly answers: Array<{ readonly question: string; readonly answer: string }>;
}

/** What an agent is asked in one round. */
export interface NegotiationRequest {
  readonly negotiation: true;
  readonly round: number;
  readonly maxRounds: number;
  readonly query: string;
  readonly intent: string;
  /** Every aspect the answer must cover. */
  readonly aspects: readonly string[];
  /** The aspects still open, which this round should address. */
  readonly focus: readonly string[];
  readonly context: NegotiationContext;
  /** The request as prompt text, generated from the response schema. */
  readonly prompt: string;
}

/** What the orchestrator decided after a round. */
export type NegotiationAction = 'accept' | 'refine' | 'alternative' | 'synthesize';

/** One round of the negotiation, as it happened. */
export interface NegotiationRound {
  readonly round: number;
  readonly agent: string;
  readonly request: NegotiationRequest;
  readonly response: StructuredResponse;
  readonly violations: NegotiationViolation[];
  /** Aspects this round covered. */
  readonly covered: string[];
  /** Gaps that touch an aspect still open. */
  readonly blockingGaps: string[];
  readonly action: NegotiationAction;
}

/** The negotiation's outcome. */
export interface NegotiationResult {
  /** The synthesis: findings by aspect with sources, the confidence, the remaining gaps. */
  readonly answer: string;
  readonly confidence: NegotiationConfidence;
  readonly gaps: string[];
  readonly rounds: NegotiationRound[];
  /** Which agent and round answered each aspect. */
  readonly sources: Array<{ readonly aspect: string; readonly agent: string; readonly round: number }>;
  /** The 3-strike escalation: insufficient rounds, the path taken, and whether it ran out. */
  readonly escalation: { readonly strikes: number; readonly path: NegotiationAction[]; readonly exhausted: boolean };
}

/** Options of {@link negotiate}. */
export interface NegotiateOptions {
  readonly query: string;
  /** What the user wants to do with the answer; defaults to the query. */
  readonly intent?: string;
  /** What the answer must cover; derived from the query by default (see `deriveAspects`). */
  readonly aspects?: readonly string[];
  /** The agents, first is asked first; names or `{ name, covers }`. */
  readonly agents: ReadonlyArray<string | NegotiationAgent>;
  /** Asks an agent; returns its reply as text or as a stream of text. */
  readonly ask: (agent: string, request: NegotiationRequest) => string | Promise<string> | AsyncIterable<string>;
  /** The lowest confidence that counts as an answer. Default MEDIUM. */
  readonly threshold?: NegotiationConfidence;
  /** Most rounds in all. Default 3. */
  readonly maxRounds?: number;
  /** Per-ask time limit; a late agent counts as UNCERTAIN. Default 60 s. */
  readonly timeoutMilliseconds?: number;
  readonly signal?: AbortSignal;
  /** Known facts that answer agents' context questions: a key found in a question answers it. */
  readonly known?: Readonly<Record<string, string>>;
  /** Answers a context question the known facts do not; `undefined` leaves it open. */
  readonly answer?: (question: string, context: NegotiationContext) => string | undefined | Promise<string | undefined>;
  /** Called after each round. */
  readonly onRound?: (round: NegotiationRound) => void;
}

/** The longest reply read from an agent, in characters. */
const MAX_REPLY = 1024 * 1024;

const commonWords = new Set(['system', 'systems', 'with', 'that', 'this', 'from', 'about', 'after', 'before', 'their', 'what', 'which']);

/**
 * Whether `text` is about `aspect`: it contains the aspect, or one of its distinctive words — a
 * word of four letters or more that no other aspect of the query shares (for "trading system":
 * "trading"; "hiring" does not tell "hiring now" from "hiring after the raise").
 */
const mentions = (text: string, aspect: string, aspects: readonly string[] = [aspect]): boolean => {
  const lower = text.toLowerCase();
  const needle = aspect.toLowerCase();
  if (lower.includes(needle)) return true;
  const words = (value: string): string[] => value.toLowerCase().split(/[\s/-]+/).filter((word) => word.length >= 4 && !commonWords.has(word));
  const shared = new Set(aspects.filter((other) => other !== aspect).flatMap(words));
  return words(aspect).some((word) => !shared.has(word) && lower.includes(word));
};

type AskOutcome = { readonly text: string } | { readonly failure: NegotiationViolation };

async function askWithLimits(options: NegotiateOptions, agent: string, request: NegotiationRequest, round: number): Promise<AskOutcome> {
  const timeout = options.timeoutMilliseconds ?? 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const limits = new Promise<AskOutcome>((resolve, reject) => {
    timer = setTimeout(() => resolve({ failure: { code: 'TIMEOUT', message: `${agent} did not answer within ${timeout} ms; read as UNCERTAIN.` } }), timeout);
    onAbort = () => reject(new NegotiationAbortedError({ round, cause: options.signal?.reason }));
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const asked = (async (): Promise<AskOutcome> => {
    try {
      return { text: await collectText(options.ask(agent, request), { maxLength: MAX_REPLY }) };
    } catch (error) {
      return { failure: { code: 'AGENT_FAILED', message: `${excerpt(agent)} failed: ${excerpt(error instanceof Error ? error.message : String(error), 200)}; read as UNCERTAIN.` } };
    }
  })();
  try {
    return await Promise.race([asked, limits]);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) options.signal?.removeEventListener('abort', onAbort);
  }
}

const uncertain: StructuredResponse = { findings: [], confidence: 'UNCERTAIN', gaps: [], contextNeeded: [] };
const addUnique = (list: string[], items: Iterable<string>): void => {
  for (const item of items) if (!list.includes(item)) list.push(item);
};
const isRuledOut = (text: string): boolean => /^(?:not |no |ruled out)/i.test(text.trim()) || text.toLowerCase().includes('ruled out');

/**
 * The orchestrator ↔ sub-agent negotiation loop. Each round asks one agent in negotiation mode
 * with the query, the intent, the open aspects and everything learned so far; parses its
 * structured reply (garbage, errors and time-outs read as UNCERTAIN, with violations); maps its
 * findings to the aspects of the question; and accepts, refines (answers the agent's questions and
 * narrows the scope), tries the agent that covers an open aspect or the next one, or synthesizes.
 * At most `maxRounds` rounds (3), following the 3-strike rule: refine, then an alternative, then a
 * best-effort synthesis that states its gaps.
 *
 * @example
 * ```ts
 * const result = await negotiate({
 *   query: 'Compare tokio and async-std for web servers',
 *   agents: [{ name: 'tokio-docs', covers: ['tokio'] }, { name: 'async-std-docs', covers: ['async-std'] }],
 *   ask: (agent, request) => callAgent(agent, request.prompt),
 *   known: { 'web framework': 'axum / tide', 'multi-threaded': 'yes' },
 * });
 * ```
 */
export async function negotiate(options: NegotiateOptions): Promise<NegotiationResult> {
  const maxRounds = Math.max(1, Math.floor(options.maxRounds ?? 3));
  const threshold = options.threshold ?? 'MEDIUM';
  expectString(options.query, 'query');
  if (!Array.isArray(options.agents)) throw new InvalidArgumentError({ argument: 'agents', message: 'agents must be an array of agent names or agents' });
  const agents = options.agents.map((agent): NegotiationAgent => (typeof agent === 'string' ? { name: agent } : agent));
  if (agents.length === 0) throw new InvalidArgumentError({ argument: 'agents', message: 'negotiate needs at least one agent.' });
  const aspects = options.aspects !== undefined && options.aspects.length > 0 ? [...options.aspects] : deriveAspects(options.query);
  const intent = options.intent ?? options.query;
  const context: NegotiationContext = { confirmedFacts: [], ruledOut: [], openUncertainties: [], answers: [] };
  const coveredBy = new Map<string, { agent: string; round: number; confidence: NegotiationConfidence }>();
  const rounds: NegotiationRound[] = [];
  const path: NegotiationAction[] = [];
  const owner = (aspect: string): NegotiationAgent | undefined => agents.find((agent) => agent.covers?.some((covered) => covered.toLowerCase() === aspect.toLowerCase()));
  const open = (): string[] => aspects.filter((aspect) => !coveredBy.has(aspect));

  let agent = owner(aspects[0] ?? '') ?? (agents[0] as NegotiationAgent);
  let strikes = 0;
  for (let round = 1; round <= maxRounds; round += 1) {
    if (options.signal?.aborted === true) throw new NegotiationAbortedError({ round, cause: options.signal.reason });
    const base = { negotiation: true as const, round, maxRounds, query: options.query, intent, aspects, focus: open(), context: structuredClone(context) };
    const request: NegotiationRequest = { ...base, prompt: negotiationPrompt(base) };
    const asked = agent.name;
    const outcome = await askWithLimits(options, asked, request, round);
    const { response, violations } = 'text' in outcome ? parseStructuredResponse(outcome.text) : { response: uncertain, violations: [outcome.failure] };

    // Intent preservation: which aspects did this round answer?
    const good = meetsThreshold(response.confidence, threshold);
    const covered = good
      ? aspects.filter((aspect) => !coveredBy.has(aspect) && (agent.covers?.some((item) => item.toLowerCase() === aspect.toLowerCase()) === true || response.findings.some((finding) => mentions(finding, aspect, aspects))))
      : [];
    for (const aspect of covered) coveredBy.set(aspect, { agent: agent.name, round, confidence: response.confidence });

    // Context accumulation.
    if (good) addUnique(context.confirmedFacts, response.findings.filter((finding) => !isRuledOut(finding)));
    addUnique(context.ruledOut, [...response.findings, ...response.gaps].filter(isRuledOut));
    for (const question of response.contextNeeded) {
      if (context.answers.some((entry) => entry.question === question)) continue;
      const key = Object.keys(options.known ?? {}).find((candidate) => question.toLowerCase().includes(candidate.toLowerCase()));
      const answer = key !== undefined ? options.known?.[key] : await options.answer?.(question, context);
      if (answer !== undefined) context.answers.push({ question, answer });
      else addUnique(context.openUncertainties, [question]);
    }

    // Gap assessment: a gap blocks when it touches an aspect still open.
    const blockingGaps = response.gaps.filter((gap) => open().some((aspect) => mentions(gap, aspect, aspects)));
    addUnique(context.openUncertainties, blockingGaps);
    const sufficient = open().length === 0 && (response.confidence === 'HIGH' || blockingGaps.length === 0);

    let action: NegotiationAction;
    if (sufficient) action = 'accept';
    else {
      strikes += 1;
      const next = open()
        .map(owner)
        .find((candidate): candidate is NegotiationAgent => candidate !== undefined && candidate.name !== agent.name);
      const following = agents[(agents.indexOf(agent) + 1) % agents.length] as NegotiationAgent;
      if (strikes >= 3 || round >= maxRounds) action = 'synthesize';
      else if (next !== undefined) {
        action = 'alternative';
        agent = next;
      } else if ((response.confidence === 'UNCERTAIN' || strikes === 2) && following.name !== agent.name) {
        action = 'alternative';
        agent = following;
      } else action = 'refine';
    }
    path.push(action);
    const record: NegotiationRound = { round, agent: asked, request, response, violations, covered, blockingGaps, action };
    rounds.push(record);
    options.onRound?.(record);
    if (action === 'accept' || action === 'synthesize') break;
  }
  return synthesizeResult(options.query, aspects, rounds, coveredBy, strikes, path);
}

function synthesizeResult(
  query: string,
  aspects: readonly string[],
  rounds: readonly NegotiationRound[],
  coveredBy: ReadonlyMap<string, { readonly agent: string; readonly round: number; readonly confidence: NegotiationConfidence }>,
  strikes: number,
  path: NegotiationAction[],
): NegotiationResult {
  const sources = aspects.flatMap((aspect) => {
    const source = coveredBy.get(aspect);
    return source === undefined ? [] : [{ aspect, agent: source.agent, round: source.round }];
  });
  const complete = sources.length === aspects.length;
  const best = rounds.reduce<NegotiationConfidence>((lowest, round) => (round.response.findings.length > 0 ? (lowest === 'UNCERTAIN' ? round.response.confidence : lowerConfidence(lowest, round.response.confidence)) : lowest), 'UNCERTAIN');
  const confidence: NegotiationConfidence = complete
    ? [...coveredBy.values()].reduce<NegotiationConfidence>((lowest, source) => lowerConfidence(lowest, source.confidence), 'HIGH')
    : best === 'HIGH' || best === 'MEDIUM'
      ? 'LOW'
      : best;
  // The gaps that remain: those of the rounds that answered, and every open aspect.
  const gaps: string[] = [];
  const answering = new Set(sources.map((source) => source.round));
  for (const round of rounds) if (answering.has(round.round) || !complete) addUnique(gaps, round.response.gaps);
  for (const aspect of aspects) if (!coveredBy.has(aspect)) addUnique(gaps, [`no sufficient answer for "${aspect}"`]);

  const lines = [`${query}`, `Confidence: ${confidence}${complete ? '' : ' (best effort)'}`];
  const listed = new Set<string>();
  for (const aspect of aspects) {
    const source = coveredBy.get(aspect);
    lines.push('', `${aspect}${source === undefined ? ' (not answered)' : ` (source: ${source.agent}, round ${source.round})`}:`);
    const findings = rounds.filter((round) => meetsThreshold(round.response.confidence, 'LOW')).flatMap((round) =>
      round.response.findings.filter((finding) => mentions(finding, aspect, aspects) || round.covered.includes(aspect)).map((finding) => {
        listed.add(finding);
        return `- ${finding} [${round.agent}]`;
      }),
    );
    lines.push(...(findings.length === 0 ? ['- nothing found'] : [...new Set(findings)]));
  }
  // Combine all findings: what no aspect claimed is still reported, with its source and confidence.
  const others = rounds.flatMap((round) => round.response.findings.filter((finding) => !listed.has(finding)).map((finding) => `- ${finding} [${round.agent}, round ${round.round}, ${round.response.confidence}]`));
  if (others.length > 0) lines.push('', 'Other findings:', ...new Set(others));
  if (gaps.length > 0) lines.push('', 'Gaps:', ...gaps.map((gap) => `- ${gap}`));
  return { answer: lines.join('\n'), confidence, gaps, rounds: [...rounds], sources, escalation: { strikes, path, exhausted: !complete } };
}
