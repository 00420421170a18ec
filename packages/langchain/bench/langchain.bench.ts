// `pnpm bench` for @parley/langchain: a chat model stream with 10,000 deltas through
// withParley(compose(tokens, redaction)) beside the same model unwrapped.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { medianOfInterleaved, printTable, writeResults } from '@parley/bench';
import { compose } from '@parley/core';
import { withParley } from '@parley/langchain';
import { redactSecrets } from '@parley/redaction';
import { validateTokens } from '@parley/tokens';

const words = 'The council weighs revenue, risk and runway before it answers. [INVOKE:cfo|Runway?]\n'.split(/(?<= )/);
const deltas = Array.from({ length: 10_000 }, (_, index) => words[index % words.length] ?? ' ');

class DeltaModel extends BaseChatModel {
  _llmType(): string {
    return 'deltas';
  }
  async _generate(): Promise<ChatResult> {
    throw new Error('stream only');
  }
  override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
    for (const delta of deltas) yield new ChatGenerationChunk({ text: delta, message: new AIMessageChunk({ content: delta }) });
  }
}

const run = async (wrap: boolean): Promise<number> => {
  const model = wrap ? withParley(new DeltaModel({}), compose(validateTokens(), redactSecrets())) : new DeltaModel({});
  const started = performance.now();
  let length = 0;
  for await (const chunk of await model.stream('go')) length += String(chunk.content).length;
  if (length === 0) throw new Error('no text');
  return performance.now() - started;
};

/** The middlewares' own work on the same deltas, with no LangChain around them. */
const alone = async (): Promise<number> => {
  const started = performance.now();
  const session = compose(validateTokens(), redactSecrets()).open();
  let length = 0;
  for (const delta of deltas) length += session.write(delta).length;
  length += session.end().length;
  if (length === 0) throw new Error('no text');
  return performance.now() - started;
};

const medians = await medianOfInterleaved({ plain: () => run(false), wrapped: () => run(true), alone });
const row = {
  case: 'chat model stream, 10,000 deltas',
  'unwrapped (ms)': medians.plain.toFixed(1),
  'withParley(tokens + redaction) (ms)': medians.wrapped.toFixed(1),
  ratio: (medians.wrapped / medians.plain).toFixed(2),
  'middlewares alone (ms)': medians.alone.toFixed(1),
  'wrapper own (ms)': (medians.wrapped - medians.plain - medians.alone).toFixed(1),
};
printTable('@parley/langchain: median of 10 interleaved rounds', [row]);
writeResults('langchain', { stream: row });
