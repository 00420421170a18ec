/** A stream of values as any JavaScript runtime or client library hands it over. */
export type Source<Value> = AsyncIterable<Value> | Iterable<Value> | ReadableStream<Value>;

function isReadableStream<Value>(source: Source<Value>): source is ReadableStream<Value> {
  return typeof (source as ReadableStream<Value>).getReader === 'function';
}

async function* readStream<Value>(stream: ReadableStream<Value>): AsyncGenerator<Value, void, undefined> {
  const reader = stream.getReader();
  // Whether the stream has nothing more to say: it closed, or a read failed (it errored).
  let settled = false;
  try {
    while (true) {
      let result: ReadableStreamReadResult<Value>;
      try {
        result = await reader.read();
      } catch (error) {
        settled = true;
        throw error;
      }
      if (result.done) {
        settled = true;
        return;
      }
      yield result.value;
    }
  } finally {
    // The consumer stopped early: tell the producer nobody is listening any more. As the stream's
    // own async iterator does, the lock is released whatever cancel() does, and a cancel that
    // fails rejects the consumer's early stop with that error.
    try {
      if (!settled) await reader.cancel();
    } finally {
      reader.releaseLock();
    }
  }
}

/**
 * Iterates any {@link Source}. Readable streams are read with a reader (not every runtime makes
 * them async-iterable) and cancelled when the consumer stops early; the reader's lock is released
 * however the iteration ends, a failing `cancel()` included (its error then reaches the consumer).
 *
 * @internal
 */
export function iterateSource<Value>(source: Source<Value>): AsyncIterable<Value> | Iterable<Value> {
  return isReadableStream(source) ? readStream(source) : source;
}
