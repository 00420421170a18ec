import type { StreamContextInit } from './stream-context';
import type { TextMiddleware } from './text-middleware';

/**
 * Wraps a middleware in a Web `TransformStream<string, string>`, for `pipeThrough`. One stream is
 * one session; empty output is not enqueued.
 *
 * @example
 * ```ts
 * import { toTransformStream } from '@parley/core';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * const response = new Response('token ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 ok');
 * const safe = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(toTransformStream(redactSecretsStream()));
 * console.log(await new Response(safe.pipeThrough(new TextEncoderStream())).text()); // token <REDACTED:GITHUB_TOKEN> ok
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
