// `pnpm bench` for @parley/langchain: a chat model stream with 10,000 deltas through
// withParley(compose(tokens, redaction)) beside the same model unwrapped.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { medianOfInterleaved, printTable, writeResults } from '@parley/bench';
import { compose, passthroughStream } from '@parley/core';
import { withParley } from '@parley/langchain';
import { redactSecretsStream } from '@parley/redaction';
import { checkTokensStream } from '@parley/tokens';

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

const run = async (wrap: 'none' | 'passthrough' | 'guards'): Promise<number> => {
  const model =
    wrap === 'none'
      ? new DeltaModel({})
      : wrap === 'passthrough'
        ? withParley(new DeltaModel({}), passthroughStream())
        : withParley(new DeltaModel({}), compose(checkTokensStream(), redactSecretsStream()));
  const started = performance.now();
  let length = 0;
  for await (const chunk of await model.stream('go')) length += String(chunk.content).length;
  if (length === 0) throw new Error('no text');
  return performance.now() - started;
};

// The adapter's own cost shows with a pass-through middleware; the full case adds the tokens
// validator and the redactor's work on every delta.
const medians = await medianOfInterleaved({ plain: () => run('none'), passthroughStream: () => run('passthrough'), wrapped: () => run('guards') });
const row = {
  case: 'chat model stream, 10,000 deltas',
  'unwrapped (ms)': medians.plain.toFixed(1),
  'withParley(passthroughStream) (ms)': medians.passthroughStream.toFixed(1),
  'ratio (adapter)': (medians.passthroughStream / medians.plain).toFixed(2),
  'withParley(tokens + redaction) (ms)': medians.wrapped.toFixed(1),
  ratio: (medians.wrapped / medians.plain).toFixed(2),
};
printTable('@parley/langchain: median of 10 interleaved rounds', [row]);
writeResults('langchain', { stream: row });
