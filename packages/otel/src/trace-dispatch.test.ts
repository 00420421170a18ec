import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { runChunks } from '@parley/core/testing';
import { createDispatcher, createSqliteTaskStore, createWorker, type DispatchAgent, type Plan } from '@parley/dispatch';
import { redactSecretsStream } from '@parley/redaction';
import { afterAll, describe, expect, test } from 'vitest';
import { createTelemetry } from './__fixtures__/telemetry';
import { planSpanContext } from './plan-span-context';
import { traceDispatch } from './trace-dispatch';
import { traceMiddleware } from './trace-middleware';

const secret = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const directory = mkdtempSync(join(tmpdir(), 'parley-otel-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const threeSteps = (id: string): Plan => ({
  id,
  steps: [
    { ref: 'load', title: 'Load the wine data', agent: 'coding_agent', request: `Load the CSV with token ${secret}` },
    { ref: 'analyse', title: 'Run EDA', agent: 'coding_agent', request: 'Run EDA on the CSV', dependsOn: ['load'] },
    { ref: 'report', title: 'Write the report', agent: 'ba_agent', request: 'Write the PDF', dependsOn: ['load', 'analyse'] },
  ],
});

const byRef = (spans: readonly ReadableSpan[]): Map<unknown, ReadableSpan> => new Map(spans.filter((span) => span.name === 'parley.task').map((span) => [span.attributes['parley.task.ref'], span]));
/** An agent that waits until `release()`; `running` resolves when the first call began. */
const gate = (): { readonly blocked: DispatchAgent; readonly running: Promise<void>; readonly release: () => void } => {
  let release: () => void = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  let began: () => void = () => {};
  const running = new Promise<void>((resolve) => (began = resolve));
  const blocked: DispatchAgent = async () => {
    began();
    await opened;
    return { paths: ['/x'] };
  };
  return { blocked, running, release };
};
const fast = { backoff: () => 0, pollMilliseconds: 5 } as const;

