// `pnpm --filter @parley/docs screenshots` (after `pnpm docs:build`): pictures of the site and
// of the inspector, taken in Debian's Chromium by this script (never pasted by hand), written to
// apps/docs/screenshots/: the home page, a guide, an API page, a plan in the inspector (a
// store made here: a release plan part done, one step running, one failed and its dependent
// skipped), and a council run as the inspector's event feed shows it (three scripted advisors:
// one consults another, one calls back up its chain and is blocked, one answers in prose). Run from source: `node --conditions=@parley/source --import ../../packages/cli/src/source-hooks.ts`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore, type ResolvedStep } from '@parley/dispatch';
import { createEventReporter, startInspectorServer } from '@parley/inspector';
import { createCouncil, serializeToken } from '@parley/tokens';
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

/** Runs a scripted council with every event reported to the inspector at `url`; returns how many events were sent. */
async function councilRun(url: string): Promise<number> {
  const response = (role: string, keyFinding: string, data: string): string => serializeToken({ kind: 'response', role, keyFinding, supportingData: [data], confidence: 'medium', caveat: 'Scripted for the screenshot.' });
  const council = createCouncil({
    agents: {
      // The cfo consults the cro, then answers with what it heard.
      cfo: (message) => (message.includes('[RESPONSE:cro]') ? response('cfo', 'Hiring 5 engineers cuts runway from 14 to 9 months.', 'Monthly burn rises from $280K to $380K') : '[INVOKE:cro|What is the committed pipeline for next quarter?]'),
      // The cro calls back up its chain (the guard replaces that call with BLOCKED and ASSUMPTION lines), then answers.
      cro: () => `[INVOKE:cfo|What burn rate should I assume?]\n${response('cro', 'Committed pipeline is $2.1M.', '14 deals at stage 3 or later')}`,
      // The cmo answers in prose: a violation.
      cmo: () => 'Honestly I think we should focus on brand this quarter.',
    },
  });
  const reporter = createEventReporter({ url, flushIntervalMilliseconds: 10 });
  for (const name of ['message', 'violation', 'blocked'] as const) council.on(name, (event: object) => reporter.report(name, { ...event, stream: 'council' }));
  await council.ask('cfo', 'Can we afford to hire 5 engineers next quarter?', { chain: ['ceo'] });
  await council.ask('cmo', 'What should marketing prioritise?', { chain: ['ceo'] });
  // The cro asking the cfo back, with the cfo upstream: barred before the cfo is called.
  await council.ask('cfo', 'Can you double-check the burn rate?', { chain: ['ceo', 'cfo', 'cro'] });
  await reporter.close();
  return reporter.sent;
}
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
    const events = await councilRun(server.url);
    await shoot(`${server.origin}/events#token=${server.token}`, 'council', (page) => page.locator('tr[data-event]').nth(events - 1).waitFor());
  } finally {
    await server.close();
    await store.close();
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
