import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidArgumentError } from '@parley/core';
import type { Task, TaskState, TaskStore } from '@parley/dispatch';
import { ChangePoller } from './change-poller';
import { EventRing } from './event-ring';
import { readPostedEvent, type StoredInspectorEvent } from './inspector-event';
import { securityHeaders } from './security-headers';
import { defaultAssetsDirectory, loadStaticAssets } from './static-assets';
import { InspectorRequestError } from './inspector-request-error';
import { findTask, readTaskDetail } from './task-detail';
import { isViewPath } from './ui/route';

/** Options of {@link startInspectorServer}. */
export interface InspectorServerOptions {
  /** The store to show (and to cancel and retry in). */
  readonly store: TaskStore;
  /** The interface to listen on. Default `127.0.0.1` (this machine only). */
  readonly host?: string;
  /** The port; 0 picks a free one. Default 0. */
  readonly port?: number;
  /** The access token every API call must carry. Default: 32 random bytes, base64url. */
  readonly token?: string;
  /** How often the store's change marker is read while a page is open. Default 500 ms. */
  readonly pollIntervalMilliseconds?: number;
  /** Middleware events kept for the feed (the oldest are dropped). Default 1,000. */
  readonly eventCapacity?: number;
  /** Where the built page is. Default: the package's own `dist/ui`. */
  readonly assetsDirectory?: string;
  /** The clock actions stamp tasks with (the store's clock). Default `Date.now`. */
  readonly now?: () => number;
  /** Live-update connections open at once; one more is refused with 503 until one closes. Default 64. */
  readonly maxClients?: number;
}

/** A running inspector. */
export interface InspectorServer {
  /** The address to open, token included (`http://127.0.0.1:<port>/#token=…`; the fragment never reaches a server or a log). */
  readonly url: string;
  /** `http://<host>:<port>`. */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  /** Pages connected for live updates now. */
  readonly clients: number;
  /** Middleware events accepted since start. */
  readonly eventsAccepted: number;
  /** Stops listening, ends every live connection and the poller; the store is left open. */
  close(): Promise<void>;
}

/** One open live-update connection. */
interface Client {
  readonly response: ServerResponse;
  readonly plan: string | undefined;
}

/** The states a task never leaves (the dispatch package's `terminalStates`, spelled out so that the server loads none of its code). */
const finishedStates: ReadonlySet<TaskState> = new Set(['done', 'failed', 'cancelled', 'skipped']);

const loopbackNames: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** A live connection whose unsent output passes this is too slow to keep up, and is closed. */
const slowClientBytes = 1 << 20;
const maxEventsBody = 512 * 1024;
const maxActionBody = 4 * 1024;

const sameToken = (given: string, token: string): boolean => {
  const left = Buffer.from(given);
  const right = Buffer.from(token);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A whole number of at least 1 from an option, or the InvalidArgumentError naming it. */
const positiveInteger = (argument: string, value: number | undefined, fallback: number): number => {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < 1) throw new InvalidArgumentError({ argument, message: `${argument} must be a whole number of at least 1, not ${chosen}.` });
  return chosen;
};

/** The request's URL; a request target no URL parser reads (`//[`, `http://[::1`) is a 400. A path is read against the server's origin, never as a protocol-relative address. */
const requestUrl = (target: string, origin: string): URL => {
  try {
    return new URL(target.startsWith('/') ? `${origin}${target}` : target);
  } catch {
    throw new InspectorRequestError({ status: 400, message: 'malformed request target' });
  }
};

/**
 * Refuses text no store can hold (a NUL: Postgres rejects it in any text, SQLite ends C strings at
 * it) in an id, a search or a cursor, as a 400 before the store sees it.
 */
const checkStorableText = (name: string, text: string | undefined): void => {
  if (text !== undefined && text.includes('\u0000')) throw new InspectorRequestError({ status: 400, message: `${name} holds a NUL character, which no task store can hold` });
};

/** Postgres's SQLSTATE class 22, "data exception": a value the request carried that the column cannot take. */
const isDataException = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.length === 5 && code.startsWith('22');
};

