import type { NegotiationAction } from './decide-next-action';
import type { NegotiationRequest } from './negotiation-request';
import type { NegotiationViolation } from './negotiation-violation';
import type { StructuredResponse } from './structured-response';

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
