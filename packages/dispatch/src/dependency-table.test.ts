import * as fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDispatcher } from './dispatcher';
import { createPostgresTaskStore, dependencyTableOf, type PostgresTaskStore } from './postgres-task-store';
import { createWorker } from './worker';

// The Postgres store finds a finished task's dependents through its dependency table, not by
// reading the plan. The invariant that makes that safe: the table holds exactly one row per
// (task, distinct dependency) of every task in the store, whatever was dispatched (again), run or
// pruned — a missing row is a step that waits forever, an extra one a promotion of the wrong task.

const postgresUrl = process.env['PARLEY_PG_URL'];
const schemas: string[] = [];
const admin = postgresUrl === undefined ? undefined : new pg.Client({ connectionString: postgresUrl });
beforeAll(async () => {
  await admin?.connect();
});
afterAll(async () => {
  if (admin === undefined) return;
  for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});
const openStore = async (): Promise<{ readonly store: PostgresTaskStore; readonly schema: string }> => {
  const schema = `parley_dependencies_${Math.random().toString(36).slice(2, 10)}`;
  schemas.push(schema);
  return { store: await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema }), schema };
};

type Row = readonly [plan: string, ref: string, dependent: string, dependencies: number];
const sorted = (rows: readonly Row[]): string[] => rows.map((row) => row.join(' ')).sort();
/** The table's rows, and the rows the tasks' `depends_on` call for. */
const dependencyRows = async (schema: string): Promise<{ readonly stored: string[]; readonly expected: string[] }> => {
  const table = `${schema}.parley_tasks`;
  const stored = await admin!.query<{ plan_id: string; ref: string; dependent: string; dependencies: number }>(`select plan_id, ref, dependent::text as dependent, dependencies from ${dependencyTableOf(table)}`);
  const tasks = await admin!.query<{ plan_id: string; id: string; depends_on: string[] }>(`select plan_id, id::text as id, depends_on from ${table}`);
  return {
    stored: sorted(stored.rows.map((row) => [row.plan_id, row.ref, row.dependent, row.dependencies])),
    expected: sorted(tasks.rows.flatMap((task) => [...new Set(task.depends_on)].map((ref): Row => [task.plan_id, ref, task.id, task.depends_on.length]))),
  };
};

/** A plan of up to 8 steps; a step depends on earlier ones, a join often, the same step twice sometimes. */
const steps = fc.integer({ min: 1, max: 8 }).chain((length) =>
  fc.tuple(...Array.from({ length }, (_, index) => (index === 0 ? fc.constant<number[]>([]) : fc.array(fc.nat(index - 1), { maxLength: 3 })))),
);
const operation = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('dispatch' as const), plan: fc.nat(2), steps, offset: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('work' as const), concurrency: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('prune' as const) }) },
);

describe.skipIf(postgresUrl === undefined)('Postgres: the dependency table', () => {
  test(
    'property: after any dispatches (a plan dispatched again with other steps included), runs and prunes, the table holds one row per task and distinct dependency, and every plan, dispatched again or not, finishes whole',
    { timeout: 120_000 },
    async () => {
      const { store, schema } = await openStore();
      let run = 0;
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
            run += 1;
            let clock = 1000;
            const dispatcher = createDispatcher({ store, now: () => clock });
            const dispatched = new Set<string>();
            for (const op of operations) {
              clock += 10;
              if (op.kind === 'dispatch') {
                const id = `run${run}-plan${op.plan}`;
                dispatched.add(id);
                // Refs shifted by `offset`: a second dispatch of the same id overlaps the first in part.
                const ref = (index: number): string => `s${index + op.offset}`;
                await dispatcher.dispatchPlan({ id, sequential: false, steps: op.steps.map((dependsOn, index) => ({ ref: ref(index), title: ref(index), agent: `noop-${run}`, request: 'r', dependsOn: dependsOn.map(ref) })) });
              } else if (op.kind === 'work') {
                await createWorker({ dispatcher, concurrency: op.concurrency, now: () => clock, agents: { [`noop-${run}`]: async () => ({}) } }).drain();
                // Every plan, dispatched again with more steps or not: a step added behind a finished one
                // is created ready (issue 15), so nothing is left waiting.
                for (const id of dispatched) {
                  expect((await store.listPlan(id)).filter((task) => task.state !== 'done').map((task) => `${id} ${task.ref} ${task.state}`)).toEqual([]);
                }
              } else {
                await store.prune({ finishedBefore: clock + 1 });
                for (const id of dispatched) if ((await store.listPlan(id)).length === 0) dispatched.delete(id);
              }
              const { stored, expected } = await dependencyRows(schema);
              expect(stored).toEqual(expected);
            }
          }),
          { numRuns: 40 },
        );
      } finally {
        await store.close();
      }
    },
  );

  test('a store made before the table: opening it fills the table for waiting tasks, and they are promoted', async () => {
    const { store, schema } = await openStore();
    const table = `${schema}.parley_tasks`;
    const dispatcher = createDispatcher({ store });
    await dispatcher.dispatchPlan({
      id: 'old',
      sequential: false,
      steps: [
        { ref: 'a', title: 'a', agent: 'noop', request: 'r' },
        { ref: 'b', title: 'b', agent: 'noop', request: 'r' },
        { ref: 'single', title: 'single', agent: 'noop', request: 'r', dependsOn: ['a'] },
        { ref: 'join', title: 'join', agent: 'noop', request: 'r', dependsOn: ['a', 'b'] },
      ],
    });
    await store.close();
    // Back to the schema before the migration: no table, the backlog index, version 6.
    const version = (await admin!.query<{ version: number }>(`select max(version) as version from ${schema}.parley_migrations`)).rows[0]?.version ?? 0;
    await admin!.query(`drop table ${dependencyTableOf(table)}`);
    await admin!.query(`delete from ${schema}.parley_migrations where version = $1`, [version]);
    await admin!.query(`create index parley_tasks_backlog on ${table} (plan_id) where state = 'backlog'`);
    const reopened = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
    try {
      const { stored, expected } = await dependencyRows(schema);
      expect(stored).toEqual(expected);
      expect(stored).toHaveLength(3);
      const indexes = await admin!.query<{ indexname: string }>(`select indexname from pg_indexes where schemaname = $1`, [schema]);
      expect(indexes.rows.map((row) => row.indexname)).not.toContain('parley_tasks_backlog');
      const again = createDispatcher({ store: reopened });
      expect(await createWorker({ dispatcher: again, concurrency: 2, agents: { noop: async () => ({}) } }).drain()).toBe(4);
      expect((await reopened.listPlan('old')).map((task) => [task.ref, task.state])).toEqual([
        ['a', 'done'],
        ['b', 'done'],
        ['single', 'done'],
        ['join', 'done'],
      ]);
    } finally {
      await reopened.close();
    }
  });
});
