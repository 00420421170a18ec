import { describe, expect, test } from 'vitest';
import { replaceTextStream } from './replace-text-stream';
import { toTransformStream } from './to-transform-stream';
import { transformText } from './transform-text';

const collect = async <Value>(iterable: AsyncIterable<Value>): Promise<Value[]> => {
  const values: Value[] = [];
  for await (const value of iterable) values.push(value);
  return values;
};

const streamOf = (chunks: readonly string[]): ReadableStream<string> =>
  new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

const chunks = ['the pass', 'word is pass', 'word', ' and pass'];

describe('transformText', () => {
  test('pipes an async iterable, yielding text as it is released and the rest at the end', async () => {
    async function* source(): AsyncGenerator<string> {
      yield* chunks;
    }
    const pieces = await collect(transformText(source(), replaceTextStream({ search: 'password', replacement: '***' })));
    expect(pieces).toEqual(['the ', '*** is ', '***', ' and ', 'pass']);
  });

  test('reads Web ReadableStreams and plain iterables alike', async () => {
    const middleware = replaceTextStream({ search: 'password', replacement: '***' });
    expect((await collect(transformText(streamOf(chunks), middleware))).join('')).toBe('the *** is *** and pass');
    expect((await collect(transformText(chunks, middleware))).join('')).toBe('the *** is *** and pass');
  });

  test('cancels a ReadableStream source when the consumer stops early', async () => {
    let cancelled = false;
    const source = new ReadableStream<string>({
      pull(controller) {
        controller.enqueue('tick ');
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const piece of transformText(source, replaceTextStream({ search: 'x', replacement: 'y' }))) {
      expect(piece).toBe('tick ');
      break;
    }
    expect(cancelled).toBe(true);
  });

  test('rejects when the source fails, with the source error', async () => {
    async function* failing(): AsyncGenerator<string> {
      yield 'a';
      throw new Error('connection reset');
    }
    await expect(collect(transformText(failing(), replaceTextStream({ search: 'a', replacement: 'b' })))).rejects.toThrow(
      'connection reset',
    );
  });
});

describe('toTransformStream', () => {
  test('works with pipeThrough and flushes held-back text', async () => {
    const output = streamOf(chunks).pipeThrough(toTransformStream(replaceTextStream({ search: 'password', replacement: '***' })));
    expect(await collect(output)).toEqual(['the ', '*** is ', '***', ' and ', 'pass']);
  });
});
