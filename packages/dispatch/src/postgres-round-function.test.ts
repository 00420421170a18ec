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
const schema = `parley_round_${Math.random().toString(36).slice(2, 10)}`;

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
});
