import type { NegotiationAction } from './decide-next-action';
import type { NegotiationConfidence } from './negotiation-confidence';
import type { NegotiationRound } from './negotiation-round';

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
