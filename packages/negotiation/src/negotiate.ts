import { addUnique } from './add-unique';
import { askAgent } from './ask-agent';
import { decideNextAction, type NegotiationAction } from './decide-next-action';
import { deriveAspects } from './derive-aspects';
import { mentionsAspect } from './mentions-aspect';
import { NegotiationAbortedError } from './negotiation-aborted-error';
import type { NegotiationAgent } from './negotiation-agent';
import { meetsThreshold, type NegotiationConfidence } from './negotiation-confidence';
import { negotiationPrompt } from './negotiation-prompt';
import type { NegotiationContext, NegotiationRequest } from './negotiation-request';
import type { NegotiationResult } from './negotiation-result';
import type { NegotiationRound } from './negotiation-round';
import { parseStructuredResponse } from './parse-structured-response';
import { readNegotiateOptions } from './read-negotiate-options';
import type { StructuredResponse } from './structured-response';
import { type AspectSource, synthesizeResult } from './synthesize-result';

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
  /** The lowest confidence that counts as an answer (read in any case: `'high'` is HIGH). Default MEDIUM. */
  readonly threshold?: NegotiationConfidence;
  /** Most rounds in all: a whole number, 1 or more. Default 3. */
  readonly maxRounds?: number;
  /**
   * Per-ask time limit; a late agent counts as UNCERTAIN. From 1 to 2³¹ − 1 ms, or `Infinity` for
   * no limit. Default 60 s.
   */
  readonly timeoutMilliseconds?: number;
  readonly signal?: AbortSignal;
  /** Known facts that answer agents' context questions: a key found in a question answers it. */
  readonly known?: Readonly<Record<string, string>>;
  /** Answers a context question the known facts do not; `undefined` leaves it open. */
  readonly answer?: (question: string, context: NegotiationContext) => string | undefined | Promise<string | undefined>;
  /** Called after each round. */
  readonly onRound?: (round: NegotiationRound) => void;
}

const uncertain: StructuredResponse = { findings: [], confidence: 'UNCERTAIN', gaps: [], contextNeeded: [] };
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
 * import { formatStructuredResponse, negotiate } from '@parley/negotiation';
 *
 * // A stand-in for calling your agents with request.prompt: each answers in negotiation mode.
 * const callAgent = async (agent: string, _prompt: string): Promise<string> =>
 *   formatStructuredResponse({ findings: [`${agent}: one runtime for web servers`], confidence: 'HIGH', gaps: [], contextNeeded: [] });
 * const result = await negotiate({
 *   query: 'Compare tokio and async-std for web servers',
 *   agents: [{ name: 'tokio-docs', covers: ['tokio'] }, { name: 'async-std-docs', covers: ['async-std'] }],
 *   ask: (agent, request) => callAgent(agent, request.prompt),
 *   known: { 'web framework': 'axum / tide', 'multi-threaded': 'yes' },
 * });
 * console.log(result.confidence, result.rounds.length); // HIGH 2
 * ```
 */
export async function negotiate(options: NegotiateOptions): Promise<NegotiationResult> {
  const checked = readNegotiateOptions(options);
  const { agents, maxRounds, threshold, timeoutMilliseconds } = checked;
  const aspects = checked.aspects !== undefined && checked.aspects.length > 0 ? [...checked.aspects] : deriveAspects(options.query);
  const intent = options.intent ?? options.query;
  const context: NegotiationContext = { confirmedFacts: [], ruledOut: [], openUncertainties: [], answers: [] };
  const coveredBy = new Map<string, AspectSource>();
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
    const outcome = await askAgent({ ...options, timeoutMilliseconds }, asked, request, round);
    const { response, violations } = 'text' in outcome ? parseStructuredResponse(outcome.text) : { response: uncertain, violations: [outcome.failure] };

    // Intent preservation: which aspects did this round answer?
    const good = meetsThreshold(response.confidence, threshold);
    const covered = good
      ? aspects.filter((aspect) => !coveredBy.has(aspect) && (agent.covers?.some((item) => item.toLowerCase() === aspect.toLowerCase()) === true || response.findings.some((finding) => mentionsAspect(finding, aspect, aspects))))
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
    const blockingGaps = response.gaps.filter((gap) => open().some((aspect) => mentionsAspect(gap, aspect, aspects)));
    addUnique(context.openUncertainties, blockingGaps);
    const sufficient = open().length === 0 && (response.confidence === 'HIGH' || blockingGaps.length === 0);

    // The 3-strike rule.
    const owners = open()
      .map(owner)
      .filter((candidate): candidate is NegotiationAgent => candidate !== undefined);
    const next = decideNextAction({ sufficient, strikes, round, maxRounds, confidence: response.confidence, agent, agents, owners });
    const { action } = next;
    strikes = next.strikes;
    agent = next.agent;
    path.push(action);
    const record: NegotiationRound = { round, agent: asked, request, response, violations, covered, blockingGaps, action };
    rounds.push(record);
    options.onRound?.(record);
    if (action === 'accept' || action === 'synthesize') break;
  }
  return synthesizeResult({ query: options.query, aspects, rounds, coveredBy, strikes, path });
}
