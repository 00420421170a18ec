import type { Task, TaskOutput, TaskState } from './task';

/** A task as a store's table holds it, its JSON columns decoded: what both stores map to a {@link Task}. */
export interface TaskRow {
  id: string;
  plan_id: string;
  ref: string;
  position: number;
  session_id: string | null;
  title: string;
  agent: string;
  request: string;
  depends_on: string[];
  expected_outputs: string[];
  iteration_of: string | null;
  state: TaskState;
  attempt: number;
  lease_token: string | null;
  output: TaskOutput | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** The {@link Task} a row stands for. */
export const taskFromRow = (row: TaskRow): Task => ({
  id: row.id,
  planId: row.plan_id,
  ref: row.ref,
  sessionId: row.session_id ?? undefined,
  title: row.title,
  agent: row.agent,
  request: row.request,
  dependsOn: row.depends_on,
  expectedOutputs: row.expected_outputs,
  iterationOf: row.iteration_of ?? undefined,
  state: row.state,
  attempt: row.attempt,
  output: row.output ?? undefined,
  error: row.error ?? undefined,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
