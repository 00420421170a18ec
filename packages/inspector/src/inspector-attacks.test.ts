// Attacks on the inspector server as a hostile model, web page or local process would make them:
// each test is one class of attack, with the exact shapes found and a property over its cousins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore, StoreUnavailableError, type Task, type TaskStore } from '@parley/dispatch';
import * as fc from 'fast-check';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { readPostedEvent } from './inspector-event';
import { type InspectorServer, type InspectorServerOptions, startInspectorServer } from './inspector-server';

let server: InspectorServer | undefined;
let store: TaskStore | undefined;
afterEach(async () => {
  await server?.close();
  await store?.close();
  server = undefined;
  store = undefined;
});

// The page's files as a fixture of their own: a clean checkout runs these tests before (or while)
// the package's build writes dist/ui, and the static-file attacks need a page to be there.
const page = mkdtempSync(join(tmpdir(), 'parley-inspector-page-'));
for (const [name, body] of [['index.html', '<!doctype html><title>page</title>'], ['app.js', 'export {};'], ['app.css', 'body {}']] as const) {
  writeFileSync(join(page, name), body);
}
afterAll(() => rmSync(page, { recursive: true, force: true }));

const start = async (options: Partial<InspectorServerOptions> = {}): Promise<InspectorServer> => {
  store ??= createSqliteTaskStore();
  server = await startInspectorServer({ store, pollIntervalMilliseconds: 20, assetsDirectory: page, ...options });
  return server;
};

const authorized = (running: InspectorServer, path: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`${running.origin}${path}`, { ...init, headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) } });

/** Sends `head` (a raw request) and resolves with the status line's code, or 0 when the connection closed without one. */
const rawStatus = (running: InspectorServer, head: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const socket = connect(running.port, '127.0.0.1', () => socket.end(head));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (answer += data));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
  });

/** A date every `Date` method and `Intl.DateTimeFormat` accept (ECMAScript's range is ±8.64e15 ms). */
const isShowableTime = (time: number): boolean => Number.isFinite(new Date(time).getTime());

