/** An agent the orchestrator can ask, and the aspects it is the source for. */
export interface NegotiationAgent {
  readonly name: string;
  /** Aspects this agent is the right source for, such as `["async-std"]` or `["trading system"]`. */
  readonly covers?: readonly string[];
}