describe('traceDispatch', () => {
  test('a 3-step plan on a SQLite store worked by a worker: one trace, the plan span the parent of every task, links to dependencies', async () => {
    const telemetry = createTelemetry({ planIds: true });
    const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
    const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer });
    const guard = traceMiddleware(redactSecretsStream(), { meter: telemetry.meter });
    const modelCall: DispatchAgent = async (task) => {
      // What an AI SDK call inside the agent does: a span under the active context, with the
      // middleware's session opened inside it.
      const span = telemetry.tracer.startSpan('ai.streamText');
      context.with(trace.setSpan(context.active(), span), () => runChunks(guard, [`done, key ${secret}`]));
      span.end();
      return { paths: [`/data/${task.ref}`] };
    };
    const worker = createWorker({ dispatcher, agents: tracing.agents({ coding_agent: modelCall, ba_agent: modelCall }), ...fast });
    const request = telemetry.tracer.startSpan('POST /chat');
    await context.with(trace.setSpan(context.active(), request), () => dispatcher.dispatchPlan(threeSteps('session-1/plan-1'), { sessionId: 'session-1' }));
    request.end();
    expect(await worker.drain()).toBe(3);
    tracing.dispose();

    const spans = telemetry.finished();
    const plan = spans.find((span) => span.name === 'parley.plan');
    const expected = planSpanContext('session-1/plan-1');
    expect(plan?.spanContext()).toMatchObject({ traceId: expected.traceId, spanId: expected.spanId });
    expect(plan?.parentSpanContext).toBeUndefined();
    // The request that dispatched the plan is linked from the plan span, not its parent.
    expect(plan?.links.map((link) => [link.context.spanId, link.attributes])).toEqual([[request.spanContext().spanId, { 'parley.link': 'dispatched-by' }]]);
    expect(plan?.attributes).toMatchObject({ 'parley.plan.id': 'session-1/plan-1', 'parley.plan.state': 'done', 'parley.plan.tasks': 3, 'parley.plan.tasks.done': 3, 'parley.session.id': 'session-1' });
    const tasks = byRef(spans);
    expect([...tasks.keys()].sort()).toEqual(['analyse', 'load', 'report']);
    for (const [ref, span] of tasks) {
      expect(span.spanContext().traceId).toBe(expected.traceId);
      expect(span.parentSpanContext?.spanId).toBe(expected.spanId);
      expect(span.attributes).toMatchObject({ 'parley.plan.id': 'session-1/plan-1', 'parley.task.ref': ref, 'parley.task.attempt': 1, 'parley.task.state': 'done' });
      expect(span.status.code).toBe(SpanStatusCode.OK);
    }
    expect(tasks.get('load')?.attributes['parley.task.agent']).toBe('coding_agent');
    expect(tasks.get('report')?.attributes['parley.task.agent']).toBe('ba_agent');
    const linked = (ref: string) => tasks.get(ref)?.links.map((link) => link.context.spanId).sort();
    expect(linked('load')).toEqual([]);
    expect(linked('analyse')).toEqual([tasks.get('load')?.spanContext().spanId]);
    expect(linked('report')).toEqual([tasks.get('load')?.spanContext().spanId, tasks.get('analyse')?.spanContext().spanId].sort());
    // The model calls are children of their task's span, with the redactions on them.
    const calls = spans.filter((span) => span.name === 'ai.streamText');
    expect(calls.map((call) => call.parentSpanContext?.spanId).sort()).toEqual([...tasks.values()].map((span) => span.spanContext().spanId).sort());
    for (const call of calls) expect(call.events.map((event) => event.attributes?.['parley.secret.type'])).toEqual(['GITHUB_TOKEN']);
    expect(await telemetry.counter('parley.redactions')).toEqual([{ attributes: { 'parley.secret.type': 'GITHUB_TOKEN' }, value: 3 }]);
    // Every span ended once; the secret in a request and the model text are nowhere.
    expect([...telemetry.ends.values()].every((count) => count === 1)).toBe(true);
    expect(telemetry.ends.size).toBe(telemetry.started.length);
    expect(await telemetry.exported()).not.toContain(secret);
  });

  test('a failed attempt records the error without its text, the retry is a span event, the task ends done on attempt 2', async () => {
    const telemetry = createTelemetry();
    const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
    const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer });
    let calls = 0;
    const flaky: DispatchAgent = async () => {
      calls += 1;
      if (calls === 1) throw new Error(`upstream refused ${secret}`);
      return { paths: ['/data/out'] };
    };
    const worker = createWorker({ dispatcher, agents: { coding_agent: flaky }, ...fast });
    await dispatcher.dispatchTask({ ref: 'only', title: 'One step', agent: 'coding_agent', request: 'Do it' }, { id: 'flaky-1' });
    await worker.drain();
    tracing.dispose();
    const task = byRef(telemetry.finished()).get('only');
    expect(task?.attributes).toMatchObject({ 'parley.task.attempt': 2, 'parley.task.state': 'done' });
    expect(task?.events.map((event) => [event.name, event.attributes])).toEqual([
      ['exception', { 'exception.type': 'TaskAttemptError' }],
      ['parley.task.retry', { 'parley.task.attempt': 1, 'parley.task.state': 'queued' }],
      ['parley.task.attempt', { 'parley.task.attempt': 2 }],
    ]);
    expect(await telemetry.exported()).not.toContain(secret);
  });

  test('a failed task: error status (message only through errorMessage), dependents skipped as spans of their own, the plan failed', async () => {
    const telemetry = createTelemetry();
    const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
    const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer, errorMessage: (message) => message.replace(secret, '[secret]') });
    const broken: DispatchAgent = async () => {
      throw new Error(`cannot read ${secret}`);
    };
    const worker = createWorker({ dispatcher, agents: { coding_agent: broken, ba_agent: broken }, maxAttempts: 1, ...fast });
    await dispatcher.dispatchPlan(threeSteps('failing-plan'));
    await worker.drain();
    tracing.dispose();
    const spans = telemetry.finished();
    const tasks = byRef(spans);
    expect(tasks.get('load')?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'cannot read [secret]' });
    expect(tasks.get('load')?.attributes['parley.task.state']).toBe('failed');
    for (const ref of ['analyse', 'report']) {
      expect(tasks.get(ref)?.attributes).toMatchObject({ 'parley.task.state': 'skipped', 'parley.task.attempt': 0 });
      expect(tasks.get(ref)?.parentSpanContext?.spanId).toBe(spans.find((span) => span.name === 'parley.plan')?.spanContext().spanId);
    }
    expect(spans.find((span) => span.name === 'parley.plan')?.attributes).toMatchObject({ 'parley.plan.state': 'failed', 'parley.plan.tasks.failed': 1, 'parley.plan.tasks.skipped': 2 });
    expect(await telemetry.exported()).not.toContain(secret);
  });

  test('cancelling a plan mid-way ends the running task, the unstarted ones and the plan with their states', async () => {
    const telemetry = createTelemetry();
    const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
    const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer, reconcileMilliseconds: 0 });
    const { blocked, running, release } = gate();
    const worker = createWorker({ dispatcher, agents: { coding_agent: blocked, ba_agent: blocked }, ...fast });
    await dispatcher.dispatchPlan(threeSteps('cancelled-plan'));
    const draining = worker.drain();
    await running;
    await dispatcher.cancelPlan('cancelled-plan');
    release();
    await draining;
    // The running task's completion was refused without an event: the store says what happened.
    await tracing.reconcile();
    const spans = telemetry.finished();
    const tasks = byRef(spans);
    expect(tasks.get('load')?.attributes).toMatchObject({ 'parley.task.state': 'cancelled', 'parley.task.attempt': 1 });
    expect(tasks.get('analyse')?.attributes['parley.task.state']).toMatch(/^(cancelled|skipped)$/u);
    expect(tasks.get('report')?.attributes['parley.task.state']).toMatch(/^(cancelled|skipped)$/u);
    expect(spans.find((span) => span.name === 'parley.plan')?.attributes['parley.plan.state']).toBe('cancelled');
    expect(telemetry.ends.size).toBe(telemetry.started.length);
    tracing.dispose();
    expect([...telemetry.ends.values()].every((count) => count === 1)).toBe(true);
  });

  test('disposing mid-plan ends every open span once, as interrupted; later events change nothing', async () => {
    const telemetry = createTelemetry();
    const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
    const tracing = traceDispatch(dispatcher, { tracer: telemetry.tracer });
    const { blocked, running, release } = gate();
    const worker = createWorker({ dispatcher, agents: { coding_agent: blocked, ba_agent: blocked }, ...fast });
    await dispatcher.dispatchPlan(threeSteps('interrupted-plan'));
    const draining = worker.drain();
    await running;
    tracing.dispose();
    tracing.dispose();
    const spans = telemetry.finished();
    expect(spans.map((span) => [span.name, span.attributes['parley.task.state'] ?? span.attributes['parley.plan.state']]).sort()).toEqual([
      ['parley.plan', 'interrupted'],
      ['parley.task', 'interrupted'],
    ]);
    release();
    await draining;
    expect(telemetry.finished()).toHaveLength(2);
    expect([...telemetry.ends.values()]).toEqual([1, 1]);
  });

  test('across processes: the dispatcher process holds the plan span, a worker process parents its tasks to it by plan id', async () => {
    const path = join(directory, 'two-processes.db');
    const manager = createTelemetry({ planIds: true });
    const workerSide = createTelemetry();
    const dispatcher = createDispatcher({ store: createSqliteTaskStore({ path }) });
    const workerDispatcher = createDispatcher({ store: createSqliteTaskStore({ path }) });
    const managerTracing = traceDispatch(dispatcher, { tracer: manager.tracer, reconcileMilliseconds: 0 });
    const workerTracing = traceDispatch(workerDispatcher, { tracer: workerSide.tracer });
    const agent: DispatchAgent = async (task) => ({ paths: [`/data/${task.ref}`] });
    const worker = createWorker({ dispatcher: workerDispatcher, agents: { coding_agent: agent, ba_agent: agent }, ...fast });
    await dispatcher.dispatchPlan(threeSteps('shared/plan-9'));
    await worker.drain();
    expect(manager.finished()).toHaveLength(0); // the manager saw no completion yet
    await managerTracing.reconcile();
    const [plan] = manager.finished();
    expect(plan?.attributes).toMatchObject({ 'parley.plan.state': 'done', 'parley.plan.tasks': 3 });
    const tasks = byRef(workerSide.finished());
    expect(tasks.size).toBe(3);
    for (const span of tasks.values()) {
      expect(span.spanContext().traceId).toBe(plan?.spanContext().traceId);
      expect(span.parentSpanContext?.spanId).toBe(plan?.spanContext().spanId);
    }
    // Dependencies that ran in the same worker process are linked.
    expect(tasks.get('report')?.links).toHaveLength(2);
    managerTracing.dispose();
    workerTracing.dispose();
    await dispatcher.store.close();
    await workerDispatcher.store.close();
  });

  test('a retry another process takes: this process ends its span retried-elsewhere, the other one carries the task to done', async () => {
    const path = join(directory, 'retry-elsewhere.db');
    const first = createTelemetry({ planIds: true });
    const second = createTelemetry();
    const firstDispatcher = createDispatcher({ store: createSqliteTaskStore({ path }) });
    const secondDispatcher = createDispatcher({ store: createSqliteTaskStore({ path }) });
    const firstTracing = traceDispatch(firstDispatcher, { tracer: first.tracer, reconcileMilliseconds: 0 });
    const secondTracing = traceDispatch(secondDispatcher, { tracer: second.tracer, reconcileMilliseconds: 0 });
    const failing: DispatchAgent = async () => {
      throw new Error('model timed out');
    };
    const working: DispatchAgent = async () => ({ paths: ['/x'] });
    // The retry waits a minute; the second worker's clock is two minutes ahead, so only it sees the retry ready.
    const firstWorker = createWorker({ dispatcher: firstDispatcher, agents: { coding_agent: failing }, backoff: () => 60_000, pollMilliseconds: 5 });
    const secondWorker = createWorker({ dispatcher: secondDispatcher, agents: { coding_agent: working }, now: () => Date.now() + 120_000, pollMilliseconds: 5 });
    await firstDispatcher.dispatchTask({ ref: 'only', title: 'One step', agent: 'coding_agent', request: 'Do it' }, { id: 'handed-over' });
    // This process leaves its retry to the other one: it does not wait out its own backoff.
    expect(await firstWorker.drain({ waitForRetries: false })).toBe(1);
    expect(await secondWorker.drain()).toBe(1);
    await firstTracing.reconcile();
    const mine = byRef(first.finished()).get('only');
    const theirs = byRef(second.finished()).get('only');
    expect(mine?.attributes).toMatchObject({ 'parley.task.state': 'retried-elsewhere', 'parley.task.attempt': 1 });
    expect(mine?.events.map((event) => event.name)).toEqual(['exception', 'parley.task.retry']);
    expect(theirs?.attributes).toMatchObject({ 'parley.task.state': 'done', 'parley.task.attempt': 2 });
    expect(theirs?.parentSpanContext?.spanId).toBe(mine?.parentSpanContext?.spanId);
    expect(first.finished().find((span) => span.name === 'parley.plan')?.attributes['parley.plan.state']).toBe('done');
    firstTracing.dispose();
    secondTracing.dispose();
    await firstDispatcher.store.close();
    await secondDispatcher.store.close();
  });
});
