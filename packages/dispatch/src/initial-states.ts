import { PlanError } from './plan-error';
import type { ResolvedStep } from './plan';
import { skipReason } from './plan-transitions';
import type { TaskState } from './task';

/** A step the store already holds, as far as a new step's state depends on it. */
export interface StoredStep {
  readonly ref: string;
  readonly state: TaskState;
  readonly dependsOn: readonly string[];
}

/** The state a new step is created in, and the reason when it is skipped. */
export interface InitialState {
  readonly state: 'queued' | 'backlog' | 'skipped';
  readonly error: string | null;
}

/**
 * Decides the state each new step of a dispatch is created in, from its dependencies as they are
 * now (a plan dispatched again may add steps that depend on steps already finished, which no
 * completion will ever promote): `queued` when every dependency is done, `skipped` (with the
 * reason) when one failed, was cancelled or was skipped, `backlog` otherwise. `stored` are the
 * plan's steps the store holds, read in the transaction that inserts the new ones; steps whose ref
 * is stored are not new and get no entry. Throws a {@link PlanError} when a new step depends on a
 * ref that is neither stored nor new, or when the new steps close a cycle.
 */
export function initialStates(steps: readonly ResolvedStep[], stored: ReadonlyMap<string, StoredStep>): Map<string, InitialState> {
  const fresh = new Map<string, ResolvedStep>();
  for (const step of steps) if (!stored.has(step.ref) && !fresh.has(step.ref)) fresh.set(step.ref, step);
  const problems: string[] = [];
  for (const step of fresh.values()) {
    for (const dependency of step.dependsOn) {
      if (dependency === step.ref) problems.push(`step "${step.ref}" depends on itself`);
      else if (!stored.has(dependency) && !fresh.has(dependency)) problems.push(`step "${step.ref}" depends on unknown step "${dependency}"`);
    }
  }
  if (problems.length > 0) throw new PlanError(problems);
  const states = new Map<string, InitialState>();
  // Depth-first over the new steps only: a stored step's dependencies are all stored, so a cycle
  // can only run through new steps. An explicit stack keeps a long chain off the call stack.
  const visiting = new Set<string>();
  for (const root of fresh.keys()) {
    if (states.has(root)) continue;
    const stack: Array<{ readonly ref: string; next: number }> = [{ ref: root, next: 0 }];
    visiting.add(root);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { readonly ref: string; next: number };
      const step = fresh.get(frame.ref) as ResolvedStep;
      const dependency = step.dependsOn[frame.next];
      if (dependency !== undefined) {
        frame.next += 1;
        if (!fresh.has(dependency) || states.has(dependency)) continue;
        if (visiting.has(dependency)) {
          const path = stack.map((entry) => entry.ref);
          throw new PlanError([`cycle: ${[...path.slice(path.indexOf(dependency)), dependency].join(' -> ')}`]);
        }
        visiting.add(dependency);
        stack.push({ ref: dependency, next: 0 });
        continue;
      }
      stack.pop();
      visiting.delete(frame.ref);
      states.set(frame.ref, stateFrom(step, (ref) => stored.get(ref)?.state ?? states.get(ref)?.state));
    }
  }
  return states;
}

/** A step's state from its dependencies' states (each known by now). */
function stateFrom(step: ResolvedStep, stateOf: (ref: string) => TaskState | undefined): InitialState {
  let allDone = true;
  for (const dependency of step.dependsOn) {
    const state = stateOf(dependency);
    if (state === 'failed' || state === 'cancelled' || state === 'skipped') return { state: 'skipped', error: skipReason(dependency, state) };
    if (state !== 'done') allDone = false;
  }
  return { state: allDone ? 'queued' : 'backlog', error: null };
}
