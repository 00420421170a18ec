// `pnpm bench` for @parley/ai-sdk: streamText with 10,000 text deltas through
// wrapLanguageModel(parleyMiddleware(compose(tokens, redaction))) beside the same model unwrapped.
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { medianOfInterleaved, printTable, writeResults } from '@parley/bench';
import { compose } from '@parley/core';
import { parleyMiddleware } from '@parley/ai-sdk';
import { redactSecretsStream } from '@parley/redaction';
import { checkTokensStream } from '@parley/tokens';
import { simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const words = 'The council weighs revenue, risk and runway before it answers. [INVOKE:cfo|Runway?]\n'.split(/(?<= )/);
const deltas = Array.from({ length: 10_000 }, (_, index) => words[index % words.length] ?? ' ');
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const parts = (): LanguageModelV4StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })),
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage } as unknown as LanguageModelV4StreamPart,
];
const mock = () => new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks: parts(), initialDelayInMs: null, chunkDelayInMs: null }) }) });

const run = async (wrap: boolean): Promise<number> => {
  const model = wrap ? wrapLanguageModel({ model: mock(), middleware: parleyMiddleware(compose(checkTokensStream(), redactSecretsStream())) }) : mock();
  const started = performance.now();
  const result = streamText({ model, prompt: 'go' });
  let length = 0;
  for await (const piece of result.textStream) length += piece.length;
  if (length === 0) throw new Error('no text');
  return performance.now() - started;
};

const medians = await medianOfInterleaved({ plain: () => run(false), wrapped: () => run(true) });
const row = {
  case: 'streamText, 10,000 deltas',
  'unwrapped (ms)': medians.plain.toFixed(1),
  'parleyMiddleware(tokens + redaction) (ms)': medians.wrapped.toFixed(1),
  ratio: (medians.wrapped / medians.plain).toFixed(2),
};
printTable('@parley/ai-sdk: median of 10 interleaved rounds', [row]);
writeResults('ai-sdk', { streamText: row });
