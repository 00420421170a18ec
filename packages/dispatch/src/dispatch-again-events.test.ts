import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sharedStores } from './__fixtures__/store-makers';
import { createDispatcher, type Dispatcher } from './dispatcher';
import type { DispatchEvents } from './dispatch-events';
import type { Task } from './task';
import { terminalStates } from './task';
import type { TaskStore } from './task-store';
import { createWorker } from './worker';

// Events tell the truth about the store, dispatched again or not: over any dispatches (new plans,
// a plan dispatched again with steps behind done, failed, cancelled, skipped or unfinished ones),
// runs, failures, cancels and prunes, each task gets exactly one `created`, before any other event
// of it, and exactly one final event (done, failed, skipped, cancelled) naming the state the store
// holds (or held when its plan was pruned); a task with dependencies is `promoted` at most once,
// and always before it runs.

const { makers, storeOf } = sharedStores('parley_again_events');

const finalEvents = new Set<string>(['done', 'failed', 'skipped', 'cancelled']);
const taskEvents = ['created', 'promoted', 'started', 'done', 'retried', 'failed', 'cancelled', 'skipped'] as const;

/** Every task event the dispatcher (and its workers) emits, in order, as `[event, task]`. */
const record = (dispatcher: Dispatcher): Array<readonly [name: string, task: Task]> => {
  const events: Array<readonly [string, Task]> = [];
  for (const name of taskEvents) {
    dispatcher.on(name, ((payload: Task | { readonly task: Task }) => events.push([name, 'task' in payload ? payload.task : payload])) as (...args: DispatchEvents[typeof name]) => void);
  }
  return events;
};

/**
 * Checks the invariant: `known` is the last state the store showed of every task (read after each
 * operation and at the end, when everything is finished).
 */
const expectTruthfulEvents = (events: ReadonlyArray<readonly [string, Task]>, known: ReadonlyMap<string, Task>): void => {
  const byTask = new Map<string, string[]>();
  for (const [name, task] of events) {
    expect(known.has(task.id), `${name} of a task the store never held: ${task.planId}/${task.ref}`).toBe(true);
    byTask.set(task.id, [...(byTask.get(task.id) ?? []), name]);
  }
  for (const task of known.values()) {
    const names = byTask.get(task.id) ?? [];
    const where = `${task.planId}/${task.ref} (${task.state}): ${names.join(', ')}`;
    expect(terminalStates.has(task.state), where).toBe(true);
    expect(names.filter((name) => name === 'created'), where).toHaveLength(1);
    expect(names[0], where).toBe('created');
    expect(names.filter((name) => finalEvents.has(name)), where).toEqual([task.state]);
    expect(names.at(-1), where).toBe(task.state);
    // A task with dependencies is promoted at most once, and before it runs; one without never is.
    const promoted = names.filter((name) => name === 'promoted').length;
    if (task.dependsOn.length === 0) expect(promoted, where).toBe(0);
    else expect(promoted, where).toBe(task.attempt > 0 ? 1 : Math.min(promoted, 1));
    if (task.attempt > 0 && task.dependsOn.length > 0) expect(names.indexOf('promoted'), where).toBeLessThan(names.indexOf('started'));
  }
};

type Behaviour = 'ok' | 'fail';
/** One thing done. Indexes pick among what exists (modulo its size). */
type Operation =
  | { readonly kind: 'dispatch'; readonly plan: number; readonly added: ReadonlyArray<{ readonly picks: readonly number[]; readonly behaviour: Behaviour }> }
  | { readonly kind: 'drain' }
  | { readonly kind: 'together'; readonly dispatch: Extract<Operation, { kind: 'dispatch' }> }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'prune' };

/** Added steps depend mostly on the plan's earlier steps (finished ones, after a drain). */
const dispatchOperation: fc.Arbitrary<Extract<Operation, { kind: 'dispatch' }>> = fc.record({
  kind: fc.constant('dispatch' as const),
  plan: fc.nat(1),
  added: fc.array(fc.record({ picks: fc.array(fc.nat(40), { minLength: 1, maxLength: 3 }), behaviour: fc.constantFrom<Behaviour>('ok', 'ok', 'fail') }), { minLength: 1, maxLength: 3 }),
});
const operations: fc.Arbitrary<Operation[]> = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: dispatchOperation },
    { weight: 4, arbitrary: fc.constant<Operation>({ kind: 'drain' }) },
    // A dispatch again while the worker drains: its completions and claims race the dispatch.
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('together' as const), dispatch: dispatchOperation }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(40) }) },
    { weight: 1, arbitrary: fc.constant<Operation>({ kind: 'prune' }) },
  ),
  { minLength: 1, maxLength: 12 },
);

