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
 * import { type ChunkLens, transformChunks } from '@parley/core';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * interface Chunk {
 *   readonly id: number;
 *   readonly text?: string;
 * }
 * const lens: ChunkLens<Chunk> = { read: (chunk) => chunk.text, write: (chunk, text) => ({ ...chunk, text }), create: (text) => ({ id: -1, text }) };
 * async function* openAiStream(): AsyncGenerator<Chunk> {
 *   yield { id: 1, text: 'The deploy key is ghp_a1B2c3D4e5F6g7H8i9J0' };
 *   yield { id: 2 };
 *   yield { id: 3, text: 'k1L2m3N4o5P6q7R8 done' };
 * }
 * const sent: Chunk[] = [];
 * for await (const chunk of transformChunks(openAiStream(), redactSecretsStream(), lens)) sent.push(chunk);
 * // What the redactor still holds when the source ends comes last, in a chunk made by the lens.
 * console.log(sent.map((chunk) => `${chunk.id}:${chunk.text ?? '·'}`).join(' ')); // 1:The deploy key is  2:· 3: -1:<REDACTED:GITHUB_TOKEN> done
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
