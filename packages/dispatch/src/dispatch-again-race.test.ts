import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createPostgresTaskStore, type PostgresTaskStore } from './postgres-task-store';
import type { ResolvedStep } from './plan';

// A plan dispatched again adds step b behind step a, which is running, while a's completion is
// being written. Whichever commits first, b must end up queued: either the dispatch reads a done,
// or the completion finds b waiting on a. The hard order: the dispatch has read a (running) and
// locked it, the completion's statement has begun and waits for that lock, then the dispatch
// inserts b and commits. A completion that looked for dependents in the snapshot its statement
// began with would not see b, and b would wait forever.

const postgresUrl = process.env['PARLEY_PG_URL'];
const schemas: string[] = [];
afterAll(async () => {
  if (postgresUrl === undefined || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

const step = (ref: string, dependsOn: readonly string[]): ResolvedStep => ({ ref, title: ref, agent: 'a', request: 'r', dependsOn, expectedOutputs: [] });
const sleep = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A pg.Pool whose connections hold createPlan's insert until `release` is called, after `reached` resolved. */
const holdingPool = (): { readonly pool: pg.Pool; readonly reached: Promise<void>; release(): void } => {
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 4 });
  let reach = (): void => {};
  let release = (): void => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const patched = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    if (!patched.has(client)) {
      patched.add(client);
      const query = client.query.bind(client) as (...parameters: unknown[]) => Promise<unknown>;
      (client as unknown as { query: (...parameters: unknown[]) => Promise<unknown> }).query = async (...parameters: unknown[]) => {
        if (typeof parameters[0] === 'string' && parameters[0].includes('with inserted as')) {
          reach();
          await released;
        }
        return query(...parameters);
      };
    }
    return client;
  };
  return { pool, reached, release };
};

