import type { Violation } from '@parley/core';
import type { TokenRule, TokenViolationCode } from './token-violation-rules';

/**
 * A break of the C-suite protocol, found where it happened: core's {@link Violation} with its
 * rule one of `R1` … `R6`, its code one of `tokenViolationRules`, and a line and column always.
 */
export interface TokenViolation extends Violation<TokenRule, TokenViolationCode> {
  /** 1-based line of the input. */
  readonly line: number;
  /** 1-based column of the input. */
  readonly column: number;
}

/** Which phase a conversation is in (R6). */
export type IsolationPhase = 'independent' | 'critique' | 'open';
