import type { TokenRule, TokenViolationCode } from './token-violation-rules';

/** A break of the protocol, found where it happened. */
export interface TokenViolation {
  /** The spec section broken: `R1` … `R6`. */
  readonly rule: TokenRule;
  /** Stable and machine-matchable, such as `PROSE_INVOCATION`: one of `tokenViolationRules`. */
  readonly code: TokenViolationCode;
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
