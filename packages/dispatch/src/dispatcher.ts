import { EventEmitter } from 'eventemitter3';
import { checkIterationPath } from './check-iteration-path';
import type { DispatchEvents } from './dispatch-events';
import { withInPlaceInstructions } from './in-place-instructions';
import { missingIterationTarget } from './missing-iteration-target';
import { type Plan, type PlanStepSchema, type ResolvedStep, resolvePlan } from './plan';
import { PlanError } from './plan-error';
import { planShape } from './plan-shape';
import { defaultStoreBackoff, storeOutageOf } from './store-outage';
import type { StoreUnavailableError } from './store-unavailable-error';
import type { Task } from './task';
import type { CreatePlanOutcome, TaskStore } from './task-store';
import type { z } from 'zod';

/** What a dispatch created, and the sentence a manager agent can report. */
export interface DispatchResult {
  readonly tasks: Task[];
  /** How many tasks this call created (0 when the same plan was dispatched before). */
  readonly created: number;
  /**
   * Such as `Dispatched 2 task(s) as a chain: #a1b2c3d4 (coding_agent), #e5f6a7b8 (ba_agent ↳ depends on #a1b2c3d4)`;
   * the shape is `in parallel`, `as a chain`, `as N parallel chains`, `as a diamond` or `as a dependency graph (DAG)`.
   */
  readonly summary: string;
}

/** A dispatcher: turns confirmed plans into tasks on a store, and relays task events. */
export interface Dispatcher extends EventEmitter<DispatchEvents> {
  /** Dispatches every step of a confirmed plan at once (Principle 0); idempotent on the plan id. */
  dispatchPlan(plan: Plan, options?: { readonly sessionId?: string }): Promise<DispatchResult>;
  /** Dispatches a single step; `id` makes it idempotent like a one-step plan. */
  dispatchTask(step: z.input<typeof PlanStepSchema>, options: { readonly id: string; readonly sessionId?: string }): Promise<DispatchResult>;
  /**
   * Cancels a task that has not finished (a running one loses its lease: its worker's signal is
   * aborted at the next heartbeat and its completion is refused) and skips its dependents.
   * Resolves with the cancelled task, or undefined when it had already finished.
   */
  cancel(taskId: string, options?: { readonly reason?: string }): Promise<Task | undefined>;
  /** Cancels every unfinished task of a plan; resolves with those cancelled or skipped. */
  cancelPlan(planId: string, options?: { readonly reason?: string }): Promise<Task[]>;
  readonly store: TaskStore;
}

const short = (task: Task): string => `#${task.id.slice(0, 8)}`;

/**
 * The tasks a `createPlan` call created. A store written before `createdTasks` existed returns only
 * the count: then every task when the count says so, else the ones stamped with this call's time
 * (both built-in stores stamp `createdAt` with it), which is right unless the same plan was
 * dispatched twice in one millisecond of the dispatcher's clock.
 */
const createdTasksOf = (outcome: CreatePlanOutcome, at: number): readonly Task[] => {
  const { tasks, created } = outcome;
  const reported = (outcome as Partial<CreatePlanOutcome>).createdTasks;
  if (reported !== undefined) return reported;
  if (created === 0) return [];
  if (created >= tasks.length) return tasks;
  return tasks.filter((task) => task.createdAt === at);
};

/** Options of {@link createDispatcher}. */
export interface DispatcherOptions {
  readonly store: TaskStore;
  /** The clock (tests pass their own). */
  readonly now?: () => number;
  /**
   * Whether an iteration request for `agent` gets the in-place instruction block (Principle 1A
   * asks it of coding specialists, whose tools it names). Default: every agent.
   */
  readonly inPlaceInstructions?: (agent: string) => boolean;
  /**
   * How long a dispatch or cancel keeps retrying while the store is unavailable (every one of
   * them is idempotent) before it rejects with the {@link StoreUnavailableError}. Default 30 s.
   */
  readonly storeRetryMilliseconds?: number;
  /** Wait before retry `n` while the store is unavailable. Default 100 ms doubling to 5 s, with jitter. */
  readonly storeBackoff?: (failures: number) => number;
}

