import { ParleyError } from '@parley/core';

const marker = 'parley.error.TaskStoreOpenError';

/** Why an existing task store could not be opened. */
export type TaskStoreOpenErrorCode = 'STORE_NOT_FOUND' | 'NOT_A_STORE' | 'STORE_SCHEMA_MISMATCH';

const explanations: Readonly<Record<TaskStoreOpenErrorCode, string>> = {
  STORE_NOT_FOUND: 'there is no file at that path',
  NOT_A_STORE: 'the file is not a Parley task store',
  STORE_SCHEMA_MISMATCH: 'the store was written by another version of @parley/dispatch',
};

/**
 * Thrown when a store that must already exist (such as a read-only one) cannot be opened: the
 * path does not exist (`STORE_NOT_FOUND`), the file is not a SQLite database or holds no Parley
 * tables (`NOT_A_STORE`), or its schema version is not the one this version reads
 * (`STORE_SCHEMA_MISMATCH`).
 */
export class TaskStoreOpenError extends ParleyError {
  override readonly code: TaskStoreOpenErrorCode;

  /** The path that was opened. */
  readonly path: string;

  constructor(options: { readonly code: TaskStoreOpenErrorCode; readonly path: string; readonly detail?: string; readonly cause?: unknown }) {
    super({
      code: options.code,
      message: `Cannot open the task store "${options.path}": ${explanations[options.code]}${options.detail === undefined ? '' : ` (${options.detail})`}.`,
      cause: options.cause,
    });
    this.name = 'TaskStoreOpenError';
    this.code = options.code;
    this.path = options.path;
    this.mark(marker);
  }

  /** Whether `error` is a {@link TaskStoreOpenError} from any installed copy of `@parley/dispatch`. */
  static override isInstance(error: unknown): error is TaskStoreOpenError {
    return ParleyError.hasMarker(error, marker);
  }
}
