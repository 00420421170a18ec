/** A break of the protocol, found where it happened. */
export interface TokenViolation {
  /** The spec section broken: `R1` … `R6`. */
  readonly rule: 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6';
  /** Stable and machine-matchable, such as `PROSE_INVOCATION`. */
  readonly code: string;
  /** What is wrong and what would be right. */
  readonly message: string;
  /** 1-based line of the input. */
  readonly line: number;
  /** 1-based column of the input. */
  readonly column: number;
  /** The conforming text, where it can be derived. */
  readonly fix?: string;
}

/** Which phase a conversation is in (R6). */
export type IsolationPhase = 'independent' | 'critique' | 'open';
