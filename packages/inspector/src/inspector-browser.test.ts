// End-to-end: Debian's Chromium (through playwright-core) against the real server on a real
// SQLite store file. Every step waits for what the page shows, never for a time.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeControlCharacters } from '@parley/core';
import { createSqliteTaskStore, type ResolvedStep, type TaskStore } from '@parley/dispatch';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildUi } from '../scripts/build-ui.ts';
import { type InspectorServer, startInspectorServer } from './inspector-server';

const executablePath = process.env['PARLEY_CHROMIUM'] ?? '/usr/bin/chromium';

const step = (ref: string, dependsOn: string[] = [], title = `Step ${ref}`, agent = 'writer'): ResolvedStep => ({ ref, title, agent, request: `Write ${ref}.`, dependsOn, expectedOutputs: [`${ref}.md`] });
const retry = { maxAttempts: 2, backoff: () => 0 };

describe.skipIf(!existsSync(executablePath))('the inspector in Chromium', () => {
  let scratch: string;
  let store: TaskStore;
  let server: InspectorServer;
  let context: BrowserContext;
  const requests: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'parley-inspector-browser-'));
    // The page is built into the test's own folder: a build running beside the tests (turbo runs
    // build and test at once) never sees its dist/ui emptied.
    await buildUi(join(scratch, 'ui'));
    store = createSqliteTaskStore({ path: join(scratch, 'tasks.db') });
    server = await startInspectorServer({ store, pollIntervalMilliseconds: 50, now: () => 1_780_000_000_000, assetsDirectory: join(scratch, 'ui') });
    // A fresh profile per run (launchPersistentContext owns the user-data dir).
    context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 720 },
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    context.on('request', (request) => requests.push(request.url()));
    context.on('page', (page) => page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message()))));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    await store?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Opens the printed URL and then plan `planId` from the list. */
  const openPlan = async (planId: string): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator(`tr[data-plan="${planId}"]`).click();
    await page.locator('g.node').first().waitFor();
    return page;
  };
  const stateOf = (page: Page, ref: string): Promise<string | null> => page.locator(`g.node[data-ref="${ref}"]`).getAttribute('data-state');
  const shows = async (page: Page, states: Record<string, string>): Promise<void> => {
    for (const [ref, state] of Object.entries(states)) await expect.poll(() => stateOf(page, ref), { timeout: 120_000 }).toBe(state);
  };

  test('a plan worked through while the page is open shows each transition live', { timeout: 120_000 }, async () => {
    const now = 1_780_000_000_000;
    await store.createPlan('live-plan', [step('a', [], 'Step a', 'live'), step('b', ['a'], 'Step b', 'live'), step('c', ['b'], 'Step c', 'live'), step('d', ['a'], 'Step d', 'live')], { sessionId: 'session-live', now });
    const page = await openPlan('live-plan');
    await shows(page, { a: 'queued', b: 'backlog', c: 'backlog', d: 'backlog' });
    const claim = async (ref: string) => {
      const claimed = await store.claim({ now, leaseMilliseconds: 60_000, agents: ['live'] });
      expect(claimed?.ref).toBe(ref);
      return claimed as NonNullable<typeof claimed>;
    };
    const a = await claim('a');
    await shows(page, { a: 'running' });
    await store.complete(a.id, a.leaseToken, { paths: ['a.md'], summary: 'wrote a' }, { now });
    await shows(page, { a: 'done', b: 'queued', d: 'queued' });
    const b = await claim('b');
    await shows(page, { b: 'running' });
    await store.fail(b.id, b.leaseToken, 'model timed out', { now, retry });
    await shows(page, { b: 'queued' });
    await expect.poll(() => page.locator('g.node[data-ref="b"] text.meta').textContent()).toBe('queued · live');
    const again = await claim('b');
    await shows(page, { b: 'running' });
    await expect.poll(() => page.locator('g.node[data-ref="b"] text.meta').textContent()).toBe('running · live · try 2');
    await store.fail(again.id, again.leaseToken, 'model timed out again', { now, retry });
    await shows(page, { b: 'failed', c: 'skipped', d: 'queued' });

    // The task panel: recorded inputs, attempts and the last error, as text.
    await page.locator('g.node[data-ref="b"]').click();
    await page.locator('.panel h3', { hasText: 'Step b' }).waitFor();
    expect(await page.locator('.panel').textContent()).toContain('model timed out again');
    expect(await page.locator('.panel').textContent()).toContain('"wrote a"');
    await page.close();
  });

  test('a plan too large for a graph is a table, updated live the same way', { timeout: 120_000 }, async () => {
    const steps = Array.from({ length: 301 }, (_, index) => step(`t${index}`, index === 0 ? [] : ['t0'], `Step ${index}`, 'wide'));
    await store.createPlan('wide-plan', steps, { now: 1_780_000_000_050 });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('tr[data-plan="wide-plan"]').click();
    await page.locator('table.plan-table tr[data-ref="t300"]').waitFor();
    expect(await page.locator('g.node').count()).toBe(0);
    // Rows redrawn by the live update: only the one whose task changed (a plan of thousands of
    // steps redrew every row on every update).
    await page.evaluate(() => {
      const state = window as unknown as { redrawn: Set<string> };
      state.redrawn = new Set();
      for (const row of document.querySelectorAll('table.plan-table tbody tr')) new MutationObserver(() => state.redrawn.add(row.getAttribute('data-ref') ?? '')).observe(row, { childList: true });
    });
    const claimed = await store.claim({ now: 1_780_000_000_050, leaseMilliseconds: 60_000, agents: ['wide'] });
    expect(claimed?.ref).toBe('t0');
    await expect.poll(() => page.locator('table.plan-table tr[data-ref="t0"]').getAttribute('data-state'), { timeout: 120_000 }).toBe('running');
    expect(await page.evaluate(() => [...(window as unknown as { redrawn: Set<string> }).redrawn])).toEqual(['t0']);
    await page.locator('table.plan-table tr[data-ref="t5"]').click();
    await page.locator('.panel h3', { hasText: 'Step 5' }).waitFor();
    await page.close();
  });

  test('cancel from the page, behind a confirmation, cancels in the store', { timeout: 120_000 }, async () => {
    const { tasks } = await store.createPlan('cancel-plan', [step('x'), step('y', ['x'])], { now: 1_780_000_000_100 });
    const page = await openPlan('cancel-plan');
    await page.locator('g.node[data-ref="x"]').click();
    await page.locator('button[data-action="cancel-task"]').click();
    // Dismissing the confirmation changes nothing.
    await page.locator('dialog button[data-action="dismiss"]').click();
    expect((await store.get(tasks[0]?.id ?? ''))?.state).toBe('queued');
    await page.locator('button[data-action="cancel-task"]').click();
    await page.locator('dialog button[data-action="confirm"]').click();
    await expect.poll(async () => (await store.get(tasks[0]?.id ?? ''))?.state, { timeout: 120_000 }).toBe('cancelled');
    expect((await store.get(tasks[1]?.id ?? ''))?.state).toBe('skipped');
    await shows(page, { x: 'cancelled', y: 'skipped' });
    await page.close();
  });

  test('model-written markup shows as text: no dialog, no element', { timeout: 120_000 }, async () => {
    const title = '<img src=x onerror=alert(1)>';
    await store.createPlan('<b>plan</b>', [{ ...step('x'), title, request: '<script>alert(2)</script>"><svg onload=alert(3)>' }], { sessionId: '<i>s</i>', now: 1_780_000_000_200 });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('tr[data-plan="<b>plan</b>"]').waitFor();
    expect(await page.locator('tr[data-plan="<b>plan</b>"]').textContent()).toContain(title);
    await page.locator('tr[data-plan="<b>plan</b>"]').click();
    await page.locator('g.node').first().click();
    await page.locator('.panel h3').waitFor();
    expect(await page.locator('.panel h3').textContent()).toBe(title);
    expect(await page.locator('.panel').textContent()).toContain('<script>alert(2)</script>');
    expect(await page.locator('img, script:not([src]), svg svg, b, i').count()).toBe(0);
    expect(await page.locator('main script, main img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  test('hostile text in every field the page renders (plan id, session, ref, title, request, expected and recorded outputs, inputs, error, search echo) stays text', { timeout: 120_000 }, async () => {
    const payloads = [
      '<img src=x onerror="window.pwned=1">',
      '"><svg onload="window.pwned=2"><script>window.pwned=3</script>',
      'javascript:window.pwned=4',
      '</title></style><style>*{background:url(http://evil.example/css)}</style>',
      '<a href="javascript:window.pwned=5">x</a><iframe src="http://evil.example/"></iframe>',
      "{{constructor.constructor('window.pwned=6')()}}",
      '<foreignObject><body onload="window.pwned=7"/></foreignObject>',
      '\u202e<link rel=import href=http://evil.example/>',
    ];
    const at = 1_780_000_000_260;
    const [one = '', two = '', three = '', four = '', five = '', six = '', seven = '', eight = ''] = payloads;
    const planId = `xss ${one}`;
    await store.createPlan(
      planId,
      [
        { ref: two, title: three, agent: 'xss-writer', request: four, dependsOn: [], expectedOutputs: [five] },
        { ref: 'b', title: six, agent: 'xss-writer', request: seven, dependsOn: [two], expectedOutputs: [] },
        { ref: 'c', title: eight, agent: 'xss-failer', request: one, dependsOn: [], expectedOutputs: [] },
      ],
      { sessionId: `session ${two}`, now: at },
    );
    const first = await store.claim({ now: at, leaseMilliseconds: 60_000, agents: ['xss-writer'] });
    await store.complete(first?.id ?? '', first?.leaseToken ?? '', { paths: [six], summary: payloads.join(' ') }, { now: at });
    const failing = await store.claim({ now: at, leaseMilliseconds: 60_000, agents: ['xss-failer'] });
    await store.fail(failing?.id ?? '', failing?.leaseToken ?? '', payloads.join('\n'), { now: at, retry: { maxAttempts: 1, backoff: () => 0 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('input[type="search"]').fill(`session ${two}`);
    await page.locator('h2', { hasText: 'Plans matching' }).waitFor();
    expect(await page.locator('main h2').textContent()).toContain(two);
    await page.evaluate((id) => [...document.querySelectorAll<HTMLElement>('tr[data-plan]')].find((row) => row.dataset['plan'] === id)?.click(), planId);
    await page.locator('g.node').first().waitFor();
    expect(await page.locator('.plan-head h2').textContent()).toBe(planId);
    // One panel shows at a time: open each task's, wait until it is that task's (the previous
    // panel satisfies a bare wait), and check the text of all of them together.
    let shown = (await page.locator('body').textContent()) ?? '';
    for (const [ref, title] of [[two, three], ['b', six], ['c', eight]] as const) {
      await page.evaluate((wanted) => [...document.querySelectorAll<SVGGElement>('g.node')].find((node) => node.dataset['ref'] === wanted)?.dispatchEvent(new MouseEvent('click', { bubbles: true })), ref);
      await expect.poll(() => page.locator('.panel h3').textContent(), { timeout: 120_000 }).toBe(escapeControlCharacters(title));
      shown += (await page.locator('body').textContent()) ?? '';
    }
    // Shown as written, but for the direction override, which is shown as its escape.
    for (const payload of [one, two, three, four, five, six, seven, eight]) expect(shown).toContain(escapeControlCharacters(payload));
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('img, iframe, object, embed, style, a:not(.skip), foreignObject, svg svg, script:not([src]), link:not([rel="stylesheet"]):not([rel="modulepreload"]):not([rel="icon"][href="/favicon.svg"])').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(requests.filter((url) => url.includes('evil.example'))).toEqual([]);
    await page.close();
  });

  test('the event feed shows posted events, filterable by stream and type', { timeout: 120_000 }, async () => {
    const post = (events: unknown[]) => fetch(`${server.origin}/api/events`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
    // One event from before the page opened (read from the server's ring), two live ones.
    await post([{ stream: 'reply-0', name: 'blocked', time: 0, detail: { from: 'manager', to: 'coder' } }]);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('button[data-tab="events"]').click();
    await expect.poll(() => page.locator('tr[data-event]').count(), { timeout: 120_000 }).toBe(1);
    await post([
      { stream: 'reply-1', name: 'redaction', time: 1, detail: { type: 'GITHUB_TOKEN', start: 1, end: 41 } },
      { stream: 'reply-2', name: 'violation', time: 2, detail: { rule: 'call', code: 'UNKNOWN_ROLE' } },
    ]);
    await expect.poll(() => page.locator('tr[data-event]').count(), { timeout: 120_000 }).toBe(3);
    await page.locator('select[aria-label="Stream"]').selectOption('reply-2');
    expect(await page.locator('tr[data-event]').count()).toBe(1);
    expect(await page.locator('tr[data-event]').textContent()).toContain('UNKNOWN_ROLE');
    await page.close();
  });

  test('steps named __proto__, constructor and toString are drawn, and an event time no Date holds leaves the feed working', { timeout: 120_000 }, async () => {
    await store.createPlan('prototype-refs', [step('__proto__'), step('constructor', ['__proto__']), step('toString', ['constructor'])], { now: 1_780_000_000_250 });
    const page = await openPlan('prototype-refs');
    await shows(page, { __proto__: 'queued', constructor: 'backlog', toString: 'backlog' });
    const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(' ');
    const fresh = await context.newPage();
    await fresh.goto(server.url);
    expect(await page.evaluate(prototypeNames)).toBe(await fresh.evaluate(prototypeNames));
    await fresh.close();
    await page.close();
    const feed = await context.newPage();
    await feed.goto(server.url);
    await feed.locator('button[data-tab="events"]').click();
    const post = (events: unknown[]) => fetch(`${server.origin}/api/events`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
    await post([{ stream: 'far-future', name: 'redaction', time: 1e20, detail: { type: 'GITHUB_TOKEN' } }]);
    await feed.locator('tr[data-event] td', { hasText: 'far-future' }).waitFor();
    await post([{ stream: 'after-it', name: 'redaction', time: 1, detail: { type: 'GITHUB_TOKEN' } }]);
    await feed.locator('tr[data-event] td', { hasText: 'after-it' }).waitFor();
    await feed.close();
  });

  test('a flood of events is drawn once per frame, not once per event, and the newest is shown', { timeout: 120_000 }, async () => {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('button[data-tab="events"]').click();
    await page.locator('section h2', { hasText: 'Middleware events' }).waitFor();
    // Each drawing replaces the table's rows: one mutation record on its body.
    await page.evaluate(() => {
      const body = document.querySelector('section table tbody');
      const state = window as unknown as { drawings: number };
      state.drawings = 0;
      if (body !== null) new MutationObserver((records) => (state.drawings += records.length)).observe(body, { childList: true });
    });
    const drawings = (): Promise<number> => page.evaluate(() => (window as unknown as { drawings: number }).drawings);
    const post = (events: unknown[]) => fetch(`${server.origin}/api/events`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
    for (let batch = 0; batch < 5; batch += 1) {
      expect((await post(Array.from({ length: 1000 }, (_, index) => ({ stream: `flood-${batch}`, name: 'redaction', time: index, detail: { type: 'GITHUB_TOKEN', start: index, end: index + 40 } })))).status).toBe(200);
    }
    await post([{ stream: 'flood-last', name: 'redaction', time: 1, detail: { type: 'GITHUB_TOKEN' } }]);
    await page.locator('tr[data-event] td', { hasText: 'flood-last' }).waitFor({ timeout: 180_000 });
    // 5,001 live events; drawn one by one that was 5,001 drawings of up to 200 rows each.
    expect(await drawings()).toBeLessThan(500);
    expect(await page.locator('tr[data-event]').count()).toBe(200);
    await page.close();
  });

  test('the API refuses a missing token and a cross-origin POST from a browser', { timeout: 120_000 }, async () => {
    const { tasks } = await store.createPlan('guarded-plan', [step('x')], { now: 1_780_000_000_300 });
    const id = tasks[0]?.id ?? '';
    const page = await context.newPage();
    await page.goto(server.url);
    expect(await page.evaluate(async () => (await fetch('/api/plans')).status)).toBe(401);
    // Another origin: a page on another port of this machine.
    const other: Server = createServer((_request, response) => response.end('<!doctype html><title>other</title>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const attacker = await context.newPage();
      await attacker.goto(otherOrigin);
      const outcomes = await attacker.evaluate(
        async ({ target, token }) => {
          const attempt = async (init: RequestInit): Promise<string> => {
            try {
              return String((await fetch(target, init)).status);
            } catch {
              return 'blocked';
            }
          };
          return [
            // With the token and JSON: the preflight fails, nothing is sent.
            await attempt({ method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' }),
            // A simple request (no preflight): refused by the server.
            await attempt({ method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' }),
          ];
        },
        { target: `${server.origin}/api/tasks/${id}/cancel`, token: server.token },
      );
      expect(outcomes[0]).toBe('blocked');
      expect((await store.get(id))?.state).toBe('queued');
      await attacker.close();
    } finally {
      other.close();
    }
    await page.close();
  });

  test('a screenshot of the plan view is taken, and no request left this machine', { timeout: 120_000 }, async () => {
    const now = 1_780_000_000_400;
    await store.createPlan(
      'release-2.4',
      [
        step('spec', [], 'Write the release spec', 'editor'),
        step('api', ['spec'], 'Update the API reference', 'editor'),
        step('cli', ['spec'], 'Add the CLI flags', 'editor'),
        step('tests', ['api', 'cli'], 'Extend the test suite', 'editor'),
        step('notes', ['tests'], 'Draft the release notes', 'editor'),
        step('post', ['notes'], 'Publish the blog post', 'editor'),
      ],
      { sessionId: 'chat-release', now },
    );
    const work = async (ref: string, outcome: 'done' | 'running') => {
      const claimed = await store.claim({ now, leaseMilliseconds: 60_000, agents: ['editor'] });
      expect(claimed?.ref).toBe(ref);
      if (outcome === 'done' && claimed !== undefined) await store.complete(claimed.id, claimed.leaseToken, { summary: `${ref} done` }, { now });
    };
    await work('spec', 'done');
    await work('api', 'done');
    await work('cli', 'running');
    const page = await openPlan('release-2.4');
    await shows(page, { spec: 'done', api: 'done', cli: 'running', tests: 'backlog' });
    await page.locator('g.node[data-ref="api"]').click();
    await page.locator('.panel h3', { hasText: 'Update the API reference' }).waitFor();
    // The README's pictures come from scripts/screenshots.ts; this one only checks a screenshot can be taken.
    const screenshot = join(scratch, 'plan-view.png');
    mkdirSync(join(screenshot, '..'), { recursive: true });
    await page.screenshot({ path: screenshot });
    expect(existsSync(screenshot)).toBe(true);
    await page.close();
    const foreign = requests.filter((url) => !url.startsWith(`${server.origin}/`) && !url.startsWith('http://127.0.0.1:'));
    expect(foreign).toEqual([]);
    expect(requests.length).toBeGreaterThan(10);
  });
});
