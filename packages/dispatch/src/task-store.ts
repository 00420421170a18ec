import type { ResolvedStep } from './plan';
import type { PruneOptions, PruneOutcome } from './prune-plans';
import type { ListPlansOptions, ListSessionsOptions, PlanPage, SessionPage } from './store-inspection';
import type { ClaimedTask, Task, TaskOutput } from './task';

/** What creating a plan did. */
export interface CreatePlanOutcome {
  /** Every task of the plan, in step order: those stored before this call and those it created. */
  readonly tasks: Task[];
  /** How many tasks this call created (0 when every step was stored already). */
  readonly created: number;
  /**
   * The tasks this call created, in step order, as they were when created: `backlog`, `queued`
   * (every dependency done) or `skipped` (a dependency failed, was cancelled or was skipped). Its
   * length is `created`. Required since the dispatcher emits `created` for these only; a store
   * written before it existed is handled at run time (see the README), but should add it.
   */
  readonly createdTasks: readonly Task[];
}

/** What failing a task did. */
export interface FailOutcome {
  /** `retry`: queued again after a backoff; `failed`: out of attempts; `stale`: the lease was no longer held. */
  readonly result: 'retry' | 'failed' | 'stale';
  /** Tasks skipped because this one failed (its dependents, transitively). */
  readonly skipped: readonly Task[];
}

/** What retrying a failed task did. */
export interface RetryOutcome {
  /** The task, queued again; undefined when it had not failed (or does not exist). */
  readonly retried: Task | undefined;
  /** The steps skipped because it failed, back in the backlog. */
  readonly restored: readonly Task[];
}

/** What completing a task did. */
export interface CompleteOutcome {
  /** False when the lease was no longer held (the task was recovered, cancelled or already done). */
  readonly completed: boolean;
  /** Dependents queued because every step they depend on is now done. */
  readonly promoted: Task[];
  /** The done task, when the store returns it (saves the worker reading it back). */
  readonly task?: Task;
}

/** Retry settings a store applies when a task fails or its lease expires. */
export interface RetryPolicy {
  /** Most claims of one task. */
  readonly maxAttempts: number;
  /** Delay before attempt `n + 1` after attempt `n` failed. */
  readonly backoff: (attempt: number) => number;
}

/** What to claim: up to `limit` of the oldest ready tasks (of `agents`, when given), each with a lease. */
export interface ClaimRequest {
  readonly now: number;
  readonly leaseMilliseconds: number;
  readonly agents?: readonly string[];
  readonly limit: number;
  /**
   * The lease tokens to give the claimed tasks, in claim order (at least `limit` of them, unique,
   * unguessable). They make a claim safe to repeat when its answer was lost: tasks still running
   * under one of these tokens are taken back first (their leases renewed, counted in `limit`),
   * instead of being left to wait for their leases to expire. Default: the store makes tokens.
   */
  readonly leaseTokens?: readonly string[];
}

/** A held task to complete: its id, the lease token its claim returned, and what it produced. */
export interface CompleteItem {
  readonly id: string;
  readonly leaseToken: string;
  readonly output: TaskOutput;
}

/**
 * The only truth about what was dispatched. Every method is atomic; every store (embedded,
 * Postgres) passes the same conformance suite.
 */
