/**
 * Plan-and-confirm, dependency-chained task dispatch for agent teams, on a real task store; and
 * the guards around it: plan text, confirmation, iteration and path rules, request lint, reply
 * guards. Telegram presentation (Markdown → Telegram HTML, validation, splitting, `presentResult`)
 * is `@parley/telegram`. The Postgres store is `@parley/dispatch/postgres`, so that only its users
 * load `pg`; the embedded store loads `node:sqlite` when one is created.
 *
 * @module
 */
export { type AssembleFinalReplyOptions, assembleFinalReply, type FinalReply } from './assemble-final-reply';
export { type ReplyVerdict, checkReply } from './check-reply';
export { checkIterationPath, findVersionMarker } from './check-iteration-path';
export { checkProgressLine } from './check-progress-line';
export { type CheckSharedPathOptions, checkSharedPath, toKebabCase } from './check-shared-path';
export { type ConfirmationClassification, type ConfirmationKind, classifyConfirmation } from './classify-confirmation';
export { type ClassifyRequestOptions, classifyRequest, type RequestClassification } from './classify-request';
export type { DispatchEvents } from './dispatch-events';
export { createDispatcher, type Dispatcher, type DispatcherOptions, type DispatchResult } from './dispatcher';
export type { DispatchViolation } from './dispatch-violation';
export { type DispatchRule, type DispatchViolationCode, dispatchViolationRules } from './dispatch-violation-rules';
export { type GuardReplyEvents, type GuardReplyOptions, guardReplyStream } from './guard-reply-stream';
export { inPlaceInstructions, withInPlaceInstructions } from './in-place-instructions';
export { type LintRequestOptions, lintRequest } from './lint-request';
export { type Plan, PlanSchema, PlanStepSchema, type ResolvedStep, resolvePlan } from './plan';
export { PlanError } from './plan-error';
export { ReadOnlyStoreError } from './read-only-store-error';
export { type RenderPlanOptions, renderPlan } from './render-plan';
export type { ReplyContext } from './reply-context';
export { replyContextFromStore } from './reply-context-from-store';
export { createSqliteTaskStore, type SqliteTaskStoreOptions } from './sqlite-task-store';
export { StoreUnavailableError } from './store-unavailable-error';
export { type AttemptKeys, type ClaimedTask, type Task, type TaskOutput, type TaskState, terminalStates } from './task';
export type { ClaimRequest, CompleteItem, CompleteOutcome, CreatePlanOutcome, FailOutcome, RetryOutcome, RetryPolicy, TaskStore } from './task-store';
export { TaskStoreOpenError, type TaskStoreOpenErrorCode } from './task-store-open-error';
export { NodeSqliteUnavailableError } from './node-sqlite-unavailable-error';
export { createWorker, type DispatchAgent, type DrainOptions, type Worker, type WorkerOptions } from './worker';
export type { PruneOptions, PruneOutcome } from './prune-plans';
export type { ListPlansOptions, ListSessionsOptions, PlanPage, PlanSummary, SessionPage, SessionSummary, StoreInspection } from './store-inspection';
