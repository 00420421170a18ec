// Retry across processes: the inspector server runs in a process of its own (bench/serve-store.ts,
// from source) on a store this test process also opens; Chromium retries a failed task from the
// page, behind the token and a confirmation, and this process sees it queued again and runs it.
// SQLite always; Postgres too when PARLEY_PG_URL is set (CI sets it).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore, type TaskStore } from '@parley/dispatch';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const executablePath = process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium';
const packageDirectory = join(import.meta.dirname, '..');
const postgresUrl = process.env['PARLEY_PG_URL'];
const scratch = mkdtempSync(join(tmpdir(), 'parley-inspector-retry-'));
const schemas: string[] = [];

/** How the server process finds the store (argv of serve-store.ts), and how this process opens it. */
const stores: Array<[name: string, make: () => Promise<{ store: TaskStore; argv: string[] }>]> = [
  ['sqlite', async () => ({ store: createSqliteTaskStore({ path: join(scratch, 'tasks.db') }), argv: [join(scratch, 'tasks.db')] })],
];
if (postgresUrl !== undefined) {
  stores.push([
    'postgres',
    async () => {
      const { createPostgresTaskStore } = await import('@parley/dispatch/postgres');
      const schema = `parley_inspector_retry_${Math.random().toString(36).slice(2, 10)}`;
      schemas.push(schema);
      return { store: await createPostgresTaskStore({ connectionString: postgresUrl, schema }), argv: ['', schema] };
    },
  ]);
}

/** Starts the server in a process of its own; resolves with its address and token. */
const serve = async (argv: readonly string[]): Promise<{ child: ChildProcess; origin: string; token: string }> => {
  const child = spawn(process.execPath, ['--conditions=@parley/source', '--import', join(packageDirectory, 'scripts/source-hooks.ts'), join(packageDirectory, 'bench/serve-store.ts'), ...argv], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PARLEY_INSPECTOR_ASSETS: join(scratch, 'ui') } });
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, ...(JSON.parse(line) as { origin: string; token: string }) };
};

describe.skipIf(!existsSync(executablePath))('retry from the page, across processes', () => {
  let browser: Browser;
  beforeAll(async () => {
    const { buildUi } = await import('../scripts/build-ui.ts');
    await buildUi(join(scratch, 'ui'));
    browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(scratch, { recursive: true, force: true });
    if (postgresUrl === undefined || schemas.length === 0) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  test.each(stores)('%s: a failed task is retried from the page behind the confirmation; this process runs it and the page shows it live', { timeout: 300_000 }, async (_name, make) => {
    const { store, argv } = await make();
    const now = Date.now();
    const { tasks } = await store.createPlan('retry-plan', [{ ref: 'a', title: 'Fetch the rates', agent: 'cross', request: 'Fetch them.', dependsOn: [], expectedOutputs: [] }, { ref: 'b', title: 'Convert the totals', agent: 'cross', request: 'Convert.', dependsOn: ['a'], expectedOutputs: [] }], { now });
    const [a = '', b = ''] = tasks.map((task) => task.id);
    const claimed = await store.claim({ now, leaseMilliseconds: 60_000, agents: ['cross'] });
    await store.fail(claimed?.id ?? '', claimed?.leaseToken ?? '', 'the rates service was down', { now, retry: { maxAttempts: 1, backoff: () => 0 } });
    const server = await serve(argv);
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${server.origin}/plans/retry-plan/tasks/${a}#token=${server.token}`);
      const retry = page.locator('button[data-action="retry-task"]');
      await expect.poll(() => retry.isEnabled(), { timeout: 120_000 }).toBe(true);
      await retry.click();
      await page.locator('dialog button[data-action="dismiss"]').click();
      expect((await store.get(a))?.state).toBe('failed');
      await retry.click();
      await page.locator('dialog button[data-action="confirm"]').click();
      await expect.poll(async () => (await store.get(a))?.state, { timeout: 120_000 }).toBe('queued');
      expect((await store.get(b))?.state).toBe('backlog');
      await expect.poll(() => page.locator('g.node[data-ref="a"]').getAttribute('data-state'), { timeout: 120_000 }).toBe('queued');
      expect(await page.locator('.panel [data-field="note"]').textContent()).toBe('Queued again.');
      // This process runs it (the other process queued it at its own clock's now); the page, served by the other process, follows.
      const again = await store.claim({ now: Date.now(), leaseMilliseconds: 60_000, agents: ['cross'] });
      expect([again?.ref, again?.attempt]).toEqual(['a', 2]);
      await store.complete(again?.id ?? '', again?.leaseToken ?? '', { summary: 'rates fetched' }, { now: Date.now() });
      await expect.poll(() => page.locator('g.node[data-ref="b"]').getAttribute('data-state'), { timeout: 120_000 }).toBe('queued');
      expect(await retry.isEnabled()).toBe(false);
      await page.context().close();
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
      await store.close();
    }
  });
});
