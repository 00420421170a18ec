// The crash test (`pnpm crash-test`): three worker processes run a 120-task DAG while one fault
// strikes, one case per fault and store:
//
//   postgres  server restarted   a private, throwaway cluster is stopped (fast) mid-run, kept down
//                                2 s and started again (needs initdb; as root it runs as postgres)
//   postgres  worker SIGKILLed   one worker is killed while it holds a task
//   postgres  worker SIGSTOPped  one worker is frozen while it holds a task, for 2.5 leases
//   sqlite    worker SIGKILLed   the same on one SQLite file
//   sqlite    worker SIGSTOPped
//   sqlite    store locked       another process holds the write lock for 6 busy timeouts
//
// For each: every task done, none lost, none stuck, no worker dead but the one killed on purpose
// (each exits 0 on SIGTERM at the end), each task completed exactly once (the `done` reports of all
// workers), and its side effect recorded once: agents key the effect on `task.taskKey`, which
// absorbs the re-runs a dead or frozen worker causes. Prints a results table; exits 1 when a check
// fails. The SQLite cases need no Postgres; the Postgres cases use a private cluster when initdb is
// there, else PARLEY_PG_URL (without the restart case), else they are skipped.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createDispatcher, createSqliteTaskStore, createWorker, type TaskStore } from '@parley/dispatch';
import { createPostgresTaskStore } from '@parley/dispatch/postgres';
import pg from 'pg';

type Kind = 'postgres' | 'sqlite';
type Fault = 'restart' | 'sigkill' | 'sigstop' | 'lock';

const total = 120;
const leaseMilliseconds = 1500;
const busyTimeoutMilliseconds = 1000;
const [, , mode, kindArgument, target, schemaArgument] = process.argv;

/** Opens the store of a case: a Postgres schema (`target` is the URL) or a SQLite file. */
const openStore = async (kind: Kind, where: string, schema: string | undefined): Promise<TaskStore> =>
  kind === 'postgres' ? createPostgresTaskStore({ connectionString: where, schema: schema as string }) : createSqliteTaskStore({ path: where, busyTimeoutMilliseconds });

/** Where a case's agents record their side effects: the same Postgres schema, or a SQLite file beside the store. */
interface Effects {
  record(taskKey: string, idempotencyKey: string): Promise<void>;
  close(): Promise<void>;
}
const openEffects = (kind: Kind, where: string, schema: string | undefined): Effects => {
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: where, max: 2 });
    pool.on('error', () => {}); // a restart drops idle connections; the next effect reconnects
    return {
      async record(taskKey, idempotencyKey) {
        await pool.query(`insert into ${schema}.effect_attempts (idempotency_key, pid) values ($1, $2) on conflict do nothing`, [idempotencyKey, process.pid]);
        await pool.query(`insert into ${schema}.effects (task_key) values ($1) on conflict (task_key) do nothing`, [taskKey]);
      },
      close: () => pool.end(),
    };
  }
  const database = new DatabaseSync(`${where}.effects`, { timeout: 5000 });
  return {
    async record(taskKey, idempotencyKey) {
      database.prepare('insert into effect_attempts (idempotency_key, pid) values (?, ?) on conflict do nothing').run(idempotencyKey, process.pid);
      database.prepare('insert into effects (task_key) values (?) on conflict (task_key) do nothing').run(taskKey);
    },
    close: async () => database.close(),
  };
};

if (mode === '--worker') {
  // A worker process: runs tasks until SIGTERM, reporting each completion and outage on stdout.
  const kind = kindArgument as Kind;
  const store = await openStore(kind, target as string, schemaArgument);
  const effects = openEffects(kind, target as string, schemaArgument);
  const dispatcher = createDispatcher({ store });
  const say = (line: string): boolean => process.stdout.write(`${line}\n`);
  dispatcher.on('done', (task) => say(`done ${task.id}`));
  dispatcher.on('store-unavailable', ({ operation, cause }) => say(`unavailable ${operation} ${String((cause.cause as { code?: unknown } | undefined)?.code ?? cause.message)}`));
  dispatcher.on('store-recovered', ({ unavailableMilliseconds }) => say(`recovered ${unavailableMilliseconds}`));
  const worker = createWorker({
    dispatcher,
    concurrency: 2,
    leaseMilliseconds,
    maxAttempts: 20,
    backoff: () => 50,
    pollMilliseconds: 50,
    storeBackoff: (failures) => Math.min(1000, 50 * 2 ** (failures - 1)),
    agents: {
      step: async (task) => {
        await new Promise((resolve) => setTimeout(resolve, 60 + Math.floor(Math.random() * 80)));
        await effects.record(task.taskKey, task.idempotencyKey);
        return { values: { by: process.pid } };
      },
    },
    onFatal: (error) => {
      say(`fatal ${String(error)}`);
      process.exit(1);
    },
  });
  worker.start();
  say('ready');
  process.on('SIGTERM', () => {
    void worker.stop().then(async () => {
      await store.close();
      await effects.close();
      process.exit(0);
    });
  });
} else {
  await main();
}

