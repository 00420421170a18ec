import { iterateSource, type Source } from './source';
import type { StreamContextInit } from './stream-context';
import type { TextMiddleware } from './text-middleware';

/**
 * Pipes a text stream through a middleware, yielding each piece of output as soon as the
 * middleware releases it. Empty pieces are not yielded.
 *
 * @example
 * ```ts
 * for await (const text of transformText(llmTextStream, redactSecretsStream())) process.stdout.write(text);
 * ```
 */
export async function* transformText<Events extends object>(
  source: Source<string>,
  middleware: TextMiddleware<Events>,
  context?: StreamContextInit,
): AsyncGenerator<string, void, undefined> {
  const session = middleware.open(context);
  for await (const chunk of iterateSource(source)) {
    const text = session.write(chunk);
    if (text.length > 0) yield text;
  }
  const rest = session.end();
  if (rest.length > 0) yield rest;
}
