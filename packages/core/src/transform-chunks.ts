import type { ChunkLens } from './chunk-lens';
import { iterateSource, type Source } from './source';
import type { StreamContextInit } from './stream-context';
import type { TextMiddleware } from './text-middleware';

/**
 * Pipes any client's chunk stream through a text middleware.
 *
 * The text of all text-carrying chunks is one stream to the middleware. Each text chunk is
 * yielded in its place carrying the text released at that moment (possibly `""`, so ids and
 * metadata keep their order); chunks without text pass through unchanged and in order. Text
 * still held back when the source ends is yielded last, in a chunk made by `lens.create`.
 *
 * @example
 * ```ts
 * for await (const chunk of transformChunks(openAiStream, redactSecretsStream(), openAiLens)) send(chunk);
 * ```
 */
export async function* transformChunks<Chunk, Events extends object>(
  source: Source<Chunk>,
  middleware: TextMiddleware<Events>,
  lens: ChunkLens<Chunk>,
  context?: StreamContextInit,
): AsyncGenerator<Chunk, void, undefined> {
  const session = middleware.open(context);
  for await (const chunk of iterateSource(source)) {
    const text = lens.read(chunk);
    yield text === undefined ? chunk : lens.write(chunk, session.write(text));
  }
  const rest = session.end();
  if (rest.length > 0) yield lens.create(rest);
}
