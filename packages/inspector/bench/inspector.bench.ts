// `pnpm bench` for @parley/inspector: a store of 100,000 tasks (10,000 plans of 10 steps), the
// server in a process of its own, Debian's Chromium driving the page. Times the first load of the
// plans list and a plan's graph through the browser, the API's reads behind them, and the server's
// memory while 20,000 more tasks stream in with a page watching. SQLite always; Postgres too when
// PARLEY_PG_URL is set. Needs a build (`pnpm build`) and /usr/bin/chromium (PARLEY_CHROMIUM).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { printTable, writeResults } from '@parley/bench';
import { createSqliteTaskStore, type ResolvedStep, type TaskStore } from '@parley/dispatch';
import { createPostgresTaskStore } from '@parley/dispatch/postgres';
import pg from 'pg';
import { startInspectorServer } from '@parley/inspector';
import { chromium } from 'playwright-core';

const plans = Number(process.env['PARLEY_BENCH_PLANS'] ?? 10_000);
const perPlan = 10;
const streamedPlans = 2_000;
const runs = 7;
const executablePath = process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium';
const pgUrl = process.env['PARLEY_PG_URL'];
const base = Date.UTC(2026, 0, 1);

const median = (values: number[]): number => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? 0;
const round = (value: number): number => Math.round(value * 10) / 10;

/** A plan of 10 steps: a fan-out and a join, as managers write them. */
const stepsOf = (plan: number): ResolvedStep[] =>
  Array.from({ length: perPlan }, (_, index) => ({
    ref: `s${index}`,
    title: `Plan ${plan} step ${index}: write section ${index} of the report`,
    agent: `agent-${index % 3}`,
    request: `Write section ${index} of report ${plan}, citing the inputs.`,
    dependsOn: index === 0 ? [] : index < perPlan - 1 ? ['s0'] : Array.from({ length: perPlan - 2 }, (_, dependency) => `s${dependency + 1}`),
    expectedOutputs: [`reports/${plan}/section-${index}.md`],
  }));

/** Fills the store with `plans` plans; all but the newest 2% finished. */
const fill = async (store: TaskStore, finish: (cutoff: string) => Promise<void>): Promise<void> => {
  for (let plan = 0; plan < plans; plan += 1) await store.createPlan(`plan-${String(plan).padStart(6, '0')}`, stepsOf(plan), { sessionId: `session-${plan % 500}`, now: base + plan * 1000 });
  await finish(`plan-${String(Math.floor(plans * 0.98)).padStart(6, '0')}`);
};

/** Starts bench/serve-store.ts on the store; resolves with its address. */
const serve = async (argv: string[]): Promise<{ child: ChildProcess; url: string; origin: string; token: string }> => {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'serve-store.ts'), ...argv], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, ...(JSON.parse(line) as { url: string; origin: string; token: string }) };
};

/** The resident memory of process `pid`, in MB. */
const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const rows: Array<Record<string, string | number>> = [];
const memoryRows: Array<Record<string, string | number>> = [];
const scratch = mkdtempSync(join(tmpdir(), 'parley-inspector-bench-'));
const context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1280, height: 720 },
});

