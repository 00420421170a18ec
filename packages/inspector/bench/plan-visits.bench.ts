// `node bench/plan-visits.bench.ts` (after `pnpm build`): the inspector server's memory while one
// page opens a 2,000-task plan 40 times (a new tab each time: the plan read, its live stream, its
// table), the server in a process of its own (bench/serve-store.ts), sampled every 100 ms from
// /proc. Then the same with the server's heap capped (--max-old-space-size=64) to show whether
// the growth is garbage the collector takes back or memory the server keeps.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable } from '@parley/bench';
import { createSqliteTaskStore } from '@parley/dispatch';
import { chromium } from 'playwright-core';

const visits = 40;
const tasks = 2000;
const median = (values: number[]): number => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? 0;
const round = (value: number): number => Math.round(value * 10) / 10;
const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const scratch = mkdtempSync(join(tmpdir(), 'parley-inspector-visits-'));
const path = join(scratch, 'tasks.db');
const store = createSqliteTaskStore({ path });
await store.createPlan('big-plan', Array.from({ length: tasks }, (_, index) => ({ ref: `t${index}`, title: `Step ${index}: write section ${index} of the report`, agent: 'writer', request: `Write section ${index}.`, dependsOn: index === 0 ? [] : ['t0'], expectedOutputs: [`section-${index}.md`] })), { now: Date.now() });
await store.close();

const browser = await chromium.launch({ executablePath: process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const rows: Array<Record<string, string | number>> = [];

const run = async (label: string, nodeOptions: string[]): Promise<void> => {
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, join(import.meta.dirname, 'serve-store.ts'), path], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  const { origin, token } = JSON.parse(line) as { origin: string; token: string };
  const pid = child.pid ?? 0;
  const start = rssOf(pid);
  const samples: number[] = [start];
  const sampler = setInterval(() => samples.push(rssOf(pid)), 100);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  for (let visit = 0; visit < visits; visit += 1) {
    const page = await context.newPage();
    await page.goto(`${origin}/plans/big-plan#token=${token}`);
    await page.locator(`tr[data-ref="t${tasks - 1}"]`).waitFor({ timeout: 120_000 });
    await page.close();
  }
  clearInterval(sampler);
  samples.push(rssOf(pid));
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  rows.push({ server: label, visits, 'RSS at start (MB)': round(start), 'median, last quarter (MB)': round(median(samples.slice(-quarter))), 'peak (MB)': round(Math.max(...samples)), 'at the end (MB)': round(samples.at(-1) ?? 0) });
  await context.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

await run('default heap', []);
await run('heap capped at 64 MB', ['--max-old-space-size=64']);
await browser.close();
rmSync(scratch, { recursive: true, force: true });
printTable(`@parley/inspector: server memory over ${visits} visits of a ${tasks}-task plan`, rows);
