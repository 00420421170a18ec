// `pnpm bench` for @parley/dispatch: end to end (dispatch → claim → complete → promote) for a
// 1,000-task DAG with no-op agents — tasks/s on the embedded store, and on Postgres with 1, 4 and
// 8 worker processes (when PARLEY_PG_URL is set) — and the latency from an upstream task
// completing to its dependent starting (median and p99).
import { spawn } from 'node:child_process';
import { printTable, writeResults } from '@parley/bench';
import { createDispatcher, createSqliteTaskStore, createWorker, type TaskStore } from '@parley/dispatch';
import { createPostgresTaskStore } from '@parley/dispatch/postgres';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { Logger, makeWorkerUtils, run as runGraphileWorker } from 'graphile-worker';
import { benchDag } from './bench-dag.ts';
import { startLatencyProxy } from './latency-proxy.ts';
import { pglitePool } from './pglite-pool.ts';

const url = process.env['PARLEY_PG_URL'];
const [, , mode, schemaArgument] = process.argv;
const total = 1000;
/** A 50-step chain: each step waits only for the one before, so its hand-off is pure promotion + claim. */
const chain = Array.from({ length: 50 }, (_, index) => ({ ref: `c${index}`, title: `chain ${index}`, agent: 'noop', request: `c${index}` }));
const steps = benchDag(total);

/** pg-boss at its fastest documented settings: 0.5 s polling, 1 s flow resolution. */
const bossOptions = (schema: string) => ({ connectionString: url as string, schema, flowIntervalSeconds: 1 });

