import { ParleyError } from '@parley/core';

const marker = 'parley.error.StoreUnavailableError';

/**
 * Rejected by a task store when its database cannot answer right now: Postgres is restarting,
 * unreachable or out of connections, or a SQLite file stayed locked by another process for longer
 * than the busy timeout. The operation did not happen, or (when the connection dropped during a
 * commit) may have: every store operation is safe to try again, and workers and the dispatcher do
 * so with backoff. `cause` holds the driver's error.
 */
export class StoreUnavailableError extends ParleyError {
  override readonly code: 'STORE_UNAVAILABLE' = 'STORE_UNAVAILABLE';

  /** The store method that could not run, such as `"claim"`. */
  readonly operation: string;

  constructor(options: { readonly operation: string; readonly cause: unknown }) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super({ code: 'STORE_UNAVAILABLE', message: `The task store is unavailable for "${options.operation}": ${reason}. Try again once the database is back.`, cause: options.cause });
    this.name = 'StoreUnavailableError';
    this.operation = options.operation;
    this.mark(marker);
  }

  /** Whether `error` is a {@link StoreUnavailableError} from any installed copy of `@parley/dispatch`. */
  static override isInstance(error: unknown): error is StoreUnavailableError {
    return ParleyError.hasMarker(error, marker);
  }
}