let runs = 0;
/** Plays the operations, drains, and checks the events against the store. Returns the events. */
const play = async (store: TaskStore, played: readonly Operation[]): Promise<{ readonly events: ReadonlyArray<readonly [string, Task]>; readonly known: ReadonlyMap<string, Task> }> => {
  runs += 1;
  let clock = 1000;
  const agent = `again-events-${runs}`;
  const dispatcher = createDispatcher({ store, now: () => clock });
  const events = record(dispatcher);
  const behaviours = new Map<string, Behaviour>();
  const worker = createWorker({
    dispatcher,
    agents: {
      [agent]: async (task) => {
        if (behaviours.get(`${task.planId}/${task.ref}`) === 'fail') throw new Error('no');
        return { summary: task.ref };
      },
    },
    maxAttempts: 1,
    backoff: () => 0,
    pollMilliseconds: 5,
    now: () => clock,
  });
  /** What each plan holds, by ref, in step order (what a dispatch again repeats). */
  const plans = new Map<string, Array<{ readonly ref: string; readonly dependsOn: readonly string[] }>>();
  const known = new Map<string, Task>();
  const reread = async (): Promise<void> => {
    for (const id of [...plans.keys()]) {
      const rows = await store.listPlan(id);
      for (const row of rows) known.set(row.id, row);
      if (rows.length === 0) plans.delete(id);
      else plans.set(id, rows.map((row) => ({ ref: row.ref, dependsOn: row.dependsOn })));
    }
  };
  const dispatchAgain = async (op: Extract<Operation, { kind: 'dispatch' }>): Promise<void> => {
      const id = `again-events-${runs}-plan${op.plan}`;
      const steps = [...(plans.get(id) ?? [])];
      const before = steps.length;
      op.added.forEach(({ picks, behaviour }, index) => {
        const ref = `s${before + index}`;
        behaviours.set(`${id}/${ref}`, behaviour);
        const available = steps.map((step) => step.ref);
        steps.push({ ref, dependsOn: available.length === 0 ? [] : [...new Set(picks.map((pick) => available[pick % available.length] as string))] });
      });
      if (!plans.has(id)) plans.set(id, []);
      await dispatcher.dispatchPlan({ id, sequential: false, steps: steps.map((step) => ({ ref: step.ref, dependsOn: [...step.dependsOn], title: step.ref, agent, request: 'r' })) });
  };
  for (const op of played) {
    clock += 10;
    if (op.kind === 'dispatch') await dispatchAgain(op);
    else if (op.kind === 'together') await Promise.all([worker.drain(), dispatchAgain(op.dispatch)]);
    else if (op.kind === 'drain') await worker.drain();
    else if (op.kind === 'cancel') {
      const open = [...known.values()].filter((task) => !terminalStates.has(task.state));
      const chosen = open[op.pick % Math.max(1, open.length)];
      if (chosen !== undefined) await dispatcher.cancel(chosen.id);
    } else await store.prune?.({ finishedBefore: clock });
    await reread();
  }
  clock += 10;
  await worker.drain();
  await reread();
  await worker.stop();
  return { events, known };
};

