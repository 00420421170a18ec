import type { NegotiationAgent } from './negotiation-agent';
import type { NegotiationConfidence } from './negotiation-confidence';

/** What the orchestrator decided after a round. */
export type NegotiationAction = 'accept' | 'refine' | 'alternative' | 'synthesize';

/** What {@link decideNextAction} decides from: one round's outcome and the escalation so far. */
export interface NextActionInput {
  /** Whether the round's answer suffices: every aspect covered, and HIGH or no blocking gap. */
  readonly sufficient: boolean;
  /** Strikes before this round. */
  readonly strikes: number;
  /** This round's number, from 1. */
  readonly round: number;
  /** Most rounds in all. */
  readonly maxRounds: number;
  /** The confidence of this round's reply. */
  readonly confidence: NegotiationConfidence;
  /** The agent asked this round (one of `agents`). */
  readonly agent: NegotiationAgent;
  /** Every agent, in the order given. */
  readonly agents: readonly NegotiationAgent[];
  /** The agents that cover an aspect still open, in the order of those aspects. */
  readonly owners: readonly NegotiationAgent[];
}

/** What {@link decideNextAction} decided. */
export interface NextAction {
  readonly action: NegotiationAction;
  /** Strikes after this round. */
  readonly strikes: number;
  /** The agent to ask next: another one for `alternative`, the same one otherwise. */
  readonly agent: NegotiationAgent;
}

/**
 * The 3-strike rule as a pure decision. A sufficient round is accepted. Any other round is a
 * strike: the third strike, or the last round, synthesizes a best-effort answer; otherwise the
 * orchestrator asks the agent that covers an open aspect, else — after an UNCERTAIN reply or on
 * the second strike — the next agent in order, else it refines with the same agent.
 *
 * @internal `negotiate` runs it after every round.
 */
export function decideNextAction(input: NextActionInput): NextAction {
  const { agent, agents } = input;
  if (input.sufficient) return { action: 'accept', strikes: input.strikes, agent };
  const strikes = input.strikes + 1;
  if (strikes >= 3 || input.round >= input.maxRounds) return { action: 'synthesize', strikes, agent };
  const owner = input.owners.find((candidate) => candidate.name !== agent.name);
  if (owner !== undefined) return { action: 'alternative', strikes, agent: owner };
  const following = agents[(agents.indexOf(agent) + 1) % agents.length] ?? agent;
  if ((input.confidence === 'UNCERTAIN' || strikes === 2) && following.name !== agent.name) return { action: 'alternative', strikes, agent: following };
  return { action: 'refine', strikes, agent };
}
