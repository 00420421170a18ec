import { EventEmitter } from 'eventemitter3';
import { type Plan, type PlanStepSchema, resolvePlan } from './plan';
import type { Task } from './task';
import type { TaskStore } from './task-store';
import type { z } from 'zod';

/** The lifecycle events of dispatched tasks. */
export interface DispatchEvents {
  created: [task: Task];
  promoted: [task: Task];
  started: [task: Task];
  progress: [event: { readonly task: Task; readonly sentence: string }];
  done: [task: Task];
  retried: [event: { readonly task: Task; readonly error: string }];
  failed: [event: { readonly task: Task; readonly error: string }];
  skipped: [task: Task];
}

/** What a dispatch created, and the sentence a manager agent can report. */
export interface DispatchResult {
  readonly tasks: Task[];
  /** How many tasks this call created (0 when the same plan was dispatched before). */
  readonly created: number;
  /** Such as `Dispatched 2 task(s) as a chain: #a1b2c3d4 (coding_agent), #e5f6a7b8 (ba_agent ↳ depends on #a1b2c3d4)`. */
  readonly summary: string;
}

/** A dispatcher: turns confirmed plans into tasks on a store, and relays task events. */
export interface Dispatcher extends EventEmitter<DispatchEvents> {
  /** Dispatches every step of a confirmed plan at once (Principle 0); idempotent on the plan id. */
  dispatchPlan(plan: Plan, options?: { readonly sessionId?: string }): Promise<DispatchResult>;
  /** Dispatches a single step; `id` makes it idempotent like a one-step plan. */
  dispatchTask(step: z.input<typeof PlanStepSchema>, options: { readonly id: string; readonly sessionId?: string }): Promise<DispatchResult>;
  readonly store: TaskStore;
}

const short = (task: Task): string => `#${task.id.slice(0, 8)}`;

/** Creates a dispatcher over a task store. `now` is the clock (tests pass their own). */
export function createDispatcher(options: { readonly store: TaskStore; readonly now?: () => number }): Dispatcher {
  const emitter = new EventEmitter<DispatchEvents>();
  const now = options.now ?? Date.now;
  const dispatchPlan = async (plan: Plan, dispatchOptions: { readonly sessionId?: string } = {}): Promise<DispatchResult> => {
    const { id, steps } = resolvePlan(plan);
    const { tasks, created } = await options.store.createPlan(id, steps, { ...dispatchOptions, now: now() });
    if (created > 0) for (const task of tasks) emitter.emit('created', task);
    const byRef = new Map(tasks.map((task) => [task.ref, task]));
    const described = tasks.map((task) => {
      const upstream = task.dependsOn.map((ref) => byRef.get(ref)).filter((dependency): dependency is Task => dependency !== undefined);
      return `${short(task)} (${task.agent}${upstream.length === 0 ? '' : ` ↳ depends on ${upstream.map(short).join(', ')}`})`;
    });
    const summary = `${created === 0 ? 'Already dispatched' : 'Dispatched'} ${tasks.length} task(s)${tasks.length > 1 ? ' as a chain' : ''}: ${described.join(', ')}`;
    return { tasks, created, summary };
  };
  return Object.assign(emitter, {
    store: options.store,
    dispatchPlan,
    dispatchTask: (step: z.input<typeof PlanStepSchema>, taskOptions: { readonly id: string; readonly sessionId?: string }) =>
      dispatchPlan({ id: taskOptions.id, steps: [{ ...step, dependsOn: [] }] }, taskOptions.sessionId === undefined ? {} : { sessionId: taskOptions.sessionId }),
  }) as Dispatcher;
}
