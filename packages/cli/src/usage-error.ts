import { ParleyError } from '@parley/core';

const marker = 'parley.error.UsageError';

/** A command line `parley` cannot run: unknown command or option, missing argument, unreadable input. */
export class UsageError extends ParleyError {
  override readonly code: 'USAGE' = 'USAGE';

  constructor(options: { readonly message: string; readonly cause?: unknown }) {
    super({ code: 'USAGE', message: options.message, cause: options.cause });
    this.name = 'UsageError';
    this.mark(marker);
  }

  /** Whether `error` is a {@link UsageError} from any installed copy of `@parley/cli`. */
  static override isInstance(error: unknown): error is UsageError {
    return ParleyError.hasMarker(error, marker);
  }
}
