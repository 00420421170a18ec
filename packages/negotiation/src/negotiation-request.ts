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
