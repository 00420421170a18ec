import { afterAll, describe, expect, test } from 'vitest';
import { storeMakers } from './__fixtures__/store-makers';
import { createDispatcher } from './dispatcher';
import type { ResolvedStep } from './plan';
import type { TaskStore } from './task-store';
import type { TaskOutput } from './task';
import type { RetryPolicy } from './task-store';
import { createWorker } from './worker';

const twoStep = {
  id: 'plan-wine',
  steps: [
    { ref: 'load', title: 'Step 1: load wine CSV', agent: 'coding_agent', request: 'Write the wine dataset to /data/wine.csv', expectedOutputs: ['/data/wine.csv'] },
    { ref: 'report', title: 'Step 2: PDF report', agent: 'ba_agent', request: 'Read the CSV from Step 1 and write /data/wine.pdf', expectedOutputs: ['/data/wine.pdf'] },
  ],
};

const clock = () => {
  let time = 1_000_000;
  return { now: () => time, advance: (milliseconds: number) => (time += milliseconds) };
};
const retry: RetryPolicy = { maxAttempts: 2, backoff: () => 100 };

/** Every store runs the same suite: the embedded one always, Postgres when PARLEY_PG_URL is set (CI sets it). */
const { makers, dropSchemas } = storeMakers('parley_test');
const opened: TaskStore[] = [];
const open = async (make: () => Promise<TaskStore>): Promise<TaskStore> => {
  const store = await make();
  opened.push(store);
  return store;
};

afterAll(async () => {
  for (const store of opened) await store.close();
  await dropSchemas();
});

