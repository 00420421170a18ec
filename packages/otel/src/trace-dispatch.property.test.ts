import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanStatusCode } from '@opentelemetry/api';
import { createDispatcher, createSqliteTaskStore, createWorker, type DispatchAgent, type Plan, type TaskState } from '@parley/dispatch';
import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { createTelemetry } from './__fixtures__/telemetry';
import { planSpanContext } from './plan-span-context';
import { traceDispatch } from './trace-dispatch';

const secret = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
type Behaviour = 'ok' | 'flaky' | 'broken';

/** A plan of 1–5 steps, each depending on any earlier ones, each with how its agent behaves. */
const plans = fc
  .array(fc.record({ behaviour: fc.constantFrom<Behaviour>('ok', 'ok', 'flaky', 'broken'), dependencies: fc.array(fc.nat(), { maxLength: 3 }) }), { minLength: 1, maxLength: 5 })
  .map((steps) => steps.map((step, index) => ({ ...step, dependencies: [...new Set(index === 0 ? [] : step.dependencies.map((dependency) => dependency % index))] })));

const planState = (states: readonly TaskState[]): string => (['failed', 'cancelled', 'skipped'] as const).find((state) => states.includes(state)) ?? 'done';

test(
  'whatever the plan, the failures and a cancel: one plan span and one span per task, each ended once with the store\'s final state, parented to the plan, linked to its dependencies',
  { timeout: 120_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(plans, fc.option(fc.nat(), { nil: undefined }), async (steps, cancelIndex) => {
        const telemetry = createTelemetry({ planIds: true });
        const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
        const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer, reconcileMilliseconds: 0 });
        const plan: Plan = {
          id: 'property-plan',
          steps: steps.map((step, index) => ({
            ref: `s${index}`,
            title: `Step ${index}`,
            agent: 'coding_agent',
            request: `Use ${secret}`,
            dependsOn: step.dependencies.map((dependency) => `s${dependency}`),
          })),
        };
        const agent: DispatchAgent = async (task) => {
          const behaviour = steps[Number(task.ref.slice(1))]?.behaviour;
          if (behaviour === 'broken' || (behaviour === 'flaky' && task.attempt === 1)) throw new Error(`failed with ${secret}`);
          return { paths: [`/out/${task.ref}`] };
        };
        const worker = createWorker({ dispatcher, agents: tracing.agents({ coding_agent: agent }), maxAttempts: 2, backoff: () => 0, pollMilliseconds: 5 });
        const { tasks } = await dispatcher.dispatchPlan(plan);
        if (cancelIndex !== undefined) await dispatcher.cancel(tasks[cancelIndex % tasks.length]?.id ?? '');
        await worker.drain();
        await tracing.reconcile();
        const final = await dispatcher.store.listPlan(plan.id);
        tracing.dispose();

        // Every span that started ended exactly once, and none was left for dispose.
        expect(telemetry.ends.size).toBe(telemetry.started.length);
        expect([...telemetry.ends.values()].every((count) => count === 1)).toBe(true);
        const spans = telemetry.finished();
        const planSpans = spans.filter((span) => span.name === 'parley.plan');
        expect(planSpans).toHaveLength(1);
        const [planSpan] = planSpans;
        expect(planSpan?.spanContext().spanId).toBe(planSpanContext(plan.id).spanId);
        expect(planSpan?.attributes['parley.plan.state']).toBe(planState(final.map((task) => task.state)));
        const taskSpans = spans.filter((span) => span.name === 'parley.task');
        expect(taskSpans).toHaveLength(final.length);
        const spanOf = new Map(taskSpans.map((span) => [span.attributes['parley.task.id'], span]));
        for (const task of final) {
          const span = spanOf.get(task.id);
          expect(span?.attributes).toMatchObject({ 'parley.task.state': task.state, 'parley.task.attempt': task.attempt, 'parley.task.ref': task.ref });
          expect(span?.parentSpanContext?.spanId).toBe(planSpan?.spanContext().spanId);
          expect(span?.spanContext().traceId).toBe(planSpan?.spanContext().traceId);
          expect(span?.status.code).toBe(task.state === 'failed' ? SpanStatusCode.ERROR : task.state === 'done' ? SpanStatusCode.OK : SpanStatusCode.UNSET);
          // A task that ran did so after all its dependencies were done here: one link each.
          const ran = task.attempt > 0;
          const expectedLinks = ran ? task.dependsOn.map((ref) => spanOf.get(final.find((other) => other.ref === ref)?.id)?.spanContext().spanId).sort() : [];
          expect(span?.links.map((link) => link.context.spanId).sort()).toEqual(expectedLinks);
          const retries = span?.events.filter((event) => event.name === 'parley.task.retry').length ?? 0;
          expect(retries).toBe(Math.max(0, task.attempt - 1));
        }
        expect(await telemetry.exported()).not.toContain(secret);
      }),
      { numRuns: 60 },
    );
  },
);

