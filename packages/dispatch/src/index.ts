/**
 * Plan-and-confirm, dependency-chained task dispatch for agent teams, on a real task store: plans,
 * the dispatcher, the embedded store, workers. The guards around it (request lint, confirmation,
 * iteration and path rules, reply guards) are `@parley/dispatch/guards`; plan presentation
 * (`renderPlan`, `assembleFinalReply`) is `@parley/telegram/plans`, next to the Telegram renderer.
 * The Postgres store is `@parley/dispatch/postgres`, so that only its users load `pg`; the
 * embedded store loads `node:sqlite` when one is created.
 *
 * @module
 */
export type { DispatchEvents } from './dispatch-events';
export { createDispatcher, type Dispatcher, type DispatcherOptions, type DispatchResult } from './dispatcher';
export { type Plan, PlanSchema, PlanStepSchema, type ResolvedStep, resolvePlan } from './plan';
export { PlanError } from './plan-error';
export { ReadOnlyStoreError } from './read-only-store-error';
export { createSqliteTaskStore, type SqliteTaskStoreOptions } from './sqlite-task-store';
export { StoreUnavailableError } from './store-unavailable-error';
export { type AttemptKeys, type ClaimedTask, type Task, type TaskOutput, type TaskState, terminalStates } from './task';
export type { ClaimRequest, CompleteItem, CompleteOutcome, CreatePlanOutcome, FailOutcome, RetryOutcome, RetryPolicy, TaskStore } from './task-store';
export { TaskStoreOpenError, type TaskStoreOpenErrorCode } from './task-store-open-error';
export { NodeSqliteUnavailableError } from './node-sqlite-unavailable-error';
export { createWorker, type DispatchAgent, type DrainOptions, type Worker, type WorkerOptions } from './worker';
export type { PruneOptions, PruneOutcome } from './prune-plans';
export type { ListPlansOptions, ListSessionsOptions, PlanPage, PlanSummary, SessionPage, SessionSummary, StoreInspection } from './store-inspection';
export { assembleFinalReply, checkIterationPath, checkProgressLine, checkReply, checkSharedPath, classifyConfirmation, classifyRequest, findVersionMarker, guardReplyStream, inPlaceInstructions, lintRequest, renderPlan, replyContextFromStore, toKebabCase, withInPlaceInstructions } from './moved-exports';