describe.each(makers)('store and dispatcher on %s', (_name, make) => {
  test('dispatchPlan creates every task at once, chained, and is idempotent', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    const first = await dispatcher.dispatchPlan(twoStep, { sessionId: 's1' });
    expect(first.tasks.map((task) => [task.ref, task.state, task.dependsOn])).toEqual([
      ['load', 'queued', []],
      ['report', 'backlog', ['load']],
    ]);
    expect(first.summary).toMatch(/^Dispatched 2 task\(s\) as a chain: #\w{8} \(coding_agent\), #\w{8} \(ba_agent ↳ depends on #\w{8}\)$/);
    const again = await dispatcher.dispatchPlan(twoStep, { sessionId: 's1' });
    expect(again.created).toBe(0);
    expect(again.tasks.map((task) => task.id)).toEqual(first.tasks.map((task) => task.id));
  });

  test('the summary names the plan\'s shape: a diamond is no chain, independent steps run in parallel', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    const step = (ref: string, dependsOn: string[]) => ({ ref, title: ref, agent: 'coding_agent', request: `do ${ref}`, dependsOn });
    const diamond = await dispatcher.dispatchPlan({ id: 'diamond', steps: [step('load', []), step('clean', ['load']), step('model', ['load']), step('report', ['clean', 'model'])] });
    expect(diamond.summary).toMatch(/^Dispatched 4 task\(s\) as a diamond: /);
    const parallel = await dispatcher.dispatchPlan({ id: 'parallel', sequential: false, steps: [{ ...step('a', []), dependsOn: undefined }, { ...step('b', []), dependsOn: undefined }] });
    expect(parallel.summary).toMatch(/^Dispatched 2 task\(s\) in parallel: /);
  });

  test('completing a step promotes its dependents, which get the upstream output verbatim', async () => {
    const { now } = clock();
    const store = await open(make);
    await createDispatcher({ store, now }).dispatchPlan(twoStep);
    const load = await store.claim({ now: now(), leaseMilliseconds: 1000 });
    expect(load?.ref).toBe('load');
    expect(await store.claim({ now: now(), leaseMilliseconds: 1000 })).toBeUndefined(); // report waits in backlog
    const output: TaskOutput = { paths: ['/data/wine.csv'], values: { rows: 178 } };
    expect(await store.complete(load!.id, 'not-the-token', output, { now: now() })).toEqual({ completed: false, promoted: [] });
    const { promoted } = await store.complete(load!.id, load!.leaseToken, output, { now: now() });
    expect(promoted.map((task) => [task.ref, task.state])).toEqual([['report', 'queued']]);
    const report = await store.claim({ now: now(), leaseMilliseconds: 1000 });
    expect(report?.inputs).toEqual({ load: output });
  });

  test('claimMany leases up to `limit` ready tasks at once, oldest first, each with its own token and inputs', async () => {
    const { now } = clock();
    const store = await open(make);
    const dispatcher = createDispatcher({ store, now });
    await dispatcher.dispatchPlan({
      id: 'fan',
      steps: [
        { ref: 'root', title: 'root', agent: 'a', request: 'root' },
        ...['x', 'y', 'z'].map((ref) => ({ ref, title: ref, agent: ref === 'z' ? 'b' : 'a', request: ref, dependsOn: ['root'] })),
      ],
    });
    const [root] = (await store.claimMany?.({ now: now(), leaseMilliseconds: 1000, limit: 5 })) ?? [await store.claim({ now: now(), leaseMilliseconds: 1000 })];
    expect(root?.ref).toBe('root');
    await store.complete(root!.id, root!.leaseToken, { values: { n: 1 } }, { now: now() });
    if (store.claimMany === undefined) return;
    const two = await store.claimMany({ now: now(), leaseMilliseconds: 1000, limit: 2, agents: ['a'] });
    expect(two.map((task) => [task.ref, task.state, task.attempt, task.inputs])).toEqual([
      ['x', 'running', 1, { root: { values: { n: 1 } } }],
      ['y', 'running', 1, { root: { values: { n: 1 } } }],
    ]);
    expect(new Set(two.map((task) => task.leaseToken)).size).toBe(2);
    expect(two.map((task) => task.idempotencyKey)).toEqual(two.map((task) => `${task.id}#1`));
    expect(await store.claimMany({ now: now(), leaseMilliseconds: 1000, limit: 5, agents: ['a'] })).toEqual([]);
    expect((await store.claimMany({ now: now(), leaseMilliseconds: 1000, limit: 5 })).map((task) => task.ref)).toEqual(['z']);
    expect((await store.complete(two[0]!.id, two[1]!.leaseToken, {}, { now: now() })).completed).toBe(false); // tokens are per task
    expect((await store.complete(two[0]!.id, two[0]!.leaseToken, {}, { now: now() })).task).toMatchObject({ ref: 'x', state: 'done' });
  });

  test('completeMany completes each held task as complete would, in one transaction: a join whose parents finish in the same batch is promoted once', async () => {
    const { now } = clock();
    const store = await open(make);
    if (store.completeMany === undefined) return;
    await createDispatcher({ store, now }).dispatchPlan({
      id: 'diamond',
      sequential: false,
      steps: [
        { ref: 'a', title: 'a', agent: 'a', request: 'a' },
        { ref: 'b', title: 'b', agent: 'a', request: 'b' },
        { ref: 'join', title: 'join', agent: 'a', request: 'join', dependsOn: ['a', 'b'] },
      ],
    });
    const [a, b] = (await store.claimMany?.({ now: now(), leaseMilliseconds: 1000, limit: 2 })) ?? [];
    const outcomes = await store.completeMany(
      [
        { id: a!.id, leaseToken: a!.leaseToken, output: { values: { from: 'a' } } },
        { id: b!.id, leaseToken: 'stale', output: {} },
        { id: b!.id, leaseToken: b!.leaseToken, output: { values: { from: 'b' } } },
      ],
      { now: now() },
    );
    expect(outcomes.map((outcome) => [outcome.completed, outcome.promoted.map((task) => task.ref), outcome.task?.ref])).toEqual([
      [true, [], 'a'],
      [false, [], undefined],
      [true, ['join'], 'b'],
    ]);
    const join = await store.claim({ now: now(), leaseMilliseconds: 1000 });
    expect(join?.inputs).toEqual({ a: { values: { from: 'a' } }, b: { values: { from: 'b' } } });
  });

  test('a failure is retried after its backoff, then fails and skips its dependents: nothing waits forever', async () => {
    const { now, advance } = clock();
    const store = await open(make);
    await createDispatcher({ store, now }).dispatchPlan({ id: 'p', steps: [...twoStep.steps, { ref: 'mail', title: 'Step 3', agent: 'ba_agent', request: 'mail it' }] });
    const attempt1 = await store.claim({ now: now(), leaseMilliseconds: 1000 });
    expect((await store.fail(attempt1!.id, attempt1!.leaseToken, 'disk full', { now: now(), retry })).result).toBe('retry');
    expect(await store.claim({ now: now(), leaseMilliseconds: 1000 })).toBeUndefined(); // backing off
    advance(100);
    const attempt2 = await store.claim({ now: now(), leaseMilliseconds: 1000 });
    expect(attempt2?.attempt).toBe(2);
    const outcome = await store.fail(attempt2!.id, attempt2!.leaseToken, 'disk full', { now: now(), retry });
    expect(outcome.result).toBe('failed');
    expect(outcome.skipped.map((task) => [task.ref, task.state, task.error])).toEqual([
      ['report', 'skipped', 'skipped: upstream step "load" failed'],
      ['mail', 'skipped', 'skipped: upstream step "load" failed'],
    ]);
  });

  test('an expired lease (a dead worker) is recovered: retried, never left running', async () => {
    const { now, advance } = clock();
    const store = await open(make);
    await createDispatcher({ store, now }).dispatchPlan(twoStep);
    const lost = await store.claim({ now: now(), leaseMilliseconds: 1000 });
    advance(500);
    expect(await store.heartbeat(lost!.id, lost!.leaseToken, { now: now(), leaseMilliseconds: 1000 })).toBe(true);
    advance(1001);
    expect((await store.recoverExpired({ now: now(), retry })).recovered).toBe(1);
    expect((await store.get(lost!.id))?.state).toBe('queued');
    // The dead worker's late completion is refused: its lease is gone.
    expect((await store.complete(lost!.id, lost!.leaseToken, {}, { now: now() })).completed).toBe(false);
  });

  test('history answers what a session dispatched and delivered', async () => {
    const store = await open(make);
    await createDispatcher({ store }).dispatchPlan(twoStep, { sessionId: 'chat-42' });
    expect((await store.history('chat-42')).map((task) => [task.title, task.agent, task.expectedOutputs])).toEqual([
      ['Step 1: load wine CSV', 'coding_agent', ['/data/wine.csv']],
      ['Step 2: PDF report', 'ba_agent', ['/data/wine.pdf']],
    ]);
    expect(await store.history('other')).toEqual([]);
  });

  test('cancel: an unfinished task is cancelled and its dependents skipped; a finished one is left alone', async () => {
    const store = await open(make);
    const dispatcher = createDispatcher({ store });
    const events: string[] = [];
    dispatcher.on('cancelled', (task) => events.push(`cancelled ${task.ref}`));
    dispatcher.on('skipped', (task) => events.push(`skipped ${task.ref}: ${task.error}`));
    const { tasks } = await dispatcher.dispatchPlan(twoStep);
    expect(await dispatcher.cancel(tasks[0]?.id ?? '', { reason: 'the user changed their mind' })).toMatchObject({ state: 'cancelled', error: 'the user changed their mind' });
    expect(events).toEqual(['cancelled load', 'skipped report: skipped: upstream step "load" was cancelled']);
    expect((await store.listPlan('plan-wine')).map((task) => task.state)).toEqual(['cancelled', 'skipped']);
    expect(await dispatcher.cancel(tasks[0]?.id ?? '')).toBeUndefined();
    expect(await store.claim({ now: Date.now(), leaseMilliseconds: 1000 })).toBeUndefined();
    const other = await dispatcher.dispatchPlan({ ...twoStep, id: 'plan-2' });
    expect((await dispatcher.cancelPlan('plan-2')).map((task) => `${task.ref} ${task.state}`)).toEqual(['load cancelled', 'report skipped']);
    expect(await dispatcher.cancel(other.tasks[1]?.id ?? '')).toBeUndefined();
  });

  test('retry: a failed task is queued again and the steps skipped because it failed wait for it; anything else is left alone', async () => {
    const store = await open(make);
    const now = 1_000;
    const step = (ref: string, dependsOn: string[], agent = 'w'): ResolvedStep => ({ ref, title: ref, agent, request: ref, dependsOn, expectedOutputs: [] });
    // a → b → c; d needs b and x; x is cancelled, so d stays skipped whatever happens to a.
    const { tasks } = await store.createPlan('retry-plan', [step('a', []), step('b', ['a']), step('c', ['b']), step('x', [], 'idle'), step('d', ['b', 'x'])], { now });
    const id = (ref: string): string => tasks.find((task) => task.ref === ref)?.id ?? '';
    const states = async (): Promise<string> => (await store.listPlan('retry-plan')).map((task) => `${task.ref}:${task.state}`).join(' ');
    expect(await store.retry?.(id('a'), { now })).toEqual({ retried: undefined, restored: [] });
    const claimed = await store.claim({ now, leaseMilliseconds: 1000, agents: ['w'] });
    await store.fail(claimed?.id ?? '', claimed?.leaseToken ?? '', 'the model timed out', { now, retry: { maxAttempts: 1, backoff: () => 0 } });
    await store.cancel(id('x'), { now });
    expect(await states()).toBe('a:failed b:skipped c:skipped x:cancelled d:skipped');
    const outcome = await store.retry?.(id('a'), { now: now + 5 });
    expect(outcome?.retried).toMatchObject({ ref: 'a', state: 'queued', attempt: 1, error: 'the model timed out', updatedAt: now + 5 });
    expect(outcome?.restored.map((task) => `${task.ref}:${task.state}`)).toEqual(['b:backlog', 'c:backlog']);
    expect(await states()).toBe('a:queued b:backlog c:backlog x:cancelled d:skipped');
    expect((await store.get(id('b')))?.error).toBeUndefined();
    // Retried once, it runs like any queued task, and its dependents follow.
    expect(await store.retry?.(id('a'), { now })).toEqual({ retried: undefined, restored: [] });
    expect(await store.retry?.(id('x'), { now })).toEqual({ retried: undefined, restored: [] });
    expect(await store.retry?.('00000000-0000-4000-8000-000000000000', { now })).toEqual({ retried: undefined, restored: [] });
    for (const ref of ['a', 'b', 'c']) {
      const next = await store.claim({ now: now + 10, leaseMilliseconds: 1000, agents: ['w'] });
      expect([next?.ref, next?.attempt]).toEqual([ref, ref === 'a' ? 2 : 1]);
      await store.complete(next?.id ?? '', next?.leaseToken ?? '', { summary: ref }, { now: now + 10 });
    }
    expect(await states()).toBe('a:done b:done c:done x:cancelled d:skipped');
    expect(await store.claim({ now: now + 10, leaseMilliseconds: 1000 })).toBeUndefined();
  });

  test('an iteration references the task it modifies and reuses its exact output path', async () => {
    const store = await open(make);
    const dispatcher = createDispatcher({ store });
    const delivered = '/app/data/shared/costaff-agent-business-analysis/thesis/outputs/thesis.pdf';
    const { tasks } = await dispatcher.dispatchTask({ ref: 'thesis', title: 'Write the thesis', agent: 'ba_agent', request: 'Write the thesis PDF' }, { id: 'chat-9/1', sessionId: 'chat-9' });
    const original = tasks[0]?.id ?? '';
    const step = { ref: 'extend', title: '[Iteration] extend the thesis to 10 pages', agent: 'ba_agent', request: 'Extend the thesis to at least 10 pages.', iterationOf: original };
    // Nothing delivered yet: nothing to modify.
    await expect(dispatcher.dispatchTask(step, { id: 'chat-9/2', sessionId: 'chat-9' })).rejects.toThrow(/delivered nothing to modify/);
    await createWorker({ dispatcher, agents: { ba_agent: async () => ({ paths: [delivered] }) } }).drain();
    // A versioned or moved filename is refused with the original path as the fix.
    await expect(dispatcher.dispatchTask({ ...step, expectedOutputs: [delivered.replace('thesis.pdf', 'thesis_v2.pdf')] }, { id: 'chat-9/2', sessionId: 'chat-9' })).rejects.toThrow(/_v2.*modify .*outputs\/thesis\.pdf in place/);
    await expect(dispatcher.dispatchTask(step, { id: 'chat-9/2', sessionId: 'other-chat' })).rejects.toThrow(/another session/);
    await expect(dispatcher.dispatchTask({ ...step, iterationOf: '00000000-0000-4000-8000-000000000000' }, { id: 'chat-9/2' })).rejects.toThrow(/not a dispatched task/);
    const { tasks: iteration } = await dispatcher.dispatchTask(step, { id: 'chat-9/2', sessionId: 'chat-9' });
    expect(iteration[0]).toMatchObject({ iterationOf: original, expectedOutputs: [delivered], state: 'queued' });
    expect(iteration[0]?.request).toContain(`This is an in-place modification of an existing file at ${delivered}.`);
    expect((await store.history('chat-9')).map((task) => [task.title, task.iterationOf ?? null, task.expectedOutputs])).toEqual([
      ['Write the thesis', null, []],
      ['[Iteration] extend the thesis to 10 pages', original, [delivered]],
    ]);
  });
});

