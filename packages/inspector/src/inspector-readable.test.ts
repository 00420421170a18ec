// The inspector for people (issue 28), in Chromium: text that cannot be spoofed, addresses,
// readable graphs, narrow screens, keyboard and screen readers. Every step waits for what the
// page shows (generous condition waits), never for a time.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BrowserHarness, hasChromium, hiddenCharactersOnPage, startBrowserHarness, step } from './browser-harness';

const now = 1_780_000_000_000;

describe.skipIf(!hasChromium)('the inspector for people, in Chromium', () => {
  let harness: BrowserHarness;
  beforeAll(async () => {
    harness = await startBrowserHarness(now);
  }, 180_000);
  afterAll(async () => {
    await harness?.close();
  });

  test('direction overrides and other hidden characters are shown neutralised in every view', { timeout: 180_000 }, async () => {
    const { store } = harness;
    await store.createPlan('spoof-plan\u2067', [{ ...step('bill', [], 'Invoice for \u202Efdp.exe', 'spoofer'), request: 'Pay \u2066this\u200f now\u{e0041}' }, step('next', ['bill'], 'Then \u200bthat', 'spoofer')], { sessionId: 'session\u061c-1', now });
    const claimed = await store.claim({ now, leaseMilliseconds: 60_000, agents: ['spoofer'] });
    await store.fail(claimed?.id ?? '', claimed?.leaseToken ?? '', 'upstream said: \u202bunclosed override, and the rest of the error', { now, retry: { maxAttempts: 1, backoff: () => 0 } });
    const page = await harness.open('/');
    const row = page.locator('tr[data-plan="spoof-plan\u2067"]');
    await row.waitFor({ timeout: 120_000 });
    expect(await row.textContent()).toContain('Invoice for \\u202efdp.exe');
    expect(await hiddenCharactersOnPage(page)).toEqual([]);
    await row.click();
    await page.locator('g.node[data-ref="bill"]').waitFor({ timeout: 120_000 });
    expect(await hiddenCharactersOnPage(page)).toEqual([]);
    await page.locator('g.node[data-ref="bill"]').click();
    await page.locator('.panel h3').waitFor({ timeout: 120_000 });
    expect(await page.locator('.panel h3').textContent()).toBe('Invoice for \\u202efdp.exe');
    const panel = (await page.locator('.panel').textContent()) ?? '';
    expect(panel).toContain('upstream said: \\u202bunclosed override, and the rest of the error');
    expect(panel).toContain('Pay \\u2066this\\u200f now\\u{e0041}');
    expect(await hiddenCharactersOnPage(page)).toEqual([]);
    await page.locator('button[data-tab="sessions"]').click();
    await page.locator('tr[data-session="session\u061c-1"]').waitFor({ timeout: 120_000 });
    expect(await hiddenCharactersOnPage(page)).toEqual([]);
    await page.close();
  });

  test('every view has its own address: reload, Back and a shared link open the same view', { timeout: 180_000 }, async () => {
    const { store, server } = harness;
    const { tasks } = await store.createPlan('address-plan', [step('a'), step('b', ['a']), step('c', ['a'])], { sessionId: 'session-address', now });
    const b = tasks.find((task) => task.ref === 'b')?.id ?? '';
    const page = await harness.open('/');
    const path = (): string => decodeURIComponent(new URL(page.url()).pathname);
    await page.locator('tr[data-plan="address-plan"]').click({ timeout: 120_000 });
    await page.locator('g.node[data-ref="b"]').waitFor({ timeout: 120_000 });
    expect(path()).toBe('/plans/address-plan');
    // The token left the address bar once read: a copied address never carries it.
    expect(page.url()).not.toContain('token');
    await page.locator('g.node[data-ref="b"]').click();
    await page.locator('.panel h3', { hasText: 'Step b' }).waitFor({ timeout: 120_000 });
    expect(path()).toBe(`/plans/address-plan/tasks/${b}`);
    await page.reload();
    await page.locator('.panel h3', { hasText: 'Step b' }).waitFor({ timeout: 120_000 });
    expect(await page.locator('g.node[data-ref="b"]').getAttribute('aria-pressed')).toBe('true');
    await page.goBack();
    await expect.poll(path, { timeout: 120_000 }).toBe('/plans/address-plan');
    await page.locator('.panel .note', { hasText: 'Select a task' }).waitFor({ timeout: 120_000 });
    await page.goBack();
    await page.locator('tr[data-plan="address-plan"]').waitFor({ timeout: 120_000 });
    expect(path()).toBe('/');
    await page.goForward();
    await page.locator('g.node[data-ref="a"]').waitFor({ timeout: 120_000 });
    await page.locator('button[data-tab="events"]').click();
    await page.locator('h2', { hasText: 'Middleware events' }).waitFor({ timeout: 120_000 });
    expect(path()).toBe('/events');
    await page.reload();
    await page.locator('h2', { hasText: 'Middleware events' }).waitFor({ timeout: 120_000 });
    await page.locator('button[data-tab="sessions"]').click();
    await page.locator('tr[data-session="session-address"]').click({ timeout: 120_000 });
    await page.locator('h2', { hasText: 'Plans matching' }).waitFor({ timeout: 120_000 });
    expect(new URL(page.url()).search).toBe('?search=session-address');
    await page.reload();
    await page.locator('h2', { hasText: 'Plans matching “session-address”' }).waitFor({ timeout: 120_000 });
    expect(await page.locator('input[type="search"]').inputValue()).toBe('session-address');
    await page.close();

    // A shared link (with the token, as the printed address carries it) opens the same task in a new browser.
    const shared = await harness.open(`/plans/address-plan/tasks/${b}`);
    await shared.locator('.panel h3', { hasText: 'Step b' }).waitFor({ timeout: 120_000 });
    await shared.close();
    // Without the token, the page says what to do; the API still refuses.
    const bare = await (await harness.context()).newPage();
    await bare.goto(`${server.origin}/plans/address-plan`);
    await bare.locator('.error', { hasText: 'needs the access token' }).waitFor({ timeout: 120_000 });
    expect(await bare.evaluate(async () => (await fetch('/api/plans/address-plan')).status)).toBe(401);
    await bare.close();
  });

  /** The smallest text of the graph as drawn on screen, in CSS pixels (font size times the drawing's scale). */
  const smallestGraphText = (page: Page): Promise<number> =>
    page.evaluate(() => Math.min(...[...document.querySelectorAll<SVGTextElement>('.graph svg text')].map((text) => Number.parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 0))));

  test('graph text is never below 12 px at any plan size; titles wrap; states differ by shape; filters and jumps', { timeout: 300_000 }, async () => {
    const { store } = harness;
    const long = (index: number): string => `Step ${index}: reconcile the quarterly ledger entries for region ${index} against the bank statements`;
    const chain = (size: number, prefix: string) => Array.from({ length: size }, (_, index) => step(`${prefix}${index}`, index === 0 ? [] : [`${prefix}${Math.floor((index - 1) / 2)}`], long(index), 'sizes'));
    for (const size of [6, 12, 21, 300]) await store.createPlan(`size-${size}`, chain(size, 's'), { now });
    const page = await harness.open('/plans/size-12');
    for (const size of [6, 12, 21, 300]) {
      await page.goto(`${harness.server.origin}/plans/size-${size}`);
      await page.locator(`g.node[data-ref="s${size - 1}"]`).waitFor({ timeout: 180_000 });
      expect([size, await smallestGraphText(page)]).toEqual([size, expect.any(Number)]);
      expect(await smallestGraphText(page)).toBeGreaterThanOrEqual(12);
    }
    // Titles wrap: every node shows its whole title, over several lines.
    await page.goto(`${harness.server.origin}/plans/size-12`);
    await page.locator('g.node[data-ref="s11"]').waitFor({ timeout: 180_000 });
    const shown = await page.evaluate(() => [...document.querySelectorAll('g.node')].map((node) => [node.getAttribute('data-ref'), [...node.querySelectorAll('text.title tspan')].map((line) => line.textContent ?? '')] as const));
    for (const [ref, lines] of shown) {
      expect(lines.join('')).toBe(`${long(Number(ref?.slice(1)))} `);
      expect(lines.length).toBeGreaterThan(1);
    }
    // Zoom only enlarges.
    const width = Number(await page.locator('.graph svg').getAttribute('width'));
    await page.locator('button[data-zoom="-1"]').click();
    expect(Number(await page.locator('.graph svg').getAttribute('width'))).toBe(width);
    await page.locator('button[data-zoom="1"]').click();
    expect(Number(await page.locator('.graph svg').getAttribute('width'))).toBeGreaterThan(width);
    expect(await smallestGraphText(page)).toBeGreaterThanOrEqual(12);

    // Each state its own shape: a plan with every state.
    await store.createPlan('every-state', [step('d', [], 'Done one', 'states'), step('f', [], 'Failed one', 'states'), step('k', ['f'], 'Skipped one', 'states'), step('r', [], 'Running one', 'states'), step('c', [], 'Cancelled one', 'states'), step('q', [], 'Queued one', 'states-idle'), step('b', ['q'], 'Backlog one', 'states-idle')], { now: now + 1 });
    const claim = async () => (await store.claim({ now: now + 1, leaseMilliseconds: 60_000, agents: ['states'] })) as NonNullable<Awaited<ReturnType<typeof store.claim>>>;
    const d = await claim();
    await store.complete(d.id, d.leaseToken, { summary: 'ok' }, { now: now + 1 });
    const f = await claim();
    await store.fail(f.id, f.leaseToken, 'broke', { now: now + 1, retry: { maxAttempts: 1, backoff: () => 0 } });
    await claim();
    const c = (await store.listPlan('every-state')).find((task) => task.ref === 'c');
    await store.cancel(c?.id ?? '', { now: now + 1, reason: 'test' });
    await page.goto(`${harness.server.origin}/plans/every-state`);
    await page.locator('g.node[data-ref="b"]').waitFor({ timeout: 180_000 });
    const icons = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('g.node')].map((node) => [node.getAttribute('data-state'), node.querySelector('path.icon')?.getAttribute('d')])));
    expect(Object.keys(icons).sort()).toEqual(['backlog', 'cancelled', 'done', 'failed', 'queued', 'running', 'skipped']);
    expect(new Set(Object.values(icons)).size).toBe(7);
    // Filters hide a state; "Next failed" opens the failed task, in view.
    await page.locator('button[data-filter="done"]').click();
    expect(await page.locator('g.node[data-ref="d"]').isVisible()).toBe(false);
    expect(await page.locator('button[data-filter="done"]').getAttribute('aria-pressed')).toBe('false');
    await page.locator('button[data-filter="done"]').click();
    expect(await page.locator('g.node[data-ref="d"]').isVisible()).toBe(true);
    await page.locator('button[data-jump="failed"]').click();
    await page.locator('.panel h3', { hasText: 'Failed one' }).waitFor({ timeout: 120_000 });
    await page.locator('button[data-jump="running"]').click();
    await page.locator('.panel h3', { hasText: 'Running one' }).waitFor({ timeout: 120_000 });
    await page.close();
  });

  test('a 2,000-task plan: the chosen row is scrolled into view and the task panel opens where the person is', { timeout: 300_000 }, async () => {
    const { store } = harness;
    const { tasks } = await store.createPlan('big-plan', Array.from({ length: 2000 }, (_, index) => step(`t${index}`, index === 0 ? [] : ['t0'], `Big step ${index}`, 'big')), { now: now + 2 });
    const target = tasks[1500]?.id ?? '';
    const inView = (page: Page, selector: string) =>
      page.evaluate((chosen) => {
        const box = document.querySelector(chosen)?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.bottom <= innerHeight + 1 && box.height > 0;
      }, selector);
    // A shared address of task 1,500: its row is in view, and so is the panel.
    const page = await harness.open(`/plans/big-plan/tasks/${target}`);
    await page.locator('.panel h3', { hasText: 'Big step 1500' }).waitFor({ timeout: 180_000 });
    await expect.poll(() => inView(page, 'tr[data-ref="t1500"]'), { timeout: 120_000 }).toBe(true);
    expect(await inView(page, '.panel h3')).toBe(true);
    // Scrolled far down the table, a click opens the panel where the person is (not 44,000 px above).
    await page.locator('tr[data-ref="t1900"]').scrollIntoViewIfNeeded();
    await page.locator('tr[data-ref="t1900"]').click();
    await page.locator('.panel h3', { hasText: 'Big step 1900' }).waitFor({ timeout: 120_000 });
    expect(await inView(page, '.panel h3')).toBe(true);
    expect(await inView(page, 'tr[data-ref="t1900"]')).toBe(true);
    // Filters and jumps work on the table too.
    await page.locator('button[data-filter="backlog"]').click();
    expect(await page.locator('tr[data-ref="t5"]').isVisible()).toBe(false);
    await page.close();
  });

  test('a phone (390×844, touch): the layout stacks, nothing overflows, and every action works by tap', { timeout: 300_000 }, async () => {
    const { store } = harness;
    const { tasks } = await store.createPlan('phone-plan', [step('a', [], 'Gather the receipts for the quarter', 'phone'), step('b', ['a'], 'Reconcile them against the bank statements', 'phone'), step('c', ['b'], 'File the quarterly return', 'phone')], { sessionId: 'session-phone', now: now + 3 });
    const a = tasks[0]?.id ?? '';
    const page = await harness.open('/', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const overflow = (): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    await page.locator('tr[data-plan="phone-plan"]').waitFor({ timeout: 120_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.locator('tr[data-plan="phone-plan"]').tap();
    await page.locator('g.node[data-ref="a"]').waitFor({ timeout: 120_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Stacked: the panel is below the graph, not beside it.
    const graphBox = await page.locator('.graph').boundingBox();
    const panelBox = await page.locator('.panel').boundingBox();
    expect((panelBox?.y ?? 0) >= (graphBox?.y ?? 0) + (graphBox?.height ?? 0)).toBe(true);
    expect(graphBox?.width ?? 0).toBeGreaterThan(300);
    await page.locator('g.node[data-ref="a"]').tap();
    await page.locator('.panel h3', { hasText: 'Gather the receipts' }).waitFor({ timeout: 120_000 });
    await expect.poll(() => page.locator('.panel h3').evaluate((heading) => heading.getBoundingClientRect().top >= 0 && heading.getBoundingClientRect().bottom <= innerHeight), { timeout: 120_000 }).toBe(true);
    // Cancel by tap, behind the confirmation.
    await page.locator('button[data-action="cancel-task"]').tap();
    await page.locator('dialog button[data-action="confirm"]').tap();
    await expect.poll(async () => (await store.get(a))?.state, { timeout: 120_000 }).toBe('cancelled');
    await page.locator('.panel [data-field="state"]', { hasText: 'cancelled' }).waitFor({ timeout: 120_000 });
    // The outcome stays after the live update that redrew the panel.
    expect(await page.locator('.panel [data-field="note"]').textContent()).toBe('Cancelled.');
    // Back to the plan.
    await page.locator('button[data-action="close-panel"]').tap();
    await page.locator('.panel .note', { hasText: 'Select a task' }).waitFor({ timeout: 120_000 });
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/plans/phone-plan');
    await expect.poll(() => page.locator('.graph').evaluate((box) => box.getBoundingClientRect().top < innerHeight && box.getBoundingClientRect().bottom > 0), { timeout: 120_000 }).toBe(true);
    await page.locator('button[data-tab="events"]').tap();
    await page.locator('h2', { hasText: 'Middleware events' }).waitFor({ timeout: 120_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.locator('button[data-tab="sessions"]').tap();
    await page.locator('tr[data-session="session-phone"]').waitFor({ timeout: 120_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.close();
  });

  test('keyboard: plan and session rows and graph nodes are reached with Tab and opened with Enter or Space; nodes are named', { timeout: 300_000 }, async () => {
    const { store } = harness;
    await store.createPlan('keyboard-plan', [step('a', [], 'Collect the logs', 'keys'), step('b', ['a'], 'Find the slow query', 'keys')], { sessionId: 'session-keyboard', now: now + 10 });
    const page = await harness.open('/');
    await page.locator('tr[data-plan="keyboard-plan"]').waitFor({ timeout: 120_000 });
    /** Presses Tab until `selector` has the focus (at most 60 times). */
    const tabTo = async (selector: string): Promise<void> => {
      for (let presses = 0; presses < 60; presses += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    await tabTo('tr[data-plan="keyboard-plan"]');
    await page.keyboard.press('Enter');
    await page.locator('g.node[data-ref="b"]').waitFor({ timeout: 120_000 });
    expect(await page.locator('g.node[data-ref="a"]').getAttribute('aria-label')).toBe('Collect the logs, queued · keys (step a)');
    expect(await page.locator('g.node[data-ref="b"]').getAttribute('aria-label')).toBe('Find the slow query, backlog · keys (step b)');
    expect(await page.locator('g.node[data-ref="b"]').getAttribute('role')).toBe('button');
    await tabTo('g.node[data-ref="b"]');
    await page.keyboard.press(' ');
    await page.locator('.panel h3', { hasText: 'Find the slow query' }).waitFor({ timeout: 120_000 });
    await tabTo('g.node[data-ref="a"]');
    await page.keyboard.press('Enter');
    await page.locator('.panel h3', { hasText: 'Collect the logs' }).waitFor({ timeout: 120_000 });
    await tabTo('button[data-tab="sessions"]');
    await page.keyboard.press('Enter');
    await page.locator('tr[data-session="session-keyboard"]').waitFor({ timeout: 120_000 });
    await tabTo('tr[data-session="session-keyboard"]');
    await page.keyboard.press(' ');
    await page.locator('h2', { hasText: 'Plans matching “session-keyboard”' }).waitFor({ timeout: 120_000 });
    await page.close();
  });

  test('axe-core: no serious or critical violation on the plan list, a plan graph, a task panel and the events feed, light and dark', { timeout: 300_000 }, async () => {
    const { store, server } = harness;
    const { tasks } = await store.createPlan('axe-plan', [step('a', [], 'Collect the logs', 'axe'), step('b', ['a'], 'Find the slow query', 'axe'), step('c', ['a'], 'Write the postmortem', 'axe-idle')], { sessionId: 'session-axe', now: now + 20 });
    const claimed = await store.claim({ now: now + 20, leaseMilliseconds: 60_000, agents: ['axe'] });
    await store.fail(claimed?.id ?? '', claimed?.leaseToken ?? '', 'the log store was unreachable', { now: now + 20, retry: { maxAttempts: 1, backoff: () => 0 } });
    await fetch(`${server.origin}/api/events`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ events: [{ stream: 'reply-1', name: 'redaction', time: now, detail: { type: 'GITHUB_TOKEN', start: 1, end: 41 } }] }) });
    const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    const views: Array<[name: string, path: string, ready: string]> = [
      ['plan list', '/', 'tr[data-plan="axe-plan"]'],
      ['plan graph', '/plans/axe-plan', 'g.node[data-ref="c"]'],
      ['task panel', `/plans/axe-plan/tasks/${tasks[0]?.id ?? ''}`, '.panel h3'],
      ['events feed', '/events', 'tr[data-event]'],
    ];
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script of its own: the page's policy allows only its own scripts, so this context bypasses it.
      const context = await harness.context({ colorScheme, bypassCSP: true });
      for (const [name, path, ready] of views) {
        const page = await context.newPage();
        await page.goto(`${server.origin}${path}#token=${server.token}`);
        await page.locator(ready).first().waitFor({ timeout: 120_000 });
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
        await page.addScriptTag({ path: axeSource });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe;
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)) }));
        });
        for (const violation of violations) if (violation.impact === 'serious' || violation.impact === 'critical') found.push(`${colorScheme} ${name}: ${violation.id} (${violation.impact}) ${violation.targets.join(' ')}`);
        await page.close();
      }
    }
    expect(found).toEqual([]);
  });

  test('dark mode follows the system, and the toggle (remembered across reloads) overrides it', { timeout: 180_000 }, async () => {
    const page = await harness.open('/', { colorScheme: 'dark' });
    const background = (): Promise<string> => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const toggle = page.locator('button[data-action="theme"]');
    await toggle.waitFor({ timeout: 120_000 });
    expect(await background()).toBe('rgb(11, 18, 32)');
    await toggle.click();
    expect(await toggle.textContent()).toBe('Theme: light');
    expect(await background()).toBe('rgb(249, 250, 251)');
    await page.reload();
    await toggle.waitFor({ timeout: 120_000 });
    expect(await background()).toBe('rgb(249, 250, 251)');
    await toggle.click();
    expect(await toggle.textContent()).toBe('Theme: dark');
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    await toggle.click();
    expect(await toggle.textContent()).toBe('Theme: system');
    expect(await background()).toBe('rgb(11, 18, 32)');
    await page.close();
  });

  test('a wrong token says so (not "reconnecting…" forever); no request is a 404 (favicon included); dates are year first', { timeout: 180_000 }, async () => {
    const { store, server } = harness;
    await store.createPlan('dated-plan', [step('a', [], 'A dated step', 'dates')], { now: Date.UTC(2026, 11, 1, 14, 3, 7) });
    const context = await harness.context();
    const failed: string[] = [];
    context.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    const page = await context.newPage();
    await page.goto(`${server.origin}/plans/dated-plan#token=${server.token}`);
    await page.locator('g.node[data-ref="a"]').click({ timeout: 120_000 });
    await page.locator('.panel h3').waitFor({ timeout: 120_000 });
    expect(await page.locator('.panel dd').nth(7).textContent()).toBe('2026-12-01 14:03:07');
    await page.goto(`${server.origin}/#token=${server.token}`);
    await page.locator('tr[data-plan="dated-plan"] td').first().waitFor({ timeout: 120_000 });
    expect(await page.locator('tr[data-plan="dated-plan"] td').first().textContent()).toBe('2026-12-01 14:03:07');
    const icon = await fetch(`${server.origin}/favicon.svg`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(failed).toEqual([]);

    // A tab holding a token the server no longer takes (the inspector was restarted): a new page.
    const wrong = await (await harness.context()).newPage();
    await wrong.goto(`${server.origin}/#token=${'x'.repeat(43)}`);
    await wrong.locator('[data-error="token"]').waitFor({ timeout: 120_000 });
    expect(await wrong.locator('[data-error="token"]').textContent()).toContain('refused this page’s access token');
    expect(await wrong.locator('.status').textContent()).toBe('access refused');
    await page.close();
    await wrong.close();
  });
});