describe.skipIf(postgresUrl === undefined)('Postgres: a dispatch again racing a completion or a prune of the steps it adds dependents to', () => {
  test.each(['complete', 'completeAndClaim'] as const)(
    'the completion (%s) waits for the dispatch that locked its task, then finds and queues the new dependent',
    { timeout: 120_000 },
    async (how) => {
      const schema = `parley_again_${Math.random().toString(36).slice(2, 10)}`;
      schemas.push(schema);
      const held = holdingPool();
      const stores: PostgresTaskStore[] = [];
      try {
        const worker = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
        stores.push(worker);
        const dispatcher = await createPostgresTaskStore({ pool: held.pool, schema });
        stores.push(dispatcher);
        await worker.createPlan('plan', [step('a', [])], { now: 1 });
        const a = await worker.claim({ now: 2, leaseMilliseconds: 60_000 });
        expect(a?.ref).toBe('a');
        const dispatched = dispatcher.createPlan('plan', [step('a', []), step('b', ['a'])], { now: 3 });
        await held.reached; // a read running and locked; b not inserted yet
        const completion =
          how === 'complete'
            ? worker.complete(a!.id, a!.leaseToken, { summary: 'a' }, { now: 4 }).then((outcome) => outcome.promoted)
            : worker.completeAndClaim([{ id: a!.id, leaseToken: a!.leaseToken, output: { summary: 'a' } }], { now: 4, claim: { leaseMilliseconds: 60_000, limit: 0 } }).then((round) => round.outcomes[0]?.promoted ?? []);
        await sleep(300); // the completion's statement has begun and waits for the lock
        held.release();
        const { tasks } = await dispatched;
        expect(tasks.map((task) => [task.ref, task.state])).toEqual([['a', 'running'], ['b', 'backlog']]);
        expect((await completion).map((task) => task.ref)).toEqual(['b']);
        expect((await worker.listPlan('plan')).map((task) => [task.ref, task.state])).toEqual([['a', 'done'], ['b', 'queued']]);
      } finally {
        held.release();
        for (const store of stores) await store.close();
        await held.pool.end();
      }
    },
  );

  test('the completion commits first: the dispatch waits for it and creates the dependent queued', { timeout: 120_000 }, async () => {
    const schema = `parley_again_${Math.random().toString(36).slice(2, 10)}`;
    schemas.push(schema);
    const store = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await store.createPlan('plan', [step('a', [])], { now: 1 });
      const a = (await store.claim({ now: 2, leaseMilliseconds: 60_000 }))!;
      // The completion's update is written but not committed while the dispatch starts.
      await admin.query('begin');
      await admin.query(`update ${schema}.parley_tasks set state = 'done', output = '{}', lease_token = null where id = $1`, [a.id]);
      const dispatched = store.createPlan('plan', [step('a', []), step('b', ['a'])], { now: 3 });
      await sleep(300);
      await admin.query('commit');
      expect((await dispatched).tasks.map((task) => [task.ref, task.state])).toEqual([['a', 'done'], ['b', 'queued']]);
    } finally {
      await admin.end();
      await store.close();
    }
  });

  test('a prune of the plan while the dispatch holds its dependency waits, then keeps the plan; the new step runs', { timeout: 120_000 }, async () => {
    const schema = `parley_again_${Math.random().toString(36).slice(2, 10)}`;
    schemas.push(schema);
    const held = holdingPool();
    const stores: PostgresTaskStore[] = [];
    try {
      const worker = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
      stores.push(worker);
      const dispatcher = await createPostgresTaskStore({ pool: held.pool, schema });
      stores.push(dispatcher);
      await worker.createPlan('plan', [step('a', [])], { now: 1 });
      const a = (await worker.claim({ now: 2, leaseMilliseconds: 60_000 }))!;
      await worker.complete(a.id, a.leaseToken, { summary: 'a' }, { now: 3 });
      const dispatched = dispatcher.createPlan('plan', [step('a', []), step('b', ['a'])], { now: 4 });
      await held.reached; // a read done and locked; b not inserted yet
      const pruned = worker.prune({ finishedBefore: 100 });
      await sleep(300); // prune found the plan finished and waits for a's lock
      held.release();
      expect((await dispatched).tasks.map((task) => [task.ref, task.state])).toEqual([['a', 'done'], ['b', 'queued']]);
      expect(await pruned).toEqual({ plans: 0, tasks: 0, kept: 0 });
      const b = await worker.claim({ now: 5, leaseMilliseconds: 60_000 });
      expect(b).toMatchObject({ ref: 'b', inputs: { a: { summary: 'a' } } });
    } finally {
      held.release();
      for (const store of stores) await store.close();
      await held.pool.end();
    }
  });

  test('a prune that removed the plan before the dispatch read it: the repeated steps are created anew, none waits on a removed one', { timeout: 120_000 }, async () => {
    const schema = `parley_again_${Math.random().toString(36).slice(2, 10)}`;
    schemas.push(schema);
    const store = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await store.createPlan('plan', [step('a', [])], { now: 1 });
      const a = (await store.claim({ now: 2, leaseMilliseconds: 60_000 }))!;
      await store.complete(a.id, a.leaseToken, { summary: 'a' }, { now: 3 });
      // A prune's delete, not yet committed when the dispatch reads the plan.
      await admin.query('begin');
      await admin.query(`select id from ${schema}.parley_tasks where plan_id = 'plan' for update`);
      await admin.query(`delete from ${schema}.parley_tasks where plan_id = 'plan'`);
      await admin.query(`delete from ${schema}.parley_task_dependencies where plan_id = 'plan'`);
      const dispatched = store.createPlan('plan', [step('a', []), step('b', ['a'])], { now: 4 });
      await sleep(300);
      await admin.query('commit');
      const { tasks, created } = await dispatched;
      expect(created).toBe(2);
      expect(tasks.map((task) => [task.ref, task.state])).toEqual([['a', 'queued'], ['b', 'backlog']]);
      const again = (await store.claim({ now: 5, leaseMilliseconds: 60_000 }))!;
      expect((await store.complete(again.id, again.leaseToken, {}, { now: 6 })).promoted.map((task) => task.ref)).toEqual(['b']);
    } finally {
      await admin.end();
      await store.close();
    }
  });
});
