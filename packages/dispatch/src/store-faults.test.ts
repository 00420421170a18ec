// Store faults: whatever the database does (refuses, drops a connection, loses the answer to a
// commit, stays locked), no task is lost, stuck or completed twice, each outage is reported once
// and closed, and the worker never dies of it. A fault-injecting store drives the property test;
// real Postgres connections are killed and a real SQLite file locked in the example tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import * as fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { createPostgresTaskStore } from './postgres-task-store';
import { createSqliteTaskStore } from './sqlite-task-store';
import { StoreUnavailableError } from './store-unavailable-error';
import type { TaskStore } from './task-store';
import { createWorker } from './worker';

/** What a scheduled fault does to one store call. */
type Fault = 'ok' | 'refused' | 'answer-lost';

/**
 * `store` with the faults of `schedule` applied to its calls in order (then none): `refused` rejects
 * without running the call (the database was away); `answer-lost` runs it and then rejects (the
 * connection dropped after the commit: the change happened, the caller cannot know).
 */
const faulty = (store: TaskStore, schedule: readonly Fault[]): TaskStore & { readonly injected: () => number } => {
  let call = 0;
  let injected = 0;
  const wrapped: Record<string, unknown> = { injected: () => injected };
  for (const [name, method] of Object.entries(store)) {
    if (typeof method !== 'function') continue;
    const inner = method as (...parameters: unknown[]) => Promise<unknown>;
    wrapped[name] =
      name === 'close' || name === 'waitForWork'
        ? inner
        : async (...parameters: unknown[]) => {
            const fault = schedule[call] ?? 'ok';
            call += 1;
            if (fault === 'ok') return inner(...parameters);
            injected += 1;
            if (fault === 'answer-lost') await inner(...parameters);
            throw new StoreUnavailableError({ operation: name, cause: new Error(`injected fault: ${fault}`) });
          };
  }
  return wrapped as unknown as TaskStore & { readonly injected: () => number };
};

/** Counts of the events a run emitted. */
const watch = (dispatcher: Dispatcher) => {
  const seen = { done: new Map<string, number>(), unavailable: 0, recovered: 0, fatal: [] as unknown[] };
  dispatcher.on('done', (task) => seen.done.set(`${task.planId}/${task.ref}`, (seen.done.get(`${task.planId}/${task.ref}`) ?? 0) + 1));
  dispatcher.on('store-unavailable', () => (seen.unavailable += 1));
  dispatcher.on('store-recovered', () => (seen.recovered += 1));
  dispatcher.on('fatal', ({ error }) => seen.fatal.push(error));
  return seen;
};

/** A DAG of `size` steps, step i depending on `parents[i]` earlier steps (a chain, a tree or a join). */
const dagSteps = (size: number, fanIn: readonly number[]) =>
  Array.from({ length: size }, (_, index) => ({
    ref: `t${index}`,
    title: `task ${index}`,
    agent: 'a',
    request: `r${index}`,
    dependsOn: index === 0 ? [] : [...new Set(Array.from({ length: Math.min(index, fanIn[index % fanIn.length] ?? 1) }, (_, back) => `t${index - 1 - back * Math.max(1, Math.floor(index / 3))}`).filter((ref) => Number(ref.slice(1)) >= 0))],
  }));

