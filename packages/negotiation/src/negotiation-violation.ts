/** Something a structured response does wrong. The response is still used, with what could be read. */
export interface NegotiationViolation {
  /** Stable: `NOT_STRUCTURED`, `MISSING_SECTION`, `UNKNOWN_CONFIDENCE`, `TOO_LONG`, `INVALID_ENVELOPE`, `TIMEOUT`, `AGENT_FAILED`. */
  readonly code: string;
  /** What is wrong and what would be right. */
  readonly message: string;
}
