import { readChain, readPhaseOption } from './read-context';
import { requireText } from './require-text';
import { createRoleRegistry, type RoleRegistry } from './role-registry';
import type { Token } from './token';
import type { ScannerOptions } from './scan-context';
import { TokenScanner } from './token-scanner';
import type { IsolationPhase, TokenViolation } from './token-violation';

/** Options of {@link checkTokens} and `checkTokensStream`. */
export interface CheckTokensOptions {
  /** The path from the first caller to the speaker, speaker last; enables the loop guard (R4). */
  readonly chain?: readonly string[];
  /** The conversation phase (R6). Default `open`. */
  readonly phase?: IsolationPhase;
  /** The org chart; the 14 default roles by default. */
  readonly registry?: RoleRegistry;
  /** The longest line read. Default 4096. */
  readonly maxLineLength?: number;
  /** The longest RESPONSE block kept. Default 64 K characters. */
  readonly maxResponseLength?: number;
}

/** A token found in the text, with the line it started on. */
export type FoundToken = Token & { readonly line: number };

/** What {@link checkTokens} found. */
export interface TokenReport {
  readonly tokens: FoundToken[];
  readonly violations: TokenViolation[];
}

/** The 14 default roles, built once. @internal */
export const defaultRegistry: RoleRegistry = createRoleRegistry();

/** The scanner's options from the caller's, defaults filled in. @internal */
export const scannerOptions = (options: CheckTokensOptions): ScannerOptions => ({
  registry: options.registry ?? defaultRegistry,
  ...(options.chain === undefined ? {} : { chain: options.chain }),
  ...(options.phase === undefined ? {} : { phase: options.phase }),
  ...(options.maxLineLength === undefined ? {} : { maxLineLength: options.maxLineLength }),
  ...(options.maxResponseLength === undefined ? {} : { maxResponseLength: options.maxResponseLength }),
});

/**
 * Checks a whole message against the C-suite protocol (R1–R6 and the eight common mistakes):
 * the tokens it holds, and every violation with its rule, line, column and, where it can be
 * derived, the conforming text.
 *
 * @example
 * ```ts
 * import { checkTokens } from '@parley/tokens';
 *
 * const [violation] = checkTokens('Hey CFO, can we afford to hire 5 engineers next quarter?').violations;
 * console.log(violation?.rule, violation?.code, violation?.fix); // R1 PROSE_INVOCATION [INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]
 * ```
 */
export function checkTokens(text: string, options: CheckTokensOptions = {}): TokenReport {
  requireText(text, 'text', 'checkTokens');
  const registry = options.registry ?? defaultRegistry;
  const chain = options.chain === undefined ? undefined : readChain(options.chain, registry, 'options.chain', 'checkTokens');
  const phase = readPhaseOption(options.phase, 'options.phase', 'checkTokens');
  const tokens: FoundToken[] = [];
  const violations: TokenViolation[] = [];
  const scanner = new TokenScanner(scannerOptions({ ...options, ...(chain === undefined ? {} : { chain }), ...(phase === undefined ? {} : { phase }) }), {
    token: (token, line) => tokens.push({ ...token, line }),
    violation: (violation) => violations.push(violation),
  });
  scanner.write(text);
  scanner.end();
  return { tokens, violations };
}

/** Parses one token in its exact form (a single line, or a whole RESPONSE block); `undefined` unless it conforms. */
export function parseToken(text: string, options: CheckTokensOptions = {}): Token | undefined {
  requireText(text, 'text', 'parseToken');
  const { tokens, violations } = checkTokens(text, options);
  if (tokens.length !== 1 || violations.length > 0) return undefined;
  const { line: _line, ...token } = tokens[0] as FoundToken;
  return token as Token;
}
