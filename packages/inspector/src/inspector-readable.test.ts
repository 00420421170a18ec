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
});
