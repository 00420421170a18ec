import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createDispatcher } from './dispatcher';
import { createPostgresTaskStore, postgresRoundFunction } from './postgres-task-store';
import { createWorker } from './worker';

// A worker's round is one call of a server-side function that each version of the store creates
// when it opens. Workers start together: their opens must not trip over each other creating it,
// and one version's function must not replace another's (two versions share a database during a
// rolling deploy).

const postgresUrl = process.env['PARLEY_PG_URL'];
const schema = `parley_rounds_${Math.random().toString(36).slice(2, 10)}`;

describe.skipIf(postgresUrl === undefined)('the Postgres round function', () => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await admin.end();
  });

  test('stores opened at once on a fresh schema all open, with one function of their version, and a round runs through it', async () => {
    await admin.connect();
    const stores = await Promise.all(Array.from({ length: 4 }, () => createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema })));
    try {
      const { rows } = await admin.query<{ proname: string }>(`select proname from pg_proc join pg_namespace on pg_namespace.oid = pg_proc.pronamespace where nspname = $1 and proname like 'parley_round_%'`, [schema]);
      expect(rows.map((row) => `${schema}.${row.proname}`)).toEqual([postgresRoundFunction(schema).name]);
      // Another version's function (another text, another name) stays beside it.
      await admin.query(`create function ${schema}.parley_round_0000000000000000() returns integer language sql as 'select 1'`);
      const again = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
      await again.close();
      const after = await admin.query<{ proname: string }>(`select proname from pg_proc join pg_namespace on pg_namespace.oid = pg_proc.pronamespace where nspname = $1 and proname like 'parley_round_%' order by proname`, [schema]);
      expect(after.rows).toHaveLength(2);
      const [store] = stores;
      const dispatcher = createDispatcher({ store: store! });
      await dispatcher.dispatchPlan({ id: 'chain', steps: ['a', 'b', 'c'].map((ref) => ({ ref, title: ref, agent: 'noop', request: ref })) });
      expect(await createWorker({ dispatcher, concurrency: 2, agents: { noop: async (task) => ({ values: { saw: Object.keys(task.inputs) } }) } }).drain()).toBe(3);
      expect((await store!.listPlan('chain')).map((task) => [task.ref, task.state, task.output?.values])).toEqual([
        ['a', 'done', { saw: [] }],
        ['b', 'done', { saw: ['a'] }],
        ['c', 'done', { saw: ['b'] }],
      ]);
    } finally {
      for (const store of stores) await store.close();
    }
  });

  test('a chain of 30 steps on one worker costs one round trip per step: one round function call per hand-off, besides the first and last claims and the lease recovery', async () => {
    const store = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
    const dispatcher = createDispatcher({ store });
    await dispatcher.dispatchPlan({ id: 'counted', steps: Array.from({ length: 30 }, (_, index) => ({ ref: `c${index}`, title: `c${index}`, agent: 'counted', request: 'r' })) });
    const sent: string[] = [];
    const original = pg.Client.prototype.query as (...parameters: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: pg.Client, ...parameters: unknown[]): unknown {
      const first = parameters[0];
      sent.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
      return original.apply(this, parameters);
    } as typeof pg.Client.prototype.query;
    try {
      expect(await createWorker({ dispatcher, agents: { counted: async () => ({}) } }).drain()).toBe(30);
    } finally {
      pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
      await store.close();
    }
    const rounds = sent.filter((text) => text.includes(postgresRoundFunction(schema).name));
    const others = sent.filter((text) => !text.includes(postgresRoundFunction(schema).name)).map((text) => text.trim().split(/\s+/)[0]);
    // 30 completions, each claiming the next step in the same call; besides them only the lease
    // recovery's transaction, the first claim and the last, empty one.
    expect(rounds).toHaveLength(30);
    expect(others).toEqual(['begin', 'select', 'commit', 'with', 'with']);
  });
});
