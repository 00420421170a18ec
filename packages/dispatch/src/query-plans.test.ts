import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createPostgresTaskStore, dependencyTableOf, postgresPruneQueries, postgresRoundQueries } from './postgres-task-store';
import { createSqliteTaskStore, sqliteQueries } from './sqlite-task-store';

// Large stores stay fast only if every hot query reaches its rows through an index. These tests
// read the query planner's choice instead of timing anything, so they hold on any machine.

const directory = mkdtempSync(join(tmpdir(), 'parley-query-plans-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** SQLite's plan of `sql`: one line per step. */
const planOf = (database: DatabaseSync, sql: string, parameters: unknown[]): string[] =>
  (database.prepare(`explain query plan ${sql}`).all(...(parameters as never[])) as Array<{ detail: string }>).map((row) => row.detail);

/** A step of SQLite's plan that reads a whole table: `SCAN <table>` with no index. */
const fullScans = (database: DatabaseSync, sql: string, parameters: unknown[]): string[] =>
  planOf(database, sql, parameters).filter((detail) => /^SCAN (?!json_each|CONSTANT)/.test(detail) && !detail.includes(' USING '));

describe('SQLite hot queries use indexes', () => {
  test.each([
    ['claim', sqliteQueries.claim, [1, 1]],
    ['claim for an agent', sqliteQueries.claimForAgent, ['a', 1, 1]],
    ['held lease', sqliteQueries.held, ['t']],
    ['completion', sqliteQueries.complete, ['{}', 1, 'id', 't']],
    ['promotion', sqliteQueries.promote, [1, 'p', 'r']],
    ['inputs', sqliteQueries.inputs(2), ['p', 'a', 'b']],
    ['history', sqliteQueries.history, ['s']],
    ['expired leases', sqliteQueries.expired, [1]],
    ['prune dependencies', sqliteQueries.pruneDependencies, ['["p"]']],
    ['prune scan', sqliteQueries.pruneScan, [1, '', 10]],
    ['prune references', sqliteQueries.pruneReferences, [1, '["p"]']],
    ['prune delete', sqliteQueries.pruneDelete, ['["p"]', '["p"]', 1]],
  ] as Array<[string, string, unknown[]]>)('%s', async (_name, sql, parameters) => {
    const path = join(directory, `${Math.random().toString(36).slice(2)}.db`);
    await createSqliteTaskStore({ path }).close();
    const database = new DatabaseSync(path);
    try {
      expect(fullScans(database, sql, parameters)).toEqual([]);
    } finally {
      database.close();
    }
  });

  /*
   * The statements of a claim, a completion and a promotion each reach their rows by key, in
   * order: a search of an index (never a scan of the table, of a whole index, or of the queue), and
   * no sort (a claim that sorted the queue cost a sort of every queued row). Their cost is then the
   * rows they return, however many tasks wait or finished before: the depth bench shows the times.
   */
  test('claim, completion and promotion search an index and sort nothing, on a store of many finished, waiting and queued tasks', async () => {
    const path = join(directory, 'deep.db');
    const store = createSqliteTaskStore({ path });
    // Finished, queued and waiting tasks of several agents, then statistics (`analyze`), which a
    // store's owner may gather: the planner must keep to the keys with them too.
    for (let plan = 0; plan < 40; plan += 1) {
      const steps = Array.from({ length: 50 }, (_, index) => ({ ref: `s${index}`, title: 't', agent: `agent-${index % 3}`, request: 'r', dependsOn: index % 2 === 0 ? [] : [`s${index - 1}`], expectedOutputs: [] }));
      await store.createPlan(`plan-${plan}`, steps, { now: plan });
    }
    for (let claimed = await store.claim({ now: 100, leaseMilliseconds: 1000 }), count = 0; claimed !== undefined && count < 200; count += 1) {
      await store.complete(claimed.id, claimed.leaseToken, {}, { now: 100 });
      claimed = await store.claim({ now: 100, leaseMilliseconds: 1000 });
    }
    await store.close();
    const database = new DatabaseSync(path);
    try {
      database.exec('analyze');
      const statements: Array<[string, string, unknown[], RegExp]> = [
        ['claim', sqliteQueries.claim, [1, 1], /^SCAN parley_tasks USING INDEX parley_tasks_queue$/],
        ['claim for an agent', sqliteQueries.claimForAgent, ['agent-1', 1, 1], /^SEARCH parley_tasks USING INDEX parley_tasks_ready \(agent=\?\)$/],
        ['held lease', sqliteQueries.held, ['t'], /^SEARCH parley_tasks USING INDEX parley_tasks_leases \(lease_token=\?\)$/],
        ['completion', sqliteQueries.complete, ['{}', 1, 'id', 't'], /^SEARCH parley_tasks USING INDEX sqlite_autoindex_parley_tasks_1 \(id=\?\)$/],
        ['inputs', sqliteQueries.inputs(2), ['p', 'a', 'b'], /^SEARCH parley_tasks USING INDEX sqlite_autoindex_parley_tasks_2 \(plan_id=\? AND ref=\?\)$/],
      ];
      for (const [name, sql, parameters, step] of statements) expect([name, planOf(database, sql, parameters)]).toEqual([name, [expect.stringMatching(step)]]);
      // The promotion: the dependency table's key, then each dependent by id.
      expect(planOf(database, sqliteQueries.promote, [1, 'p', 'r'])).toEqual([
        'SEARCH parley_tasks USING INDEX sqlite_autoindex_parley_tasks_1 (id=?)',
        'LIST SUBQUERY 1',
        'SEARCH parley_task_dependencies USING PRIMARY KEY (plan_id=? AND ref=?)',
      ]);
    } finally {
      database.close();
    }
  });
});

const postgresUrl = process.env['PARLEY_PG_URL'];

/** Every node of a Postgres JSON plan, depth first. */
const nodes = (plan: Record<string, unknown>): Array<Record<string, unknown>> => [plan, ...((plan['Plans'] as Array<Record<string, unknown>> | undefined) ?? []).flatMap(nodes)];

describe.skipIf(postgresUrl === undefined)('Postgres hot queries use indexes', () => {
  test('claim, history, promotion and prune read parley_tasks through indexes only', async () => {
    const schema = `parley_plans_${Math.random().toString(36).slice(2, 10)}`;
    const store = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
    await store.close();
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      // With sequential scans priced out, a plan that still scans the table has no index to use:
      // the verdict does not depend on the table's size or statistics.
      await client.query('set enable_seqscan = off');
      const table = `${schema}.parley_tasks`;
      const prune = postgresPruneQueries(table);
      const queries: Array<[string, string, unknown[]]> = [
        ['claim', `select id from ${table} where state = 'queued' and available_at <= $1 order by created_at, position limit $2 for update skip locked`, [1, 4]],
        ['history', `select * from ${table} where session_id = $1 order by created_at, position`, ['s']],
        ['promotion', `select edge.dependent from ${dependencyTableOf(table)} as edge where edge.plan_id = $1 and edge.ref = $2`, ['p', 'r']],
        ['inputs', `select ${postgresRoundQueries(table).inputs('claimed')} from ${table} as claimed where claimed.id = $1`, ['00000000-0000-0000-0000-000000000000']],
        ['upstream', `select 1 from ${table} as upstream where upstream.plan_id = $1 and upstream.ref = $2 and upstream.state = 'done'`, ['p', 'r']],
        ['expired leases', `select * from ${table} where state = 'running' and lease_expires_at < $1 for update skip locked`, [1]],
        ['prune scan', prune.scan, [1, '', 10]],
        ['prune references', prune.references, [1, ['p']]],
        ['prune lock', prune.lock, [['p']]],
        ['prune staying', prune.staying, [1, ['p']]],
        ['prune references into', prune.referencesInto, [['p']]],
        ['round: complete a batch', postgresRoundQueries(table).complete, [['00000000-0000-0000-0000-000000000000'], ['t'], ['{}'], 1]],
        ['round: promote dependents', postgresRoundQueries(table).promote, [['p'], ['r'], [1], 1]],
        ['round: ready joins', postgresRoundQueries(table).ready, [1, ['00000000-0000-0000-0000-000000000000']]],
        ['round: claim', postgresRoundQueries(table).claim, [2, 1, 4, null, ['t']]],
        ['round: claim for some agents', postgresRoundQueries(table).claim, [2, 1, 4, ['a'], ['t']]],
      ];
      for (const [name, sql, parameters] of queries) {
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(`explain (format json) ${sql}`, parameters);
        const scans = nodes(rows[0]?.['QUERY PLAN'][0]?.Plan ?? {}).filter((node) => node['Node Type'] === 'Seq Scan');
        expect(scans.map((node) => `${name}: ${String(node['Relation Name'])}`)).toEqual([]);
      }
      // A store of mostly finished tasks, with statistics: the planner must still reach a running
      // row through its id (or the running rows alone) and a plan's backlog through the backlog index, not walk every running
      // or backlog row of the store (an index on state invited that).
      await client.query(`insert into ${table} (id, plan_id, ref, position, title, agent, request, depends_on, expected_outputs, state, created_at, updated_at)
        select gen_random_uuid(), 'old-' || (i / 4), 'r' || (i % 4), i % 4, 't', 'a', 'r', '[]', '[]', case i when 0 then 'running' when 1 then 'backlog' else 'done' end, i, i
        from generate_series(0, 19999) as i`);
      await client.query(`analyze ${table}`);
      const indexesOf = async (sql: string, parameters: unknown[]): Promise<string[]> => {
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(`explain (format json) ${sql}`, parameters);
        return nodes(rows[0]?.['QUERY PLAN'][0]?.Plan ?? {}).flatMap((node) => (typeof node['Index Name'] === 'string' ? [node['Index Name']] : []));
      };
      // The primary key, or the leases index (running rows only: as many as the workers' slots).
      const [completion, ...more] = await indexesOf(`update ${table} set state = 'done' where id = $1 and lease_token = $2 and state = 'running'`, ['00000000-0000-0000-0000-000000000000', 't']);
      expect(more).toEqual([]);
      expect(['parley_tasks_pkey', 'parley_tasks_leases']).toContain(completion);
    } finally {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  /*
   * A round's completion reaches the batch by id (or the running rows alone) and the waiting
   * dependents through the dependency table's key, then by id: never by a plan's whole backlog
   * (which a fresh table's missing statistics made look small: a 1,000-step plan's first
   * completions read it once per finished task, 0.2 s each), nor by walking the table. A claimed
   * task's inputs are read one dependency at a time through the (plan, ref) key, not by a hash
   * join over the plan's every row.
   */
  test('a round reaches dependents and inputs by key, on a fresh table without statistics and on a large analysed one', async () => {
    const schema = `parley_plans_${Math.random().toString(36).slice(2, 10)}`;
    const store = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
    await store.close();
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    const table = `${schema}.parley_tasks`;
    const planNodes = async (sql: string, parameters: unknown[]): Promise<Array<Record<string, unknown>>> => {
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(`explain (format json) ${sql}`, parameters);
      return nodes(rows[0]?.['QUERY PLAN'][0]?.Plan ?? {});
    };
    const check = async (): Promise<void> => {
      const round = [
        ...(await planNodes(postgresRoundQueries(table).complete, [['00000000-0000-0000-0000-000000000000'], ['t'], ['{}'], 1])),
        ...(await planNodes(postgresRoundQueries(table).promote, [['wide'], ['t0'], [1], 1])),
      ];
      expect(round.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => String(node['Relation Name']))).toEqual([]);
      const roundIndexes = new Set(round.flatMap((node) => (typeof node['Index Name'] === 'string' ? [node['Index Name']] : [])));
      expect(roundIndexes.has('parley_task_dependencies_pkey')).toBe(true);
      expect([...roundIndexes].filter((index) => !['parley_tasks_pkey', 'parley_tasks_leases', 'parley_task_dependencies_pkey'].includes(index))).toEqual([]);
      for (const agents of [null, ['a']]) {
        const claim = await planNodes(postgresRoundQueries(table).claim, [2, 1, 16, agents, ['t']]);
        expect(claim.filter((node) => ['Seq Scan', 'Hash Join'].includes(String(node['Node Type']))).map((node) => `${String(node['Node Type'])} ${String(node['Relation Name'])}`)).toEqual([]);
        const claimIndexes = new Set(claim.flatMap((node) => (typeof node['Index Name'] === 'string' ? [node['Index Name']] : [])));
        expect(claimIndexes.has('parley_tasks_queue')).toBe(true);
      }
      const inputs = await planNodes(`select ${postgresRoundQueries(table).inputs('claimed')} from ${table} as claimed where claimed.id = $1`, ['00000000-0000-0000-0000-000000000000']);
      expect(inputs.filter((node) => ['Seq Scan', 'Hash Join', 'Bitmap Heap Scan'].includes(String(node['Node Type']))).map((node) => String(node['Node Type']))).toEqual([]);
      const upstream = inputs.find((node) => node['Index Name'] === 'parley_tasks_plan_id_ref_key');
      expect(String(upstream?.['Index Cond'])).toMatch(/ref = /);
    };
    try {
      // A plan of 1,000 waiting steps, just dispatched: no statistics yet.
      const dispatched = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
      await dispatched.createPlan(
        'wide',
        Array.from({ length: 1000 }, (_, index) => ({ ref: `t${index}`, title: 't', agent: 'a', request: 'r', dependsOn: index === 0 ? [] : [`t${Math.floor((index - 1) / 4)}`], expectedOutputs: [] })),
        { now: 1 },
      );
      await dispatched.close();
      await check();
      // The same with statistics of a store of mostly finished tasks.
      await client.query(`insert into ${table} (id, plan_id, ref, position, title, agent, request, depends_on, expected_outputs, state, created_at, updated_at)
        select gen_random_uuid(), 'old-' || (i / 4), 'r' || (i % 4), i % 4, 't', 'a', 'r', (case when i % 4 = 0 then '[]' else '["r0"]' end)::jsonb, '[]', 'done', i, i
        from generate_series(0, 19999) as i`);
      await client.query(`insert into ${dependencyTableOf(table)} (plan_id, ref, dependent, dependencies) select plan_id, 'r0', id, 1 from ${table} where ref <> 'r0' and plan_id like 'old-%'`);
      await client.query(`analyze ${table}`);
      await client.query(`analyze ${dependencyTableOf(table)}`);
      await check();
    } finally {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });
});