/** Measures one store: `open` opens another connection to it (the workload's), `argv` starts the server on it. */
const measure = async (name: string, open: () => Promise<TaskStore>, argv: string[]): Promise<void> => {
  const server = await serve(argv);
  const headers = { authorization: `Bearer ${server.token}` };
  const time = async (path: string): Promise<number> => {
    const times: number[] = [];
    for (let run = 0; run < 20; run += 1) {
      const started = performance.now();
      const response = await fetch(`${server.origin}${path}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      times.push(performance.now() - started);
    }
    return round(median(times));
  };
  const middle = `plan-${String(Math.floor(plans / 2)).padStart(6, '0')}`;
  const store = await open();
  const someTask = (await store.listPlan(middle))[3]?.id ?? '';
  const deep = await (await fetch(`${server.origin}/api/plans?limit=50&search=plan-00`, { headers })).json() as { next?: string };
  const pageTimes: number[] = [];
  const planTimes: number[] = [];
  const pageInside: number[] = [];
  const planInside: number[] = [];
  /** A User Timing mark the page set (milliseconds since its navigation began). */
  const mark = (page: import('playwright-core').Page, name: string): Promise<number> => page.evaluate((markName) => performance.getEntriesByName(markName).at(-1)?.startTime ?? Number.NaN, name);
  for (let run = 0; run < runs; run += 1) {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(server.url);
    await page.locator('tr[data-plan]').first().waitFor();
    pageTimes.push(performance.now() - started);
    pageInside.push(await mark(page, 'parley-plans-rendered'));
    const clicked = performance.now();
    await page.locator('tr[data-plan]').nth(run).click();
    await page.locator('g.node').nth(perPlan - 1).waitFor();
    planTimes.push(performance.now() - clicked);
    planInside.push((await mark(page, 'parley-plan-rendered')) - (await mark(page, 'parley-plan-requested')));
    await page.close();
  }
  rows.push(
    { store: name, measure: 'first load: navigation start to the plans list on screen (in the page)', ms: round(median(pageInside)) },
    { store: name, measure: 'first load, as the test driver sees it (new tab, navigation, list)', ms: round(median(pageTimes)) },
    { store: name, measure: 'a plan view: click to graph on screen (in the page: API, dagre, render)', ms: round(median(planInside)) },
    { store: name, measure: 'a plan view, as the test driver sees it (click to 10 nodes found)', ms: round(median(planTimes)) },
    { store: name, measure: 'GET /api/plans (first page of 50, state counts)', ms: await time('/api/plans?limit=50') },
    { store: name, measure: 'GET /api/plans, a later page (key-set cursor)', ms: await time(`/api/plans?limit=50&before=${encodeURIComponent(deep.next ?? '')}`) },
    { store: name, measure: 'GET /api/plans?search=<task id>', ms: await time(`/api/plans?search=${someTask}`) },
    { store: name, measure: 'GET /api/sessions (500 sessions)', ms: await time('/api/sessions?limit=50') },
    { store: name, measure: `GET /api/plans/${middle} (10 tasks)`, ms: await time(`/api/plans/${middle}`) },
    { store: name, measure: 'GET /api/tasks/<id> (detail with inputs)', ms: await time(`/api/tasks/${someTask}`) },
  );

  // Memory while tasks stream in: two pages open (the list, and the plan being worked), 20,000
  // more tasks created, claimed and completed from this process.
  const watched = 'streamed-000000';
  await store.createPlan(watched, stepsOf(-1), { now: Date.now() });
  const list = await context.newPage();
  await list.goto(server.url);
  const planPage = await context.newPage();
  await planPage.goto(server.url);
  await planPage.locator(`tr[data-plan="${watched}"]`).click();
  await planPage.locator('g.node').first().waitFor();
  const pid = server.child.pid ?? 0;
  const samples: number[] = [rssOf(pid)];
  const sampler = setInterval(() => samples.push(rssOf(pid)), 200);
  const started = performance.now();
  for (let plan = 1; plan <= streamedPlans; plan += 1) {
    await store.createPlan(`streamed-${String(plan).padStart(6, '0')}`, stepsOf(plan), { now: Date.now() });
    if (plan % 4 === 0) {
      for (const claimed of (await store.claimMany?.({ now: Date.now(), leaseMilliseconds: 60_000, limit: 8 })) ?? []) await store.complete(claimed.id, claimed.leaseToken, { summary: 'ok' }, { now: Date.now() });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  samples.push(rssOf(pid));
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  memoryRows.push({
    store: name,
    'tasks streamed': streamedPlans * perPlan,
    seconds: round(seconds),
    'RSS at start (MB)': round(samples[0] ?? 0),
    'RSS, median of first quarter (MB)': round(median(samples.slice(0, quarter))),
    'RSS, median of last quarter (MB)': round(median(samples.slice(-quarter))),
    'RSS peak (MB)': round(Math.max(...samples)),
  });
  await list.close();
  await planPage.close();
  await store.close();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
};

/**
 * The baseline: the same server and browser serving a page whose script only draws one row and
 * sets the same mark. What the inspector adds is the difference.
 */
const baseline = async (): Promise<void> => {
  const assets = join(scratch, 'baseline-ui');
  mkdirSync(assets);
  writeFileSync(join(assets, 'index.html'), '<!doctype html><html><head><link rel="stylesheet" href="/app.css" /><script type="module" src="/app.js"></script></head><body></body></html>');
  writeFileSync(join(assets, 'app.css'), 'body { margin: 0; }');
  writeFileSync(join(assets, 'app.js'), "const row = document.createElement('tr'); row.setAttribute('data-plan', 'x'); row.textContent = 'x'; document.body.append(row); performance.mark('parley-plans-rendered');");
  const store = createSqliteTaskStore();
  const server = await startInspectorServer({ store, assetsDirectory: assets });
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('tr[data-plan]').first().waitFor();
    times.push(await page.evaluate(() => performance.getEntriesByName('parley-plans-rendered').at(-1)?.startTime ?? Number.NaN));
    await page.close();
  }
  rows.push({ store: 'baseline', measure: 'a page that only draws one row: navigation start to it on screen (in the page)', ms: round(median(times)) });
  await server.close();
  await store.close();
};

try {
  await baseline();
  const path = join(scratch, 'tasks.db');
  const sqlite = createSqliteTaskStore({ path });
  await fill(sqlite, async (cutoff) => {
    await sqlite.close();
    const database = new DatabaseSync(path);
    database.prepare("update parley_tasks set state = 'done', attempt = 1, output = '{\"summary\":\"ok\"}' where plan_id < ?").run(cutoff);
    database.exec('analyze');
    database.close();
  });
  await measure('SQLite', async () => createSqliteTaskStore({ path }), [path]);

  if (pgUrl !== undefined) {
    const schema = `parley_inspector_bench_${Math.random().toString(36).slice(2, 8)}`;
    const postgres = await createPostgresTaskStore({ connectionString: pgUrl, schema });
    try {
      await fill(postgres, async (cutoff) => {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`update ${schema}.parley_tasks set state = 'done', attempt = 1, output = '{"summary":"ok"}' where plan_id < $1`, [cutoff]);
        await client.query(`vacuum analyze ${schema}.parley_tasks`);
        await client.end();
      });
      await measure('Postgres', () => createPostgresTaskStore({ connectionString: pgUrl, schema }), ['', schema]);
    } finally {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      await postgres.close();
    }
  }
} finally {
  await context.close();
  rmSync(scratch, { recursive: true, force: true });
}

printTable(`@parley/inspector: median of ${runs} page loads / 20 API calls on a store of ${(plans * perPlan).toLocaleString('en')} tasks`, rows);
printTable('@parley/inspector: server memory while tasks stream in (two pages open)', memoryRows);
writeResults('inspector', { tasks: plans * perPlan, timings: rows, memory: memoryRows });
