import type { OpenOptions, StreamContextInit, TextMiddleware, TextSession } from '@parley/core';
import { createEventReporter, type EventReporter, type EventReporterOptions } from './event-reporter';

/** Options of {@link inspect}: where the inspector is, or a reporter to share between middlewares. */
export type InspectOptions = EventReporterOptions | { readonly reporter: EventReporter };

/** A middleware that reports its events to an inspector, and the reporter doing it. */
export interface InspectedMiddleware<Events extends object> extends TextMiddleware<Events> {
  /** The reporter the events go through (its `sent` and `dropped` counts, `flush`, `close`). */
  readonly reporter: EventReporter;
}

/**
 * The same middleware, reporting every event of every session it opens to an inspector (see
 * {@link createEventReporter}): its text is untouched and its listeners still hear every event.
 *
 * @example
 * ```ts
 * import { applyText } from '@parley/core';
 * import { createSqliteTaskStore } from '@parley/dispatch';
 * import { inspect, startInspectorServer } from '@parley/inspector';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * // An inspector in this process; in yours, the URL `parley inspect` printed.
 * const store = createSqliteTaskStore();
 * const server = await startInspectorServer({ store, port: 0 });
 * const middleware = inspect(redactSecretsStream(), { url: server.url });
 * console.log(applyText(middleware, 'key ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8')); // key <REDACTED:GITHUB_TOKEN>
 * await middleware.reporter.close();
 * console.log(middleware.reporter.sent); // 1
 * await server.close();
 * await store.close();
 * ```
 */
export function inspect<Events extends object>(middleware: TextMiddleware<Events>, options: InspectOptions): InspectedMiddleware<Events> {
  const reporter = 'reporter' in options ? options.reporter : createEventReporter(options);
  const open = (context?: StreamContextInit, openOptions?: OpenOptions<Events>): TextSession =>
    middleware.open(context, {
      onEvent: (name, event) => {
        reporter.report(name, event);
        openOptions?.onEvent?.(name, event);
      },
    });
  // The wrapper is the middleware itself (its emitter, its name) with `open` reporting.
  return new Proxy(middleware, {
    get(target, property, receiver) {
      if (property === 'open') return open;
      if (property === 'reporter') return reporter;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...parameters: unknown[]) => unknown).bind(target) : value;
    },
  }) as InspectedMiddleware<Events>;
}
