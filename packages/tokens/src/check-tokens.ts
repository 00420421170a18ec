import { defineObserver, type StreamEvent, type TextMiddleware } from '@parley/core';
import { readChain, readContextPhase, readPhaseOption } from './read-context';
import { requireText } from './require-text';
import { createRoleRegistry, type RoleRegistry } from './role-registry';
import type { Token, TokenOf } from './token';
import type { ScannerOptions } from './scan-context';
import { TokenScanner } from './token-scanner';
import type { IsolationPhase, TokenViolation } from './token-violation';

/** Options of {@link checkTokens} and {@link validateTokens}. */
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

const defaultRegistry = createRoleRegistry();

const scannerOptions = (options: CheckTokensOptions): ScannerOptions => ({
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
 * checkTokens('Hey CFO, can we afford to hire 5 engineers next quarter?').violations[0];
 * // { rule: 'R1', code: 'PROSE_INVOCATION', line: 1, column: 1, fix: '[INVOKE:cfo|Can we afford to hire 5 engineers next quarter?]', … }
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

type Events = { readonly [Kind in Token['kind']]: StreamEvent & { readonly token: TokenOf<Kind>; readonly line: number } };

/** The events of {@link validateTokens}: one per token kind, and `violation`. */
export interface TokenEvents extends Events {
  readonly violation: StreamEvent & TokenViolation;
}

/**
 * {@link checkTokens} as a streaming middleware (validate mode): text passes through unchanged and
 * at once; each token and violation is emitted when its line ends (R1 allows nothing after a
 * token on its line) or at `[/RESPONSE]`, the same for every chunking. The stream context's
 * `chain` and `phase` apply when the options do not set them.
 */
export function validateTokens(options: CheckTokensOptions = {}): TextMiddleware<TokenEvents> {
  const registry = options.registry ?? defaultRegistry;
  const optionChain = options.chain === undefined ? undefined : readChain(options.chain, registry, 'options.chain', 'validateTokens');
  const optionPhase = readPhaseOption(options.phase, 'options.phase', 'validateTokens');
  return defineObserver<TokenEvents>({
    name: 'validate-tokens',
    createObserver: (context, emit) => {
      const phase: IsolationPhase | undefined = optionPhase ?? readContextPhase(context.phase);
      const chain = optionChain ?? (context.chain === undefined ? undefined : readChain(context.chain, registry, 'context.chain', 'validateTokens'));
      return new TokenScanner(scannerOptions({ ...options, ...(phase === undefined ? {} : { phase }), ...(chain === undefined ? {} : { chain }) }), {
        token: (token, line) => (emit as (name: string, event: object) => void)(token.kind, { token, line }),
        violation: (violation) => emit('violation', violation),
      });
    },
  });
}
