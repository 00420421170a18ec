import type { Violation } from '@parley/core';
import type { DispatchRule, DispatchViolationCode } from './dispatch-violation-rules';

/**
 * A rule of the orchestration protocol that a plan, a request or a reply broke: core's
 * {@link Violation} with its rule one of {@link DispatchRule} (`P0` … `P6`) and its code one of
 * `dispatchViolationRules`. `line` is set for violations found in a reply, `path` for path and
 * file violations.
 */
export interface DispatchViolation extends Violation<DispatchRule, DispatchViolationCode> {
  /** The task id a reply cited, for reply violations about task ids. */
  readonly taskId?: string;
}
