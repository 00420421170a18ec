/**
 * The orchestration principle a dispatch violation breaks, named as the specification numbers it:
 * `P0` (dispatch before you promise; cite only real task ids), `P1A` (modify a deliverable in
 * place), `P1B` (the shared-output directory layout), `P2` (a self-contained request), `P5`
 * (progress lines), `P6` (claim only what the store has verified).
 */
export type DispatchRule = 'P0' | 'P1A' | 'P1B' | 'P2' | 'P5' | 'P6';

/**
 * Every code a dispatch violation can carry, and the principles it is reported under (the first is
 * the usual one; `VERBAL_ONLY_PROMISE` is `P1A` on an iteration turn). `DispatchViolationCode` is
 * the literal union of its keys.
 *
 * @example
 * ```ts
 * import { dispatchViolationRules } from '@parley/dispatch/guards';
 *
 * console.log(dispatchViolationRules.FLAT_ROOT_PATH); // P1B
 * ```
 */
export const dispatchViolationRules = {
  // P0: replies (reply-checker.ts).
  HALLUCINATED_DISPATCH: ['P0'],
  CONFIRMATION_ASKED_AGAIN: ['P0'],
  VERBAL_ONLY_PROMISE: ['P0', 'P1A'],
  // P1A: iteration paths (check-iteration-path.ts).
  VERSIONED_FILENAME: ['P1A'],
  PROJECT_CHANGED: ['P1A'],
  PATH_NOT_REUSED: ['P1A'],
  // P1B: shared-output paths (check-shared-path.ts).
  NOT_AN_AGENT_DIRECTORY: ['P1B'],
  AGENT_DIRECTORY_UNDERSCORE: ['P1B'],
  UNKNOWN_AGENT_DIRECTORY: ['P1B'],
  FLAT_ROOT_PATH: ['P1B'],
  PROJECT_NOT_KEBAB_CASE: ['P1B'],
  // P2: requests to a specialist (lint-request.ts).
  EMPTY_REQUEST: ['P2'],
  NO_ACTION_VERB: ['P2'],
  NO_OUTPUT_PATH: ['P2'],
  NO_OUTPUT_FORMAT: ['P2'],
  CHAINING: ['P2'],
  OTHER_SPECIALIST: ['P2'],
  ORCHESTRATION_VERB: ['P2'],
  CONVERSATION_REFERENCE: ['P2'],
  // P5: progress lines (check-progress-line.ts).
  PROGRESS_TOO_LONG: ['P5'],
  PROGRESS_HAS_PATH: ['P5'],
  PROGRESS_HAS_REASONING: ['P5'],
  PROGRESS_HAS_TECHNICAL_DETAILS: ['P5'],
  // P6: verified claims (reply-checker.ts, guard-reply-stream.ts).
  MISSING_FILE: ['P6'],
  UNVERIFIED_COMPLETION: ['P6'],
  REPLY_TOO_LONG: ['P6'],
} as const;

/** A stable, machine-matchable dispatch violation code: one of `dispatchViolationRules`. */
export type DispatchViolationCode = keyof typeof dispatchViolationRules;
