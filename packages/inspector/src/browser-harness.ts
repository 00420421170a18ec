// Test support for the Chromium tests: Debian's Chromium (through playwright-core) against the
// real server on a real SQLite store file, the page built into the test's own folder.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore, type ResolvedStep, type TaskStore } from '@parley/dispatch';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { buildUi } from '../scripts/build-ui.ts';
import { type InspectorServer, startInspectorServer } from './inspector-server';

/** The Chromium the tests drive (`PARLEY_CHROMIUM` or Debian's). */
export const chromiumPath: string = process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium';
/** Whether that Chromium is installed (the tests are skipped without it). */
export const hasChromium: boolean = existsSync(chromiumPath);

/** A step of a plan, with defaults for what a test does not care about. */
export const step = (ref: string, dependsOn: string[] = [], title = `Step ${ref}`, agent = 'writer'): ResolvedStep => ({ ref, title, agent, request: `Write ${ref}.`, dependsOn, expectedOutputs: [`${ref}.md`] });

/** A running server, its store and a browser to open pages in. */
export interface BrowserHarness {
  readonly scratch: string;
  readonly store: TaskStore;
  readonly server: InspectorServer;
  readonly browser: Browser;
  /** A new browser context (1280×720, en-GB, UTC unless `options` say otherwise). */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new page in a new context, at `path` of the server with the token in the fragment. */
  open(path?: string, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/** Builds the page, starts the server on a fresh SQLite file and launches Chromium. */
export async function startBrowserHarness(now = 1_780_000_000_000): Promise<BrowserHarness> {
  const scratch = mkdtempSync(join(tmpdir(), 'parley-inspector-harness-'));
  await buildUi(join(scratch, 'ui'));
  const store = createSqliteTaskStore({ path: join(scratch, 'tasks.db') });
  const server = await startInspectorServer({ store, pollIntervalMilliseconds: 50, now: () => now, assetsDirectory: join(scratch, 'ui') });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const contexts: BrowserContext[] = [];
  const context = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const created = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-GB', timezoneId: 'UTC', ...options });
    contexts.push(created);
    return created;
  };
  return {
    scratch,
    store,
    server,
    browser,
    context,
    async open(path = '/', options = {}) {
      const page = await (await context(options)).newPage();
      await page.goto(`${server.origin}${path}#token=${server.token}`);
      return page;
    },
    async close() {
      for (const created of contexts) await created.close().catch(() => {});
      await browser.close();
      await server.close();
      await store.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Every piece of text a person can meet on the page (text nodes, and the attributes read aloud or
 * shown as tooltips) that holds a raw control, direction or invisible format character.
 */
export const hiddenCharactersOnPage = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    // eslint-disable-next-line no-control-regex -- the point is to find control characters
    const hidden = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) if (hidden.test(node.textContent ?? '')) found.push(node.textContent ?? '');
    for (const element of document.body.querySelectorAll('*')) for (const name of ['aria-label', 'title', 'placeholder']) if (hidden.test(element.getAttribute(name) ?? '')) found.push(`${name}=${element.getAttribute(name) ?? ''}`);
    return found;
  });
