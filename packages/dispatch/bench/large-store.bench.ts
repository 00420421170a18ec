// `node bench/large-store.bench.ts` for @parley/dispatch: claim, history and promotion latency on
// an empty store and on one holding 1,000,000 finished tasks (filled in one statement), for the
// embedded store and, when PARLEY_PG_URL is set, Postgres. LARGE_STORE_TASKS=<n> changes the size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { printTable, writeResults } from '@parley/bench';
import { createSqliteTaskStore, type TaskStore } from '@parley/dispatch';
import { createPostgresTaskStore } from '@parley/dispatch/postgres';
import pg from 'pg';

const url = process.env['PARLEY_PG_URL'];
const size = Number(process.env['LARGE_STORE_TASKS'] ?? 1_000_000);
const rounds = 200;
const columns = 'id, plan_id, ref, position, session_id, title, agent, request, depends_on, expected_outputs, state, attempt, output, created_at, updated_at';

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (milliseconds: number): number => Math.round(milliseconds * 1000) / 1000;

/** Median latency (ms) of claim, history and promotion over `rounds` fresh two-step plans. */
const measure = async (store: TaskStore): Promise<{ claim: number; history: number; promotion: number }> => {
  const claims: number[] = [];
  const histories: number[] = [];
  const promotions: number[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const now = 2_000_000_000_000 + index;
    await store.createPlan(`bench-${index}`, [
      { ref: 'a', title: 'a', agent: 'noop', request: 'a', dependsOn: [], expectedOutputs: [] },
      { ref: 'b', title: 'b', agent: 'noop', request: 'b', dependsOn: ['a'], expectedOutputs: [] },
    ], { sessionId: `bench-session-${index % 10}`, now });
    let begin = performance.now();
    const claimed = await store.claim({ now, leaseMilliseconds: 60_000 });
    claims.push(performance.now() - begin);
    if (claimed === undefined) throw new Error('nothing to claim');
    begin = performance.now();
    await store.complete(claimed.id, claimed.leaseToken, {}, { now }); // promotes b
    promotions.push(performance.now() - begin);
    const second = await store.claim({ now, leaseMilliseconds: 60_000 });
    if (second !== undefined) await store.complete(second.id, second.leaseToken, {}, { now });
    begin = performance.now();
    await store.history(`bench-session-${index % 10}`);
    histories.push(performance.now() - begin);
  }
  return { claim: round(median(claims)), history: round(median(histories)), promotion: round(median(promotions)) };
};

const rows: Array<Record<string, string | number>> = [];
const directory = mkdtempSync(join(tmpdir(), 'parley-large-store-'));
try {
  for (const filled of [0, size]) {
    const path = join(directory, `store-${filled}.db`);
    await createSqliteTaskStore({ path }).close();
    const fillBegin = performance.now();
    if (filled > 0) {
      const database = new DatabaseSync(path);
      database.exec(`begin; with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${filled})
        insert into parley_tasks (${columns})
        select 'old-' || i, 'old-plan-' || (i / 4), 'r' || (i % 4), i % 4, 'old-session-' || (i % 5000), 't', 'noop', 'r', '[]', '[]', 'done', 1, '{}', i, i from n; commit`);
      database.close();
    }
    const fillSeconds = (performance.now() - fillBegin) / 1000;
    const store = createSqliteTaskStore({ path });
    rows.push({ store: 'embedded (node:sqlite)', 'finished tasks': filled, 'fill (s)': Math.round(fillSeconds * 10) / 10, ...(await measure(store)) });
    await store.close();
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

if (url !== undefined) {
  for (const filled of [0, size]) {
    const schema = `parley_large_${Math.random().toString(36).slice(2, 8)}`;
    const store = await createPostgresTaskStore({ connectionString: url, schema });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const fillBegin = performance.now();
    if (filled > 0) {
      await admin.query(`insert into ${schema}.parley_tasks (${columns})
        select gen_random_uuid(), 'old-plan-' || (i / 4), 'r' || (i % 4), i % 4, 'old-session-' || (i % 5000), 't', 'noop', 'r', '[]', '[]', 'done', 1, '{}', i, i
        from generate_series(0, ${filled - 1}) as i`);
      // A bulk load leaves work behind: autovacuum's insert pass, hint bits and a checkpoint. Left
      // to run during the measurement it competes for the same disk and cores, and every commit's
      // WAL flush waits (that, not the queries, made claims look 8x slower at 1M rows). Do it now,
      // as a store that grew over months would already have done, and include it in the fill time.
      await admin.query(`vacuum (analyze) ${schema}.parley_tasks`);
    }
    const fillSeconds = (performance.now() - fillBegin) / 1000;
    rows.push({ store: 'Postgres', 'finished tasks': filled, 'fill (s)': Math.round(fillSeconds * 10) / 10, ...(await measure(store)) });
    await store.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
} else {
  console.log('(set PARLEY_PG_URL to measure the Postgres store)');
}
printTable(`@parley/dispatch: median latency (ms) on an empty store and with ${size.toLocaleString('en')} finished tasks`, rows);
writeResults('dispatch-large-store', { largeStore: rows });
