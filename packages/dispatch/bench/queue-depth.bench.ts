// `node bench/queue-depth.bench.ts` for @parley/dispatch: what one claim and one completion cost as
// the queue, the backlog and the finished history grow, on the embedded store and (when
// PARLEY_PG_URL is set) on Postgres, and how fast the store takes a bulk dispatch.
//
// Each depth row holds `queued` ready tasks, each the head of a chain of `waiting` backlog steps,
// and `finished` done tasks. Every plan is created through the store's own createPlan (plans of up
// to 10,000 steps: that is the bulk creation figure); the finished plans are then marked done with
// one UPDATE (running a million tasks through a worker would measure the worker, not the depth).
// Then 1,000 rounds each claim the oldest ready task (for the agent a worker names, as workers do)
// and complete it, which promotes the next step of its chain: the depth stays as it was.
//
// Default rows: 1k, 10k and 100k queued, with as many waiting and as many finished. The issue's
// deep store (100,000 queued, 1,000,000 waiting, 1,000,000 finished) is built with
// DISPATCH_BENCH_DEPTH_FULL=1 (a few minutes per store); DISPATCH_BENCH_DEPTHS=1000,10000 picks the
// default rows' depths (`none`: only the deep store); DISPATCH_BENCH_SYNC=normal (or full) keeps
// one of the embedded store's two rows per depth.
//
// The machine this runs on may be shared: beside each wall-clock figure is the same figure in CPU
// time of this process (`process.cpuUsage`, user + system: node:sqlite runs on the main thread),
// which another process's load does not inflate (a wait for the disk's sync is not in it, the
// sync's system time is), and the load average when the row was measured. (`threadCpuUsage`
// counts in scheduler ticks here, 4 ms: too coarse for one claim.)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { printTable, writeResults } from '@parley/bench';
import { createSqliteTaskStore, type ResolvedStep, type TaskStore } from '@parley/dispatch';
import { createPostgresTaskStore } from '@parley/dispatch/postgres';
import pg from 'pg';

const url = process.env['PARLEY_PG_URL'];
const rounds = 1000;
const stepsPerCall = 10_000;
const depths = (process.env['DISPATCH_BENCH_DEPTHS'] ?? '1000,10000,100000').split(',').map(Number).filter((depth) => Number.isInteger(depth) && depth > 0);
const shapes: Array<{ readonly queued: number; readonly waiting: number; readonly finished: number }> = depths.map((queued) => ({ queued, waiting: queued, finished: queued }));
if (process.env['DISPATCH_BENCH_DEPTH_FULL'] === '1') shapes.push({ queued: 100_000, waiting: 1_000_000, finished: 1_000_000 });

const percentile = (values: readonly number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0) * 1000) / 1000;
};

/** A store under test: how to open it, and how to mark plans done in bulk (outside the store's API). */
interface Subject {
  readonly name: string;
  open(): Promise<{ readonly store: TaskStore; markDone(planPrefix: string): Promise<void>; dispose(): Promise<void> }>;
}

/** Steps of `chains` chains, each a head and `length - 1` steps behind it, in chain order. */
const chainSteps = (first: number, chains: number, length: number): ResolvedStep[] =>
  Array.from({ length: chains * length }, (_, index) => {
    const chain = first + Math.floor(index / length);
    const link = index % length;
    return { ref: `c${chain}-${link}`, title: 't', agent: 'noop', request: 'r', dependsOn: link === 0 ? [] : [`c${chain}-${link - 1}`], expectedOutputs: [] };
  });

/** CPU time of this process, in milliseconds. */
const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Creates `total` tasks as plans of at most `stepsPerCall` steps (whole chains); returns the seconds spent in createPlan, wall-clock and CPU. */
const createChains = async (store: TaskStore, prefix: string, chains: number, length: number, now: number): Promise<{ wall: number; cpu: number }> => {
  const perCall = Math.max(1, Math.floor(stepsPerCall / length));
  let wall = 0;
  let cpu = 0;
  for (let first = 0, plan = 0; first < chains; first += perCall, plan += 1) {
    const steps = chainSteps(first, Math.min(perCall, chains - first), length);
    const begin = performance.now();
    const cpuBegin = cpuNow();
    await store.createPlan(`${prefix}-${plan}`, steps, { now });
    cpu += (cpuNow() - cpuBegin) / 1000;
    wall += (performance.now() - begin) / 1000;
  }
  return { wall, cpu };
};

