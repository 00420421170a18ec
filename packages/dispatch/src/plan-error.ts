import { ParleyError } from '@parley/core';

const marker = 'parley.error.PlanError';

/** A plan that cannot be dispatched: an unknown or duplicate step ref, a self-dependency, a cycle. */
export class PlanError extends ParleyError {
  override readonly code: 'INVALID_PLAN' = 'INVALID_PLAN';

  /** Each problem, such as `cycle: a -> b -> a`. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super({ code: 'INVALID_PLAN', message: `The plan cannot be dispatched: ${problems.join('; ')}.` });
    this.name = 'PlanError';
    this.problems = problems;
    this.mark(marker);
  }

  /** Whether `error` is a {@link PlanError} from any installed copy of `@parley/dispatch`. */
  static override isInstance(error: unknown): error is PlanError {
    return ParleyError.hasMarker(error, marker);
  }
}