describe('event times', () => {
  test('the reported shapes: a time past what a Date holds is replaced by the time it arrived', () => {
    for (const time of [1e20, -1e20, 8.64e15 + 1, Number.MAX_VALUE, -Number.MAX_VALUE]) {
      const event = readPostedEvent({ name: 'redaction', stream: 's', time, detail: {} });
      expect(event !== undefined && isShowableTime(event.time)).toBe(true);
    }
    expect(readPostedEvent({ name: 'redaction', time: 1_780_000_000_000 })?.time).toBe(1_780_000_000_000);
  });

  // Invariant: whatever a reporter posts, every event the server keeps has a time the page can
  // format (an unformattable one threw in the feed's render, which dropped the live stream and
  // reconnected forever), labels for its stream and name, and only labels, numbers and booleans.
  test('any posted value: what is kept has a showable time, label names and plain values', () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(8.64e15, 8.64e15 + 1, -8.64e15 - 1, 1e300));
    const posted = fc.oneof(
      fc.anything(),
      fc.record({ name: fc.oneof(fc.constantFrom('redaction', 'violation', '__proto__', 'constructor'), fc.string()), stream: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'reply-1')), time: fc.oneof(anyNumber, fc.anything()), detail: fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom('type', 'start', 'end', 'codes', 'violations', 'violation', '__proto__', 'constructor', 'ok'), fc.anything())) }),
    );
    fc.assert(
      fc.property(posted, (value) => {
        const event = readPostedEvent(value);
        if (event === undefined) return;
        expect(isShowableTime(event.time)).toBe(true);
        expect(Object.getPrototypeOf(event.detail)).toBe(Object.prototype);
        for (const [key, field] of Object.entries(event.detail)) {
          expect(['__proto__', 'constructor']).not.toContain(key);
          expect(['string', 'number', 'boolean'].includes(typeof field) || (Array.isArray(field) && field.every((item) => typeof item === 'string'))).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('malformed requests', () => {
  test('the reported shapes: a JSON body that is not an object, and a request target no URL parser reads, are 400 (not 500)', async () => {
    const running = await start();
    for (const body of ['null', '[]', '"events"', '5', 'true']) {
      const response = await authorized(running, '/api/events', { method: 'POST', body });
      expect([response.status, body]).toEqual([400, body]);
    }
    const head = (target: string): string => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\nConnection: close\r\n\r\n`;
    for (const target of ['//[', '//', 'http://[::1', '/api//[', '/%', '/api/%E0%A4%A']) {
      const status = await rawStatus(running, head(target));
      expect([target, status >= 400 && status < 500]).toEqual([target, true]);
    }
    // Still serving.
    expect((await authorized(running, '/api/info')).status).toBe(200);
  });

  test('events pages by whole numbers: a fractional or odd `after` still returns the events after it', async () => {
    const running = await start();
    await authorized(running, '/api/events', { method: 'POST', body: JSON.stringify({ events: [1, 2, 3].map((n) => ({ name: 'redaction', stream: 's', time: n, detail: { start: n } })) }) });
    const sequences = async (after: string): Promise<number[]> => ((await (await authorized(running, `/api/events?after=${after}`)).json()) as { events: Array<{ sequence: number }> }).events.map((event) => event.sequence);
    expect(await sequences('0.5')).toEqual([1, 2, 3]);
    expect(await sequences('1.5')).toEqual([2, 3]);
    expect(await sequences('-7')).toEqual([1, 2, 3]);
    expect(await sequences('Infinity')).toEqual([]);
  });

  test('options a server cannot run with are refused at start', async () => {
    store = createSqliteTaskStore();
    for (const options of [{ eventCapacity: 0 }, { eventCapacity: -1 }, { eventCapacity: 1.5 }, { pollIntervalMilliseconds: 0 }, { pollIntervalMilliseconds: Number.NaN }, { maxClients: 0 }]) {
      await expect(startInspectorServer({ store, ...options })).rejects.toThrow(/must be/);
    }
  });
});

/** The stores the request properties run on: SQLite always, Postgres (a schema of its own) when PARLEY_PG_URL is set. */
const postgresUrl = process.env['PARLEY_PG_URL'];
const schemas: string[] = [];
const storeMakers: Array<[name: string, make: () => Promise<TaskStore>]> = [['sqlite', async () => createSqliteTaskStore()]];
if (postgresUrl !== undefined) {
  storeMakers.push([
    'postgres',
    async () => {
      const { createPostgresTaskStore } = await import('@parley/dispatch/postgres');
      const schema = `parley_inspector_attacks_${Math.random().toString(36).slice(2, 10)}`;
      schemas.push(schema);
      return createPostgresTaskStore({ connectionString: postgresUrl, schema });
    },
  ]);
}
afterAll(async () => {
  if (postgresUrl === undefined || schemas.length === 0) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

describe.each(storeMakers)('requests the store cannot hold (%s)', (_name, make) => {
  test('the reported shapes: a NUL, a lone surrogate or a non-UUID in an id, a search or a cursor is never a 5xx (a NUL is a 400)', async () => {
    store = await make();
    const running = await start();
    for (const path of ['/api/plans/%00', '/api/plans/a%00b', '/api/tasks/%00', '/api/tasks/00000000-0000-0000-0000-00000000000%00', '/api/plans?search=%00', '/api/plans?search=a%00', '/api/plans?before=1%3A%00', '/api/sessions?before=1%3A%00', '/api/plans/%ED%A0%80']) {
      const response = await authorized(running, path);
      expect([path, response.status < 500, path.includes('%00') ? response.status : 400]).toEqual([path, true, 400]);
    }
    for (const path of ['/api/tasks/%00/cancel', '/api/plans/%00/cancel']) {
      const response = await authorized(running, path, { method: 'POST', body: '{}' });
      expect([path, response.status >= 400 && response.status < 500]).toEqual([path, true]);
    }
    expect((await authorized(running, '/api/plans')).status).toBe(200);
  });

  // Invariant: a request the server cannot make sense of is a 4xx with a JSON error, never a 5xx,
  // and the server keeps answering; whatever the path, query or body, on either store.
  test('any path, query and body: a 2xx or 4xx, never a 5xx, and the server keeps answering', { timeout: 120_000 }, async () => {
    store = await make();
    const running = await start();
    await store.createPlan('plan-under-attack', [{ ref: 'a', title: 'a', agent: 'w', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
    const segment = fc.oneof(fc.constantFrom('api', 'plans', 'tasks', 'events', 'sessions', 'stream', 'info', 'cancel', 'retry', '__proto__', 'constructor', '%', '%2e%2e', '..', '%00', '%E0%A4%A', '%ED%A0%80', ''), fc.string({ maxLength: 6 }).map(encodeURIComponent));
    // Half the paths are the real read routes, so that the odd queries reach the store's queries.
    const path = fc.oneof(
      fc.constantFrom('/api/plans', '/api/sessions', '/api/events', '/api/plans/plan-under-attack', '/api/tasks/00000000-0000-0000-0000-000000000000', '/api/info'),
      fc.tuple(fc.constantFrom('/api/', '/'), fc.array(segment, { maxLength: 4 })).map(([prefix, parts]) => `${prefix}${parts.join('/')}`),
    );
    const query = fc.array(fc.tuple(fc.constantFrom('limit', 'before', 'search', 'after', 'plan'), fc.oneof(fc.constantFrom('%', '_', "'; drop table parley_tasks; --", '1:x', 'NaN:1', '-1', '1e999', '0.5', '\u0000', '1:\u0000', 'a\ud800', '__proto__'), fc.string({ maxLength: 8 }))), { maxLength: 3 });
    const body = fc.oneof(fc.constantFrom('null', '[]', '{', '{"events":null}', '{"events":[null,1,"x",{}]}', '{"__proto__":{"events":[]}}', ''), fc.json());
    await fc.assert(
      fc.asyncProperty(path, query, fc.constantFrom('GET', 'POST'), body, async (target, pairs, method, text) => {
        const search = new URLSearchParams(pairs).toString();
        const url = `${target}${search === '' ? '' : `?${search}`}`;
        // The live stream stays open: its refusals are tested above, its answers by the live tests.
        if (url.startsWith('/api/stream')) return;
        const response = await authorized(running, url, { method, ...(method === 'POST' ? { body: text } : {}) });
        const answer = await response.text();
        // 501: a route the stores cannot serve (retry); 503: the page is not built in this checkout.
        const understood = response.status < 500 || response.status === 501 || (response.status === 503 && answer.includes('not built'));
        expect([url, method, text, response.status, answer, understood]).toEqual([url, method, text, response.status, answer, true]);
      }),
      { numRuns: 300 },
    );
    expect((await store.listPlan('plan-under-attack'))[0]?.state).toBe('queued');
    expect((await authorized(running, '/api/info')).status).toBe(200);
  });
});

describe('cross-site and rebinding', () => {
  // Invariant: on a loopback server only this machine's own names for it, with its port, are
  // answered; any other Host (a rebinding name that resolves to 127.0.0.1, another port, none) is
  // refused before any route, the page and the API alike.
  test('any Host but this machine’s names with the right port is refused (421), page and API alike', { timeout: 180_000 }, async () => {
    const running = await start();
    const port = running.port;
    const allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
    const host = fc.oneof(
      fc.constantFrom(`127.0.0.1.evil.example:${port}`, `localhost.:${port}`, `LOCALHOST:${port}`, `localhost:${port + 1}`, '127.0.0.1', 'localhost', `[::1]:${port}x`, `127.0.0.1:${port}@evil.example`, `evil.example:${port}`, `127.1:${port}`, `0.0.0.0:${port}`, `[::ffff:127.0.0.1]:${port}`, `2130706433:${port}`, ...allowed),
      fc.tuple(fc.constantFrom('127.0.0.1', 'localhost', '[::1]', 'evil.example'), fc.constantFrom('', '.', '.evil.example', ' '), fc.constantFrom(`:${port}`, `:0${port}`, '', `:${port}/`)).map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(host, fc.constantFrom('/', '/api/plans', '/app.js'), async (name, path) => {
        const status = await rawStatus(running, `GET ${path} HTTP/1.1\r\nHost: ${name}\r\nAuthorization: Bearer ${running.token}\r\nConnection: close\r\n\r\n`);
        if (allowed.has(name)) expect([name, status]).not.toEqual([name, 421]);
        else expect([name, status === 421 || status === 400]).toEqual([name, true]);
      }),
      { numRuns: 200 },
    );
    // HTTP/1.0 may leave Host out: refused too.
    expect(await rawStatus(running, `GET /api/plans HTTP/1.0\r\nAuthorization: Bearer ${running.token}\r\n\r\n`)).toBe(421);
  });

  test('no CORS: a preflight is refused and no response lets another origin read it', async () => {
    const running = await start();
    const preflight = await fetch(`${running.origin}/api/plans`, { method: 'OPTIONS', headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    const read = await authorized(running, '/api/plans', { headers: { origin: 'http://evil.example' } });
    for (const response of [preflight, read]) for (const header of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-headers']) expect(response.headers.get(header)).toBeNull();
    // A state-changing request from another origin, or with Origin null (a sandboxed frame, a file), is refused even with the token.
    await store?.createPlan('csrf', [{ ref: 'a', title: 'a', agent: 'w', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
    for (const origin of ['null', 'http://evil.example', `http://127.0.0.1:${running.port + 1}`, `https://127.0.0.1:${running.port}`]) {
      expect((await authorized(running, '/api/plans/csrf/cancel', { method: 'POST', body: '{}', headers: { origin } })).status).toBe(403);
    }
    expect((await store?.listPlan('csrf'))?.[0]?.state).toBe('queued');
  });

  test('static files: backslashes, NUL, double encoding and dot segments never leave the page’s own files', async () => {
    const running = await start();
    for (const path of ['/..\\..\\package.json', '/%5c..%5cpackage.json', '/app.js%00.html', '/%00', '/%252e%252e/package.json', '/./app.js/..', '/.%2e/.%2e/package.json', '/app.js;.css', '/APP.JS', '/app.js?x=../../package.json#frag']) {
      const status = await rawStatus(running, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\nConnection: close\r\n\r\n`);
      // A 200 only where the path, as a URL parser reads it, names one of the page's files.
      const named = ['/', '/app.js', '/app.css'].includes(new URL(path, 'http://page.invalid').pathname);
      expect([path, status === 404 || status === 400 || (named && status === 200)]).toEqual([path, true]);
    }
  });
});

describe('live connections', () => {
  test('at most maxClients live connections: one more is a 503 until one closes', async () => {
    const running = await start({ maxClients: 3 });
    const open = await Promise.all([1, 2, 3].map(() => authorized(running, '/api/stream')));
    expect(open.map((response) => response.status)).toEqual([200, 200, 200]);
    const refused = await authorized(running, '/api/stream');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toContain('too many live connections');
    await open[0]?.body?.cancel();
    while (running.clients > 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await authorized(running, '/api/stream');
    expect(again.status).toBe(200);
    for (const response of [...open.slice(1), again]) await response.body?.cancel();
  });

  test('a live client that never reads is cut off once a megabyte waits for it; the others keep their stream', { timeout: 180_000 }, async () => {
    const running = await start();
    // A raw connection that sends its request and then never reads a byte.
    const stalled = connect(running.port, '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
    stalled.pause();
    stalled.write(`GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\nAuthorization: Bearer ${running.token}\r\n\r\n`);
    while (running.clients < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const reader = await authorized(running, '/api/stream');
    const received = (async () => {
      let bytes = 0;
      for await (const chunk of reader.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (running.clients === 1 && bytes > 0) break;
      }
      return bytes;
    })();
    // Events go out to every connection until the stalled one is cut off (its socket buffers fill first).
    const batch = { events: Array.from({ length: 1000 }, (_, index) => ({ name: 'redaction', stream: `stream-${index}`, time: index, detail: { type: 'GITHUB_TOKEN_WITH_A_LONG_NAME', start: index, end: index + 40 } })) };
    for (let round = 0; round < 2000 && running.clients > 1; round += 1) {
      expect((await authorized(running, '/api/events', { method: 'POST', body: JSON.stringify(batch) })).status).toBe(200);
    }
    expect(running.clients).toBe(1);
    expect(await received).toBeGreaterThan(1 << 20);
    stalled.destroy();
  });
});

describe('the store going away', () => {
  /** A store that answers, or throws what a database that went away throws, as `away` says. */
  const flaky = (inner: TaskStore): { store: TaskStore; away: { value: boolean } } => {
    const away = { value: false };
    const wrapped = new Proxy(inner, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || property === 'close') return value;
        return (...parameters: unknown[]) => {
          if (away.value) return Promise.reject(new StoreUnavailableError({ operation: String(property), cause: new Error('connection refused') }));
          return (value as (...inner: unknown[]) => unknown).apply(target, parameters);
        };
      },
    });
    return { store: wrapped, away };
  };

  test('pages report it (503 and one store-error on the live stream) and pick up where they were when it is back', { timeout: 180_000 }, async () => {
    const inner = createSqliteTaskStore();
    store = inner;
    const { store: shown, away } = flaky(inner);
    const { tasks: created } = await inner.createPlan('p', [{ ref: 'a', title: 'a', agent: 'w', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
    server = await startInspectorServer({ store: shown, pollIntervalMilliseconds: 10 });
    const running = server;
    const stream = await authorized(running, '/api/stream?plan=p');
    const names: string[] = [];
    let latest: Task | undefined;
    const reader = (stream.body as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const waitFor = async (done: () => boolean): Promise<void> => {
      while (!done()) {
        const { value } = await reader.read();
        buffer += value ?? '';
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const [head = '', data = ''] = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          names.push(head.slice(7));
          if (head === 'event: tasks') latest = (JSON.parse(data.slice(6)) as { tasks: Task[] }).tasks.at(-1) ?? latest;
        }
      }
    };
    await waitFor(() => latest !== undefined);
    away.value = true;
    const refused = await authorized(running, '/api/plans');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toContain('unavailable');
    expect((await authorized(running, `/api/tasks/${created[0]?.id ?? ''}`)).status).toBe(503);
    await waitFor(() => names.includes('store-error'));
    // Changes made while the inspector could not read arrive once it can.
    await inner.cancel(created[0]?.id ?? '', { now: 2, reason: 'test' });
    away.value = false;
    await waitFor(() => latest?.state === 'cancelled');
    expect(names.filter((name) => name === 'store-error')).toHaveLength(1);
    expect((await authorized(running, '/api/plans')).status).toBe(200);
    await reader.cancel();
  });

  test.skipIf(postgresUrl === undefined)('Postgres drops every connection of the inspector (a restart): the server reports it, never crashes, and answers again', { timeout: 180_000 }, async () => {
    const { createPostgresTaskStore } = await import('@parley/dispatch/postgres');
    const { default: pg } = await import('pg');
    const schema = `parley_inspector_attacks_${Math.random().toString(36).slice(2, 10)}`;
    schemas.push(schema);
    const applicationName = `parley-inspector-restart-${Math.random().toString(36).slice(2, 10)}`;
    const url = new URL(postgresUrl ?? '');
    url.searchParams.set('application_name', applicationName);
    store = await createPostgresTaskStore({ connectionString: url.href, schema });
    await store.createPlan('restarted', [{ ref: 'a', title: 'a', agent: 'w', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
    const running = await start({ pollIntervalMilliseconds: 10 });
    const stream = await authorized(running, '/api/stream?plan=restarted');
    const reader = (stream.body as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream()).getReader();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      // Only this test's own connections (by application name): other suites share the server.
      let terminated = 0;
      for (let round = 0; round < 5; round += 1) {
        // Connections dropped while requests are in flight, and idle ones.
        const requests = Promise.all(['/api/plans', '/api/sessions', '/api/plans/restarted', '/api/plans?search=re', '/api/sessions'].map(async (path) => (await authorized(running, path)).status));
        const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]);
        terminated += rowCount ?? 0;
        const statuses = await requests;
        for (const status of statuses) expect([200, 503]).toContain(status);
      }
      expect(terminated).toBeGreaterThan(0);
      // Answering again once the connections are back.
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) status = (await authorized(running, '/api/plans')).status;
      expect(status).toBe(200);
      expect(running.clients).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.end();
      await reader.cancel();
    }
  });

  test('a SQLite file deleted while pages are open: the open store keeps answering, nothing crashes', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const folder = mkdtempSync(join(tmpdir(), 'parley-inspector-gone-'));
    store = createSqliteTaskStore({ path: join(folder, 'tasks.db') });
    await store.createPlan('p', [{ ref: 'a', title: 'a', agent: 'w', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
    const running = await start();
    rmSync(folder, { recursive: true, force: true });
    expect((await authorized(running, '/api/plans/p')).status).toBe(200);
    expect((await authorized(running, '/api/plans')).status).toBe(200);
  });
});

describe('the reporter against a hostile or broken server', () => {
  /** A local HTTP server answering every request with `handler`; resolves with its origin and a close. */
  const serve = async (handler: (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void): Promise<{ origin: string; close: () => Promise<void>; bodies: string[] }> => {
    const { createServer } = await import('node:http');
    const bodies: string[] = [];
    const other = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => bodies.push(body));
      handler(request, response);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as import('node:net').AddressInfo;
    return {
      origin: `http://127.0.0.1:${port}`,
      bodies,
      close: async () => {
        other.closeAllConnections();
        await new Promise<void>((resolve) => other.close(() => resolve()));
      },
    };
  };

  test('a server that never answers, or answers 500: report() returns at once, every event is sent or counted dropped', async () => {
    const { createEventReporter } = await import('./event-reporter');
    for (const answer of ['hang', '500'] as const) {
      const target = await serve((_request, response) => {
        if (answer === '500') response.writeHead(500).end('{}');
      });
      const reporter = createEventReporter({ url: `${target.origin}/#token=a-token-long-enough`, flushIntervalMilliseconds: 1, timeoutMilliseconds: 50, batchSize: 10, maxQueued: 50 });
      for (let index = 0; index < 500; index += 1) expect(reporter.report('redaction', { stream: 's', type: 'X', start: index, end: index + 1 })).toBeUndefined();
      await reporter.close();
      expect([answer, reporter.sent, reporter.dropped]).toEqual([answer, 0, 500]);
      await target.close();
    }
  });

  test('a server that redirects elsewhere: the reporter follows no redirect, so nothing (not the token, not an event) reaches the other address', async () => {
    const { createEventReporter } = await import('./event-reporter');
    const elsewhere = await serve((_request, response) => response.writeHead(200).end('{}'));
    const heard: string[] = [];
    const redirecting = await serve((request, response) => {
      heard.push(request.headers.authorization ?? '');
      response.writeHead(307, { location: `${elsewhere.origin}/collect` }).end();
    });
    const reporter = createEventReporter({ url: `${redirecting.origin}/#token=a-token-long-enough`, flushIntervalMilliseconds: 1 });
    reporter.report('redaction', { stream: 's', type: 'GITHUB_TOKEN', start: 0, end: 40 });
    await reporter.close();
    expect(heard).toHaveLength(1);
    expect(elsewhere.bodies).toEqual([]);
    expect(reporter).toMatchObject({ sent: 0, dropped: 1 });
    await elsewhere.close();
    await redirecting.close();
  });
});

describe('prototype keys in model-written ids', () => {
  // Invariant: a task's inputs hold, as own keys, exactly the outputs of its finished dependencies,
  // whatever their refs (an `inputs[ref] = output` on a plain object turned a step named
  // `__proto__` into the object's prototype, and its output vanished from the panel).
  test('the task detail lists the output of every finished dependency, a step named __proto__ or constructor included', { timeout: 180_000 }, async () => {
    const { readTaskDetail } = await import('./task-detail');
    const ref = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf'), fc.string({ minLength: 1, maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(ref, { minLength: 1, maxLength: 5 }), fc.string({ maxLength: 12 }), async (upstream, summary) => {
        const tasks = createSqliteTaskStore();
        try {
          const refs = upstream.filter((name) => name !== 'last');
          const steps = [...refs.map((name) => ({ ref: name, title: name, agent: 'up', request: 'r', dependsOn: [], expectedOutputs: [] })), { ref: 'last', title: 'last', agent: 'down', request: 'r', dependsOn: refs, expectedOutputs: [] }];
          const { tasks: created } = await tasks.createPlan('p', steps, { now: 1 });
          for (let index = 0; index < refs.length; index += 1) {
            const claimed = await tasks.claim({ now: 2, leaseMilliseconds: 60_000, agents: ['up'] });
            if (claimed !== undefined) await tasks.complete(claimed.id, claimed.leaseToken, { summary: `${claimed.ref}:${summary}` }, { now: 3 });
          }
          const detail = await readTaskDetail(tasks, created.at(-1)?.id ?? '');
          const inputs = JSON.parse(JSON.stringify(detail?.inputs)) as Record<string, { summary: string }>;
          expect(Object.keys(inputs).sort()).toEqual([...refs].sort());
          for (const name of refs) expect(Object.getOwnPropertyDescriptor(inputs, name)?.value).toEqual({ summary: `${name}:${summary}` });
        } finally {
          await tasks.close();
        }
      }),
      { numRuns: 100 },
    );
  });
});
