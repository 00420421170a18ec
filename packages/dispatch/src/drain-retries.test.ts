import { afterEach, describe, expect, test, vi } from 'vitest';
import { sharedStores } from './__fixtures__/store-makers';
import { createDispatcher } from './dispatcher';
import type { TaskStore } from './task-store';
import { createWorker, type DrainOptions, type Worker } from './worker';

// drain() waits for the retries of the tasks it ran (issue 26): a failed attempt queued again
// behind a backoff is run again once the backoff has passed, and drain resolves when the task is
// done or out of attempts. `waitForRetries: false` returns when nothing is ready now. The backoff
// is a minute and the clock is vitest's fake one (timers and Date): the drain waits a minute of
// fake time, advanced by the test, and no real time.

const { makers, storeOf } = sharedStores('parley_drain_retries');
const minute = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** The real `setTimeout`, taken before any test fakes it. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Runs `worker.drain(options)` while advancing the fake clock a second at a time, with a few real
 * milliseconds between steps for the store's I/O (Postgres answers over a socket); resolves with
 * its count and the fake time that passed.
 */
const drainWithFakeTime = async (worker: Worker, options?: DrainOptions): Promise<{ readonly ran: number; readonly advanced: number }> => {
  let result: { ran: number } | { error: unknown } | undefined;
  worker.drain(options).then(
    (ran) => (result = { ran }),
    (error: unknown) => (result = { error }),
  );
  let advanced = 0;
  // A hang guard in fake time: an hour is far more than any backoff here.
  while (result === undefined && advanced < 60 * minute) {
    await new Promise((resolve) => realSetTimeout(resolve, 5));
    if (result !== undefined) break;
    await vi.advanceTimersByTimeAsync(1000);
    advanced += 1000;
  }
  if (result === undefined) throw new Error('drain() did not resolve within an hour of fake time');
  if ('error' in result) throw result.error;
  return { ran: result.ran, advanced };
};

describe.each(makers)('drain() and retries on %s', (name, make) => {
  const fresh = async (): Promise<TaskStore> => storeOf(name, make);
  let plan = 0;
  const dispatchChain = async (store: TaskStore, agent: string): Promise<{ readonly id: string; readonly dispatcher: ReturnType<typeof createDispatcher> }> => {
    plan += 1;
    const dispatcher = createDispatcher({ store });
    const id = `${agent}-${plan}`;
    await dispatcher.dispatchPlan({ id, steps: [{ ref: 'flaky', title: 'flaky', agent, request: 'r' }, { ref: 'after', title: 'after', agent, request: 'r' }] });
    return { id, dispatcher };
  };

  test('by default it waits out the backoff of a failed attempt and runs the task again, then its dependent', async () => {
    const store = await fresh();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const agent = `flaky-once-${name}`;
    const { id, dispatcher } = await dispatchChain(store, agent);
    const retried: number[] = [];
    dispatcher.on('retried', ({ task }) => retried.push(task.attempt));
    const worker = createWorker({
      dispatcher,
      maxAttempts: 3,
      backoff: () => minute,
      agents: { [agent]: async (task) => (task.ref === 'flaky' && task.attempt === 1 ? Promise.reject(new Error('once')) : {}) },
    });
    const { ran, advanced } = await drainWithFakeTime(worker);
    expect(ran).toBe(3); // flaky twice, then after
    expect(retried).toEqual([1]);
    expect(advanced).toBeGreaterThanOrEqual(minute);
    expect((await store.listPlan(id)).map((task) => [task.ref, task.state, task.attempt])).toEqual([
      ['flaky', 'done', 2],
      ['after', 'done', 1],
    ]);
  });

  test('a task that keeps failing is retried after each backoff until it is out of attempts; its dependent is skipped', async () => {
    const store = await fresh();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const agent = `broken-${name}`;
    const { id, dispatcher } = await dispatchChain(store, agent);
    const worker = createWorker({ dispatcher, maxAttempts: 3, backoff: (attempt) => attempt * minute, agents: { [agent]: async () => Promise.reject(new Error('always')) } });
    const { ran, advanced } = await drainWithFakeTime(worker);
    expect(ran).toBe(3);
    expect(advanced).toBeGreaterThanOrEqual(3 * minute); // 1 + 2 minutes of backoff
    expect((await store.listPlan(id)).map((task) => [task.ref, task.state, task.attempt])).toEqual([
      ['flaky', 'failed', 3],
      ['after', 'skipped', 0],
    ]);
  });

  test('waitForRetries: false returns when nothing is ready now, leaving the retry queued', async () => {
    const store = await fresh();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const agent = `flaky-now-${name}`;
    const { id, dispatcher } = await dispatchChain(store, agent);
    const worker = createWorker({
      dispatcher,
      maxAttempts: 3,
      backoff: () => minute,
      agents: { [agent]: async (task) => (task.ref === 'flaky' && task.attempt === 1 ? Promise.reject(new Error('once')) : {}) },
    });
    // No fake time passes: the drain must not wait for the minute.
    expect(await worker.drain({ waitForRetries: false })).toBe(1);
    expect((await store.listPlan(id)).map((task) => [task.ref, task.state, task.attempt])).toEqual([
      ['flaky', 'queued', 1],
      ['after', 'backlog', 0],
    ]);
    // A later drain (the default) waits for the retry the first one left, and finishes the plan.
    const { ran } = await drainWithFakeTime(worker);
    expect(ran).toBe(2);
    expect((await store.listPlan(id)).map((task) => task.state)).toEqual(['done', 'done']);
  });
});
