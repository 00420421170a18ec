import { createSqliteTaskStore, type Task, type TaskStore } from '@parley/dispatch';
import * as fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { type InspectorServer, startInspectorServer } from './inspector-server';

const step = (ref: string, dependsOn: string[] = [], title = ref) => ({ ref, title, agent: 'writer', request: `write ${ref}`, dependsOn, expectedOutputs: [`${ref}.md`] });

let server: InspectorServer | undefined;
let store: TaskStore | undefined;
afterEach(async () => {
  await server?.close();
  await store?.close();
  server = undefined;
  store = undefined;
});

const start = async (options: { pollIntervalMilliseconds?: number; eventCapacity?: number } = {}): Promise<{ server: InspectorServer; store: TaskStore; get: (path: string, headers?: Record<string, string>) => Promise<Response> }> => {
  store = createSqliteTaskStore();
  server = await startInspectorServer({ store, pollIntervalMilliseconds: options.pollIntervalMilliseconds ?? 20, ...(options.eventCapacity === undefined ? {} : { eventCapacity: options.eventCapacity }) });
  const running = server;
  return { server: running, store, get: (path, headers = {}) => fetch(`${running.origin}${path}`, { headers: { authorization: `Bearer ${running.token}`, ...headers } }) };
};

const post = (running: InspectorServer, path: string, headers: Record<string, string>, body: unknown = {}): Promise<Response> =>
  fetch(`${running.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('access', () => {
  test('binds to 127.0.0.1 and prints a URL whose token is in the fragment', async () => {
    const { server: running } = await start();
    expect(running.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.url).toBe(`${running.origin}/#token=${running.token}`);
    expect(running.token.length).toBeGreaterThanOrEqual(40);
  });

  test('every API route refuses a missing or wrong token', async () => {
    const { server: running } = await start();
    for (const path of ['/api/plans', '/api/sessions', '/api/plans/p', '/api/tasks/t', '/api/events', '/api/stream', '/api/info']) {
      expect((await fetch(`${running.origin}${path}`)).status).toBe(401);
      expect((await fetch(`${running.origin}${path}`, { headers: { authorization: `Bearer ${running.token.slice(1)}x` } })).status).toBe(401);
    }
    expect((await post(running, '/api/events', {}, { events: [] })).status).toBe(401);
    expect((await post(running, '/api/plans/p/cancel', { 'x-token': running.token })).status).toBe(401);
  });

  // Invariant: no request without the exact token, on any route and method, with any look-alike
  // credential, reads data or changes the store.
  test('nothing without the exact token: any route, method or look-alike credential is 401 and changes nothing', { timeout: 180_000 }, async () => {
    const { server: running, store: tasks } = await start();
    const { tasks: created } = await tasks.createPlan('p', [step('a'), step('b', ['a'])], { sessionId: 's', now: 1 });
    const id = created[0]?.id ?? '';
    const token = running.token;
    const credentials = fc.constantFrom<Record<string, string>>(
      {},
      { authorization: `Bearer ${token.slice(1)}` },
      { authorization: `Bearer ${token}x` },
      { authorization: `bearer ${token}` },
      { authorization: `Bearer ${token.toUpperCase()}` },
      { authorization: token },
      { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      { 'x-parley-token': token },
      { cookie: `token=${token}` },
    );
    const paths = fc.constantFrom('/api/plans', '/api/sessions', '/api/plans/p', `/api/tasks/${id}`, `/api/tasks/${id}/cancel`, '/api/plans/p/cancel', '/api/events', '/api/stream?plan=p', '/api/info', `/api/tasks/${id}/retry`, '/api/nothing');
    await fc.assert(
      fc.asyncProperty(paths, fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), credentials, async (path, method, headers) => {
        const response = await fetch(`${running.origin}${path}${path.includes('?') ? '&' : '?'}token=${token}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(method === 'GET' ? {} : { body: JSON.stringify({ events: [{ name: 'x', stream: 's', detail: {} }] }) }) });
        expect(response.status).toBe(401);
        expect(await response.text()).not.toContain('"planId"');
      }),
      { numRuns: 150 },
    );
    expect((await tasks.listPlan('p')).map((task) => task.state)).toEqual(['queued', 'backlog']);
    expect(running.eventsAccepted).toBe(0);
  });

  test('actions refuse cross-origin and cross-site requests, and anything but JSON', async () => {
    const { server: running, store: tasks } = await start();
    const { tasks: created } = await tasks.createPlan('p', [step('a')], { now: 1 });
    const id = created[0]?.id ?? '';
    const authorization = `Bearer ${running.token}`;
    expect((await post(running, `/api/tasks/${id}/cancel`, { authorization, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post(running, `/api/tasks/${id}/cancel`, { authorization, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post(running, `/api/tasks/${id}/cancel`, { authorization, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await fetch(`${running.origin}/api/tasks/${id}/cancel`, { method: 'POST', headers: { authorization, 'content-type': 'text/plain' }, body: '{}' })).status).toBe(415);
    expect((await fetch(`${running.origin}/api/tasks/${id}/cancel`, { headers: { authorization } })).status).toBe(404);
    expect((await tasks.get(id))?.state).toBe('queued');
    const same = await post(running, `/api/tasks/${id}/cancel`, { authorization, origin: running.origin, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
    expect((await tasks.get(id))?.state).toBe('cancelled');
  });

  test('a foreign Host (DNS rebinding) is refused, the page included', async () => {
    const { server: running } = await start();
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(`${running.origin}/`, { headers: { host: `rebind.example:${running.port}` } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(status).toBe(421);
  });

  test('serves the page’s own files only: no path leaves the built folder', async () => {
    const { mkdtempSync, writeFileSync, mkdirSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const folder = mkdtempSync(join(tmpdir(), 'parley-assets-'));
    try {
      mkdirSync(join(folder, 'ui'));
      mkdirSync(join(folder, 'ui', 'nested'));
      writeFileSync(join(folder, 'ui', 'index.html'), '<!doctype html><title>ok</title>');
      writeFileSync(join(folder, 'ui', 'app.js'), 'export {};');
      writeFileSync(join(folder, 'ui', 'nested', 'deep.js'), 'export {};');
      writeFileSync(join(folder, 'ui', 'notes.txt'), 'not served');
      writeFileSync(join(folder, 'secret.js'), 'not served');
      store = createSqliteTaskStore();
      server = await startInspectorServer({ store, assetsDirectory: join(folder, 'ui') });
      const { request } = await import('node:http');
      const raw = (path: string): Promise<number> =>
        new Promise((resolve, reject) => {
          const outgoing = request({ host: '127.0.0.1', port: server?.port, path, headers: { host: `127.0.0.1:${server?.port}` } }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          });
          outgoing.on('error', reject);
          outgoing.end();
        });
      expect(await raw('/')).toBe(200);
      expect(await raw('/app.js')).toBe(200);
      // A view's address is the page (which holds no data: the API still wants the token).
      for (const path of ['/plans/p', '/plans/p%2F..%2F..%2Fsecret.js/tasks/t', '/sessions', '/events']) expect(await raw(path)).toBe(200);
      for (const path of ['/plans/', '/plans/p/tasks/', '/plans/p/other/t', '/sessions/x']) expect(await raw(path)).toBe(404);
      for (const path of ['/../secret.js', '/%2e%2e/secret.js', '/..%2fsecret.js', '/nested/deep.js', '/notes.txt', '/index.html/../secret.js', '//etc/passwd', '/app.js/']) expect([404, 400]).toContain(await raw(path));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('every response carries a strict Content-Security-Policy', async () => {
    const { server: running, get } = await start();
    for (const response of [await fetch(`${running.origin}/`), await get('/api/plans'), await fetch(`${running.origin}/api/plans`), await fetch(`${running.origin}/nothing`)]) {
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('reads', () => {
  test('plans, sessions, a plan and a task with its recorded inputs', async () => {
    const { store: tasks, get } = await start();
    await tasks.createPlan('p1', [step('a'), step('b', ['a'])], { sessionId: 's1', now: 1 });
    await tasks.createPlan('p2', [step('x')], { sessionId: 's2', now: 2 });
    const claimed = await tasks.claim({ now: 3, leaseMilliseconds: 1000, agents: ['writer'] });
    expect(claimed?.planId).toBe('p1');
    await tasks.complete(claimed?.id ?? '', claimed?.leaseToken ?? '', { paths: ['a.md'], summary: 'wrote a' }, { now: 4 });
    const plans = (await (await get('/api/plans?limit=1')).json()) as { plans: Array<{ planId: string }>; next: string };
    expect(plans.plans.map((plan) => plan.planId)).toEqual(['p2']);
    const older = (await (await get(`/api/plans?limit=1&before=${encodeURIComponent(plans.next)}`)).json()) as { plans: Array<{ planId: string; counts: object }> };
    expect(older.plans).toMatchObject([{ planId: 'p1', counts: { done: 1, queued: 1 } }]);
    expect(((await (await get('/api/plans?search=s2')).json()) as { plans: Array<{ planId: string }> }).plans.map((plan) => plan.planId)).toEqual(['p2']);
    expect(((await (await get('/api/sessions')).json()) as { sessions: Array<{ sessionId: string }> }).sessions.map((session) => session.sessionId)).toEqual(['s2', 's1']);
    const plan = (await (await get('/api/plans/p1')).json()) as { tasks: Task[] };
    const b = plan.tasks.find((task) => task.ref === 'b');
    const detail = (await (await get(`/api/tasks/${b?.id ?? ''}`)).json()) as { inputs: object };
    expect(detail.inputs).toEqual({ a: { paths: ['a.md'], summary: 'wrote a' } });
    expect((await get('/api/tasks/nope')).status).toBe(404);
    expect((await get('/api/plans/nope')).status).toBe(404);
    expect((await get('/api/plans?before=garbage')).status).toBe(400);
  });

  test('retry queues a failed task again and brings back what its failure skipped; anything else is refused with why', async () => {
    const { server: running, store: tasks, get } = await start();
    const { tasks: created } = await tasks.createPlan('p', [step('a'), step('b', ['a'])], { now: 1 });
    const [a = '', b = ''] = created.map((task) => task.id);
    const authorization = `Bearer ${running.token}`;
    expect((await post(running, '/api/tasks/x/retry', { authorization })).status).toBe(404);
    const early = await post(running, `/api/tasks/${a}/retry`, { authorization });
    expect([early.status, ((await early.json()) as { error: string }).error]).toEqual([409, 'only a failed task can be retried; this one is queued']);
    const claimed = await tasks.claim({ now: 2, leaseMilliseconds: 1000 });
    await tasks.fail(claimed?.id ?? '', claimed?.leaseToken ?? '', 'boom', { now: 3, retry: { maxAttempts: 1, backoff: () => 0 } });
    expect((await post(running, `/api/tasks/${a}/retry`, { authorization, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post(running, `/api/tasks/${a}/retry`, {})).status).toBe(401);
    expect((await tasks.get(a))?.state).toBe('failed');
    const response = await post(running, `/api/tasks/${a}/retry`, { authorization, origin: running.origin });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ retried: { id: a, state: 'queued' }, restored: [{ id: b, state: 'backlog' }] });
    expect((await (await get('/api/info')).json()) as object).toMatchObject({ actions: { retryTask: true } });
  });
});

/** Reads server-sent events from `response` until `until` says enough. */
const readEvents = async (response: Response, until: (events: Array<{ name: string; data: unknown }>) => boolean): Promise<Array<{ name: string; data: unknown }>> => {
  const reader = (response.body as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream()).getReader();
  const events: Array<{ name: string; data: unknown }> = [];
  let buffer = '';
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(message)?.[1];
      const data = /^data: (.*)$/m.exec(message)?.[1];
      if (name !== undefined && data !== undefined) events.push({ name, data: JSON.parse(data) as unknown });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
};

describe('live updates', () => {
  test('a watched plan streams every transition of its tasks; one poller serves every client', async () => {
    const { server: running, store: tasks, get } = await start();
    await tasks.createPlan('p', [step('a'), step('b', ['a'])], { now: 1 });
    const stream = await get('/api/stream?plan=p');
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const other = await get('/api/stream');
    expect(running.clients).toBe(2);
    const seen = new Map<string, string[]>();
    const reading = readEvents(stream, (events) => {
      for (const event of events.splice(0)) {
        if (event.name !== 'tasks') continue;
        for (const task of (event.data as { tasks: Task[] }).tasks) seen.set(task.ref, [...(seen.get(task.ref) ?? []), task.state].filter((state, index, all) => all[index - 1] !== state));
      }
      return seen.get('b')?.at(-1) === 'done';
    });
    // Each transition waits until the stream showed the previous one: the test never races the poller.
    const shown = async (ref: string, state: string): Promise<void> => {
      while (seen.get(ref)?.at(-1) !== state) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const work = async (): Promise<void> => {
      await shown('b', 'backlog');
      for (const [now, ref] of [[2, 'a'], [4, 'b']] as const) {
        await shown(ref, 'queued');
        const claimed = await tasks.claim({ now, leaseMilliseconds: 1000 });
        await shown(ref, 'running');
        await tasks.complete(claimed?.id ?? '', claimed?.leaseToken ?? '', { summary: ref }, { now: now + 1 });
      }
    };
    await Promise.all([reading, work()]);
    expect(seen.get('a')).toEqual(['queued', 'running', 'done']);
    expect(seen.get('b')).toEqual(['backlog', 'queued', 'running', 'done']);
    await other.body?.cancel();
  });
});

describe('middleware events', () => {
  test('posted events are numbered, kept in a bounded ring and streamed; text fields are dropped', async () => {
    const { server: running, get } = await start({ eventCapacity: 3 });
    const authorization = `Bearer ${running.token}`;
    const events = Array.from({ length: 5 }, (_, index) => ({ stream: 's1', name: 'redaction', time: index, detail: { type: 'GITHUB_TOKEN', start: index, end: index + 4, value: 'ghp_secret', text: 'prose with a secret' } }));
    const response = await post(running, '/api/events', { authorization }, { events: [...events, { name: '<img src=x>', detail: {} }] });
    expect(await response.json()).toEqual({ accepted: 5, refused: 1 });
    const kept = (await (await get('/api/events?after=0')).json()) as { events: Array<{ sequence: number; detail: object }> };
    expect(kept.events.map((event) => event.sequence)).toEqual([3, 4, 5]);
    expect(kept.events[0]?.detail).toEqual({ type: 'GITHUB_TOKEN', start: 2, end: 6 });
    expect(JSON.stringify(kept)).not.toContain('secret');
    expect((await post(running, '/api/events', { authorization }, { nothing: true })).status).toBe(400);
    expect((await post(running, '/api/events', { authorization }, { events: ['x'.repeat(600 * 1024)] })).status).toBe(413);
  });
});
