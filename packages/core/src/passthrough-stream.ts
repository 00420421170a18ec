import { defineMiddleware } from './define-middleware';
import type { TextMiddleware } from './text-middleware';

/**
 * A middleware that releases every chunk unchanged: a baseline for benchmarks, a placeholder in
 * pipelines built from configuration, and a template for new middlewares.
 */
export function passthroughStream(): TextMiddleware {
  return defineMiddleware({
    name: 'passthrough',
    createSession: () => ({ write: (chunk) => chunk, end: () => '' }),
  });
}
