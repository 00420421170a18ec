// `pnpm --filter @parley/inspector screenshots` (after `pnpm build`): the README's pictures, taken in Debian's Chromium
// from a store made here (a release plan part done, part running, one step failed and its
// dependents skipped, a few older plans): the plans list, a plan graph, a task panel and a phone (a plan, and a task tapped),
// each in the light and the dark theme, written to docs/*.png.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteTaskStore, type ResolvedStep } from '@parley/dispatch';
import { startInspectorServer } from '@parley/inspector';
import { type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { buildUi } from './build-ui.ts';

const docs = process.env['PARLEY_SCREENSHOTS'] ?? fileURLToPath(new URL('../docs/', import.meta.url));
mkdirSync(docs, { recursive: true });
const now = Date.UTC(2026, 11, 1, 14, 3, 0);
const scratch = mkdtempSync(join(tmpdir(), 'parley-inspector-screenshots-'));
await buildUi(join(scratch, 'ui'));
const store = createSqliteTaskStore({ path: join(scratch, 'tasks.db') });
const server = await startInspectorServer({ store, now: () => now, assetsDirectory: join(scratch, 'ui') });
const browser = await chromium.launch({ executablePath: process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const open = async (path: string, options: BrowserContextOptions): Promise<Page> => {
  const page = await (await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC', ...options })).newPage();
  await page.goto(`${server.origin}${path}#token=${server.token}`);
  return page;
};
const step = (ref: string, dependsOn: string[], title: string, agent: string): ResolvedStep => ({ ref, title, agent, request: `${title}.`, dependsOn, expectedOutputs: [`${ref}.md`] });

for (const [index, title] of ['Summarise the support backlog', 'Triage the nightly failures', 'Draft the onboarding guide'].entries()) {
  const planId = `chore-${index + 1}`;
  await store.createPlan(planId, [step('first', [], title, 'done-agent'), step('second', ['first'], 'Review it', 'done-agent')], { sessionId: `chat-${40 + index}`, now: now - (3 - index) * 3_600_000 });
  for (let done = 0; done < 2; done += 1) {
    const claimed = await store.claim({ now, leaseMilliseconds: 60_000, agents: ['done-agent'] });
    if (claimed !== undefined) await store.complete(claimed.id, claimed.leaseToken, { summary: 'ok' }, { now });
  }
}
const { tasks } = await store.createPlan(
  'release-2.4',
  [
    step('spec', [], 'Write the release spec', 'pm'),
    step('api', ['spec'], 'Update the API reference for the new endpoints', 'coder'),
    step('cli', ['spec'], 'Add the --since and --until flags to the CLI', 'coder'),
    step('benchmarks', ['cli'], 'Run the benchmark suite and compare with 2.3', 'analyst'),
    step('tests', ['api', 'cli'], 'Extend the test suite', 'coder'),
    step('translations', ['spec'], 'Translate the release notes', 'translator'),
    step('localized-post', ['translations'], 'Publish the localized post', 'writer'),
    step('notes', ['tests', 'benchmarks'], 'Draft the release notes', 'writer'),
    step('post', ['notes'], 'Publish the blog post', 'writer'),
  ],
  { sessionId: 'chat-release', now },
);
const work = async (agent: string, outcome: 'done' | 'failed' | 'running'): Promise<void> => {
  const claimed = await store.claim({ now, leaseMilliseconds: 600_000, agents: [agent] });
  if (claimed === undefined) throw new Error(`nothing to claim for ${agent}`);
  if (outcome === 'done') await store.complete(claimed.id, claimed.leaseToken, { paths: claimed.expectedOutputs, summary: `${claimed.title}: done.` }, { now });
  if (outcome === 'failed') await store.fail(claimed.id, claimed.leaseToken, 'no translator for Klingon is configured', { now, retry: { maxAttempts: 1, backoff: () => 0 } });
};
await work('pm', 'done');
await work('coder', 'done');
await work('translator', 'failed');
await work('coder', 'running');
const apiTask = tasks.find((task) => task.ref === 'api')?.id ?? '';

const shoot = async (name: string, path: string, ready: (page: Page) => Promise<void>, options: { width: number; height: number; touch?: boolean }): Promise<void> => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await open(path, { viewport: { width: options.width, height: options.height }, colorScheme, hasTouch: options.touch === true, isMobile: options.touch === true, deviceScaleFactor: 1 });
    await ready(page);
    await page.screenshot({ path: join(docs, `${name}-${colorScheme}.png`) });
    process.stdout.write(`docs/${name}-${colorScheme}.png\n`);
    await page.context().close();
  }
};
const wide = { width: 1280, height: 760 };
await shoot('plan-list', '/', (page) => page.locator('tr[data-plan="release-2.4"]').waitFor(), wide);
await shoot('plan-graph', '/plans/release-2.4', (page) => page.locator('g.node[data-ref="post"]').waitFor(), wide);
await shoot('task-panel', `/plans/release-2.4/tasks/${apiTask}`, (page) => page.locator('.panel h3').waitFor(), wide);
const phone = { width: 390, height: 844, touch: true };
await shoot('phone', `/plans/release-2.4`, (page) => page.locator('g.node[data-ref="post"]').waitFor(), phone);
await shoot(
  'phone-task',
  `/plans/release-2.4`,
  async (page) => {
    await page.locator('g.node[data-ref="translations"]').tap();
    await page.locator('.panel h3').waitFor();
    await page.locator('.panel button[data-action="close-panel"]').waitFor();
  },
  phone,
);
await browser.close();
await server.close();
await store.close();
rmSync(scratch, { recursive: true, force: true });
