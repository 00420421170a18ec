import type { StreamContextInit } from './stream-context';
import type { TextMiddleware } from './text-middleware';

/**
 * Wraps a middleware in a Web `TransformStream<string, string>`, for `pipeThrough`. One stream is
 * one session; empty output is not enqueued.
 *
 * @example
 * ```ts
 * const safe = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(toTransformStream(redactSecretsStream()));
 * ```
 */
export function toTransformStream<Events extends object>(
  middleware: TextMiddleware<Events>,
  context?: StreamContextInit,
): TransformStream<string, string> {
  const session = middleware.open(context);
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      const text = session.write(chunk);
      if (text.length > 0) controller.enqueue(text);
    },
    flush(controller) {
      const rest = session.end();
      if (rest.length > 0) controller.enqueue(rest);
    },
  });
}
