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

/** A task a worker holds: the lease token must match to complete or fail it. */
export interface ClaimedTask extends Task {
  readonly leaseToken: string;
  /** The outputs of the steps it depends on, by step ref, exactly as they were returned. */
  readonly inputs: Readonly<Record<string, TaskOutput>>;
}

/** The states a task never leaves. */
export const terminalStates: ReadonlySet<TaskState> = new Set(['done', 'failed', 'cancelled', 'skipped']);
