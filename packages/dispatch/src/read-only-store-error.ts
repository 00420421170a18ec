import { ParleyError } from '@parley/core';

const marker = 'parley.error.ReadOnlyStoreError';

/** Thrown when a task store opened read-only is asked to change something. */
export class ReadOnlyStoreError extends ParleyError {
  override readonly code: 'STORE_READ_ONLY' = 'STORE_READ_ONLY';

  /** The store method that was refused, such as `"claim"`. */
  readonly operation: string;

  constructor(options: { readonly operation: string }) {
    super({ code: 'STORE_READ_ONLY', message: `The task store was opened read-only; "${options.operation}" would change it. Open it without readOnly to dispatch or run tasks.` });
    this.name = 'ReadOnlyStoreError';
    this.operation = options.operation;
    this.mark(marker);
  }

  /** Whether `error` is a {@link ReadOnlyStoreError} from any installed copy of `@parley/dispatch`. */
  static override isInstance(error: unknown): error is ReadOnlyStoreError {
    return ParleyError.hasMarker(error, marker);
  }
}
