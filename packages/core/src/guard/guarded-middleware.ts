import type { PromptGuard } from '../prompt-guard';
import type { StreamContextInit } from '../stream-context';
import type { AnyTextMiddleware } from '../text-middleware';
import type { TextSession } from '../text-session';

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
 * The middleware a model's streamed output goes through when a guard guards output: the guard's
 * stream (`guard.guardStream({ use: 'output' })`) and then `middleware`, so the output strategy
 * applies to streamed text as it does to generated text. When `guard` is undefined or does not
 * guard output, `middleware` itself.
 *
 * It chains sessions as `compose` from `@parley/core` does, without events: it lives in this entry
 * point so the model adapters that use it load no event emitter. A middleware that captures its
 * stream context (tracing) still captures it; the guard's stream has none to capture.
 *
 * @param middleware - The text middleware the output goes through after the guard.
 * @param guard - A secret guard (`createSecretGuard()` from `@parley/redaction/guard`), or undefined.
 * @returns `middleware`, or a middleware named `secret-guard → <middleware's name>`.
 *
 * @example
 * ```ts
 * import { passthroughStream } from '@parley/core';
 * import { guardedMiddleware } from '@parley/core/guard';
 * import { createSecretGuard } from '@parley/redaction/guard';
 *
 * const guard = createSecretGuard({ output: 'redact' });
 * const middleware = guardedMiddleware(passthroughStream(), guard);
 * const session = middleware.open();
 * const text = session.write('token ghp_AuanBBo0Zc6kLGh0jp') + session.write('rE7o8rQJjBZbZ5aVyO, done') + session.end();
 * console.log(middleware.name); // secret-guard → passthrough
 * console.log(text); // token <REDACTED:GITHUB_TOKEN>, done
 * ```
 */
export function guardedMiddleware(middleware: AnyTextMiddleware, guard: PromptGuard | undefined): AnyTextMiddleware {
  if (guard === undefined || guard.strategy('output') === false) return middleware;
  const first = guard.guardStream({ use: 'output' });
  const name = `secret-guard → ${middleware.name}`;
  return {
    name,
    open: (context) => chainOpen(first, middleware, context),
    captureContext: () => {
      const opener = middleware.captureContext?.() ?? middleware;
      return { name, open: (context) => chainOpen(first, opener, context) };
    },
  };
}