export interface TaskStore {
  /**
   * Creates every step of a plan in one transaction; idempotent on (plan id, step ref). Resolves
   * with the plan's tasks and, separately, the ones this call inserted (each in the state it was
   * created in), which is what the dispatcher announces.
   */
  createPlan(planId: string, steps: readonly ResolvedStep[], options: { readonly sessionId?: string; readonly now: number }): Promise<CreatePlanOutcome>;
  /** Claims the oldest queued task (of `agents`, when given) with a lease. */
  claim(options: { readonly now: number; readonly leaseMilliseconds: number; readonly agents?: readonly string[] }): Promise<ClaimedTask | undefined>;
  /**
   * Claims up to `limit` of the oldest queued tasks at once, each with a lease of its own, oldest
   * first (workers use it to fill their free slots in one commit). Optional: a store without it is
   * claimed from one task at a time.
   */
  claimMany?(options: ClaimRequest): Promise<ClaimedTask[]>;
  /** Extends a held lease; false when the lease is no longer held. */
  heartbeat(id: string, leaseToken: string, options: { readonly now: number; readonly leaseMilliseconds: number }): Promise<boolean>;
  /**
   * Marks a held task done and queues every dependent whose dependencies are now all done. A
   * store may return the done task (`task`), which saves the worker reading it back.
   */
  complete(id: string, leaseToken: string, output: TaskOutput, options: { readonly now: number }): Promise<CompleteOutcome>;
  /**
   * Completes several held tasks in one transaction (one commit), each exactly as `complete`
   * would, in order; one outcome per item. Optional: workers group the tasks that finish while a
   * completion is being written, and complete them one by one on a store without it.
   */
  completeMany?(items: readonly CompleteItem[], options: { readonly now: number }): Promise<CompleteOutcome[]>;
  /**
   * `completeMany`, then a claim of up to `claim.limit` ready tasks (`claimMany`'s), in the same
   * transaction: one commit for a worker's whole round, and a dependent the batch makes ready can
   * be claimed by this worker at once. A `limit` below 1 claims nothing. Optional: workers fall
   * back to `completeMany` and a separate claim.
   */
  completeAndClaim?(
    items: readonly CompleteItem[],
    options: { readonly now: number; readonly claim: Omit<ClaimRequest, 'now'> },
  ): Promise<{ readonly outcomes: CompleteOutcome[]; readonly claimed: ClaimedTask[] }>;
  /** Fails a held task: retried after a backoff, or failed with its dependents skipped. */
  fail(id: string, leaseToken: string, error: string, options: { readonly now: number; readonly retry: RetryPolicy }): Promise<FailOutcome>;
  /**
   * Cancels a task that has not finished (backlog, queued or running: a running task's lease is
   * revoked, so its late completion is refused) and skips its dependents. A finished or unknown
   * task is left alone (`cancelled` undefined).
   */
  cancel(id: string, options: { readonly now: number; readonly reason?: string }): Promise<{ readonly cancelled: Task | undefined; readonly skipped: readonly Task[] }>;
  /**
   * Queues a failed task again (for one more attempt: its attempt count and last error stay) and
   * puts back in the backlog the steps skipped because it failed, unless another failed, cancelled
   * or skipped step they depend on still holds them; they are queued as usual once it is done. A
   * task that has not failed, or an unknown one, is left alone (`retried` undefined). Optional:
   * both built-in stores have it.
   */
  retry?(id: string, options: { readonly now: number }): Promise<RetryOutcome>;
  /** Treats every expired lease as a failed attempt (a worker died): nothing stays running. */
  recoverExpired(options: { readonly now: number; readonly retry: RetryPolicy }): Promise<{ readonly recovered: number; readonly skipped: readonly Task[] }>;
  get(id: string): Promise<Task | undefined>;
  /** The tasks of a plan, in step order. */
  listPlan(planId: string): Promise<Task[]>;
  /** What a session dispatched and delivered, oldest first. */
  history(sessionId: string): Promise<Task[]>;
  /**
   * Retention: removes every finished plan — all of its tasks done, failed, skipped or cancelled,
   * none changed at or after `finishedBefore` — with all of its tasks, in short batches (one
   * transaction each, so claims and completions never wait long). A plan with a backlog, queued or
   * running task is never touched, and neither is a finished plan that a staying task still points
   * at with `iterationOf` (it goes with the plan that points at it, when that one qualifies too).
   * Optional: both built-in stores have it.
   */
  prune?(options: PruneOptions): Promise<PruneOutcome>;
  /** Resolves when work may be ready (a notification), or after the timeout; stores without notifications omit it. */
  waitForWork?(timeoutMilliseconds: number): Promise<void>;
  /** Plans newest first, with state counts, by key-set pages; see {@link StoreInspection}. Both built-in stores have it. */
  listPlans?(options: ListPlansOptions): Promise<PlanPage>;
  /** Sessions, the most recently active first, by key-set pages; see {@link StoreInspection}. */
  listSessions?(options: ListSessionsOptions): Promise<SessionPage>;
  /** A text that changes whenever a write may have committed; see {@link StoreInspection}. */
  changeMarker?(): Promise<string>;
  /** Releases the store's connections or file. Calling it again resolves as the first call does and changes nothing. */
  close(): Promise<void>;
}
