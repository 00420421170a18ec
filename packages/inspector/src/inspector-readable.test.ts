// The inspector for people (issue 28), in Chromium: text that cannot be spoofed, addresses,
// readable graphs, narrow screens, keyboard and screen readers. Every step waits for what the
// page shows (generous condition waits), never for a time.
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
});
