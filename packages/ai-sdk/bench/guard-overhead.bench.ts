// `pnpm bench` for @parley/ai-sdk's input guard: generateText with a history of 10, 100 and
// 1,000 messages (2 KB each, a key every few), unwrapped and through
// parleyMiddleware(passthroughStream(), { guard }) in the same run. First call: a fresh guard
// scans the whole history; steady state: each later call adds one message (the cache answers
// for the rest). The model answers at once, so the times are the SDK's and the guard's own.
import { historyOverhead, printTable, writeResults } from '@parley/bench';
import { parleyMiddleware } from '@parley/ai-sdk';
import { passthroughStream } from '@parley/core';
import { createSecretGuard } from '@parley/redaction/guard';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const model = new MockLanguageModelV4({ doGenerate: async () => ({ content: [{ type: 'text', text: 'ok' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }) });
const messages = (history: readonly string[]): ModelMessage[] => history.map((text, index) => (index % 2 === 0 ? { role: 'user', content: text } : { role: 'assistant', content: text }));

const callers = {
  unwrapped: { start: () => ({ call: async (history: readonly string[]) => void (await generateText({ model, messages: messages(history) })) }) },
  guarded: {
    start: () => {
      const guarded = wrapLanguageModel({ model, middleware: parleyMiddleware(passthroughStream(), { guard: createSecretGuard({ input: 'placeholder', toolResults: 'placeholder' }) }) });
      return { call: async (history: readonly string[]) => void (await generateText({ model: guarded, messages: messages(history) })) };
    },
  },
};

await historyOverhead(callers, 100, { rounds: 1, steadyCalls: 5 });
const rows = [];
for (const size of [10, 100, 1000]) {
  const { first, steady } = await historyOverhead(callers, size, size === 1000 ? { rounds: 3, steadyCalls: 10 } : {});
  rows.push({
    messages: size,
    history: `${Math.round((size * 2048) / 1000)} KB`,
    'first: unwrapped (ms)': (first['unwrapped'] as number).toFixed(2),
    'first: guarded (ms)': (first['guarded'] as number).toFixed(2),
    'steady: unwrapped (ms)': (steady['unwrapped'] as number).toFixed(2),
    'steady: guarded (ms)': (steady['guarded'] as number).toFixed(2),
    'steady overhead (ms)': ((steady['guarded'] as number) - (steady['unwrapped'] as number)).toFixed(2),
  });
}
printTable('@parley/ai-sdk input guard, generateText (medians; steady = one new message per call)', rows);
writeResults('ai-sdk-guard', { guardOverhead: rows });