/** A private Postgres cluster in a temporary directory, on its own port: restarting it harms nobody. */
interface Cluster {
  readonly url: string;
  stop(): void;
  start(): void;
  remove(): void;
}
function startCluster(): Cluster | undefined {
  const bin = ['/usr/lib/postgresql'].flatMap((root) => (existsSync(root) ? readdirSync(root).sort().reverse().map((version) => join(root, version, 'bin')) : [])).find((dir) => existsSync(join(dir, 'initdb')));
  if (bin === undefined) return undefined;
  const root = process.getuid?.() === 0;
  const directory = mkdtempSync(join(tmpdir(), 'parley-crash-pg-'));
  const data = join(directory, 'data');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(directory, uid, gid);
  }
  const quote = (value: string): string => `'${value.replaceAll("'", "'\\''")}'`;
  const run = (command: string): void => {
    execFileSync(root ? 'su' : 'sh', root ? ['postgres', '-c', command] : ['-c', command], { stdio: 'ignore' });
  };
  const port = 55_000 + Math.floor(Math.random() * 5000);
  const pgctl = (action: string): void =>
    run(`${quote(join(bin, 'pg_ctl'))} -D ${quote(data)} -l ${quote(join(directory, 'log'))} -w -m fast -o ${quote(`-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`)} ${action}`);
  try {
    run(`${quote(join(bin, 'initdb'))} -D ${quote(data)} -A trust -U postgres`);
    pgctl('start');
  } catch (error) {
    console.error(`crash-test: could not start a private Postgres cluster (${String(error)}); the restart case is skipped`);
    rmSync(directory, { recursive: true, force: true });
    return undefined;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgctl('stop'),
    start: () => pgctl('start'),
    remove: () => {
      try {
        run(`${quote(join(bin, 'pg_ctl'))} -D ${quote(data)} -w -m immediate stop`);
      } catch {
        // already stopped
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** What one case measured. */
interface Result {
  readonly store: Kind;
  readonly fault: string;
  readonly done: number;
  readonly lost: number;
  readonly stuck: number;
  readonly workersAlive: string;
  readonly completedTwice: number;
  readonly notCompleted: number;
  readonly effects: number;
  readonly reRunsAbsorbed: number;
  readonly outagesReported: number;
  readonly seconds: number;
  readonly ok: boolean;
}

async function runCase(kind: Kind, fault: Fault, where: string, cluster: Cluster | undefined): Promise<Result> {
  const started = performance.now();
  const schema = kind === 'postgres' ? `parley_crash_${Math.random().toString(36).slice(2, 8)}` : undefined;
  const directory = kind === 'sqlite' ? mkdtempSync(join(tmpdir(), 'parley-crash-sqlite-')) : undefined;
  const storeTarget = directory === undefined ? where : join(directory, 'tasks.db');
  const store = await openStore(kind, storeTarget, schema);
  // The harness's own view of the tables, through a connection of its own.
  let admin: pg.Pool | undefined;
  let effectsDatabase: DatabaseSync | undefined;
  if (kind === 'postgres') {
    // A pool, not a client: it reconnects after the restart.
    admin = new pg.Pool({ connectionString: where, max: 1 });
    admin.on('error', () => {});
    await admin.query(`create table ${schema}.effects (task_key text primary key)`);
    await admin.query(`create table ${schema}.effect_attempts (idempotency_key text primary key, pid integer not null)`);
  } else {
    effectsDatabase = new DatabaseSync(`${storeTarget}.effects`);
    effectsDatabase.exec('pragma journal_mode = wal; create table effects (task_key text primary key); create table effect_attempts (idempotency_key text primary key, pid integer not null)');
  }
  const steps = Array.from({ length: total }, (_, index) => ({
    ref: `t${index}`,
    title: `task ${index}`,
    agent: 'step',
    request: `step ${index}`,
    dependsOn: index === 0 ? [] : index % 7 === 0 && index > 8 ? [`t${Math.floor((index - 1) / 3)}`, `t${index - 5}`] : [`t${Math.floor((index - 1) / 3)}`],
  }));
  await createDispatcher({ store }).dispatchPlan({ id: 'crash', steps });

  const completions = new Map<string, number>();
  let outages = 0;
  const spawnWorker = (): ChildProcess => {
    const child = spawn(process.execPath, [import.meta.filename, '--worker', kind, storeTarget, ...(schema === undefined ? [] : [schema])], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let buffered = '';
    child.stdout?.on('data', (data: Buffer) => {
      buffered += data.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('done ')) completions.set(line.slice(5), (completions.get(line.slice(5)) ?? 0) + 1);
        else if (line.startsWith('unavailable ')) outages += 1;
        else if (line.startsWith('fatal ')) console.error(`crash-test: worker ${child.pid}: ${line}`);
      }
    });
    return child;
  };
  const workers = Array.from({ length: 3 }, spawnWorker);
  const exits = workers.map((worker) => new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code))));
  const sleep = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));
  const count = async (sql: string): Promise<number> => {
    try {
      if (admin !== undefined) return (await admin.query<{ n: number }>(sql.replaceAll('$table', `${schema}.parley_tasks`).replaceAll('$attempts', `${schema}.effect_attempts`).replaceAll('$effects', `${schema}.effects`))).rows[0]?.n ?? 0;
      const reader = new DatabaseSync(storeTarget, { timeout: 5000 });
      reader.exec(`attach database '${storeTarget}.effects' as effects`);
      const n = (reader.prepare(sql.replaceAll('$table', 'parley_tasks').replaceAll('$attempts', 'effects.effect_attempts').replaceAll('$effects', 'effects.effects').replaceAll('::int', '')).get() as { n: number }).n;
      reader.close();
      return n;
    } catch {
      return -1; // the database is away (the restart case): ask again
    }
  };
  const victim = workers[0] as ChildProcess;
  const victimHoldsTask = async (): Promise<boolean> =>
    (await count("select count(*)::int as n from $table where state = 'running'")) > 0 && (await count(`select count(*)::int as n from $attempts where pid = ${victim.pid}`)) > 0;
  const doneCount = (): Promise<number> => count("select count(*)::int as n from $table where state = 'done'");

  // Strike once the run is under way.
  for (let waited = 0; waited < 20_000; waited += 20) {
    if (fault === 'sigkill' || fault === 'sigstop' ? await victimHoldsTask() : (await doneCount()) >= total * 0.25) break;
    await sleep(20);
  }
  let locker: DatabaseSync | undefined;
  if (fault === 'sigkill') victim.kill('SIGKILL');
  if (fault === 'sigstop') {
    victim.kill('SIGSTOP');
    await sleep(leaseMilliseconds * 2.5);
    victim.kill('SIGCONT');
  }
  if (fault === 'restart') {
    cluster?.stop();
    await sleep(2000);
    cluster?.start();
  }
  if (fault === 'lock') {
    locker = new DatabaseSync(storeTarget, { timeout: 5000 });
    locker.exec('begin immediate');
    await sleep(busyTimeoutMilliseconds * 6);
    locker.exec('commit');
    locker.close();
  }

  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && (await count("select count(*)::int as n from $table where state not in ('done', 'failed', 'skipped', 'cancelled')")) !== 0) await sleep(100);
  const states = new Map<string, number>();
  const finalTasks = await store.listPlan('crash');
  for (const task of finalTasks) states.set(task.state, (states.get(task.state) ?? 0) + 1);
  // A worker killed after its completion committed but before its `done` line reached us cannot
  // report it: such a task counts as completed once when its final attempt's effect was the
  // victim's (and only then), so a completion that no worker made still fails the run.
  let completedByVictim = 0;
  if (fault === 'sigkill') {
    for (const task of finalTasks) {
      if (task.state !== 'done' || completions.has(task.id)) continue;
      const key = `${task.id}#${task.attempt}`.replaceAll("'", "''");
      if ((await count(`select count(*)::int as n from $attempts where idempotency_key = '${key}' and pid = ${victim.pid}`)) === 1) completedByVictim += 1;
    }
  }
  // No worker may have died, except the one killed on purpose; each stops cleanly on SIGTERM.
  const survivors = fault === 'sigkill' ? workers.slice(1) : workers;
  const aliveBeforeStop = survivors.filter((worker) => worker.exitCode === null && worker.signalCode === null).length;
  for (const worker of survivors) worker.kill('SIGTERM');
  const codes = await Promise.all(exits.slice(fault === 'sigkill' ? 1 : 0));
  const cleanExits = codes.filter((code) => code === 0).length;
  const effects = await count('select count(*)::int as n from $effects');
  const attempts = await count('select count(*)::int as n from $attempts');
  const done = states.get('done') ?? 0;
  const listed = [...states.values()].reduce((sum, n) => sum + n, 0);
  const result: Result = {
    store: kind,
    fault: { restart: 'server restarted', sigkill: 'worker SIGKILLed', sigstop: 'worker SIGSTOPped', lock: 'store locked' }[fault],
    done,
    lost: total - listed,
    stuck: listed - done - (states.get('failed') ?? 0) - (states.get('skipped') ?? 0) - (states.get('cancelled') ?? 0),
    workersAlive: `${Math.min(aliveBeforeStop, cleanExits)}/${survivors.length}`,
    completedTwice: [...completions.values()].filter((n) => n > 1).length,
    notCompleted: total - completions.size - completedByVictim,
    effects,
    reRunsAbsorbed: attempts - effects,
    outagesReported: outages,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ok: false,
  };
  const ok =
    result.done === total && result.lost === 0 && result.stuck === 0 && aliveBeforeStop === survivors.length && cleanExits === survivors.length && result.completedTwice === 0 && result.notCompleted === 0 && result.effects === total;
  if (admin !== undefined) {
    await admin.query(`drop schema ${schema} cascade`).catch(() => {});
    await admin.end();
  }
  effectsDatabase?.close();
  await store.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  return { ...result, ok };
}

