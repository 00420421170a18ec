// Reading a ReadableStream source (adversary report a9): breaking out of transformText over a
// stream whose cancel() throws left the stream locked. Invariant, for every bridge, every place the
// consumer stops and every way cancel() and the source behave: the lock is released when the
// iteration ends; cancel() is called once exactly when the consumer stopped before the stream ended
// (never after it closed or errored); and what the consumer sees is the source's error, else
// cancel()'s error, else nothing — as the stream's own async iterator does.
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ChunkLens } from './chunk-lens';
import { collectText } from './collect-text';
import { passthroughStream } from './passthrough-stream';
import { transformChunks } from './transform-chunks';
import { transformText } from './transform-text';

type CancelBehaviour = 'returns' | 'throws' | 'rejects' | 'resolves-later';

function sourceOf(length: number, options: { readonly endsWith: 'close' | 'error' | 'never'; readonly cancel: CancelBehaviour }): { stream: ReadableStream<string>; cancels: () => number } {
  let cancels = 0;
  let pulled = 0;
  const stream = new ReadableStream<string>({
    pull(controller) {
      if (pulled < length) {
        pulled += 1;
        controller.enqueue(`c${pulled} `);
      } else if (options.endsWith === 'close') controller.close();
      else if (options.endsWith === 'error') controller.error(new Error('source-boom'));
      else return new Promise(() => undefined); // a source that goes silent
      return undefined;
    },
    cancel() {
      cancels += 1;
      if (options.cancel === 'throws') throw new Error('cancel-boom');
      if (options.cancel === 'rejects') return Promise.reject(new Error('cancel-boom'));
      if (options.cancel === 'resolves-later') return new Promise<void>((resolve) => setTimeout(resolve, 1));
      return undefined;
    },
  });
  return { stream, cancels: () => cancels };
}

const lens: ChunkLens<string> = { read: (chunk) => chunk, write: (_chunk, text) => text, create: (text) => text };

/** Iterates with the bridge, stopping after `stopAfter` pieces; the error it ended with, if any. */
async function consume(bridge: 'transformText' | 'transformChunks', stream: ReadableStream<string>, stopAfter: number): Promise<{ error: unknown; seen: number }> {
  const iterable = bridge === 'transformText' ? transformText(stream, passthroughStream()) : transformChunks(stream, passthroughStream(), lens);
  let seen = 0;
  try {
    for await (const _piece of iterable) {
      seen += 1;
      if (seen >= stopAfter) break;
    }
  } catch (error) {
    return { error, seen };
  }
  return { error: undefined, seen };
}

describe('a ReadableStream source is released however the consumer stops', () => {
  test('the reported shape: break with a cancel() that throws releases the lock, and the cancel error surfaces', async () => {
    const { stream, cancels } = sourceOf(Number.POSITIVE_INFINITY, { endsWith: 'close', cancel: 'throws' });
    await expect(
      (async () => {
        for await (const _piece of transformText(stream, passthroughStream())) break;
      })(),
    ).rejects.toThrow('cancel-boom');
    expect(stream.locked).toBe(false);
    expect(cancels()).toBe(1);
  });

  test('the platform does the same: the stream own async iterator releases the lock and surfaces the cancel error', async () => {
    const { stream } = sourceOf(Number.POSITIVE_INFINITY, { endsWith: 'close', cancel: 'throws' });
    const iterator = (stream as unknown as AsyncIterable<string>)[Symbol.asyncIterator]();
    await iterator.next();
    await expect(iterator.return?.()).rejects.toThrow('cancel-boom');
    expect(stream.locked).toBe(false);
  });

  test('a source error is the error the consumer sees, with no cancel(), and the lock released', async () => {
    const { stream, cancels } = sourceOf(2, { endsWith: 'error', cancel: 'throws' });
    const { error } = await consume('transformText', stream, 99);
    expect(error).toMatchObject({ message: 'source-boom' });
    expect(cancels()).toBe(0);
    expect(stream.locked).toBe(false);
  });

  test('collectText stopping at maxLength releases the lock too', async () => {
    const { stream, cancels } = sourceOf(Number.POSITIVE_INFINITY, { endsWith: 'close', cancel: 'returns' });
    expect(await collectText(stream, { maxLength: 7 })).toBe('c1 c2 c');
    expect([stream.locked, cancels()]).toEqual([false, 1]);
  });

  test('property: any bridge, stop point, source ending and cancel behaviour: released, cancelled once iff stopped early, the right error (300 runs)', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('transformText' as const, 'transformChunks' as const),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('close' as const, 'error' as const, 'never' as const),
        fc.constantFrom<CancelBehaviour>('returns', 'throws', 'rejects', 'resolves-later'),
        fc.integer({ min: 1, max: 7 }),
        async (bridge, length, endsWith, cancel, stopAfter) => {
          // A source that goes silent must be stopped by the consumer before it does.
          const stop = endsWith === 'never' ? Math.min(stopAfter, length) : stopAfter;
          if (stop === 0) return;
          const { stream, cancels } = sourceOf(length, { endsWith, cancel });
          const { error, seen } = await consume(bridge, stream, stop);
          expect(stream.locked).toBe(false);
          const cancelError = cancel === 'throws' || cancel === 'rejects' ? 'cancel-boom' : undefined;
          const sourceError = endsWith === 'error' ? 'source-boom' : undefined;
          const message = (error as Error | undefined)?.message;
          if (stop < length || (stop === length && endsWith === 'never')) {
            // Stopped while the stream was still open: cancelled once, cancel()'s error if any.
            expect([seen, cancels(), message]).toEqual([stop, 1, cancelError]);
          } else if (stop > length) {
            // Read to the end: nothing to cancel.
            expect([seen, cancels(), message]).toEqual([length, 0, sourceError]);
          } else {
            // Stopped on the last piece: the stream may already have closed or errored as it pulled
            // ahead, and then there is nothing to cancel (the platform calls no cancel()).
            expect(seen).toBe(stop);
            expect([[1, cancelError], [0, sourceError]]).toContainEqual([cancels(), message]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
