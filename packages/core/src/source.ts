/** A stream of values as any JavaScript runtime or client library hands it over. */
export type Source<Value> = AsyncIterable<Value> | Iterable<Value> | ReadableStream<Value>;

function isReadableStream<Value>(source: Source<Value>): source is ReadableStream<Value> {
  return typeof (source as ReadableStream<Value>).getReader === 'function';
}

async function* readStream<Value>(stream: ReadableStream<Value>): AsyncGenerator<Value, void, undefined> {
  const reader = stream.getReader();
  let done = false;
  try {
    while (true) {
      const result = await reader.read();
      if (result.done) {
        done = true;
        return;
      }
      yield result.value;
    }
  } finally {
    // The consumer stopped early: tell the producer nobody is listening any more.
    if (!done) await reader.cancel();
    reader.releaseLock();
  }
}

/**
 * Iterates any {@link Source}. Readable streams are read with a reader (not every runtime makes
 * them async-iterable) and cancelled when the consumer stops early.
 *
 * @internal
 */
export function iterateSource<Value>(source: Source<Value>): AsyncIterable<Value> | Iterable<Value> {
  return isReadableStream(source) ? readStream(source) : source;
}
