// The built site in Debian's Chromium (through playwright-core, as the inspector's browser tests
// do): the home page, a guide and an API page open and link to each other through the navigation,
// the site's own search (VitePress's local index, no network) finds three exported names, and
// axe-core finds no serious or critical accessibility violation on those three pages. Every step
// waits for what the page shows, never for a time.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { distDirectory, type SiteServer, serveSite } from './serve-site.ts';
import { join } from 'node:path';

const executablePath = process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium';
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

describe.skipIf(!existsSync(executablePath))('the site in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;
  const requests: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(distDirectory, 'index.html'))) throw new Error('no built site: run `pnpm docs:build` first (turbo builds it before the tests)');
    server = await serveSite();
    browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (path: string): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })).newPage();
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.origin}${path}`);
    return page;
  };

  test('home → a guide → an API page → back home, through the navigation; nothing is fetched from elsewhere', { timeout: 180_000 }, async () => {
    const page = await open('/');
    await expect.poll(() => page.locator('.VPHero .name').textContent(), { timeout: 120_000 }).toContain('Parley');
    await page.locator('.VPHero a', { hasText: 'Guides' }).click();
    await page.waitForURL('**/guides/redact-secrets.html', { timeout: 120_000 });
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 120_000 }).toContain('Redact secrets');
    // The sidebar leads to another guide, and its text links to the API page of what it uses.
    await page.locator('.VPSidebar a', { hasText: 'Keep a council on protocol' }).click();
    await page.waitForURL('**/guides/council.html', { timeout: 120_000 });
    await page.locator('main a[href*="/api/tokens.html#"]').first().click();
    await page.waitForURL('**/api/tokens.html#*', { timeout: 120_000 });
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 120_000 }).toContain('@parley/tokens');
    // The API sidebar lists every entry point; the top bar leads home again.
    await page.locator('.VPSidebar a', { hasText: '@parley/core/testing' }).click();
    await page.waitForURL('**/api/core-testing.html', { timeout: 120_000 });
    await expect.poll(async () => (await page.locator('main h2').allTextContents()).map((text) => text.replaceAll('\u200b', '').trim()), { timeout: 120_000 }).toContain('Functions');
    await page.locator('.VPNavBarTitle a').click();
    await page.waitForURL(`${server.origin}/`, { timeout: 120_000 });
    expect(requests.filter((url) => !url.startsWith(server.origin))).toEqual([]);
    await page.context().close();
  });

  test.each([
    ['redactSecretsStream', '/api/redaction.html'],
    ['parseSubagentResponse', '/api/envelope.html'],
    ['createCouncil', '/api/tokens.html'],
  ])('the search finds %s on its API page', { timeout: 180_000 }, async (name, apiPage) => {
    const page = await open('/guides/redact-secrets.html');
    await page.locator('.VPNavBarSearch button').click();
    const input = page.locator('#localsearch-input');
    await input.waitFor({ timeout: 120_000 });
    await input.fill(name);
    const hit = page.locator(`.VPLocalSearchBox .results a[href*="${apiPage}"]`).first();
    await hit.waitFor({ timeout: 120_000 });
    await hit.click();
    await page.waitForURL(`**${apiPage}*`, { timeout: 120_000 });
    await expect.poll(() => page.locator('main').textContent(), { timeout: 120_000 }).toContain(name);
    await page.context().close();
  });

  test('axe-core: no serious or critical violation on the home page, a guide and an API page, light and dark', { timeout: 300_000 }, async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const path of ['/', '/guides/redact-secrets.html', '/api/core.html']) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
        const page = await context.newPage();
        await page.goto(`${server.origin}${path}`);
        await page.locator('.VPContent').waitFor({ timeout: 120_000 });
        await page.addScriptTag({ path: axeSource });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe;
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)) }));
        });
        for (const violation of violations) if (violation.impact === 'serious' || violation.impact === 'critical') found.push(`${colorScheme} ${path}: ${violation.id} (${violation.impact}) ${violation.targets.join(' ')}`);
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