/** A JSON object posted as a request body; anything else (`null`, a list, a number) is a 400. */
const readObjectBody = async (request: IncomingMessage, limit: number): Promise<Record<string, unknown>> => {
  const body = await readBody(request, limit);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InspectorRequestError({ status: 400, message: 'request body must be a JSON object' });
  return body as Record<string, unknown>;
};

const readBody = async (request: IncomingMessage, limit: number): Promise<unknown> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new InspectorRequestError({ status: 413, message: `request body over ${limit} bytes` });
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new InspectorRequestError({ status: 400, message: 'request body is not JSON' });
  }
};

const send = (response: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};

/**
 * Starts the inspector's HTTP server (node:http, no framework) on a task store: the page (built
 * into the package, no CDN), a JSON API that needs the access token on every call, live updates
 * as server-sent events driven by one poller of the store's change marker, actions (cancel a
 * task or a plan, retry a failed task) by POST only with the token in a header and a same-origin check, and a bounded
 * feed of middleware events that reporters post. Bound to 127.0.0.1 unless told otherwise.
 */
export async function startInspectorServer(options: InspectorServerOptions): Promise<InspectorServer> {
  const { store } = options;
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidArgumentError({ argument: 'port', message: `port must be a whole number from 0 to 65535, not ${port}.` });
  const token = options.token ?? randomBytes(32).toString('base64url');
  if (token.length < 16) throw new InvalidArgumentError({ argument: 'token', message: 'token must be at least 16 characters.' });
  const now = options.now ?? Date.now;
  const eventCapacity = positiveInteger('eventCapacity', options.eventCapacity, 1000);
  const pollInterval = options.pollIntervalMilliseconds ?? 500;
  if (!Number.isFinite(pollInterval) || pollInterval <= 0) throw new InvalidArgumentError({ argument: 'pollIntervalMilliseconds', message: `pollIntervalMilliseconds must be a number of milliseconds above 0, not ${pollInterval}.` });
  const maxClients = positiveInteger('maxClients', options.maxClients, 64);
  const assets = loadStaticAssets(options.assetsDirectory ?? defaultAssetsDirectory());
  const events = new EventRing(eventCapacity);
  const clients = new Set<Client>();
  let eventsAccepted = 0;
  let origin = '';
  let hostHeaders = new Set<string>();
  // Bound to every interface on purpose (`--host 0.0.0.0`): any name may reach it; the token guards it.
  const anyHost = host === '0.0.0.0' || host === '::';

  const write = (client: Client, name: string, data: unknown): void => {
    if (client.response.writableLength > slowClientBytes) {
      clients.delete(client);
      client.response.destroy();
      return;
    }
    if (client.response.writableEnded || client.response.destroyed) return;
    client.response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const broadcast = (name: string, data: unknown, only?: (client: Client) => boolean): void => {
    for (const client of [...clients]) if (only === undefined || only(client)) write(client, name, data);
  };

  const poller = new ChangePoller({
    store,
    intervalMilliseconds: pollInterval,
    watchedPlans: () => new Set([...clients].flatMap((client) => (client.plan === undefined ? [] : [client.plan]))),
    listener: {
      onChange: () => broadcast('changed', {}),
      onTasks: (planId: string, tasks: readonly Task[]) => broadcast('tasks', { planId, tasks }, (client) => client.plan === planId),
      onError: (error: unknown) => broadcast('store-error', { message: error instanceof Error ? error.message : String(error) }),
    },
  });

  const authorize = (request: IncomingMessage): void => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) throw new InspectorRequestError({ status: 401, message: 'missing or wrong access token (the Authorization header: Bearer <token>)' });
  };

  /** A state-changing request must come from this page (or from no browser at all). */
  const checkSameOrigin = (request: IncomingMessage): void => {
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') throw new InspectorRequestError({ status: 403, message: 'cross-site request refused' });
    const from = request.headers.origin;
    if (from !== undefined && from !== `http://${request.headers.host ?? ''}`) throw new InspectorRequestError({ status: 403, message: 'cross-origin request refused' });
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) throw new InspectorRequestError({ status: 415, message: 'send application/json' });
  };

  const api = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    authorize(request);
    let parts: string[];
    try {
      parts = url.pathname.split('/').slice(2).map((part) => decodeURIComponent(part));
    } catch {
      throw new InspectorRequestError({ status: 400, message: 'malformed path' });
    }
    const method = request.method ?? 'GET';
    const route = `${method} ${parts.map((part, index) => (index === 1 ? ':id' : part)).join('/')}`;
    const id = parts[1] ?? '';
    checkStorableText('the id', id);
    const limit = Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50));
    const before = url.searchParams.get('before') ?? undefined;
    checkStorableText('before', before);
    switch (route) {
      case 'GET info':
        return send(response, 200, { actions: { cancelTask: true, cancelPlan: true, retryTask: store.retry !== undefined }, eventCapacity: events.capacity });
      case 'GET plans': {
        if (store.listPlans === undefined) throw new InspectorRequestError({ status: 501, message: 'this store cannot list plans' });
        const search = url.searchParams.get('search') ?? undefined;
        checkStorableText('search', search);
        return send(response, 200, await store.listPlans({ limit, ...(before === undefined ? {} : { before }), ...(search === undefined ? {} : { search }) }));
      }
      case 'GET sessions': {
        if (store.listSessions === undefined) throw new InspectorRequestError({ status: 501, message: 'this store cannot list sessions' });
        return send(response, 200, await store.listSessions({ limit, ...(before === undefined ? {} : { before }) }));
      }
      case 'GET plans/:id': {
        const tasks = await store.listPlan(id);
        if (tasks.length === 0) throw new InspectorRequestError({ status: 404, message: 'no such plan' });
        return send(response, 200, { planId: id, tasks });
      }
      case 'GET tasks/:id': {
        const detail = await readTaskDetail(store, id);
        if (detail === undefined) throw new InspectorRequestError({ status: 404, message: 'no such task' });
        return send(response, 200, detail);
      }
      case 'POST tasks/:id/cancel': {
        checkSameOrigin(request);
        await readObjectBody(request, maxActionBody);
        if ((await findTask(store, id)) === undefined) throw new InspectorRequestError({ status: 404, message: 'no such task' });
        const outcome = await store.cancel(id, { now: now(), reason: 'cancelled from the inspector' });
        void poller.poll(true);
        return send(response, 200, { cancelled: outcome.cancelled, skipped: outcome.skipped });
      }
      case 'POST plans/:id/cancel': {
        checkSameOrigin(request);
        await readObjectBody(request, maxActionBody);
        const changed: Task[] = [];
        for (const task of await store.listPlan(id)) {
          if (finishedStates.has(task.state)) continue;
          const outcome = await store.cancel(task.id, { now: now(), reason: 'plan cancelled from the inspector' });
          if (outcome.cancelled !== undefined) changed.push(outcome.cancelled);
          changed.push(...outcome.skipped);
        }
        void poller.poll(true);
        return send(response, 200, { changed });
      }
      case 'POST tasks/:id/retry': {
        checkSameOrigin(request);
        await readObjectBody(request, maxActionBody);
        if (store.retry === undefined) throw new InspectorRequestError({ status: 501, message: 'this store cannot retry a failed task: dispatch the plan again' });
        const task = await findTask(store, id);
        if (task === undefined) throw new InspectorRequestError({ status: 404, message: 'no such task' });
        const outcome = await store.retry(id, { now: now() });
        if (outcome.retried === undefined) throw new InspectorRequestError({ status: 409, message: `only a failed task can be retried; this one is ${(await findTask(store, id))?.state ?? 'gone'}` });
        void poller.poll(true);
        return send(response, 200, { retried: outcome.retried, restored: outcome.restored });
      }
      case 'GET events': {
        // Sequences are whole numbers: `after=1.5` means after 1.
        const after = Math.floor(Number(url.searchParams.get('after') ?? 0)) || 0;
        const list = events.since(after, limit);
        return send(response, 200, { events: list, next: list.at(-1)?.sequence ?? after });
      }
      case 'POST events': {
        checkSameOrigin(request);
        const body = await readObjectBody(request, maxEventsBody);
        if (!Array.isArray(body.events)) throw new InspectorRequestError({ status: 400, message: 'expected {"events": [...]}' });
        let accepted = 0;
        for (const posted of body.events.slice(0, 1000)) {
          const event = readPostedEvent(posted);
          if (event === undefined) continue;
          const stored: StoredInspectorEvent = events.push(event);
          accepted += 1;
          broadcast('event', stored);
        }
        eventsAccepted += accepted;
        return send(response, 200, { accepted, refused: body.events.length - accepted });
      }
      case 'GET stream': {
        const plan = url.searchParams.get('plan') ?? undefined;
        checkStorableText('plan', plan);
        // Each connection may hold up to a megabyte unsent: their number is capped, so is the memory.
        if (clients.size >= maxClients) throw new InspectorRequestError({ status: 503, message: `too many live connections (${maxClients}): close another page of the inspector` });
        response.writeHead(200, { ...securityHeaders, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
        const client: Client = { response, plan };
        clients.add(client);
        response.write(`event: hello\ndata: ${JSON.stringify({ nextEvent: events.nextSequence })}\n\n`);
        // A connection that breaks mid-write is dropped by 'close' below, never an unhandled error.
        response.on('error', () => {});
        const heartbeat = setInterval(() => {
          if (!response.writableEnded && !response.destroyed) response.write(': keep-alive\n\n');
        }, 15_000);
        heartbeat.unref();
        request.on('close', () => {
          clearInterval(heartbeat);
          clients.delete(client);
          if (clients.size === 0) poller.stop();
        });
        poller.start();
        // The plan as it is now, read after the client was registered: any change after this read
        // reaches it as the poller's diff, so a page never stays behind a change it missed.
        if (plan !== undefined) {
          const tasks = await store.listPlan(plan);
          if (clients.has(client)) write(client, 'tasks', { planId: plan, tasks });
        }
        void poller.poll();
        return;
      }
      default:
        throw new InspectorRequestError({ status: 404, message: `no API route ${method} ${url.pathname}` });
    }
  };

  const server = createServer((request, response) => {
    const handle = async (): Promise<void> => {
      // Only this machine's names reach a loopback server: a page on another site that resolves
      // its own name to 127.0.0.1 (DNS rebinding) is refused before anything else.
      if (!anyHost && !hostHeaders.has(request.headers.host ?? '')) throw new InspectorRequestError({ status: 421, message: 'unknown Host' });
      const url = requestUrl(request.url ?? '/', origin);
      if (url.pathname.startsWith('/api/')) return api(request, response, url);
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new InspectorRequestError({ status: 405, message: 'only GET here' });
      // A view's own address (/plans/<id>, /events, …) is the page: it reads the view from the address.
      const asset = assets.get(url.pathname === '/index.html' || isViewPath(url.pathname) ? '/' : url.pathname);
      if (asset === undefined) {
        if (url.pathname === '/' && assets.size === 0) throw new InspectorRequestError({ status: 503, message: 'the inspector page is not built (pnpm --filter @parley/inspector build)' });
        throw new InspectorRequestError({ status: 404, message: 'not found' });
      }
      response.writeHead(200, { ...securityHeaders, 'content-type': asset.contentType, 'cache-control': 'no-cache', 'content-length': asset.body.length });
      response.end(request.method === 'HEAD' ? undefined : asset.body);
    };
    handle().catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (InspectorRequestError.isInstance(error)) send(response, error.status, { error: error.message });
      else if (InvalidArgumentError.isInstance(error)) send(response, 400, { error: error.message });
      else if (isDataException(error)) send(response, 400, { error: (error as Error).message });
      // The database went away (restarting, unreachable): the page says so and asks again later.
      else if ((error as { code?: unknown } | undefined)?.code === 'STORE_UNAVAILABLE') send(response, 503, { error: (error as Error).message });
      else send(response, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${shownHost}:${bound}`;
  hostHeaders = new Set([`${shownHost}:${bound}`, ...(loopbackNames.has(shownHost) ? [...loopbackNames].map((name) => `${name}:${bound}`) : [])]);

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port: bound,
    token,
    get clients() {
      return clients.size;
    },
    get eventsAccepted() {
      return eventsAccepted;
    },
    async close() {
      poller.stop();
      for (const client of clients) client.response.end();
      clients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