test('disposed after any number of task events, mid-plan or not: every span ends exactly once, nothing ends after dispose', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(plans, fc.nat({ max: 30 }), async (steps, disposeAfter) => {
      const telemetry = createTelemetry();
      const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
      const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer, reconcileMilliseconds: 0 });
      let seen = 0;
      let endedAtDispose: number | undefined;
      const count = (): void => {
        seen += 1;
        if (seen !== disposeAfter) return;
        tracing.dispose();
        endedAtDispose = telemetry.finished().length;
      };
      // Registered after the tracer's listeners, so each event is traced before the count.
      for (const name of ['created', 'promoted', 'started', 'done', 'retried', 'failed', 'cancelled', 'skipped'] as const) dispatcher.on(name, count);
      const agent: DispatchAgent = async (task) => {
        const behaviour = steps[Number(task.ref.slice(1))]?.behaviour;
        if (behaviour === 'broken' || (behaviour === 'flaky' && task.attempt === 1)) throw new Error('failed');
        return { paths: [`/out/${task.ref}`] };
      };
      const worker = createWorker({ dispatcher, agents: tracing.agents({ coding_agent: agent }), maxAttempts: 2, backoff: () => 0, pollMilliseconds: 5 });
      await dispatcher.dispatchPlan({
        id: 'disposed-plan',
        steps: steps.map((step, index) => ({ ref: `s${index}`, title: `Step ${index}`, agent: 'coding_agent', request: 'Do it', dependsOn: step.dependencies.map((dependency) => `s${dependency}`) })),
      });
      await worker.drain();
      tracing.dispose();
      expect(telemetry.ends.size).toBe(telemetry.started.length);
      expect([...telemetry.ends.values()].every((ended) => ended === 1)).toBe(true);
      if (endedAtDispose !== undefined) expect(telemetry.finished()).toHaveLength(endedAtDispose);
      const states = telemetry.finished().map((span) => span.attributes['parley.task.state'] ?? span.attributes['parley.plan.state']);
      expect(states.every((state) => ['done', 'failed', 'skipped', 'cancelled', 'interrupted'].includes(String(state)))).toBe(true);
    }),
    { numRuns: 60 },
  );
});