describe.each(makers)('workers on %s', (_name, make) => {
  test('a running task that is cancelled has its signal aborted and its late completion refused', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    const { tasks } = await dispatcher.dispatchPlan(twoStep);
    let aborted: unknown;
    let started = false;
    const worker = createWorker({
      dispatcher,
      leaseMilliseconds: 60,
      agents: {
        coding_agent: async (_task, signal) => {
          started = true;
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          aborted = signal.reason;
          return { paths: ['/data/wine.csv'] };
        },
        ba_agent: async () => ({}),
      },
    });
    const draining = worker.drain();
    while (!started) await new Promise((resolve) => setTimeout(resolve, 5));
    await dispatcher.cancel(tasks[0]?.id ?? '');
    await draining;
    expect(String(aborted)).toMatch(/lost its lease/);
    expect((await dispatcher.store.listPlan('plan-wine')).map((task) => task.state)).toEqual(['cancelled', 'skipped']);
  });

  test('stop on SIGTERM: the running task finishes, nothing new is claimed, handlers are removed', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    await dispatcher.dispatchPlan(twoStep);
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    let stopped = false;
    const worker = createWorker({
      dispatcher,
      pollMilliseconds: 5,
      shutdownSignals: ['SIGTERM'],
      onShutdown: () => {
        stopped = true;
      },
      agents: {
        coding_agent: async () => {
          started += 1;
          await blocked;
          return { paths: ['/data/wine.csv'] };
        },
        ba_agent: async () => {
          started += 1;
          return {};
        },
      },
    });
    const before = process.listenerCount('SIGTERM');
    worker.start();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    while (started === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    process.emit('SIGTERM');
    release();
    while (!stopped) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(process.listenerCount('SIGTERM')).toBe(before);
    // The running step completed; its dependent was promoted but not started.
    expect((await dispatcher.store.listPlan('plan-wine')).map((task) => task.state)).toEqual(['done', 'queued']);
    expect(started).toBe(1);
  });

  test('run a confirmed plan to the end, each step starting when its inputs exist', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    const events: string[] = [];
    for (const name of ['created', 'promoted', 'done'] as const) dispatcher.on(name, (task) => events.push(`${name} ${task.ref}`));
    await dispatcher.dispatchPlan(twoStep);
    const seenInputs: unknown[] = [];
    const worker = createWorker({
      dispatcher,
      agents: {
        coding_agent: async () => ({ paths: ['/data/wine.csv'] }),
        ba_agent: async (task) => {
          seenInputs.push(task.inputs);
          return { paths: ['/data/wine.pdf'] };
        },
      },
    });
    expect(await worker.drain()).toBe(2);
    expect(seenInputs).toEqual([{ load: { paths: ['/data/wine.csv'] } }]);
    expect(events).toEqual(['created load', 'created report', 'done load', 'promoted report', 'done report']);
    expect((await dispatcher.store.listPlan('plan-wine')).map((task) => task.state)).toEqual(['done', 'done']);
  });

  test('a DAG of 200 tasks with concurrency 4 ends with every task done, each run once', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    const steps = Array.from({ length: 200 }, (_, index) => ({
      ref: `t${index}`,
      title: `task ${index}`,
      agent: 'a',
      request: `r${index}`,
      dependsOn: index === 0 ? [] : [`t${Math.floor((index - 1) / 2)}`],
    }));
    await dispatcher.dispatchPlan({ id: 'dag', steps });
    const runs = new Map<string, number>();
    const worker = createWorker({ dispatcher, concurrency: 4, agents: { a: async (task) => (runs.set(task.ref, (runs.get(task.ref) ?? 0) + 1), { values: { ref: task.ref } }) } });
    expect(await worker.drain()).toBe(200);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect((await dispatcher.store.listPlan('dag')).every((task) => task.state === 'done')).toBe(true);
  }, 60_000);

  test('diamonds: when both upstream steps finish at once, their join is promoted exactly once', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    const steps = Array.from({ length: 60 }, (_, index) => [
      { ref: `a${index}`, title: 'a', agent: 'a', request: 'a', dependsOn: [] },
      { ref: `b${index}`, title: 'b', agent: 'a', request: 'b', dependsOn: [] },
      { ref: `c${index}`, title: 'c', agent: 'a', request: 'c', dependsOn: [`a${index}`, `b${index}`] },
    ]).flat();
    await dispatcher.dispatchPlan({ id: 'diamonds', steps });
    const runs = new Map<string, number>();
    const promotions = new Map<string, number>();
    dispatcher.on('promoted', (task) => promotions.set(task.ref, (promotions.get(task.ref) ?? 0) + 1));
    // Upstream pairs finish together: each agent waits for its partner to start before returning.
    const started = new Set<string>();
    const agent = async (task: { ref: string }) => {
      runs.set(task.ref, (runs.get(task.ref) ?? 0) + 1);
      started.add(task.ref);
      const partner = task.ref.startsWith('a') ? `b${task.ref.slice(1)}` : task.ref.startsWith('b') ? `a${task.ref.slice(1)}` : undefined;
      for (let wait = 0; partner !== undefined && !started.has(partner) && wait < 200; wait += 1) await new Promise((resolve) => setTimeout(resolve, 1));
      return {};
    };
    const workers = [1, 2].map(() => createWorker({ dispatcher, concurrency: 8, agents: { a: agent } }));
    await Promise.all(workers.map((worker) => worker.drain()));
    // A drain can end while the other worker still promotes: drain again until nothing is left.
    while ((await Promise.all(workers.map((worker) => worker.drain()))).some((count) => count > 0));
    expect((await dispatcher.store.listPlan('diamonds')).filter((task) => task.state !== 'done')).toEqual([]);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect([...promotions.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(promotions.size).toBe(60);
  }, 60_000);

  test('a failing agent is retried, then fails, and the rest of the chain is skipped', async () => {
    const dispatcher = createDispatcher({ store: await open(make) });
    const failed: string[] = [];
    dispatcher.on('failed', ({ task, error }) => failed.push(`${task.ref}: ${error}`));
    dispatcher.on('skipped', (task) => failed.push(`skipped ${task.ref}`));
    await dispatcher.dispatchPlan(twoStep);
    let calls = 0;
    const worker = createWorker({
      dispatcher,
      maxAttempts: 2,
      backoff: () => 0,
      agents: {
        coding_agent: async () => {
          calls += 1;
          throw new Error('dataset missing');
        },
        ba_agent: async () => ({}),
      },
    });
    await worker.drain();
    expect(calls).toBe(2);
    expect(failed).toEqual(['load: dataset missing', 'skipped report']);
  });
});
