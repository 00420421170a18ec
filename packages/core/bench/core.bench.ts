// `pnpm bench` for @parley/core: the cost of the session model itself, over a 10 MB stream in
// 4-character chunks (a typical LLM text delta). Runs against the built package.
import { runBench, splitIntoChunks, streamChunks, writeResults } from '@parley/bench';
import { compose, passthroughStream, replaceTextStream, toTransformStream } from '@parley/core';

const chunkLength = 4;
const totalBytes = 10 * 1024 * 1024;
const alphabet = 'The council weighs revenue, risk and runway before it answers. ';
const text = alphabet.repeat(Math.ceil(totalBytes / alphabet.length)).slice(0, totalBytes);
const chunks = splitIntoChunks(text, chunkLength);

let sink = 0;
const consume = (piece: string): void => {
  sink += piece.length;
};

const runSession = (middleware: Parameters<typeof streamChunks>[0]): void => {
  sink += streamChunks(middleware, chunks);
};

async function pipeStream(transform: TransformStream<string, string>): Promise<void> {
  let index = 0;
  const source = new ReadableStream<string>({
    pull(controller) {
      const chunk = chunks[index];
      index += 1;
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const reader = source.pipeThrough(transform).getReader();
  for (let result = await reader.read(); !result.done; result = await reader.read()) consume(result.value);
}

const noop = passthroughStream();
const three = compose(passthroughStream(), passthroughStream(), passthroughStream());
const replace = replaceTextStream({ search: 'runway before', replacement: 'cash runway before' });

const sessions = await runBench({
  package: 'core',
  input: `10 MB in ${chunks.length.toLocaleString('en-US')} chunks of ${chunkLength} characters`,
  bytes: totalBytes,
  chunks: chunks.length,
  baseline: {
    name: 'plain loop over the chunks',
    run: () => {
      for (const chunk of chunks) consume(chunk);
    },
  },
  cases: [
    { name: 'no-op session', run: () => runSession(noop) },
    { name: 'compose of three no-op sessions', run: () => runSession(three) },
    { name: 'replaceTextStream session (KMP)', run: () => runSession(replace) },
    { name: 'native identity TransformStream', run: () => pipeStream(new TransformStream<string, string>()) },
    { name: 'toTransformStream(no-op)', run: () => pipeStream(toTransformStream(noop)) },
  ],
});

if (sink === 0) throw new Error('the benchmark consumed nothing');
writeResults('core', { input: '10 MB in 4-character chunks', sessions });
