import { ParleyError } from '@parley/core';

const marker = 'parley.error.NegotiationAbortedError';

/** Thrown by `negotiate` when its `signal` aborts. */
export class NegotiationAbortedError extends ParleyError {
  override readonly code: 'NEGOTIATION_ABORTED' = 'NEGOTIATION_ABORTED';

  constructor(options: { readonly round: number; readonly cause?: unknown }) {
    super({ code: 'NEGOTIATION_ABORTED', message: `The negotiation was cancelled during round ${options.round}.`, cause: options.cause });
    this.name = 'NegotiationAbortedError';
    this.mark(marker);
  }

  /** Whether `error` is a {@link NegotiationAbortedError} from any installed copy of `@parley/negotiation`. */
  static override isInstance(error: unknown): error is NegotiationAbortedError {
    return ParleyError.hasMarker(error, marker);
  }
}
