import { defineObserver, type StreamEvent, type TextMiddleware } from '@parley/core';
import { type CheckTokensOptions, defaultRegistry, scannerOptions } from './check-tokens';
import { readChain, readContextPhase, readPhaseOption } from './read-context';
import type { Token, TokenOf } from './token';
import { TokenScanner } from './token-scanner';
import type { IsolationPhase, TokenViolation } from './token-violation';

type Events = { readonly [Kind in Token['kind']]: StreamEvent & { readonly token: TokenOf<Kind>; readonly line: number } };

/** The events of {@link checkTokensStream}: one per token kind, and `violation`. */
export interface CheckTokensEvents extends Events {
  readonly violation: StreamEvent & TokenViolation;
}

/**
 * `checkTokens` as a streaming middleware (validate mode): text passes through unchanged and
 * at once; each token and violation is emitted when its line ends (R1 allows nothing after a
 * token on its line) or at `[/RESPONSE]`, the same for every chunking. The stream context's
 * `chain` and `phase` apply when the options do not set them.
 */
export function checkTokensStream(options: CheckTokensOptions = {}): TextMiddleware<CheckTokensEvents> {
  const registry = options.registry ?? defaultRegistry;
  const optionChain = options.chain === undefined ? undefined : readChain(options.chain, registry, 'options.chain', 'checkTokensStream');
  const optionPhase = readPhaseOption(options.phase, 'options.phase', 'checkTokensStream');
  return defineObserver<CheckTokensEvents>({
    name: 'check-tokens',
    createObserver: (context, emit) => {
      const phase: IsolationPhase | undefined = optionPhase ?? readContextPhase(context.phase);
      const chain = optionChain ?? (context.chain === undefined ? undefined : readChain(context.chain, registry, 'context.chain', 'checkTokensStream'));
      return new TokenScanner(scannerOptions({ ...options, ...(phase === undefined ? {} : { phase }), ...(chain === undefined ? {} : { chain }) }), {
        token: (token, line) => (emit as (name: string, event: object) => void)(token.kind, { token, line }),
        violation: (violation) => emit('violation', violation),
      });
    },
  });
}
