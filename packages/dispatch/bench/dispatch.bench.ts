// `pnpm bench` for @parley/dispatch: end to end (dispatch → claim → complete → promote) for a
// 1,000-task DAG with no-op agents — tasks/s on the embedded store, and on Postgres with 1, 4 and
// 8 worker processes (when PARLEY_PG_URL is set) — and the latency from an upstream task
// completing to its dependent starting (median and p99).
import { spawn } from 'node:child_process';
import { printTable, writeResults } from '@parley/bench';
import { createDispatcher, createPostgresTaskStore, createSqliteTaskStore, createWorker, type TaskStore } from '@parley/dispatch';
import pg from 'pg';

const url = process.env['PARLEY_PG_URL'];
const [, , mode, schemaArgument] = process.argv;
const total = 1000;
/** A 50-step chain: each step waits only for the one before, so its hand-off is pure promotion + claim. */
const chain = Array.from({ length: 50 }, (_, index) => ({ ref: `c${index}`, title: `chain ${index}`, agent: 'noop', request: `c${index}` }));
const steps = Array.from({ length: total }, (_, index) => ({
  ref: `t${index}`,
  title: `task ${index}`,
  agent: 'noop',
  request: `r${index}`,
  dependsOn: index === 0 ? [] : [`t${Math.floor((index - 1) / 4)}`],
}));

if (mode === '--worker') {
  const store = await createPostgresTaskStore({ connectionString: url as string, schema: schemaArgument as string });
  const worker = createWorker({ dispatcher: createDispatcher({ store }), concurrency: 4, pollMilliseconds: 20, agents: { noop: async () => ({}) } });
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

  {
    const store = createSqliteTaskStore();
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
    rows.push({ store: 'embedded (node:sqlite), 1 in-process worker', 'tasks/s': Math.round(total / seconds), 'median hand-off (ms)': percentile(lag, 0.5), 'p99 hand-off (ms)': percentile(lag, 0.99) });
  }

  if (url !== undefined) {
    for (const processes of [1, 4, 8]) {
      const schema = `parley_bench_${Math.random().toString(36).slice(2, 8)}`;
      const store = await createPostgresTaskStore({ connectionString: url, schema });
      const workers = Array.from({ length: processes }, () => spawn(process.execPath, [import.meta.filename, '--worker', schema], { stdio: ['ignore', 'inherit', 'inherit'] }));
      await new Promise((resolve) => setTimeout(resolve, 1500)); // let the workers connect
      const begin = performance.now();
      await createDispatcher({ store }).dispatchPlan({ id: 'bench', steps });
      let done = 0;
      while (done < total) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        done = (await store.listPlan('bench')).filter((task) => task.state === 'done').length;
      }
      const seconds = (performance.now() - begin) / 1000;
      await createDispatcher({ store }).dispatchPlan({ id: 'chain', steps: chain });
      while ((await store.listPlan('chain')).some((task) => task.state !== 'done')) await new Promise((resolve) => setTimeout(resolve, 25));
      for (const worker of workers) worker.kill('SIGTERM');
      await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
      const tasks = await store.listPlan('chain');
      const doneAt = new Map(tasks.map((task) => [task.ref, task.updatedAt]));
      // With no-op agents a task's completion follows its start at once: hand-off = upstream done → dependent done.
      const lag = tasks.flatMap((task) => task.dependsOn.map((ref) => (doneAt.get(task.ref) ?? 0) - (doneAt.get(ref) ?? 0)));
      rows.push({ store: `Postgres, ${processes} worker process${processes === 1 ? '' : 'es'} × 4`, 'tasks/s': Math.round(total / seconds), 'median hand-off (ms)': percentile(lag, 0.5), 'p99 hand-off (ms)': percentile(lag, 0.99) });
      await store.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  } else {
    console.log('(set PARLEY_PG_URL to measure the Postgres store)');
  }
  printTable(`@parley/dispatch: a ${total}-task DAG with no-op agents, end to end`, rows);
  writeResults('dispatch', { dag: rows });
}
