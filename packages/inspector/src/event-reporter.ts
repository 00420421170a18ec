import { InvalidArgumentError } from '@parley/core';
import { type InspectorEvent, toInspectorEvent } from './inspector-event';

/** Options of {@link createEventReporter}. */
export interface EventReporterOptions {
  /** The inspector's address, as `parley inspect` prints it (`http://127.0.0.1:4141/#token=…`) or without the token. */
  readonly url: string;
  /** The access token; read from the URL's `#token=` when left out. */
  readonly token?: string;
  /** Events sent per request. Default 100. */
  readonly batchSize?: number;
  /** How long an event may wait for its batch to fill. Default 250 ms. */
  readonly flushIntervalMilliseconds?: number;
  /** Events held while the server is slow or away; past this, new events are dropped and counted. Default 1,000. */
  readonly maxQueued?: number;
  /** How long one request may take before it counts as failed. Default 2,000 ms. */
  readonly timeoutMilliseconds?: number;
  /** The fetch to send with (tests). Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** Forwards middleware events to an inspector; see {@link createEventReporter}. */
export interface EventReporter {
  /** Queues one event (any middleware's payload; only its labels and numbers are kept). Never throws, never waits. */
  report(name: string, event: unknown): void;
  /** Sends what is queued now; resolves when that request ended, however it ended. */
  flush(): Promise<void>;
  /** Sends what is queued and stops the timer; later reports are dropped. */
  close(): Promise<void>;
  /** Events sent and accepted by the server. */
  readonly sent: number;
  /** Events dropped: the queue was full, a request failed, or the reporter was closed. */
  readonly dropped: number;
}

/** The base address and token of an inspector URL. */
function parseInspectorUrl(url: string, token: string | undefined): { readonly endpoint: string; readonly token: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new InvalidArgumentError({ argument: 'url', message: `url must be the inspector's address, such as http://127.0.0.1:4141/, not ${JSON.stringify(url)}.`, cause: error });
  }
  const fromHash = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? undefined;
  const chosen = token ?? fromHash;
  if (chosen === undefined || chosen === '') throw new InvalidArgumentError({ argument: 'token', message: 'token is required: pass it, or the URL parley inspect printed (with #token=…).' });
  return { endpoint: new URL('/api/events', parsed.origin).href, token: chosen };
}

/**
 * A reporter that sends middleware events to a running inspector (`parley inspect`), batched, in
 * the background: reporting never blocks or fails the stream. While the server is away, events
 * queue up to `maxQueued`; beyond that, and when a request fails, they are dropped and counted in
 * `dropped`. Only each event's labels (rule, code, type, role) and numbers (offsets, counts) leave
 * the process, never text: a redaction is sent as its type and offsets, not its value.
 */
export function createEventReporter(options: EventReporterOptions): EventReporter {
  const { endpoint, token } = parseInspectorUrl(options.url, options.token);
  const batchSize = options.batchSize ?? 100;
  const maxQueued = options.maxQueued ?? 1000;
  const interval = options.flushIntervalMilliseconds ?? 250;
  const timeout = options.timeoutMilliseconds ?? 2000;
  const send = options.fetch ?? fetch;
  let queue: InspectorEvent[] = [];
  let sent = 0;
  let dropped = 0;
  let closed = false;
  let inFlight: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const post = async (batch: InspectorEvent[]): Promise<void> => {
    try {
      const response = await send(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ events: batch }),
        signal: AbortSignal.timeout(timeout),
        // The inspector never redirects: whatever answers with one is not it, and following it
        // would post the events (and, to the same origin, the token) to an address nobody chose.
        redirect: 'error',
      });
      await response.body?.cancel();
      if (response.ok) sent += batch.length;
      else dropped += batch.length;
    } catch {
      dropped += batch.length;
    }
  };

  /** Sends batches one request at a time until the queue is empty. */
  const drain = (): Promise<void> => {
    if (inFlight !== undefined) return inFlight;
    const run = async (): Promise<void> => {
      while (queue.length > 0) {
        const batch = queue.slice(0, batchSize);
        queue = queue.slice(batch.length);
        await post(batch);
      }
    };
    inFlight = run().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const schedule = (): void => {
    if (timer !== undefined || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void drain();
    }, interval);
    // A reporter never keeps a process alive on its own.
    timer.unref?.();
  };

  return {
    report(name, event) {
      if (closed || queue.length >= maxQueued) {
        dropped += 1;
        return;
      }
      try {
        queue.push(toInspectorEvent(name, event, Date.now()));
      } catch {
        dropped += 1;
        return;
      }
      if (queue.length >= batchSize && inFlight === undefined) void drain();
      else schedule();
    },
    async flush() {
      await inFlight;
      await drain();
    },
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await inFlight;
      await drain();
    },
    get sent() {
      return sent;
    },
    get dropped() {
      return dropped;
    },
  };
}
