import { type Attributes, type Context, context, isSpanContextValid, type Link, type Span, type SpanContext, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { DispatchAgent, Dispatcher, Task, TaskState } from '@parley/dispatch';
import { isIdentifier } from './event-attributes';
import { startWithIds } from './plan-id-generator';
import { planSpanContext } from './plan-span-context';

/** Options of {@link traceDispatch}. */
export interface TraceDispatchOptions {
  /** The tracer the plan and task spans are started with. */
  readonly tracer: Tracer;
  /** See {@link PlanSpanContextOptions.namespace}; the same in every process. Default: none. */
  readonly namespace?: string;
  /**
   * What a failed attempt's exception event and error status say about the error. The error text
   * comes from the agent (an exception message can quote model text, a request or a credential),
   * so by default it is left out and only the attempt, state and type are recorded. Return a
   * cleaned message (for example through `redactSecretsStream`) to include one.
   */
  readonly errorMessage?: (message: string, task: Task) => string | undefined;
  /**
   * How often the store is read to settle spans whose end this process cannot see: a plan span
   * whose tasks run in other processes, a task cancelled while it ran here, a retry another
   * worker took. Default 5000 ms; `0` turns it off (call {@link DispatchTracing.reconcile} yourself).
   */
  readonly reconcileMilliseconds?: number;
}

/** What {@link traceDispatch} returns: the disposer, and the agents' context. */
export interface DispatchTracing extends Disposable {
  /**
   * Stops tracing: removes the listeners and the timer and ends every span still open with state
   * `interrupted` (call it after `worker.stop()`, when a process shuts down mid-plan). Idempotent.
   */
  dispose(): void;
  /**
   * The same agents, each run inside its task's span (the active context during the call), so
   * the spans of the model calls it makes (AI SDK, LangChain, `traceMiddleware`) are children of
   * the task's span.
   */
  agents<Agents extends Readonly<Record<string, DispatchAgent>>>(agents: Agents): Agents;
  /** Reads the store once for every open plan and task span, and ends those that finished. */
  reconcile(): Promise<void>;
}

/** The states a task never leaves. */
const terminal: ReadonlySet<TaskState> = new Set<TaskState>(['done', 'failed', 'cancelled', 'skipped']);

/** How many finished tasks' span contexts are kept for links from their dependents. */
const linkMemory = 10_000;

interface TaskSpan {
  readonly span: Span;
  readonly planId: string;
  attempt: number;
  /** Whether an attempt runs in this process now (between `started` and its outcome). */
  running: boolean;
}

interface PlanSpan {
  readonly span: Span;
  readonly states: Map<string, TaskState>;
}

const taskAttributes = (task: Task): Attributes => ({
  'parley.plan.id': task.planId,
  'parley.task.id': task.id,
  // Plan steps are written by a manager model: a ref or agent that is not an identifier is left out.
  ...(isIdentifier(task.ref) ? { 'parley.task.ref': task.ref } : {}),
  ...(isIdentifier(task.agent) ? { 'parley.task.agent': task.agent } : {}),
  'parley.task.attempt': task.attempt,
  'parley.task.state': task.state,
  ...(task.sessionId === undefined ? {} : { 'parley.session.id': task.sessionId }),
});

/** The plan's state once every task is finished: failed over cancelled over skipped over done. */
const planState = (states: Iterable<TaskState>): string => {
  const seen = new Set(states);
  for (const state of ['failed', 'cancelled', 'skipped'] as const) if (seen.has(state)) return state;
  return 'done';
};

/**
 * Traces dispatched work with OpenTelemetry: a plan is a trace whose root span (`parley.plan`) is
 * started where the plan is dispatched, and each task a span (`parley.task`) started where it runs,
 * a child of the plan span with links to its dependencies' spans. Attributes name the plan, task,
 * agent, attempt and state; failed attempts record an exception event (without the error text
 * unless {@link TraceDispatchOptions.errorMessage} allows it), retries are span events, and
 * skipped or cancelled tasks end with their state. Every span ends exactly once.
 *
 * Across processes, a task's parent is computed from its plan id ({@link planSpanContext}); the
 * dispatching process's tracer provider gives the plan span those ids when it uses
 * {@link planIdGenerator}. Call it in every process with the dispatcher that process uses (the
 * worker emits on it).
 *
 * @example
 * ```ts
 * import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
 * import { createDispatcher, createSqliteTaskStore, createWorker, type DispatchAgent } from '@parley/dispatch';
 * import { traceDispatch } from '@parley/otel';
 *
 * const exporter = new InMemorySpanExporter();
 * const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('my-app');
 * const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
 * const runCoder: DispatchAgent = async (task) => ({ paths: [`/data/${task.ref}.csv`] });
 *
 * const tracing = traceDispatch(dispatcher, { tracer });
 * const worker = createWorker({ dispatcher, agents: tracing.agents({ coding_agent: runCoder }) });
 * worker.start();
 * await dispatcher.dispatchPlan({ id: 'plan-1', steps: [{ ref: 'load', title: 'Load the data', agent: 'coding_agent', request: 'Load the wine data' }] });
 * await worker.drain();
 * // at shutdown
 * await worker.stop();
 * tracing.dispose();
 * console.log(exporter.getFinishedSpans().map((span) => span.name).sort().join()); // parley.plan,parley.task
 * ```
 */
export function traceDispatch(dispatcher: Dispatcher, options: TraceDispatchOptions): DispatchTracing {
  const { tracer } = options;
  const namespace = options.namespace === undefined ? {} : { namespace: options.namespace };
  const plans = new Map<string, PlanSpan>();
  const tasks = new Map<string, TaskSpan>();
  /** Span contexts of tasks that finished here, by `<plan id>\0<ref>`, for their dependents' links. */
  const finished = new Map<string, SpanContext>();
  /** Plans whose span ended here (the most recent ones), for a dispatch of the plan again after that. */
  const endedPlans = new Map<string, SpanContext>();
  let disposed = false;

  const parentOf = (planId: string): Context => {
    const plan = plans.get(planId);
    return trace.setSpan(context.active(), plan?.span ?? trace.wrapSpanContext(planSpanContext(planId, namespace)));
  };
  const remember = (task: Task, span: Span): void => {
    finished.set(`${task.planId}\u0000${task.ref}`, span.spanContext());
    if (finished.size > linkMemory) finished.delete(finished.keys().next().value as string);
  };
  const recordError = (span: Span, task: Task, error: string): string | undefined => {
    const message = options.errorMessage?.(error, task);
    span.recordException({ name: 'TaskAttemptError', ...(message === undefined ? {} : { message }) });
    return message;
  };

  const endPlanIfFinished = (planId: string): void => {
    const plan = plans.get(planId);
    if (plan === undefined) return;
    for (const state of plan.states.values()) if (!terminal.has(state)) return;
    plans.delete(planId);
    endedPlans.set(planId, plan.span.spanContext());
    if (endedPlans.size > linkMemory) endedPlans.delete(endedPlans.keys().next().value as string);
    const counts: Record<string, number> = { done: 0, failed: 0, cancelled: 0, skipped: 0 };
    for (const state of plan.states.values()) counts[state] = (counts[state] ?? 0) + 1;
    const state = planState(plan.states.values());
    plan.span.setAttributes({
      'parley.plan.state': state,
      'parley.plan.tasks': plan.states.size,
      ...Object.fromEntries(Object.entries(counts).map(([name, count]) => [`parley.plan.tasks.${name}`, count])),
    });
    if (state === 'failed') plan.span.setStatus({ code: SpanStatusCode.ERROR });
    plan.span.end();
  };
  const noteState = (task: Task, state: TaskState = task.state): void => {
    const plan = plans.get(task.planId);
    if (plan === undefined) return;
    plan.states.set(task.id, state);
    if (terminal.has(state)) endPlanIfFinished(task.planId);
  };

  /** Ends a task's span once, with its final state. */
  const endTask = (task: Task, state: string, status?: { readonly code: SpanStatusCode; readonly message?: string }): void => {
    const record = tasks.get(task.id);
    if (record === undefined) return;
    tasks.delete(task.id);
    record.span.setAttributes({ 'parley.task.state': state, 'parley.task.attempt': Math.max(record.attempt, task.attempt) });
    if (status !== undefined) record.span.setStatus(status);
    if (state === 'done') remember(task, record.span);
    record.span.end();
  };
  /** A task that finished without ever running here (skipped, or cancelled before it started): a span of no length. */
  const endUnstarted = (task: Task): void => {
    if (tasks.has(task.id)) {
      endTask(task, task.state);
      return;
    }
    if (task.attempt > 0) return; // it ran somewhere: that process's span ends with it
    tracer.startSpan('parley.task', { attributes: taskAttributes(task) }, parentOf(task.planId)).end();
  };

  const listeners = {
    created: (task: Task): void => {
      if (!plans.has(task.planId)) {
        // The plan is a trace of its own; the span that dispatched it (a request, the manager's
        // model call) is linked, not its parent, since the plan outlives it.
        const dispatching = trace.getSpanContext(context.active());
        const links = dispatching !== undefined && isSpanContextValid(dispatching) ? [{ context: dispatching, attributes: { 'parley.link': 'dispatched-by' } }] : [];
        const attributes = { 'parley.plan.id': task.planId, ...(task.sessionId === undefined ? {} : { 'parley.session.id': task.sessionId }) };
        // A plan dispatched again after its span ended here: the plan span's ids are taken, and an
        // ended span takes no more, so the tasks that dispatch added get a plan span of their own,
        // a child of the ended one (the same trace; other processes' task spans still hang under
        // the first, whose ids they compute).
        const ended = endedPlans.get(task.planId);
        const span =
          ended === undefined
            ? startWithIds(planSpanContext(task.planId, namespace), () => tracer.startSpan('parley.plan', { root: true, attributes, links }, trace.deleteSpan(context.active())))
            : tracer.startSpan('parley.plan', { attributes, links }, trace.setSpan(context.active(), trace.wrapSpanContext(ended)));
        plans.set(task.planId, { span, states: new Map() });
      }
      // A task created finished (skipped behind a failed step, in a plan dispatched again) is
      // noted by its final event, which follows: ending the plan here would leave that task's span
      // outside it.
      noteState(task, terminal.has(task.state) ? 'backlog' : task.state);
    },
    promoted: (task: Task): void => noteState(task),
    started: (task: Task): void => {
      noteState(task);
      const record = tasks.get(task.id);
      if (record !== undefined) {
        // A retry this process claimed again: the same span, a new attempt.
        record.attempt = task.attempt;
        record.running = true;
        record.span.addEvent('parley.task.attempt', { 'parley.task.attempt': task.attempt });
        record.span.setAttributes({ 'parley.task.attempt': task.attempt, 'parley.task.state': 'running' });
        return;
      }
      const links: Link[] = [];
      for (const ref of task.dependsOn) {
        const dependency = finished.get(`${task.planId}\u0000${ref}`);
        if (dependency !== undefined) links.push({ context: dependency, attributes: isIdentifier(ref) ? { 'parley.task.ref': ref } : {} });
      }
      const span = tracer.startSpan('parley.task', { attributes: taskAttributes(task), links }, parentOf(task.planId));
      tasks.set(task.id, { span, planId: task.planId, attempt: task.attempt, running: true });
    },
    done: (task: Task): void => {
      endTask(task, 'done', { code: SpanStatusCode.OK });
      noteState(task);
    },
    retried: ({ task, error }: { readonly task: Task; readonly error: string }): void => {
      const record = tasks.get(task.id);
      if (record !== undefined) {
        record.running = false;
        recordError(record.span, task, error);
        record.span.addEvent('parley.task.retry', { 'parley.task.attempt': record.attempt, 'parley.task.state': task.state });
        record.span.setAttribute('parley.task.state', task.state);
      }
      noteState(task);
    },
    failed: ({ task, error }: { readonly task: Task; readonly error: string }): void => {
      const record = tasks.get(task.id);
      if (record !== undefined) {
        const message = recordError(record.span, task, error);
        endTask(task, 'failed', { code: SpanStatusCode.ERROR, ...(message === undefined ? {} : { message }) });
      }
      noteState(task);
    },
    cancelled: (task: Task): void => {
      endUnstarted(task);
      noteState(task);
    },
    skipped: (task: Task): void => {
      endUnstarted(task);
      noteState(task);
    },
  };
  for (const [name, listener] of Object.entries(listeners)) dispatcher.on(name as 'created', listener as (task: Task) => void);

  let reconciling: Promise<void> | undefined;
  const readStore = async (): Promise<void> => {
    const planIds = new Set([...plans.keys(), ...[...tasks.values()].map((record) => record.planId)]);
    for (const planId of planIds) {
      let current: Task[];
      try {
        current = await dispatcher.store.listPlan(planId);
      } catch {
        continue; // an outage: the next round tries again
      }
      if (disposed) return;
      for (const task of current) {
        const record = tasks.get(task.id);
        // A later attempt than ours was claimed elsewhere (our attempt failed, or lost its lease):
        // that process's span carries the task from there.
        if (record !== undefined && task.attempt > record.attempt) endTask({ ...task, attempt: record.attempt }, 'retried-elsewhere');
        else if (record !== undefined && terminal.has(task.state)) endTask(task, task.state, task.state === 'failed' ? { code: SpanStatusCode.ERROR } : undefined);
        noteState(task);
      }
    }
  };
  const reconcile = (): Promise<void> => {
    if (disposed) return Promise.resolve();
    reconciling ??= readStore().finally(() => (reconciling = undefined));
    return reconciling;
  };
  const every = options.reconcileMilliseconds ?? 5000;
  const timer = every > 0 ? setInterval(() => void reconcile(), every) : undefined;
  // A timer must not keep a process alive that has nothing else to do.
  (timer as { unref?: () => void } | undefined)?.unref?.();

  const dispose = (): void => {
    if (disposed) return;
    disposed = true;
    clearInterval(timer);
    for (const [name, listener] of Object.entries(listeners)) dispatcher.off(name as 'created', listener as (task: Task) => void);
    for (const record of tasks.values()) {
      record.span.setAttribute('parley.task.state', 'interrupted');
      record.span.end();
    }
    tasks.clear();
    for (const plan of plans.values()) {
      plan.span.setAttribute('parley.plan.state', 'interrupted');
      plan.span.end();
    }
    plans.clear();
  };

  return {
    dispose,
    [Symbol.dispose]: dispose,
    reconcile,
    agents: <Agents extends Readonly<Record<string, DispatchAgent>>>(agents: Agents): Agents =>
      Object.fromEntries(
        Object.entries(agents).map(([name, agent]) => [
          name,
          (task, signal) => {
            const record = tasks.get(task.id);
            return record === undefined ? agent(task, signal) : context.with(trace.setSpan(context.active(), record.span), () => agent(task, signal));
          },
        ]),
      ) as Agents,
  };
}
