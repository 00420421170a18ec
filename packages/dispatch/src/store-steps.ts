import { PlanError } from './plan-error';
import type { ResolvedStep } from './plan';

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);
const isStringList = (value: unknown): value is readonly string[] => Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '');

/**
 * The steps a store's `createPlan` was given, checked where they enter the store: a caller may build
 * them by hand instead of through the dispatcher. As in a written plan, a step without
 * `expectedOutputs` expects none and one without `dependsOn` depends on none (both stores read it
 * so); any other field missing or of the wrong kind is a {@link PlanError} naming the step and the
 * field, never a driver's error about a parameter it cannot bind.
 */
export function storeSteps(steps: readonly ResolvedStep[]): readonly ResolvedStep[] {
  if (!Array.isArray(steps)) throw new PlanError([`steps: must be an array of steps; got ${kindOf(steps)}`]);
  const problems: string[] = [];
  const checked = steps.map((step: unknown, index): ResolvedStep => {
    const where = `steps[${index}]`;
    if (typeof step !== 'object' || step === null || Array.isArray(step)) {
      problems.push(`${where}: must be a step object; got ${kindOf(step)}`);
      return step as ResolvedStep;
    }
    const fields = step as Partial<Record<keyof ResolvedStep, unknown>>;
    for (const name of ['ref', 'title', 'agent', 'request'] as const) {
      if (typeof fields[name] !== 'string' || fields[name] === '') problems.push(`${where}.${name}: must be a non-empty string; got ${fields[name] === '' ? 'an empty string' : kindOf(fields[name])}`);
    }
    for (const name of ['dependsOn', 'expectedOutputs'] as const) {
      if (fields[name] !== undefined && !isStringList(fields[name])) problems.push(`${where}.${name}: must be an array of non-empty strings; got ${kindOf(fields[name])}`);
    }
    if (fields.iterationOf !== undefined && (typeof fields.iterationOf !== 'string' || fields.iterationOf === '')) problems.push(`${where}.iterationOf: must be a task id; got ${kindOf(fields.iterationOf)}`);
    if (fields.dependsOn !== undefined && fields.expectedOutputs !== undefined) return step as ResolvedStep;
    return { ...(step as ResolvedStep), dependsOn: (fields.dependsOn as readonly string[] | undefined) ?? [], expectedOutputs: (fields.expectedOutputs as string[] | undefined) ?? [] };
  });
  if (problems.length > 0) throw new PlanError(problems);
  return checked;
}
