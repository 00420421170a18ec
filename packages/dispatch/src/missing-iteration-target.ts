import { PlanError } from './plan-error';
import type { ResolvedStep } from './plan';

/** The problem a {@link PlanError} reports for a step whose `iterationOf` names no task of the store. */
export const missingIterationTarget = (step: Pick<ResolvedStep, 'ref' | 'iterationOf'>): string => `step "${step.ref}": iterationOf ${step.iterationOf ?? ''} is not a dispatched task`;

/**
 * Throws the {@link PlanError} for every step of `steps` whose `iterationOf` is not among `present`
 * (the task ids a store found, inside the transaction that creates the plan). Nothing happens when
 * every original is there.
 */
export function refuseMissingIterationTargets(steps: readonly ResolvedStep[], present: ReadonlySet<string>): void {
  const problems = steps.filter((step) => step.iterationOf !== undefined && !present.has(step.iterationOf)).map(missingIterationTarget);
  if (problems.length > 0) throw new PlanError(problems);
}
