import { ParleyError } from '@parley/core';

const marker = 'parley.error.CouncilAbortedError';

/** Thrown by a council's `ask`, `broadcast` or `deliberate` when its signal aborts. */
export class CouncilAbortedError extends ParleyError {
  override readonly code: 'COUNCIL_ABORTED' = 'COUNCIL_ABORTED';

  constructor(options: { readonly cause?: unknown } = {}) {
    super({ code: 'COUNCIL_ABORTED', message: 'The council was cancelled.', cause: options.cause });
    this.name = 'CouncilAbortedError';
    this.mark(marker);
  }

  /** Whether `error` is a {@link CouncilAbortedError} from any installed copy of `@parley/tokens`. */
  static override isInstance(error: unknown): error is CouncilAbortedError {
    return ParleyError.hasMarker(error, marker);
  }
}
