import type { AnyTextMiddleware, PromptGuard, StreamContextInit, TextSession } from '@parley/core';

/** Two openers' sessions in a row: what `first` releases is written to `second`. */
function chainOpen(first: AnyTextMiddleware, second: AnyTextMiddleware, context: StreamContextInit | undefined): TextSession {
  const head = first.open(context);
  const tail = second.open(context);
  return {
    write: (chunk) => tail.write(head.write(chunk)),
    end: () => tail.write(head.end()) + tail.end(),
  };
}

/**
 * The middleware the model's streamed text goes through: with a guard whose `output` use is
 * guarded, the guard's stream (`guard.guardStream({ use: 'output' })`) and then `middleware`, so the
 * output strategy applies to streamed text as it does to generated text; otherwise `middleware`.
 * (`compose` from `@parley/core` does the same, with events: this adapter needs none, and this is
 * 0.56 kB smaller in its bundle. `@parley/ai-sdk` has the same function, for the reason
 * `PromptGuard` is types only in core: a function in core's main module would cost it 0.9 kB.)
 *
 * @internal
 */
export function guardedMiddleware(middleware: AnyTextMiddleware, guard: PromptGuard | undefined): AnyTextMiddleware {
  if (guard === undefined || guard.strategy('output') === false) return middleware;
  const first = guard.guardStream({ use: 'output' });
  const name = `secret-guard → ${middleware.name}`;
  return {
    name,
    open: (context) => chainOpen(first, middleware, context),
    // The text middleware may capture its context (tracing); the guard's stream has none to capture.
    captureContext: () => {
      const opener = middleware.captureContext?.() ?? middleware;
      return { name, open: (context) => chainOpen(first, opener, context) };
    },
  };
}
