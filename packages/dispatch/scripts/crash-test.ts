// The crash test: N worker processes on Postgres run a 60-task DAG; one is killed with SIGKILL in
// the middle of a task. Every task must end done, none lost, none left running, and each task's
// side effect recorded once (an idempotency key on the effect absorbs the re-run of the task the
// dead worker held). Prints the counts; exits 1 when a check fails. Needs PARLEY_PG_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { createDispatcher, createPostgresTaskStore, createWorker } from '@parley/dispatch';
import pg from 'pg';

const url = process.env['PARLEY_PG_URL'];
if (url === undefined) {
  console.error('crash-test: set PARLEY_PG_URL (CI does) to a Postgres database the test may write to');
  process.exit(2);
}
const [, , mode, schemaArgument] = process.argv;

if (mode === '--worker') {
  // A worker process: runs tasks until SIGTERM; each task records its effect idempotently.
  const schema = schemaArgument as string;
  const store = await createPostgresTaskStore({ connectionString: url, schema });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const worker = createWorker({
    dispatcher: createDispatcher({ store }),
    concurrency: 2,
    leaseMilliseconds: 1500,
    backoff: () => 50,
    pollMilliseconds: 50,
    agents: {
      step: async (task) => {
        await new Promise((resolve) => setTimeout(resolve, 60 + Math.floor(Math.random() * 60)));
        await client.query(`insert into ${schema}.effect_attempts (task_id, pid) values ($1, $2)`, [task.id, process.pid]);
        await client.query(`insert into ${schema}.effects (task_id) values ($1) on conflict (task_id) do nothing`, [task.id]);
        return { values: { by: process.pid } };
      },
    },
  });
  worker.start();
  process.on('SIGTERM', () => {
    void worker.stop().then(async () => {
      await store.close();
      await client.end();
      process.exit(0);
    });
  });
} else {
  const schema = `parley_crash_${Math.random().toString(36).slice(2, 8)}`;
  const store = await createPostgresTaskStore({ connectionString: url, schema });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create table ${schema}.effects (task_id text primary key)`);
  await admin.query(`create table ${schema}.effect_attempts (task_id text not null, pid integer not null)`);
  const total = 60;
  const steps = Array.from({ length: total }, (_, index) => ({
    ref: `t${index}`,
    title: `task ${index}`,
    agent: 'step',
    request: `step ${index}`,
    dependsOn: index === 0 ? [] : [`t${Math.floor((index - 1) / 3)}`],
  }));
  await createDispatcher({ store }).dispatchPlan({ id: 'crash', steps });
  const workers: ChildProcess[] = Array.from({ length: 3 }, () =>
    spawn(process.execPath, [import.meta.filename, '--worker', schema], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env }),
  );
  // Kill one worker in the middle of a task: wait until it holds one.
  const victim = workers[0] as ChildProcess;
  for (let waited = 0; waited < 20_000; waited += 20) {
    const held = await admin.query(`select count(*)::int as n from ${schema}.parley_tasks where state = 'running'`);
    const attempts = await admin.query(`select count(*)::int as n from ${schema}.effect_attempts where pid = $1`, [victim.pid]);
    if ((held.rows[0]?.n ?? 0) > 0 && (attempts.rows[0]?.n ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  victim.kill('SIGKILL');
  const started = Date.now();
  let tasks = await store.listPlan('crash');
  while (tasks.some((task) => !['done', 'failed', 'skipped', 'cancelled'].includes(task.state)) && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    tasks = await store.listPlan('crash');
  }
  for (const worker of workers.slice(1)) worker.kill('SIGTERM');
  await Promise.all(workers.slice(1).map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
  const effects = (await admin.query(`select count(*)::int as n from ${schema}.effects`)).rows[0]?.n as number;
  const attempts = (await admin.query(`select count(*)::int as n from ${schema}.effect_attempts`)).rows[0]?.n as number;
  const count = (state: string): number => tasks.filter((task) => task.state === state).length;
  const report = {
    workers: workers.length,
    killed: 1,
    tasks: total,
    found: tasks.length,
    done: count('done'),
    running: count('running'),
    failed: count('failed'),
    lost: total - tasks.length,
    effectsRecorded: effects,
    effectAttempts: attempts,
    retriedAfterTheKill: tasks.filter((task) => task.attempt > 1).length,
  };
  console.log(`crash-test: ${JSON.stringify(report)}`);
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  await store.close();
  const ok = report.done === total && report.running === 0 && report.lost === 0 && report.effectsRecorded === total;
  console.log(ok ? 'crash-test: every task done, none lost, none running, each effect recorded once' : 'crash-test: FAILED');
  process.exit(ok ? 0 : 1);
}
