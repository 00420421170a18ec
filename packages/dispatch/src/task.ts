/** Where a task is in its life. `backlog` waits on dependencies; `skipped` means an upstream step failed. */
export type TaskState = 'backlog' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'skipped';

/** What a step produced: exact paths and values, handed to dependent steps verbatim. */
export interface TaskOutput {
  readonly paths?: readonly string[];
  readonly values?: Readonly<Record<string, unknown>>;
  readonly summary?: string;
}

/** A dispatched step. */
export interface Task {
  readonly id: string;
  readonly planId: string;
  readonly ref: string;
  readonly sessionId: string | undefined;
  readonly title: string;
  readonly agent: string;
  readonly request: string;
  readonly dependsOn: readonly string[];
  readonly expectedOutputs: readonly string[];
  /** For an iteration: the task whose deliverable this one modifies, reusing its output paths. */
  readonly iterationOf: string | undefined;
  readonly state: TaskState;
  /** How many times the task has been claimed. */
  readonly attempt: number;
  readonly output: TaskOutput | undefined;
  readonly error: string | undefined;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** The keys an agent dedupes its side effects with; see {@link ClaimedTask}. */
export interface AttemptKeys {
  /**
   * The same for every attempt of this task (and for every dispatch of the same plan, which is
   * idempotent): the key of an effect that must happen once per task, however often it runs.
   */
  readonly taskKey: string;
  /** Unique to this attempt (`<task id>#<attempt>`): the key of an effect that may repeat per attempt. */
  readonly idempotencyKey: string;
}

/** The {@link AttemptKeys} of attempt `attempt` (1-based) of task `taskId`. */
export const attemptKeys = (taskId: string, attempt: number): AttemptKeys => ({ taskKey: taskId, idempotencyKey: `${taskId}#${attempt}` });

/**
 * A task a worker holds: the lease token must match to complete or fail it. A task can run more
 * than once (its worker died, stalled past its lease, or the agent failed), so an agent whose
 * side effects must happen once records them under `taskKey` (or `idempotencyKey` for per-attempt
 * ones); `attempt > 1` tells a retry from a first attempt.
 */
export interface ClaimedTask extends Task, AttemptKeys {
  readonly leaseToken: string;
  /** The outputs of the steps it depends on, by step ref, exactly as they were returned. */
  readonly inputs: Readonly<Record<string, TaskOutput>>;
}

/** The states a task never leaves. */
export const terminalStates: ReadonlySet<TaskState> = new Set(['done', 'failed', 'cancelled', 'skipped']);