describe('store faults never lose, strand or duplicate a task', () => {
  test('any schedule of refused calls and lost answers, any DAG: every task done once, each outage reported and closed (fast-check)', { timeout: 120_000 }, async () => {
    // Faults come in bursts (an outage spans several calls), biased to the hard case: a lost answer
    // to a claim (a lease nobody knows it holds) or to a completion (a commit whose outcome is unknown).
    const burst = fc.tuple(fc.nat(12), fc.constantFrom<Fault>('refused', 'answer-lost'), fc.integer({ min: 1, max: 6 }));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 14 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.array(burst, { maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        async (size, fanIn, bursts, concurrency) => {
          const schedule: Fault[] = [];
          for (const [gap, fault, length] of bursts) schedule.push(...Array<Fault>(gap).fill('ok'), ...Array<Fault>(length).fill(fault));
          let time = 1_000_000;
          const now = (): number => (time += 7); // every reading moves on: leases expire within the run
          const base = createSqliteTaskStore();
          const store = faulty(base, schedule);
          const dispatcher = createDispatcher({ store, now, storeBackoff: () => 0 });
          const seen = watch(dispatcher);
          await dispatcher.dispatchPlan({ id: 'p', steps: dagSteps(size, fanIn) });
          const runs = new Map<string, number>();
          const worker = createWorker({
            dispatcher,
            now,
            concurrency,
            leaseMilliseconds: 300,
            recoverMilliseconds: 0,
            maxAttempts: 1000,
            backoff: () => 0,
            storeBackoff: () => 0,
            agents: { a: async (task) => (runs.set(task.ref, (runs.get(task.ref) ?? 0) + 1), { values: { ref: task.ref } }) },
          });
          for (let round = 0; round < 200 && (await base.listPlan('p')).some((task) => task.state !== 'done'); round += 1) await worker.drain();
          const states = (await base.listPlan('p')).map((task) => task.state);
          await base.close();
          expect(states).toEqual(Array<string>(size).fill('done'));
          expect([...seen.done.entries()].filter(([, count]) => count !== 1)).toEqual([]);
          expect(seen.done.size).toBe(size);
          expect(seen.fatal).toEqual([]);
          expect(seen.recovered).toBe(seen.unavailable);
          if (store.injected() > 0) expect(seen.unavailable).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('drain ends with every task done whatever the timing of store calls: slow claims, tasks that finish meanwhile (fast-check)', { timeout: 120_000 }, async () => {
    // A tick's claim can outlast the tasks it already started: drain must not wait on nothing.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 12 }),
        async (size, fanIn, concurrency, delays) => {
          const base = createSqliteTaskStore();
          let call = 0;
          const slow: TaskStore = { ...base };
          // Claims answer late (after the other calls of the tick's tasks could run).
          for (const name of ['claim', 'claimMany'] as const) {
            const inner = base[name] as (...parameters: unknown[]) => Promise<unknown>;
            (slow as unknown as Record<string, unknown>)[name] = async (...parameters: unknown[]) => {
              const result = await inner(...parameters);
              const delay = delays[call++ % delays.length] ?? 0;
              if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
              return result;
            };
          }
          const dispatcher = createDispatcher({ store: slow });
          await dispatcher.dispatchPlan({ id: 'p', steps: dagSteps(size, fanIn) });
          const worker = createWorker({ dispatcher, concurrency, agents: { a: async () => ({}) } });
          // A hang is what this looks for; the bound is generous and only ends a hang.
          const ran = await Promise.race([worker.drain(), new Promise((resolve) => setTimeout(() => resolve('hung'), 10_000))]);
          expect(ran).toBe(size);
          expect((await base.listPlan('p')).every((task) => task.state === 'done')).toBe(true);
          await base.close();
        },
      ),
      { numRuns: 100 },
    );
  });

  test('drain never waits on nothing: the tasks a tick started can all finish while its next claim is out', async () => {
    const base = createSqliteTaskStore();
    const gate = () => {
      let open: () => void = () => {};
      return { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const [gateA, gateB] = [gate(), gate()];
    const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
    // After each claim: 1st (a, b) lets a finish soon; 2nd (c, while b runs) lets b finish; 3rd (nothing left) lets c finish.
    const hooks = [async () => void setTimeout(gateA.open, 10), async () => (gateB.open(), await pause(30)), async () => void (await pause(30))];
    const store: TaskStore = {
      ...base,
      claimMany: async (options) => {
        const claimed = await (base.claimMany as NonNullable<TaskStore['claimMany']>)(options);
        await hooks.shift()?.();
        return claimed;
      },
    };
    const dispatcher = createDispatcher({ store });
    await dispatcher.dispatchPlan({ id: 'p', sequential: false, steps: ['a', 'b', 'c'].map((ref) => ({ ref, title: ref, agent: ref, request: ref })) });
    const worker = createWorker({ dispatcher, concurrency: 2, agents: { a: async () => (await gateA.opened, {}), b: async () => (await gateB.opened, {}), c: async () => ({}) } });
    const ran = await Promise.race([worker.drain(), pause(5000).then(() => 'hung')]);
    expect(ran).toBe(3);
    await base.close();
  });

  test('a completion whose answer is lost is still reported done once, and its dependents still run', async () => {
    const base = createSqliteTaskStore();
    // calls: createPlan, recoverExpired, claim, complete (answer lost), complete again (refused: it is done) …
    const dispatcher = createDispatcher({ store: faulty(base, ['ok', 'ok', 'ok', 'answer-lost']), storeBackoff: () => 0 });
    const seen = watch(dispatcher);
    await dispatcher.dispatchPlan({ id: 'p', steps: dagSteps(2, [1]) });
    await createWorker({ dispatcher, storeBackoff: () => 0, agents: { a: async () => ({}) } }).drain();
    expect((await base.listPlan('p')).map((task) => task.state)).toEqual(['done', 'done']);
    expect([...seen.done.entries()]).toEqual([['p/t0', 1], ['p/t1', 1]]);
    expect([seen.unavailable, seen.recovered]).toEqual([1, 1]);
  });

  test('an error that is not an outage is fatal: reported, drain rejects, a started worker calls onFatal', async () => {
    const base = createSqliteTaskStore();
    const missing = (): Promise<never> => Promise.reject(new Error('relation "parley_tasks" does not exist'));
    const broken: TaskStore = { ...base, claim: missing, claimMany: missing };
    const dispatcher = createDispatcher({ store: broken });
    const seen = watch(dispatcher);
    await dispatcher.dispatchPlan({ id: 'p', steps: dagSteps(1, [1]) });
    const worker = createWorker({ dispatcher, agents: { a: async () => ({}) } });
    await expect(worker.drain()).rejects.toThrow(/does not exist/);
    const fatal = await new Promise<unknown>((resolve) => createWorker({ dispatcher, onFatal: resolve, agents: { a: async () => ({}) } }).start());
    expect(String(fatal)).toMatch(/does not exist/);
    expect(seen.fatal.length).toBe(2);
  });

  test('a read-only store is a fatal, typed error for a worker (STORE_READ_ONLY), not a retry', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'parley-faults-'));
    try {
      const path = join(directory, 'tasks.db');
      await createSqliteTaskStore({ path }).close();
      const dispatcher = createDispatcher({ store: createSqliteTaskStore({ path, readOnly: true }) });
      await expect(createWorker({ dispatcher, agents: { a: async () => ({}) } }).drain()).rejects.toMatchObject({ code: 'STORE_READ_ONLY' });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  test('a dispatch retries an unavailable store (idempotently) and rejects with STORE_UNAVAILABLE after storeRetryMilliseconds', async () => {
    const base = createSqliteTaskStore();
    const dispatcher = createDispatcher({ store: faulty(base, ['refused', 'refused']), storeBackoff: () => 1 });
    const seen = watch(dispatcher);
    expect((await dispatcher.dispatchPlan({ id: 'p', steps: dagSteps(2, [1]) })).created).toBe(2);
    expect([seen.unavailable, seen.recovered]).toEqual([1, 1]);
    const away = createDispatcher({ store: faulty(base, Array<Fault>(1000).fill('refused')), storeBackoff: () => 5, storeRetryMilliseconds: 50 });
    await expect(away.dispatchPlan({ id: 'q', steps: dagSteps(1, [1]) })).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', operation: 'createPlan' });
  });
});

describe('SQLite: a store locked past its busy timeout is waited on', () => {
  test('another process holds the write lock for longer than the busy timeout: the worker reports, waits and finishes', { timeout: 120_000 }, async () => {
    const directory = mkdtempSync(join(tmpdir(), 'parley-busy-'));
    try {
      const path = join(directory, 'tasks.db');
      const store = createSqliteTaskStore({ path, busyTimeoutMilliseconds: 50 });
      const dispatcher = createDispatcher({ store, storeBackoff: () => 20 });
      const seen = watch(dispatcher);
      const causes: unknown[] = [];
      dispatcher.on('store-unavailable', ({ cause }) => causes.push(cause.cause));
      await dispatcher.dispatchPlan({ id: 'p', steps: dagSteps(20, [1, 2]) });
      const locker = new DatabaseSync(path);
      locker.exec('begin immediate');
      setTimeout(() => locker.exec('commit'), 600);
      const worker = createWorker({ dispatcher, storeBackoff: () => 20, agents: { a: async () => ({}) } });
      expect(await worker.drain()).toBe(20);
      locker.close();
      expect((await store.listPlan('p')).every((task) => task.state === 'done')).toBe(true);
      expect([seen.unavailable, seen.recovered]).toEqual([1, 1]);
      expect(causes[0]).toMatchObject({ errcode: 5 });
      await store.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

const postgresUrl = process.env['PARLEY_PG_URL'];
describe.skipIf(postgresUrl === undefined)('Postgres: connections dropped by the server', () => {
  const schema = `parley_faults_${Math.random().toString(36).slice(2, 10)}`;
  const application = `parley_faults_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  /** Ends every connection of this test's stores, as a server restart does (57P01). */
  const terminate = async (): Promise<number> =>
    (await admin.query<{ n: number }>('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1', [application])).rows[0]?.n ?? 0;
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  test('killing every connection mid-run (pool and LISTEN): nothing crashes, every task done once, each outage reported and closed', { timeout: 180_000 }, async () => {
    await admin.connect();
    const url = new URL(postgresUrl as string);
    url.searchParams.set('application_name', application);
    const store = await createPostgresTaskStore({ connectionString: url.href, schema });
    const dispatcher = createDispatcher({ store, storeBackoff: () => 20 });
    const seen = watch(dispatcher);
    const causes: string[] = [];
    dispatcher.on('store-unavailable', ({ cause, operation }) => causes.push(`${operation}: ${String((cause.cause as { code?: string }).code)} ${cause.message}`));
    const fatal: unknown[] = [];
    const worker = createWorker({ dispatcher, concurrency: 2, leaseMilliseconds: 1000, storeBackoff: () => 20, onFatal: (error) => void fatal.push(error), agents: { a: async () => new Promise((resolve) => setTimeout(() => resolve({}), 2)) } });
    worker.start();
    await dispatcher.dispatchPlan({ id: 'p', steps: dagSteps(120, [1, 2, 1]) });
    let killed = 0;
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      killed += await terminate();
    }
    // The test reads through its own connection: the store's may be the one just killed.
    const done = async (planId: string): Promise<boolean> =>
      (await admin.query<{ n: number }>(`select count(*)::int as n from ${schema}.parley_tasks where plan_id = $1 and state <> 'done'`, [planId])).rows[0]?.n === 0;
    // A claim whose answer was lost holds a lease nobody knows of: it is recovered when the lease ends.
    for (let waited = 0; waited < 30_000 && !(await done('p')); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(killed).toBeGreaterThan(0);
    expect(await done('p')).toBe(true);
    // Killed while idle, the worker goes on (LISTEN is opened again on its next wait; polling
    // covers the gap) and runs new work.
    await terminate();
    await dispatcher.dispatchPlan({ id: 'after', steps: dagSteps(3, [1]) });
    for (let waited = 0; waited < 10_000 && !(await done('after')); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await done('after')).toBe(true);
    await worker.stop();
    await store.close();
    expect([...seen.done.values()].every((count) => count === 1)).toBe(true);
    expect(seen.done.size).toBe(120 + 3);
    expect(seen.fatal).toEqual([]);
    expect(fatal).toEqual([]);
    expect(seen.recovered, `outages: ${causes.join('; ')}`).toBe(seen.unavailable);
  });
});
