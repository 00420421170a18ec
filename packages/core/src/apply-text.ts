import type { StreamContextInit } from './stream-context';
import type { TextMiddleware } from './text-middleware';

/**
 * Runs a whole text through a middleware in one shot and returns the output.
 *
 * @example
 * ```ts
 * import { applyText, replaceTextStream } from '@parley/core';
 *
 * console.log(applyText(replaceTextStream({ search: 'Acme', replacement: 'a client' }), 'Acme wants a quote')); // a client wants a quote
 * ```
 */
export function applyText<Events extends object>(
  middleware: TextMiddleware<Events>,
  text: string,
  context?: StreamContextInit,
): string {
  const session = middleware.open(context);
  return session.write(text) + session.end();
}
