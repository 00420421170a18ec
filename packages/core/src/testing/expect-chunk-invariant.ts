import type { StreamContextInit } from '../stream-context';
import type { TextMiddleware } from '../text-middleware';
import { ChunkInvarianceError } from './chunk-invariance-error';
import { deepEqual } from './deep-equal';
import { everySplit } from './every-split';
import { randomChunkings } from './random-chunkings';
import { type ChunkRun, runChunks } from './run-chunks';

/** Options of {@link expectChunkInvariant}. */
export interface ExpectChunkInvariantOptions {
  /** Seed of the random chunkings; the same seed checks the same chunkings. Default 1. */
  readonly seed?: number;
  /** How many random chunkings to check besides every two-way split. Default 100. */
  readonly randomChunkings?: number;
  /** Context for every session; `streamId` defaults to `"chunk-invariance"`. */
  readonly context?: StreamContextInit;
}

function describeDifference(expected: ChunkRun, actual: ChunkRun): string | undefined {
  if (expected.output !== actual.output) {
    let offset = 0;
    while (offset < expected.output.length && expected.output[offset] === actual.output[offset]) offset += 1;
    const show = (text: string): string => JSON.stringify(text.slice(Math.max(offset - 20, 0), offset + 20));
    return `the output differs from offset ${offset} (expected …${show(expected.output)}…, got …${show(actual.output)}…)`;
  }
  const count = Math.max(expected.events.length, actual.events.length);
  for (let index = 0; index < count; index += 1) {
    const want = expected.events[index];
    const got = actual.events[index];
    if (want?.name !== got?.name || !deepEqual(want?.event, got?.event)) {
      return `event #${index} differs (expected ${JSON.stringify(want) ?? 'none'}, got ${JSON.stringify(got) ?? 'none'})`;
    }
  }
  return undefined;
}

/**
 * The law for every middleware in Parley: output and events are the same however the input is
 * chunked. Runs `text` as one chunk, then split at every offset, one character at a time, and in
 * reproducible random chunkings with empty chunks, and throws a {@link ChunkInvarianceError}
 * naming the first chunking that made a difference.
 *
 * @example
 * ```ts
 * import { expectChunkInvariant } from '@parley/core/testing';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * // Throws, naming the split, when any split of the text changes the output (call it in a test).
 * expectChunkInvariant(redactSecretsStream(), 'key ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 and more');
 * ```
 */
export function expectChunkInvariant<Events extends object>(
  middleware: TextMiddleware<Events>,
  text: string,
  options: ExpectChunkInvariantOptions = {},
): void {
  const context: StreamContextInit = { streamId: 'chunk-invariance', ...options.context };
  const expected = runChunks(middleware, [text], context);
  const check = (chunks: readonly string[]): void => {
    const difference = describeDifference(expected, runChunks(middleware, chunks, context));
    if (difference !== undefined) throw new ChunkInvarianceError({ middleware: middleware.name, chunks, difference });
  };
  for (const split of everySplit(text)) check(split);
  check([...text]);
  for (const chunks of randomChunkings(text, options.seed ?? 1, { count: options.randomChunkings ?? 100 })) check(chunks);
}
