import type { CallBar } from './barred-call';
import type { RoleRegistry } from './role-registry';
import type { Token } from './token';
import type { TokenHead } from './token-head';
import type { IsolationPhase, TokenViolation } from './token-violation';

/** Options of the scanner. */
export interface ScannerOptions {
  readonly registry: RoleRegistry;
  /** The path from the first caller to the speaker, speaker last (R4). */
  readonly chain?: readonly string[];
  readonly phase?: IsolationPhase;
  /** The longest line read; the rest of a longer line is ignored (and a token on it reported). Default 4096. */
  readonly maxLineLength?: number;
  /** The longest RESPONSE block kept. Default 64 K characters. */
  readonly maxResponseLength?: number;
}

/** A call (INVOKE or BROADCAST) as a lenient reader would route it, normalised, with the guard's decision. */
export interface ScannedCall {
  readonly kind: 'invoke' | 'broadcast';
  /** The normalised target: a role token, or `all` for a BROADCAST. */
  readonly role: string;
  readonly question: string;
  /** Why it may not go out (R4, R6), or `undefined`. */
  readonly bar: CallBar | undefined;
  /** Whether it stands where a router takes calls from (not inside a RESPONSE). */
  readonly routable: boolean;
  /** On a line too long to keep: the question is not known. */
  readonly overlong?: true;
}

/** A violation as a rule reader reports it: the column defaults to the line's first, and the scanner places it on the input. */
export type ScanViolation = Omit<TokenViolation, 'line' | 'column'> & { readonly column?: number };

/** A RESPONSE block being read (R3). */
export interface OpenResponse {
  readonly role: string;
  readonly line: number;
  readonly column: number;
  readonly body: string[];
  length: number;
}

/**
 * What the scanner's line state machine gives the readers of each rule: the options, where it
 * is, and where their findings go.
 *
 * @internal
 */
export interface ScanContext {
  readonly options: ScannerOptions;
  /** The number of the line being read (its first input line, for a joined one). */
  readonly lineNumber: number;
  /** The line is read inside a RESPONSE: calls are checked and reported, but are not tokens. */
  readonly insideResponse: boolean;
  /** The token being read runs over a line break (R1: a token is written on one line). */
  readonly split: boolean;
  /** The RESPONSE block open, if any. */
  readonly response: OpenResponse | undefined;
  violate(line: number, violation: ScanViolation): void;
  token(token: Token, line: number): void;
  call(call: ScannedCall): void;
  openResponse(response: OpenResponse): void;
  /** A BLOCKED token was read: the next non-empty line owes its ASSUMPTION (R4). */
  blocked(role: string): void;
  /** Reads the tokens of a line from their heads (inside the open RESPONSE when `insideResponse`). */
  readTokens(trimmed: string, column: number, heads: readonly TokenHead[], insideResponse: boolean): void;
}
