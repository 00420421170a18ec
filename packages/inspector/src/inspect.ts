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
 * const middleware = inspect(redactSecretsStream(), { url: process.env.PARLEY_INSPECTOR_URL });
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