if (mode === '--boss-worker') {
  const boss = new PgBoss(bossOptions(schemaArgument as string));
  boss.on('error', () => {});
  await boss.start();
  await boss.work('noop', { localConcurrency: 4, pollingIntervalSeconds: 0.5 }, async () => ({}));
  process.on('SIGTERM', () => void boss.stop({ graceful: false }).then(() => process.exit(0)));
} else if (mode === '--graphile-worker') {
  // Graphile Worker 0.18 with its defaults but the poll interval (it wakes on LISTEN/NOTIFY), and,
  // with `batched`, its local queue and batched completions (what its own performance figures use).
  const concurrency = Number(process.argv[4] ?? 4);
  const batched = process.argv[5] === 'batched';
  const runner = await runGraphileWorker({
    connectionString: url as string,
    schema: schemaArgument as string,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: new Logger(() => () => {}),
    taskList: { noop: async () => {} },
    ...(batched ? { preset: { worker: { localQueue: { size: 500 }, completeJobBatchDelay: 0, failJobBatchDelay: 0 } } } : {}),
  });
  process.on('SIGTERM', () => void runner.stop().then(() => process.exit(0)));
} else if (mode === '--worker') {
  const store = await createPostgresTaskStore({ connectionString: url as string, schema: schemaArgument as string });
  const concurrency = Number(process.argv[4] ?? 4);
  const worker = createWorker({ dispatcher: createDispatcher({ store }), concurrency, pollMilliseconds: 20, agents: { noop: async () => ({}) } });
  worker.start();
  process.on('SIGTERM', () => void worker.stop().then(() => store.close()).then(() => process.exit(0)));
} else {
  const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
  /** Latency from each task's upstream finishing to the task starting, from the stored timestamps. */
  const latencies = async (store: TaskStore, planId: string, started: Map<string, number>): Promise<number[]> => {
    const tasks = await store.listPlan(planId);
    const doneAt = new Map(tasks.map((task) => [task.ref, task.updatedAt]));
    return tasks.flatMap((task) => task.dependsOn.map((ref) => (started.get(task.ref) ?? 0) - (doneAt.get(ref) ?? 0)));
  };
  const rows: Array<Record<string, string | number>> = [];
  // `--only 1x4,1x16`: only those Postgres rows (processes × slots; `--only none` for none), with
  // no embedded rows, for quick A/B runs (pg-boss and the latency rows still follow their flags).
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex < 0 ? undefined : (process.argv[onlyIndex + 1] ?? '').split(',').filter((shape) => shape !== 'none').map((shape) => shape.split('x').map(Number) as [number, number]);

  // The embedded candidates, same DAG and chain: node:sqlite, and the Postgres store on PGlite.
  const embedded: Array<[string, () => Promise<TaskStore>]> = [
    ['embedded (node:sqlite), 1 in-process worker', async () => createSqliteTaskStore()],
    ['PGlite 0.5 (Postgres store on WASM), 1 in-process worker', async () => createPostgresTaskStore({ pool: pglitePool(await PGlite.create()) as pg.Pool })],
  ];
  for (const [name, make] of only === undefined ? embedded : []) {
    const store = await make();
    const dispatcher = createDispatcher({ store });
    const startedAt = new Map<string, number>();
    dispatcher.on('started', (task) => startedAt.set(task.ref, Date.now()));
    const begin = performance.now();
    await dispatcher.dispatchPlan({ id: 'bench', steps });
    await createWorker({ dispatcher, concurrency: 4, agents: { noop: async () => ({}) } }).drain();
    const seconds = (performance.now() - begin) / 1000;
    await dispatcher.dispatchPlan({ id: 'chain', steps: chain });
    await createWorker({ dispatcher, concurrency: 4, agents: { noop: async () => ({}) } }).drain();
    const lag = await latencies(store, 'chain', startedAt);
    rows.push({ store: name, 'tasks/s': Math.round(total / seconds), 'median hand-off (ms)': percentile(lag, 0.5), 'p99 hand-off (ms)': percentile(lag, 0.99) });
    await store.close();
  }

  /** The DAG and the chain on Postgres with `processes` worker processes (of `concurrency` slots each) that reach it at `workerUrl`. */
  const measurePostgres = async (processes: number, workerUrl: string, concurrency = 4): Promise<{ 'tasks/s': number; 'median hand-off (ms)': number; 'p99 hand-off (ms)': number }> => {
      if (url === undefined) throw new Error('PARLEY_PG_URL is not set');
      const schema = `parley_bench_${Math.random().toString(36).slice(2, 8)}`;
      const store = await createPostgresTaskStore({ connectionString: url, schema });
      const workers = Array.from({ length: processes }, () => spawn(process.execPath, [import.meta.filename, '--worker', schema, String(concurrency)], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, PARLEY_PG_URL: workerUrl } }));
      await new Promise((resolve) => setTimeout(resolve, 1500)); // let the workers connect
      // Progress is counted with one cheap query (not by listing the plan's 1,000 rows every 25 ms,
      // which took CPU from the workers and Postgres on a 2-core machine).
      const counter = new pg.Client({ connectionString: url });
      await counter.connect();
      const unfinished = async (planId: string): Promise<number> => ((await counter.query<{ n: number }>(`select count(*)::int as n from ${schema}.parley_tasks where plan_id = $1 and state <> 'done'`, [planId])).rows[0]?.n ?? 0);
      const begin = performance.now();
      await createDispatcher({ store }).dispatchPlan({ id: 'bench', steps });
      while ((await unfinished('bench')) > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      const seconds = (performance.now() - begin) / 1000;
      await createDispatcher({ store }).dispatchPlan({ id: 'chain', steps: chain });
      while ((await unfinished('chain')) > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      await counter.end();
      for (const worker of workers) worker.kill('SIGTERM');
      await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
      const tasks = await store.listPlan('chain');
      const doneAt = new Map(tasks.map((task) => [task.ref, task.updatedAt]));
      // With no-op agents a task's completion follows its start at once: hand-off = upstream done → dependent done.
      const lag = tasks.flatMap((task) => task.dependsOn.map((ref) => (doneAt.get(task.ref) ?? 0) - (doneAt.get(ref) ?? 0)));
      await store.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
      return { 'tasks/s': Math.round(total / seconds), 'median hand-off (ms)': percentile(lag, 0.5), 'p99 hand-off (ms)': percentile(lag, 0.99) };
  };
  const latencyRows: Array<Record<string, string | number>> = [];
  const jobRows: Array<Record<string, string | number>> = [];

  if (url !== undefined) {
    // 1, 4 and 8 processes of 4 slots; then one process with more: no-op agents let one process
    // run many tasks at once, and its `concurrency` is what fills each round's commit.
    const shapes: ReadonlyArray<readonly [number, number]> = only ?? [[1, 4], [4, 4], [8, 4], [1, 16], [1, 32]];
    for (const [processes, concurrency] of shapes) {
      rows.push({ store: `Postgres, ${processes} worker process${processes === 1 ? '' : 'es'} × ${concurrency}`, ...(await measurePostgres(processes, url, concurrency)) });
    }
    // Across machines, simulated (PARLEY_BENCH_LATENCY=1): the workers reach Postgres through a
    // loopback proxy that delays each direction; the dispatcher stays next to the database.
    if (process.env['PARLEY_BENCH_LATENCY'] === '1') {
      const target = new URL(url);
      for (const delay of [0, 1, 5]) {
        const proxy = await startLatencyProxy({ targetHost: target.hostname, targetPort: Number(target.port || 5432), delayMilliseconds: delay });
        const proxied = new URL(url);
        proxied.hostname = '127.0.0.1';
        proxied.port = String(proxy.port);
        for (const processes of [1, 4]) {
          latencyRows.push({ 'added per direction (ms)': delay, 'round trip (ms)': 2 * delay, 'worker processes × 4': processes, ...(await measurePostgres(processes, proxied.toString())) });
        }
        await proxy.close();
      }
    }
    // Independent jobs (no dependencies: the case Graphile Worker's headline figure measures), on
    // the Postgres store and on Graphile Worker, same Postgres, one worker process each: 10,000
    // no-op jobs enqueued in one call while the worker waits, timed until none is left.
    // `--no-graphile-worker` leaves it out.
    if (!process.argv.includes('--no-graphile-worker')) {
      const jobs = 10_000;
      const independent = Array.from({ length: jobs }, (_, index) => ({ ref: `j${index}`, title: `job ${index}`, agent: 'noop', request: `j${index}`, dependsOn: [] }));
      const until = async (count: () => Promise<number>): Promise<boolean> => {
        const deadline = Date.now() + 300_000;
        while (Date.now() < deadline) {
          if ((await count()) === 0) return true;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return false;
      };
      for (const concurrency of [4, 32]) {
        const schema = `parley_jobs_${Math.random().toString(36).slice(2, 8)}`;
        const store = await createPostgresTaskStore({ connectionString: url, schema });
        const worker = spawn(process.execPath, [import.meta.filename, '--worker', schema, String(concurrency)], { stdio: ['ignore', 'inherit', 'inherit'] });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const begin = performance.now();
        await createDispatcher({ store }).dispatchPlan({ id: 'jobs', sequential: false, steps: independent });
        const finished = await until(async () => (await admin.query<{ n: number }>(`select count(*)::int as n from ${schema}.parley_tasks where state <> 'done'`)).rows[0]?.n ?? 0);
        const seconds = (performance.now() - begin) / 1000;
        worker.kill('SIGTERM');
        await new Promise((resolve) => worker.once('exit', resolve));
        await store.close();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
        jobRows.push({ queue: `Parley Postgres store, 1 worker process × ${concurrency}`, 'jobs/s': finished ? Math.round(jobs / seconds) : `< ${Math.round(jobs / seconds)} (timed out)` });
      }
      for (const [concurrency, batched] of [[4, false], [32, false], [32, true]] as const) {
        const schema = `graphile_bench_${Math.random().toString(36).slice(2, 8)}`;
        const utils = await makeWorkerUtils({ connectionString: url, schema });
        await utils.migrate();
        const worker = spawn(process.execPath, [import.meta.filename, '--graphile-worker', schema, String(concurrency), batched ? 'batched' : 'plain'], { stdio: ['ignore', 'inherit', 'inherit'] });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const begin = performance.now();
        // addJobs inserts every job in one statement.
        await utils.addJobs(independent.map(() => ({ identifier: 'noop', payload: {} })));
        const finished = await until(async () => (await admin.query<{ n: number }>(`select count(*)::int as n from ${schema}._private_jobs`)).rows[0]?.n ?? 0);
        const seconds = (performance.now() - begin) / 1000;
        worker.kill('SIGTERM');
        await new Promise((resolve) => worker.once('exit', resolve));
        await utils.release();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
        jobRows.push({ queue: `Graphile Worker 0.18, 1 worker process × ${concurrency}${batched ? ' (local queue 500, batched completion)' : ''}`, 'jobs/s': finished ? Math.round(jobs / seconds) : `< ${Math.round(jobs / seconds)} (timed out)` });
      }
    }
    // The same DAG and chain on pg-boss's flow API, same Postgres, same worker processes
    // (`node bench/dispatch.bench.ts --no-pg-boss` leaves it out, for quick runs).
    for (const processes of process.argv.includes('--no-pg-boss') ? [] : [1, 4, 8]) {
      const schema = `pgboss_bench_${Math.random().toString(36).slice(2, 8)}`;
      const boss = new PgBoss(bossOptions(schema));
      boss.on('error', () => {});
      await boss.start();
      await boss.createQueue('noop');
      const workers = Array.from({ length: processes }, () => spawn(process.execPath, [import.meta.filename, '--boss-worker', schema], { stdio: ['ignore', 'inherit', 'inherit'] }));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const completed = async (): Promise<number> => ((await admin.query(`select count(*)::int as n from ${schema}.job where name = 'noop' and state = 'completed'`)).rows[0]?.n as number) ?? 0;
      const until = async (count: number): Promise<boolean> => {
        const deadline = Date.now() + 180_000;
        while (Date.now() < deadline) {
          if ((await completed()) >= count) return true;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return false;
      };
      const begin = performance.now();
      await boss.flow(steps.map((step) => ({ ref: step.ref, name: 'noop', ...(step.dependsOn.length === 0 ? {} : { dependsOn: step.dependsOn }) })));
      const finished = await until(total);
      const seconds = (performance.now() - begin) / 1000;
      const chainBegin = performance.now();
      await boss.flow(chain.map((step, index) => ({ ref: step.ref, name: 'noop', ...(index === 0 ? {} : { dependsOn: [`c${index - 1}`] }) })));
      const chainFinished = await until(total + chain.length);
      const handOff = (performance.now() - chainBegin) / chain.length;
      for (const worker of workers) worker.kill('SIGTERM');
      await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
      await boss.stop({ graceful: false });
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
      rows.push({
        store: `pg-boss flow, ${processes} worker process${processes === 1 ? '' : 'es'} × 4`,
        'tasks/s': finished ? Math.round(total / seconds) : `< ${Math.round(total / seconds)} (timed out)`,
        'median hand-off (ms)': chainFinished ? `${Math.round(handOff)} (mean)` : 'timed out',
        'p99 hand-off (ms)': '—',
      });
    }
  } else {
    console.log('(set PARLEY_PG_URL to measure the Postgres store and pg-boss)');
  }
  printTable(`@parley/dispatch: a ${total}-task DAG with no-op agents, end to end`, rows);
  if (jobRows.length > 0) printTable('@parley/dispatch on Postgres: 10,000 independent no-op jobs, enqueued at once, beside Graphile Worker', jobRows);
  if (latencyRows.length > 0) printTable('@parley/dispatch on Postgres across a simulated network (workers behind a loopback delay proxy)', latencyRows);
  writeResults('dispatch', { dag: rows, ...(jobRows.length > 0 ? { independentJobs: jobRows } : {}), ...(latencyRows.length > 0 ? { latency: latencyRows } : {}) });
}
