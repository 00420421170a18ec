// `pnpm bench` for @parley/langchain's input guard: invoke with a history of 10, 100 and 1,000
// messages (2 KB each, a key every few), on the chat model unwrapped and through
// withParley(model, passthroughStream(), { guard }) in the same run. First call: a fresh guard
// scans the whole history; steady state: each later call adds one message (the cache answers
// for the rest). The model answers at once, so the times are LangChain's and the guard's own.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { historyOverhead, printTable, writeResults } from '@parley/bench';
import { passthroughStream } from '@parley/core';
import { withParley } from '@parley/langchain';
import { createSecretGuard } from '@parley/redaction/guard';

class ReplyModel extends BaseChatModel {
  _llmType(): string {
    return 'reply';
  }
  async _generate(): Promise<ChatResult> {
    return { generations: [{ text: 'ok', message: new AIMessage('ok') }] };
  }
}

const model = new ReplyModel({});
const messages = (history: readonly string[]): BaseMessage[] => history.map((text, index) => (index % 2 === 0 ? new HumanMessage(text) : new AIMessage(text)));

const callers = {
  unwrapped: { start: () => ({ call: async (history: readonly string[]) => void (await model.invoke(messages(history))) }) },
  guarded: {
    start: () => {
      const guarded = withParley(model, passthroughStream(), { guard: createSecretGuard({ input: 'placeholder', toolResults: 'placeholder' }) });
      return { call: async (history: readonly string[]) => void (await guarded.invoke(messages(history))) };
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
printTable('@parley/langchain input guard, invoke (medians; steady = one new message per call)', rows);
writeResults('langchain-guard', { guardOverhead: rows });
