/**
 * Plan-and-confirm, dependency-chained task dispatch for agent teams, on a real task store.
 *
 * @module
 */
export { createDispatcher, type DispatchEvents, type Dispatcher, type DispatchResult } from './dispatcher';
export { type Plan, PlanSchema, PlanStepSchema, type ResolvedStep, resolvePlan } from './plan';
export { PlanError } from './plan-error';
export { createPostgresTaskStore, type PostgresTaskStoreOptions } from './postgres-task-store';
export { createSqliteTaskStore } from './sqlite-task-store';
export { type ClaimedTask, type Task, type TaskOutput, type TaskState, terminalStates } from './task';
export type { FailOutcome, RetryPolicy, TaskStore } from './task-store';
export { createWorker, type DispatchAgent, type Worker, type WorkerOptions } from './worker';
