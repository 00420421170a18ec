import type { StoreUnavailableError } from './store-unavailable-error';
import type { Task } from './task';

/** The lifecycle events of dispatched tasks. */
export interface DispatchEvents {
  created: [task: Task];
  promoted: [task: Task];
  started: [task: Task];
  progress: [event: { readonly task: Task; readonly sentence: string }];
  done: [task: Task];
  retried: [event: { readonly task: Task; readonly error: string }];
  failed: [event: { readonly task: Task; readonly error: string }];
  cancelled: [task: Task];
  skipped: [task: Task];
  /**
   * The store stopped answering (database restarting or unreachable, SQLite locked past its busy
   * timeout): emitted once per outage, with the first error. Workers claim nothing until
   * `store-recovered`.
   */
  'store-unavailable': [event: { readonly cause: StoreUnavailableError; readonly operation: string }];
  /** The store answers again after `store-unavailable`; `cause` is the error that began the outage. */
  'store-recovered': [event: { readonly cause: StoreUnavailableError; readonly unavailableMilliseconds: number }];
  /**
   * A worker met an error it cannot ride through (anything but a {@link StoreUnavailableError}
   * from the store, such as a dropped table or a read-only store) and stopped: emitted before its
   * `onFatal` runs.
   */
  fatal: [event: { readonly error: unknown }];
}
