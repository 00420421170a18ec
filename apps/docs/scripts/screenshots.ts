// `pnpm --filter @parley/docs screenshots` (after `pnpm docs:build`): pictures of the site and
// of the inspector, taken in Debian's Chromium by this script (never pasted by hand), written to
// apps/docs/screenshots/: the home page, a guide, an API page, and a plan in the inspector (a
// store made here: a release plan part done, one step running, one failed and its dependent
// skipped). Run from source: `node --conditions=@parley/source --import ../../packages/cli/src/source-hooks.ts`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore, type ResolvedStep } from '@parley/dispatch';
import { startInspectorServer } from '@parley/inspector';
import { chromium, type Page } from 'playwright-core';
import { buildUi } from '../../../packages/inspector/scripts/build-ui.ts';
import { serveSite } from '../src/serve-site.ts';

const output = join(import.meta.dirname, '..', 'screenshots');
mkdirSync(output, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const shoot = async (url: string, name: string, ready: (page: Page) => Promise<void>): Promise<void> => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB', timezoneId: 'UTC', deviceScaleFactor: 1 })).newPage();
  await page.goto(url);
  await ready(page);
  await page.screenshot({ path: join(output, `${name}.png`) });
  console.log(`screenshots/${name}.png`);
  await page.context().close();
};

const site = await serveSite();
try {
  await shoot(`${site.origin}/`, 'home', (page) => page.locator('.VPHero .name').waitFor());
  await shoot(`${site.origin}/guides/redact-secrets.html`, 'guide', (page) => page.locator('main h1').waitFor());
  await shoot(`${site.origin}/api/tokens.html#createcouncil`, 'api', (page) => page.locator('main h1').waitFor());
} finally {
  await site.close();
}

const now = Date.UTC(2026, 11, 1, 14, 3, 0);
const scratch = mkdtempSync(join(tmpdir(), 'parley-docs-screenshots-'));
try {
  await buildUi(join(scratch, 'ui'));
  const store = createSqliteTaskStore({ path: join(scratch, 'tasks.db') });
  const step = (ref: string, dependsOn: string[], title: string, agent: string): ResolvedStep => ({ ref, title, agent, request: `${title}.`, dependsOn, expectedOutputs: [`${ref}.md`] });
  await store.createPlan(
    'release-2.4',
    [
      step('spec', [], 'Write the release spec', 'pm'),
      step('api', ['spec'], 'Update the API reference', 'coder'),
      step('cli', ['spec'], 'Add the --since flag to the CLI', 'coder'),
      step('translations', ['spec'], 'Translate the release notes', 'translator'),
      step('localized-post', ['translations'], 'Publish the localized post', 'writer'),
      step('notes', ['api', 'cli'], 'Draft the release notes', 'writer'),
    ],
    { sessionId: 'chat-release', now },
  );
  const work = async (agent: string, outcome: 'done' | 'failed' | 'running'): Promise<void> => {
    const claimed = await store.claim({ now, leaseMilliseconds: 600_000, agents: [agent] });
    if (claimed === undefined) throw new Error(`nothing to claim for ${agent}`);
    if (outcome === 'done') await store.complete(claimed.id, claimed.leaseToken, { paths: claimed.expectedOutputs, summary: `${claimed.title}: done.` }, { now });
    if (outcome === 'failed') await store.fail(claimed.id, claimed.leaseToken, 'no translator is configured', { now, retry: { maxAttempts: 1, backoff: () => 0 } });
  };
  await work('pm', 'done');
  await work('coder', 'done');
  await work('translator', 'failed');
  await work('coder', 'running');
  const server = await startInspectorServer({ store, port: 0, now: () => now, assetsDirectory: join(scratch, 'ui') });
  try {
    await shoot(`${server.origin}/plans/release-2.4#token=${server.token}`, 'inspector', (page) => page.locator('g.node[data-ref="notes"]').waitFor());
  } finally {
    await server.close();
    await store.close();
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
