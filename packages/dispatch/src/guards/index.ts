/**
 * The guards around dispatch, `@parley/dispatch/guards`: what a manager agent's requests and
 * replies are checked against (the orchestration principles P0–P6). Request guards classify a
 * confirmation or an iteration, lint a specialist's request and its shared-output paths, and add
 * the in-place block; reply guards check a whole reply or a stream against what the task store
 * recorded, and progress lines. Pure text functions: this entry loads no task store.
 *
 * @module
 */
export { type ReplyVerdict, checkReply } from '../check-reply';
export { checkIterationPath, findVersionMarker } from '../check-iteration-path';
export { checkProgressLine } from '../check-progress-line';
export { type CheckSharedPathOptions, checkSharedPath, toKebabCase } from '../check-shared-path';
export { type ConfirmationClassification, type ConfirmationKind, classifyConfirmation } from '../classify-confirmation';
export { type ClassifyRequestOptions, classifyRequest, type RequestClassification } from '../classify-request';
export type { DispatchViolation } from '../dispatch-violation';
export { type DispatchRule, type DispatchViolationCode, dispatchViolationRules } from '../dispatch-violation-rules';
export { type GuardReplyEvents, type GuardReplyOptions, guardReplyStream } from '../guard-reply-stream';
export { inPlaceInstructions, withInPlaceInstructions } from '../in-place-instructions';
export { type LintRequestOptions, lintRequest } from '../lint-request';
export type { ReplyContext } from '../reply-context';
export { replyContextFromStore } from '../reply-context-from-store';