test('two worker processes on one store: every task has one span ending in its final state, any other ends retried-elsewhere, all under the plan span', { timeout: 120_000 }, async () => {
  const directory = mkdtempSync(join(tmpdir(), 'parley-otel-property-'));
  let run = 0;
  let shared = 0;
  let handedOver = 0;
  try {
    await fc.assert(
      fc.asyncProperty(plans, async (steps) => {
        run += 1;
        const path = join(directory, `store-${run}.db`);
        const processes = [createTelemetry({ planIds: true }), createTelemetry()].map((telemetry) => {
          const dispatcher = createDispatcher({ store: createSqliteTaskStore({ path }) });
          return { telemetry, dispatcher, tracing: traceDispatch(dispatcher, { tracer: telemetry.tracer, reconcileMilliseconds: 0 }) };
        });
        const agent: DispatchAgent = async (task) => {
          const behaviour = steps[Number(task.ref.slice(1))]?.behaviour;
          await new Promise((resolve) => setImmediate(resolve)); // let the other worker claim meanwhile
          if (behaviour === 'broken' || (behaviour === 'flaky' && task.attempt === 1)) throw new Error('failed');
          return { paths: [`/out/${task.ref}`] };
        };
        const planId = `two-processes-${run}`;
        await processes[0]?.dispatcher.dispatchPlan({
          id: planId,
          steps: steps.map((step, index) => ({ ref: `s${index}`, title: `Step ${index}`, agent: 'coding_agent', request: 'Do it', dependsOn: step.dependencies.map((dependency) => `s${dependency}`) })),
        });
        // The second process's clock jumps a minute at every reading: retries (a minute's backoff)
        // are ready only for it, and the first process's leases have expired in its eyes, so it
        // takes over retries and running tasks alike.
        let skew = 0;
        const clocks = [Date.now, () => Date.now() + (skew += 61_000)];
        const workers = processes.map(({ dispatcher, tracing }, index) =>
          createWorker({ dispatcher, agents: tracing.agents({ coding_agent: agent }), maxAttempts: 2, backoff: () => 60_000, pollMilliseconds: 5, now: clocks[index] ?? Date.now }),
        );
        // Each drains until nothing is ready for it now (retries are the other process's to take);
        // more rounds pick up what the other promoted.
        for (let round = 0; round < 3 * steps.length + 2; round += 1) {
          await Promise.all(workers.map((worker) => worker.drain({ waitForRetries: false })));
          const tasks = (await processes[0]?.dispatcher.store.listPlan(planId)) ?? [];
          if (tasks.every((task) => ['done', 'failed', 'skipped'].includes(task.state))) break;
        }
        for (const { tracing } of processes) await tracing.reconcile();
        const final = await processes[0]?.dispatcher.store.listPlan(planId) ?? [];
        for (const { tracing } of processes) tracing.dispose();
        for (const { dispatcher } of processes) await dispatcher.store.close();

        expect(final.every((task) => ['done', 'failed', 'skipped'].includes(task.state))).toBe(true);
        const spans = processes.flatMap(({ telemetry }) => telemetry.finished());
        if (processes.every(({ telemetry }) => telemetry.started.some((span) => span.name === 'parley.task'))) shared += 1;
        if (spans.some((span) => span.attributes['parley.task.state'] === 'retried-elsewhere')) handedOver += 1;
        for (const { telemetry } of processes) {
          expect(telemetry.ends.size).toBe(telemetry.started.length);
          expect([...telemetry.ends.values()].every((count) => count === 1)).toBe(true);
        }
        const plan = planSpanContext(planId);
        expect(spans.filter((span) => span.name === 'parley.plan').map((span) => [span.spanContext().spanId, span.attributes['parley.plan.state']])).toEqual([
          [plan.spanId, planState(final.map((task) => task.state))],
        ]);
        for (const task of final) {
          const mine = spans.filter((span) => span.name === 'parley.task' && span.attributes['parley.task.id'] === task.id);
          const states = mine.map((span) => span.attributes['parley.task.state']);
          expect(states.filter((state) => state === task.state)).toHaveLength(1);
          expect(states.filter((state) => state !== task.state).every((state) => state === 'retried-elsewhere')).toBe(true);
          for (const span of mine) {
            expect(span.spanContext().traceId).toBe(plan.traceId);
            expect(span.parentSpanContext?.spanId).toBe(plan.spanId);
          }
        }
      }),
      { numRuns: 25 },
    );
    // The generator reaches the cases the property is about (about 20 of 25 runs each).
    expect(shared).toBeGreaterThan(0);
    expect(handedOver).toBeGreaterThan(0);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

/** Rounds after the first dispatch: maybe a cancel, then the plan dispatched again with 1–3 more steps, then maybe a drain. */
const rounds = fc.array(
  fc.record({
    cancel: fc.option(fc.nat(), { nil: undefined }),
    added: fc.array(fc.record({ behaviour: fc.constantFrom<Behaviour>('ok', 'ok', 'broken'), dependencies: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 3 }),
    drain: fc.boolean(),
  }),
  { minLength: 1, maxLength: 3 },
);

test(
  'a plan dispatched again, behind done, failed, cancelled, skipped or waiting steps, finished or not: one span per task, each ended once with the store\'s final state, none left for dispose; a plan span more for each dispatch after its span ended',
  { timeout: 120_000 },
  async () => {
    let behindFinished = 0;
    let dispatchedAfterEnd = 0;
    await fc.assert(
      fc.asyncProperty(plans, rounds, async (first, later) => {
        const telemetry = createTelemetry({ planIds: true });
        const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
        const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer, reconcileMilliseconds: 0 });
        const steps: Array<{ readonly behaviour: Behaviour; readonly dependencies: readonly number[] }> = [...first];
        const agent: DispatchAgent = async (task) => {
          const behaviour = steps[Number(task.ref.slice(1))]?.behaviour;
          if (behaviour === 'broken' || (behaviour === 'flaky' && task.attempt === 1)) throw new Error('failed');
          return { paths: [`/out/${task.ref}`] };
        };
        const worker = createWorker({ dispatcher, agents: tracing.agents({ coding_agent: agent }), maxAttempts: 2, backoff: () => 0, pollMilliseconds: 5 });
        const planId = 'dispatched-again';
        const finished = new Set(['done', 'failed', 'skipped', 'cancelled']);
        let afterEnd = 0;
        const dispatch = () =>
          dispatcher.dispatchPlan({
            id: planId,
            sequential: false,
            steps: steps.map((step, index) => ({ ref: `s${index}`, title: `Step ${index}`, agent: 'coding_agent', request: 'Do it', dependsOn: step.dependencies.map((dependency) => `s${dependency}`) })),
          });
        await dispatch();
        for (const round of later) {
          const open = (await dispatcher.store.listPlan(planId)).filter((task) => !finished.has(task.state));
          if (round.cancel !== undefined && open.length > 0) await dispatcher.cancel(open[round.cancel % open.length]?.id ?? '');
          // A plan that finished (its span ended) and is dispatched again gets one more plan span.
          if ((await dispatcher.store.listPlan(planId)).every((task) => finished.has(task.state))) afterEnd += 1;
          for (const added of round.added) {
            const before = steps.length;
            steps.push({ behaviour: added.behaviour, dependencies: [...new Set(added.dependencies.map((dependency) => dependency % before))] });
          }
          await dispatch();
          if (round.drain) await worker.drain();
        }
        await worker.drain();
        await tracing.reconcile();
        const final = await dispatcher.store.listPlan(planId);
        behindFinished += final.filter((task) => task.attempt === 0 && task.state === 'skipped').length;
        dispatchedAfterEnd += afterEnd;
        tracing.dispose();

        expect(final.every((task) => finished.has(task.state))).toBe(true);
        // Every span that started ended exactly once, none at dispose ('interrupted').
        expect(telemetry.ends.size).toBe(telemetry.started.length);
        expect([...telemetry.ends.values()].every((count) => count === 1)).toBe(true);
        const spans = telemetry.finished();
        // The first plan span has the plan's computed ids; each later one is a child of the one
        // before, in the same trace, and ends with the state of the tasks it took.
        const planSpans = spans.filter((span) => span.name === 'parley.plan');
        expect(planSpans).toHaveLength(1 + afterEnd);
        expect(planSpans[0]?.spanContext().spanId).toBe(planSpanContext(planId).spanId);
        planSpans.slice(1).forEach((span, index) => {
          expect(span.parentSpanContext?.spanId).toBe(planSpans[index]?.spanContext().spanId);
          expect(span.spanContext().traceId).toBe(planSpanContext(planId).traceId);
        });
        const taskSpans = spans.filter((span) => span.name === 'parley.task');
        expect(taskSpans.map((span) => span.attributes['parley.task.id']).sort()).toEqual(final.map((task) => task.id).sort());
        for (const plan of planSpans) {
          const mine = taskSpans.filter((span) => span.parentSpanContext?.spanId === plan.spanContext().spanId);
          const states = mine.map((span) => final.find((task) => task.id === span.attributes['parley.task.id'])?.state as TaskState);
          expect(plan.attributes['parley.plan.tasks']).toBe(mine.length);
          expect(plan.attributes['parley.plan.state']).toBe(planState(states));
        }
        for (const task of final) {
          const span = taskSpans.find((candidate) => candidate.attributes['parley.task.id'] === task.id);
          expect(span?.attributes['parley.task.state'], `${task.ref} ${task.state}`).toBe(task.state);
          expect(planSpans.map((plan) => plan.spanContext().spanId)).toContain(span?.parentSpanContext?.spanId);
        }
      }),
      { numRuns: 60 },
    );
    expect(behindFinished).toBeGreaterThan(0);
    expect(dispatchedAfterEnd).toBeGreaterThan(0);
  },
);
