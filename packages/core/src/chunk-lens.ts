/**
 * Tells {@link transformChunks} where the text is in a client's chunk type.
 *
 * @example
 * ```ts
 * import type { ChunkLens } from '@parley/core';
 *
 * // OpenAI-style chat completion chunks (the client's own type)
 * interface ChatCompletionChunk {
 *   readonly id: string;
 *   readonly choices: ReadonlyArray<{ readonly index: number; readonly delta: { readonly content?: string | null } }>;
 * }
 * const openAiLens: ChunkLens<ChatCompletionChunk> = {
 *   read: (chunk) => chunk.choices[0]?.delta.content ?? undefined,
 *   write: (chunk, text) => ({
 *     ...chunk,
 *     choices: chunk.choices.map((choice, index) => (index === 0 ? { ...choice, delta: { ...choice.delta, content: text } } : choice)),
 *   }),
 *   create: (text) => ({ id: 'parley', choices: [{ index: 0, delta: { content: text } }] }),
 * };
 * console.log(openAiLens.read({ id: 'c1', choices: [{ index: 0, delta: { content: 'Hi' } }] })); // Hi
 * ```
 */
export interface ChunkLens<Chunk> {
  /** The chunk's text, or `undefined` when it carries none (tool calls, usage, finish). */
  read(chunk: Chunk): string | undefined;
  /** A chunk like `chunk` that carries `text` instead; must not mutate `chunk`. */
  write(chunk: Chunk, text: string): Chunk;
  /** A new chunk for text the middleware releases when the stream ends. */
  create(text: string): Chunk;
}