describe.each(makers)('%s store', (name, make) => {
  test('a plan dispatched again announces only its new tasks, once each', async () => {
    const store = await storeOf(name, make);
    const dispatcher = createDispatcher({ store });
    const events = record(dispatcher);
    const step = (ref: string, dependsOn: string[] = []) => ({ ref, title: ref, agent: 'again_events_example', request: 'r', dependsOn });
    await dispatcher.dispatchPlan({ id: `again-created-${name}`, sequential: false, steps: [step('a'), step('b', ['a'])] });
    const again = await dispatcher.dispatchPlan({ id: `again-created-${name}`, sequential: false, steps: [step('a'), step('b', ['a']), step('c', ['b'])] });
    expect(again.created).toBe(1);
    expect(again.tasks.map((task) => task.ref)).toEqual(['a', 'b', 'c']);
    expect(events.map(([event, task]) => `${event} ${task.ref}`)).toEqual(['created a', 'created b', 'created c']);
    // The same plan a third time creates nothing and announces nothing.
    await dispatcher.dispatchPlan({ id: `again-created-${name}`, sequential: false, steps: [step('a'), step('b', ['a']), step('c', ['b'])] });
    expect(events).toHaveLength(3);
  });

  test('createPlan says which tasks it created, in the state they were created in', async () => {
    const store = await storeOf(name, make);
    const step = (ref: string, dependsOn: string[] = []) => ({ ref, title: ref, agent: 'again_events_store', request: 'r', dependsOn, expectedOutputs: [] });
    const planId = `again-store-${name}`;
    const first = await store.createPlan(planId, [step('a'), step('b', ['a'])], { now: 1 });
    expect(first.createdTasks.map((task) => [task.ref, task.state])).toEqual([['a', 'queued'], ['b', 'backlog']]);
    expect(first.createdTasks).toEqual(first.tasks);
    const { cancelled } = await store.cancel(first.tasks[0]?.id ?? '', { now: 2 });
    expect(cancelled?.ref).toBe('a');
    const again = await store.createPlan(planId, [step('a'), step('b', ['a']), step('c', ['b']), step('d')], { now: 3 });
    expect(again.created).toBe(2);
    expect(again.createdTasks.map((task) => [task.ref, task.state])).toEqual([['c', 'skipped'], ['d', 'queued']]);
    expect(again.createdTasks.map((task) => task.id)).toEqual(again.tasks.slice(2).map((task) => task.id));
    const repeated = await store.createPlan(planId, [step('a')], { now: 4 });
    expect([repeated.created, repeated.createdTasks]).toEqual([0, []]);
  });

  test('a step added behind a cancelled step is created, then skipped; one behind a done step is created, then promoted; every created first', async () => {
    const store = await storeOf(name, make);
    const dispatcher = createDispatcher({ store });
    const events = record(dispatcher);
    const agent = 'again_events_skipped';
    const step = (ref: string, dependsOn: string[] = []) => ({ ref, title: ref, agent, request: 'r', dependsOn });
    const planId = `again-skipped-${name}`;
    const { tasks } = await dispatcher.dispatchPlan({ id: planId, sequential: false, steps: [step('a'), step('x')] });
    await dispatcher.cancel(tasks[1]?.id ?? '');
    const worker = createWorker({ dispatcher, agents: { [agent]: async () => ({ summary: 'ok' }) }, pollMilliseconds: 5 });
    await worker.drain();
    const progress: string[] = [];
    dispatcher.on('progress', ({ sentence }) => progress.push(sentence));
    await dispatcher.dispatchPlan({ id: planId, sequential: false, steps: [step('a'), step('x'), step('b', ['a']), step('y', ['x']), step('z', ['y'])] });
    expect(events.map(([event, task]) => `${event} ${task.ref}`)).toEqual([
      'created a',
      'created x',
      'cancelled x',
      'started a',
      'done a',
      'created b',
      'created y',
      'created z',
      'promoted b',
      'skipped y',
      'skipped z',
    ]);
    expect(progress).toEqual(['b: its inputs are ready; again_events_skipped is next.']);
    const skipped = events.filter(([event]) => event === 'skipped').map(([, task]) => [task.ref, task.state, task.error]);
    expect(skipped).toEqual([
      ['y', 'skipped', 'skipped: upstream step "x" was cancelled'],
      ['z', 'skipped', 'skipped: upstream step "y" was skipped'],
    ]);
    await worker.drain();
    expect(events.map(([event, task]) => `${event} ${task.ref}`).slice(-2)).toEqual(['started b', 'done b']);
    await worker.stop();
  });

  test('a worker in the same process that claims a new task before the dispatch has answered: created still comes first', async () => {
    const store = await storeOf(name, make);
    const dispatcher = createDispatcher({ store });
    const events = record(dispatcher);
    const agent = 'again_events_race';
    const worker = createWorker({ dispatcher, agents: { [agent]: async () => ({ summary: 'ok' }) }, pollMilliseconds: 5 });
    const planId = `again-race-${name}`;
    await Promise.all([worker.drain(), dispatcher.dispatchPlan({ id: planId, steps: [{ ref: 'a', title: 'a', agent, request: 'r' }] })]);
    await worker.drain();
    expect(events.map(([event, task]) => `${event} ${task.ref}`)).toEqual(['created a', 'started a', 'done a']);
    await worker.stop();
  });

  test(
    'property: over any dispatches again, runs, failures, cancels and prunes, each task is created once, first, and ends once with the store’s final state',
    { timeout: 240_000 },
    async () => {
      const store = await storeOf(name, make);
      let redispatchedBehindFinished = 0;
      await fc.assert(
        fc.asyncProperty(operations, async (played) => {
          const { events, known } = await play(store, played);
          expectTruthfulEvents(events, known);
          // The generator reaches the case: a task created behind a step finished before it.
          const createdAt = new Map(events.filter(([event]) => event === 'created').map(([, task]) => [task.id, task]));
          for (const task of createdAt.values()) if (task.state === 'skipped' || (task.state === 'queued' && task.dependsOn.length > 0)) redispatchedBehindFinished += 1;
        }),
        { numRuns: name === 'sqlite' ? 200 : 100 },
      );
      expect(redispatchedBehindFinished).toBeGreaterThan(0);
    },
  );
});

/** A store from before `createdTasks`: only the count. */
const countOnly = (store: TaskStore): TaskStore => ({
  ...store,
  createPlan: async (...parameters) => {
    const { tasks, created } = await store.createPlan(...parameters);
    return { tasks, created } as Awaited<ReturnType<TaskStore['createPlan']>>;
  },
});

test('a store that returns only the count: the tasks stamped with the dispatch’s time are announced', async () => {
  const [, make] = makers[0] as (typeof makers)[number];
  const inner = await make();
  let clock = 10;
  const dispatcher = createDispatcher({ store: countOnly(inner), now: () => clock });
  const events = record(dispatcher);
  const step = (ref: string, dependsOn: string[] = []) => ({ ref, title: ref, agent: 'old_store', request: 'r', dependsOn });
  await dispatcher.dispatchPlan({ id: 'old', sequential: false, steps: [step('a'), step('b', ['a'])] });
  clock = 20;
  await dispatcher.dispatchPlan({ id: 'old', sequential: false, steps: [step('a'), step('b', ['a']), step('c', ['a'])] });
  expect(events.map(([event, task]) => `${event} ${task.ref}`)).toEqual(['created a', 'created b', 'created c']);
  await inner.close();
});
