import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { MessagesAnnotation, StateGraph } from '@langchain/langgraph';
import { passthroughStream } from '@parley/core';
import { redactSecretsStream } from '@parley/redaction';
import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { withParley } from './with-parley';

// LangGraph's `messages` stream (and streamEvents) show a model's chunks through the token callback.
// Chunks without reply text — reasoning, tool-call chunks — must reach it too.

type ChunkFields = ConstructorParameters<typeof AIMessageChunk>[0];

/** Streams fresh copies of its script, calling the token callback for every chunk as chat models do. */
class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly script: readonly ChunkFields[]) {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  async _generate(): Promise<ChatResult> {
    throw new Error('stream only');
  }
  override async *_streamResponseChunks(_messages: BaseMessage[], _options: unknown, runManager?: { handleLLMNewToken(...args: unknown[]): Promise<void> }): AsyncGenerator<ChatGenerationChunk> {
    for (const fields of this.script) {
      const message = new AIMessageChunk(structuredClone(fields) as ChunkFields);
      const generation = new ChatGenerationChunk({ text: typeof message.content === 'string' ? message.content : '', message });
      yield generation;
      await runManager?.handleLLMNewToken(generation.text, undefined, undefined, undefined, undefined, { chunk: generation });
    }
  }
}

/** What a chunk shows: its content, reasoning kwargs and tool-call chunks. */
const shown = (message: BaseMessage): string => JSON.stringify({ content: message.content, kwargs: message.additional_kwargs, tools: (message as AIMessageChunk).tool_call_chunks ?? [] });

async function messagesMode(model: { invoke(messages: BaseMessage[]): Promise<BaseMessage> }): Promise<string[]> {
  const graph = new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addEdge('__start__', 'agent')
    .compile();
  const out: string[] = [];
  for await (const [message] of await graph.stream({ messages: [{ role: 'user', content: 'go' }] }, { streamMode: 'messages' })) out.push(shown(message));
  return out;
}

const piece = fc.constantFrom('ok ', 'AKI', 'thinking ', 'ghp_a1B2', '\n', 'é');
const chunk: fc.Arbitrary<ChunkFields> = fc.oneof(
  piece.map((text): ChunkFields => ({ content: text })),
  piece.map((text): ChunkFields => ({ content: [{ type: 'reasoning', reasoning: text, index: 0 }] })),
  piece.map((text): ChunkFields => ({ content: '', additional_kwargs: { reasoning_content: text } })),
  fc.constantFrom('{"a":', '1}').map((args): ChunkFields => ({ content: '', tool_call_chunks: [{ type: 'tool_call_chunk', args, index: 0 }] })),
);

test(
  'for any script of text, reasoning and tool-call chunks: LangGraph\'s messages stream shows exactly the chunks the wrapped model streams, and with a middleware that holds nothing, the chunks of the unwrapped model (fast-check)',
  { timeout: 180_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { minLength: 1, maxLength: 8 }), async (script) => {
        const wrapped = withParley(new ScriptedChatModel(script), redactSecretsStream());
        const streamed: string[] = [];
        for await (const message of await wrapped.stream('go')) streamed.push(shown(message));
        expect(await messagesMode(wrapped)).toEqual(streamed);
        expect(await messagesMode(withParley(new ScriptedChatModel(script), passthroughStream()))).toEqual(await messagesMode(new ScriptedChatModel(script)));
      }),
      { numRuns: 60 },
    );
  },
);
