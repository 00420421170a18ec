import type { StreamContextInit } from '@parley/core';
import type { AnyTextMiddleware } from './parley-options';

/** Runs a whole text through one session of `middleware`. @internal */
export function applyWhole(middleware: AnyTextMiddleware, text: string, context: StreamContextInit): string {
  const session = middleware.open(context);
  return session.write(text) + session.end();
}