const measure = async (subject: Subject, shape: (typeof shapes)[number]): Promise<Record<string, string | number>> => {
  const { store, markDone, dispose } = await subject.open();
  try {
    const finishedSeconds = await createChains(store, 'finished', shape.finished, 1, 1_000);
    await markDone('finished-');
    const length = 1 + Math.round(shape.waiting / shape.queued);
    const openSeconds = await createChains(store, 'open', shape.queued, length, 2_000);
    const created = shape.finished + shape.queued * length;
    const claims: number[] = [];
    const completions: number[] = [];
    const claimsCpu: number[] = [];
    const completionsCpu: number[] = [];
    for (let index = 0; index < rounds; index += 1) {
      const now = 3_000 + index;
      let begin = performance.now();
      let cpuBegin = cpuNow();
      const task = await store.claim({ now, leaseMilliseconds: 60_000, agents: ['noop'] });
      claimsCpu.push(cpuNow() - cpuBegin);
      claims.push(performance.now() - begin);
      if (task === undefined) throw new Error('nothing to claim');
      begin = performance.now();
      cpuBegin = cpuNow();
      const outcome = await store.complete(task.id, task.leaseToken, {}, { now });
      completionsCpu.push(cpuNow() - cpuBegin);
      completions.push(performance.now() - begin);
      if (!outcome.completed) throw new Error('the completion was refused');
    }
    return {
      store: subject.name,
      queued: shape.queued,
      waiting: shape.queued * (length - 1),
      finished: shape.finished,
      load: Math.round((loadavg()[0] ?? 0) * 10) / 10,
      'create (tasks/s)': Math.round(created / (finishedSeconds.wall + openSeconds.wall)),
      'create (tasks/CPU s)': Math.round(created / (finishedSeconds.cpu + openSeconds.cpu)),
      'claim p50 (ms)': percentile(claims, 0.5),
      'claim p99 (ms)': percentile(claims, 0.99),
      'claim CPU p50/p99 (ms)': `${percentile(claimsCpu, 0.5)} / ${percentile(claimsCpu, 0.99)}`,
      'complete p50 (ms)': percentile(completions, 0.5),
      'complete p99 (ms)': percentile(completions, 0.99),
      'complete CPU p50/p99 (ms)': `${percentile(completionsCpu, 0.5)} / ${percentile(completionsCpu, 0.99)}`,
    };
  } finally {
    await dispose();
  }
};

const directory = mkdtempSync(join(tmpdir(), 'parley-queue-depth-'));
/** The embedded store on a file, syncing at every commit (the default) or at checkpoints. */
const embedded = (synchronous: 'full' | 'normal'): Subject => ({
    name: `embedded (node:sqlite file, synchronous ${synchronous})`,
    async open() {
      const path = join(directory, `depth-${Math.random().toString(36).slice(2, 8)}.db`);
      const store = createSqliteTaskStore({ path, synchronous });
      return {
        store,
        async markDone(prefix) {
          const database = new DatabaseSync(path, { timeout: 10_000 });
          database.prepare("update parley_tasks set state = 'done', attempt = 1, output = '{}' where plan_id >= ? and plan_id < ?").run(prefix, `${prefix}\uffff`);
          database.close();
        },
        async dispose() {
          await store.close();
          rmSync(path, { force: true });
          rmSync(`${path}-wal`, { force: true });
          rmSync(`${path}-shm`, { force: true });
        },
      };
    },
});
const only = process.env['DISPATCH_BENCH_SYNC'];
const subjects: Subject[] = (['full', 'normal'] as const).filter((mode) => only === undefined || only === mode).map(embedded);
if (url !== undefined) {
  subjects.push({
    name: 'Postgres',
    async open() {
      const schema = `parley_depth_${Math.random().toString(36).slice(2, 8)}`;
      const store = await createPostgresTaskStore({ connectionString: url, schema });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      return {
        store,
        async markDone(prefix) {
          await admin.query(`update ${schema}.parley_tasks set state = 'done', attempt = 1, output = '{}' where plan_id like $1`, [`${prefix}%`]);
          // As a store that grew over months would have: vacuumed and analysed.
          await admin.query(`vacuum (analyze) ${schema}.parley_tasks`);
        },
        async dispose() {
          await store.close();
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        },
      };
    },
  });
} else {
  console.log('(set PARLEY_PG_URL to measure the Postgres store)');
}

const rows: Array<Record<string, string | number>> = [];
try {
  for (const subject of subjects) for (const shape of shapes) rows.push(await measure(subject, shape));
} finally {
  rmSync(directory, { recursive: true, force: true });
}
printTable(`@parley/dispatch: one claim and one completion (${rounds} rounds) against the queue's depth`, rows);
writeResults('dispatch-queue-depth', { queueDepth: rows });