/**
 * Creates a dispatcher over a task store.
 *
 * A step with `iterationOf` modifies the deliverable of an earlier done task of the same session
 * (Principle 1A): its expected outputs are that task's recorded output paths (any other path is a
 * {@link PlanError} carrying the path rule's message), and its request gets the in-place
 * instruction block.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const emitter = new EventEmitter<DispatchEvents>();
  // Events of a plan whose dispatch is in flight wait until the dispatch has announced what it
  // created: a worker in this process may claim and start a new task between the store's commit
  // and the dispatch's `created`, and a consumer must see `created` first. Held events keep their
  // order, and are released when the last dispatch of the plan in flight has settled.
  const emitNow = emitter.emit.bind(emitter) as (name: keyof DispatchEvents, ...parameters: unknown[]) => boolean;
  const dispatching = new Map<string, { count: number; readonly held: Array<readonly [name: keyof DispatchEvents, parameters: unknown[]]> }>();
  const planOf = (payload: unknown): string | undefined => {
    if (typeof payload !== 'object' || payload === null) return undefined;
    const task = 'task' in payload ? (payload as { readonly task: unknown }).task : payload;
    const planId = typeof task === 'object' && task !== null && 'planId' in task ? (task as { readonly planId: unknown }).planId : undefined;
    return typeof planId === 'string' ? planId : undefined;
  };
  (emitter as { emit: typeof emitNow }).emit = (name, ...parameters) => {
    const planId = planOf(parameters[0]);
    const holding = planId === undefined ? undefined : dispatching.get(planId);
    if (holding === undefined) return emitNow(name, ...parameters);
    holding.held.push([name, parameters]);
    return emitter.listenerCount(name) > 0;
  };
  const holdPlan = (planId: string): (() => void) => {
    const holding = dispatching.get(planId) ?? { count: 0, held: [] };
    holding.count += 1;
    dispatching.set(planId, holding);
    return () => {
      holding.count -= 1;
      if (holding.count > 0) return;
      dispatching.delete(planId);
      for (const [name, parameters] of holding.held) emitNow(name, ...parameters);
    };
  };
  const now = options.now ?? Date.now;
  const inPlace = options.inPlaceInstructions ?? (() => true);
  const outage = storeOutageOf(emitter);
  /** A store call, retried with backoff while the store is unavailable, for a bounded time. */
  const call = <Result>(operation: () => Promise<Result>): Promise<Result> =>
    outage.retry(operation, { backoff: options.storeBackoff ?? defaultStoreBackoff, giveUpAfterMilliseconds: options.storeRetryMilliseconds ?? 30_000 });

  /** Settles an iteration step against the task it modifies: same paths, in-place request. */
  const settleIteration = async (step: ResolvedStep, sessionId: string | undefined): Promise<ResolvedStep> => {
    const target = step.iterationOf;
    if (target === undefined) return step;
    const original = await call(() => options.store.get(target));
    const paths = original?.output?.paths ?? [];
    const problems: string[] = [];
    if (original === undefined) problems.push(missingIterationTarget(step));
    else if (original.state !== 'done' || paths.length === 0) problems.push(`step "${step.ref}": task ${step.iterationOf} has delivered nothing to modify (${original.state})`);
    else if (sessionId !== undefined && original.sessionId !== sessionId) problems.push(`step "${step.ref}": task ${step.iterationOf} belongs to another session`);
    for (const output of problems.length === 0 ? step.expectedOutputs : []) {
      if (paths.includes(output)) continue;
      const nearest = paths.find((path) => path.slice(0, path.lastIndexOf('/')) === output.slice(0, output.lastIndexOf('/'))) ?? (paths[0] as string);
      problems.push(...checkIterationPath(output, nearest).map((violation) => `step "${step.ref}": ${violation.message}`));
    }
    if (problems.length > 0) throw new PlanError(problems);
    const expectedOutputs = step.expectedOutputs.length > 0 ? step.expectedOutputs : [...paths];
    return { ...step, expectedOutputs, request: inPlace(step.agent) ? withInPlaceInstructions(step.request, expectedOutputs.join(', ')) : step.request };
  };

  const dispatchPlan = async (plan: Plan, dispatchOptions: { readonly sessionId?: string } = {}): Promise<DispatchResult> => {
    const resolved = resolvePlan(plan);
    const { id } = resolved;
    const steps: ResolvedStep[] = [];
    for (const step of resolved.steps) steps.push(await settleIteration(step, dispatchOptions.sessionId));
    // The store checks again that every original is still there, inside the transaction that
    // creates the plan: a prune between the check above and this call cannot leave an orphan.
    const at = now();
    const release = holdPlan(id);
    let outcome: CreatePlanOutcome;
    try {
      outcome = await call(() => options.store.createPlan(id, steps, { ...dispatchOptions, now: at }));
      // Only the tasks this call created are announced, each once, and then what their creation
      // already decided: a step created queued behind done steps gets what a promoted one gets, a
      // step created skipped behind a failed, cancelled or skipped one gets its final event. Every
      // `created` comes first, so that a consumer knows all the new tasks of the plan before the
      // first of them ends (a plan whose tasks all ended looks finished).
      const fresh = createdTasksOf(outcome, at);
      for (const task of fresh) emitNow('created', task);
      for (const task of fresh) {
        if (task.state === 'skipped') emitNow('skipped', task);
        else if (task.state === 'queued' && task.dependsOn.length > 0) {
          emitNow('promoted', task);
          emitNow('progress', { task, sentence: `${task.title}: its inputs are ready; ${task.agent} is next.` });
        }
      }
    } finally {
      release();
    }
    const { tasks, created } = outcome;
    const byRef = new Map(tasks.map((task) => [task.ref, task]));
    const described = tasks.map((task) => {
      const upstream = task.dependsOn.map((ref) => byRef.get(ref)).filter((dependency): dependency is Task => dependency !== undefined);
      return `${short(task)} (${task.agent}${upstream.length === 0 ? '' : ` ↳ depends on ${upstream.map(short).join(', ')}`})`;
    });
    const summary = `${created === 0 ? 'Already dispatched' : 'Dispatched'} ${tasks.length} task(s)${tasks.length > 1 ? ` ${planShape(tasks)}` : ''}: ${described.join(', ')}`;
    return { tasks, created, summary };
  };
  /** Cancels one task on the store and relays what it changed; returns every task it changed. */
  const cancelTask = async (taskId: string, cancelOptions: { readonly reason?: string }): Promise<{ readonly cancelled: Task | undefined; readonly changed: Task[] }> => {
    const { cancelled, skipped } = await call(() => options.store.cancel(taskId, { now: now(), ...cancelOptions }));
    if (cancelled !== undefined) emitter.emit('cancelled', cancelled);
    for (const task of skipped) emitter.emit('skipped', task);
    return { cancelled, changed: [...(cancelled === undefined ? [] : [cancelled]), ...skipped] };
  };
  const cancel = async (taskId: string, cancelOptions: { readonly reason?: string } = {}): Promise<Task | undefined> => (await cancelTask(taskId, cancelOptions)).cancelled;
  const cancelPlan = async (planId: string, cancelOptions: { readonly reason?: string } = {}): Promise<Task[]> => {
    const changed: Task[] = [];
    for (const task of await call(() => options.store.listPlan(planId))) changed.push(...(await cancelTask(task.id, cancelOptions)).changed);
    return changed;
  };
  return Object.assign(emitter, {
    store: options.store,
    cancel,
    cancelPlan,
    dispatchPlan,
    dispatchTask: (step: z.input<typeof PlanStepSchema>, taskOptions: { readonly id: string; readonly sessionId?: string }) =>
      dispatchPlan({ id: taskOptions.id, steps: [{ ...step, dependsOn: [] }] }, taskOptions.sessionId === undefined ? {} : { sessionId: taskOptions.sessionId }),
  }) as Dispatcher;
}
