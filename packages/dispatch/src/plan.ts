import { z } from 'zod';
import { PlanError } from './plan-error';

// The schemas' zod types, written out so the public declarations need no inference
// (`isolatedDeclarations`); `plan.test-d.ts` checks what they parse to.
type PlanStepFields = {
  ref: z.ZodString;
  title: z.ZodString;
  agent: z.ZodString;
  request: z.ZodString;
  dependsOn: z.ZodOptional<z.ZodArray<z.ZodString>>;
  expectedOutputs: z.ZodDefault<z.ZodArray<z.ZodString>>;
  iterationOf: z.ZodOptional<z.ZodString>;
};
type PlanStepSchemaType = z.ZodObject<PlanStepFields, z.core.$strict>;
type PlanFields = {
  id: z.ZodString;
  steps: z.ZodArray<PlanStepSchemaType>;
  sequential: z.ZodDefault<z.ZodBoolean>;
};

/** One step of a plan: who does what, after which steps, producing what. */
export const PlanStepSchema: PlanStepSchemaType = z.strictObject({
  /** A name for the step, unique in its plan, that other steps depend on. */
  ref: z.string().min(1).max(64),
  title: z.string().min(1),
  /** The specialist agent that runs it. */
  agent: z.string().min(1),
  /** The complete request for the agent. */
  request: z.string().min(1),
  /** Refs of the steps whose outputs this one needs. */
  dependsOn: z.array(z.string().min(1)).optional(),
  /** Paths the step is expected to produce (shown in the plan, kept in history). */
  expectedOutputs: z.array(z.string().min(1)).default([]),
  /** The id of the task whose deliverable this step modifies in place (an iteration, Principle 1A). */
  iterationOf: z.string().min(1).optional(),
});

/** A plan: steps, and whether a step without `dependsOn` follows the previous one. */
export const PlanSchema: z.ZodObject<PlanFields, z.core.$strict> = z.strictObject({
  /** Makes dispatch idempotent: the same plan id and step ref never create a second task. */
  id: z.string().min(1).max(128),
  steps: z.array(PlanStepSchema).min(1),
  /**
   * Auto-link (default `true`): a step that does not say what it depends on depends on the step
   * before it, the way a written plan reads ("Step 2 uses Step 1's output"). Set `false` for plans
   * whose steps are independent unless they say otherwise.
   */
  sequential: z.boolean().default(true),
});

/** A plan as written. */
export type Plan = z.input<typeof PlanSchema>;
/** A step whose dependencies are settled. */
export type ResolvedStep = Omit<z.output<typeof PlanStepSchema>, 'dependsOn'> & { readonly dependsOn: readonly string[] };

/** Finds a cycle among the steps' dependencies, as the path that closes it (`a -> b -> a`). */
function findCycle(steps: readonly ResolvedStep[]): string[] | undefined {
  const byRef = new Map(steps.map((step) => [step.ref, step]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (ref: string): string[] | undefined => {
    if (state.get(ref) === 'done') return undefined;
    if (state.get(ref) === 'visiting') return [...path.slice(path.indexOf(ref)), ref];
    state.set(ref, 'visiting');
    path.push(ref);
    for (const dependency of byRef.get(ref)?.dependsOn ?? []) {
      const cycle = visit(dependency);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    state.set(ref, 'done');
    return undefined;
  };
  for (const step of steps) {
    const cycle = visit(step.ref);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

/**
 * Validates a plan and settles its dependencies (auto-link for sequential plans). Throws a
 * {@link PlanError} listing every problem: schema errors, duplicate refs, unknown refs,
 * self-dependencies, and a cycle, named as its path.
 */
export function resolvePlan(plan: Plan): { readonly id: string; readonly steps: readonly ResolvedStep[] } {
  const parsed = PlanSchema.safeParse(plan);
  if (!parsed.success) throw new PlanError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'plan'}: ${issue.message}`));
  const { id, steps, sequential } = parsed.data;
  const problems: string[] = [];
  const refs = new Set<string>();
  for (const step of steps) {
    if (refs.has(step.ref)) problems.push(`duplicate step ref "${step.ref}"`);
    refs.add(step.ref);
  }
  const resolved = steps.map((step, index): ResolvedStep => {
    const previous = steps[index - 1];
    const dependsOn = step.dependsOn ?? (sequential && previous !== undefined ? [previous.ref] : []);
    for (const dependency of dependsOn) {
      if (dependency === step.ref) problems.push(`step "${step.ref}" depends on itself`);
      else if (!refs.has(dependency)) problems.push(`step "${step.ref}" depends on unknown step "${dependency}"`);
    }
    return { ...step, dependsOn: [...new Set(dependsOn)] };
  });
  if (problems.length === 0) {
    const cycle = findCycle(resolved);
    if (cycle !== undefined) problems.push(`cycle: ${cycle.join(' -> ')}`);
  }
  if (problems.length > 0) throw new PlanError(problems);
  return { id, steps: resolved };
}