async function main(): Promise<void> {
  const results: Result[] = [];
  const skipped: string[] = [];
  const cluster = startCluster();
  const postgresUrl = cluster?.url ?? process.env['PARLEY_PG_URL'];
  try {
    if (postgresUrl === undefined) skipped.push('postgres: no initdb and no PARLEY_PG_URL');
    else {
      if (cluster === undefined) skipped.push('postgres server restarted: needs a private cluster (initdb)');
      else results.push(await runCase('postgres', 'restart', postgresUrl, cluster));
      results.push(await runCase('postgres', 'sigkill', postgresUrl, cluster));
      results.push(await runCase('postgres', 'sigstop', postgresUrl, cluster));
    }
    results.push(await runCase('sqlite', 'sigkill', '', undefined));
    results.push(await runCase('sqlite', 'sigstop', '', undefined));
    results.push(await runCase('sqlite', 'lock', '', undefined));
  } finally {
    cluster?.remove();
  }
  const columns: Array<[string, (result: Result) => string]> = [
    ['store', (result) => result.store],
    ['fault', (result) => result.fault],
    ['done', (result) => `${result.done}/${total}`],
    ['lost', (result) => String(result.lost)],
    ['stuck', (result) => String(result.stuck)],
    ['workers alive', (result) => result.workersAlive],
    ['completed ≠ once', (result) => String(result.completedTwice + result.notCompleted)],
    ['effects once', (result) => `${result.effects}/${total}`],
    ['re-runs absorbed', (result) => String(result.reRunsAbsorbed)],
    ['outages reported', (result) => String(result.outagesReported)],
    ['seconds', (result) => result.seconds.toFixed(1)],
    ['ok', (result) => (result.ok ? 'yes' : 'NO')],
  ];
  const rows = [columns.map(([name]) => name), ...results.map((result) => columns.map(([, cell]) => cell(result)))];
  const widths = columns.map((_, index) => Math.max(...rows.map((row) => (row[index] as string).length)));
  const line = (row: string[]): string => `| ${row.map((cell, index) => cell.padEnd(widths[index] as number)).join(' | ')} |`;
  console.log(line(rows[0] as string[]));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
  for (const reason of skipped) console.log(`skipped: ${reason}`);
  const ok = results.every((result) => result.ok);
  console.log(ok ? 'crash-test: every task done, none lost, none stuck, no worker dead, each completion and effect once' : 'crash-test: FAILED');
  process.exit(ok ? 0 : 1);
}
