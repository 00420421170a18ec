// The guard's `output` strategy on a LangChain model's streamed text, through withParley and createAgent.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { passthroughStream } from '@parley/core';
import { everySplit } from '@parley/core/testing';
import { createSecretGuard, SecretBlockedError } from '@parley/redaction/guard';
import { createAgent } from 'langchain';
import { describe, expect, test } from 'vitest';
import { parleyAgentMiddleware } from './parley-agent-middleware';
import { withParley } from './with-parley';

const github = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const npm = `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`;
const reply = `Use ${github} to push, and ${npm} to publish.`;

/** Streams the given text pieces as chunks (a reasoning block first when given). */
class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly pieces: readonly string[], private readonly reasoning = '') {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  override bindTools(): this {
    return this;
  }
  async _generate(): Promise<ChatResult> {
    throw new Error('stream only');
  }
  override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
    if (this.reasoning !== '') yield new ChatGenerationChunk({ text: '', message: new AIMessageChunk({ content: [{ type: 'reasoning', reasoning: this.reasoning }] }) });
    for (const piece of this.pieces) {
      await Promise.resolve();
      yield new ChatGenerationChunk({ text: piece, message: new AIMessageChunk({ content: piece }) });
    }
  }
}

async function streamed(model: ReturnType<typeof withParley>): Promise<{ text: string; reasoning: string }> {
  let text = '';
  let reasoning = '';
  for await (const chunk of await model.stream('go')) {
    text += chunk.text;
    if (Array.isArray(chunk.content)) for (const block of chunk.content) if ((block as { type?: string }).type === 'reasoning') reasoning += (block as unknown as { reasoning: string }).reasoning;
  }
  return { text, reasoning };
}

describe('withParley({ guard }): streamed output follows the output strategy', () => {
  test.each(['redact', 'mask', 'hash', 'placeholder'] as const)('%s: stream and invoke write what guardText writes, for every split of the chunks', async (strategy) => {
    const guard = createSecretGuard({ output: strategy });
    const expected = await guard.guardText(reply, { use: 'output' });
    expect(expected).not.toContain(github);
    for (const pieces of [[reply], ...everySplit(reply)]) {
      const model = withParley(new ScriptedChatModel(pieces, reply), passthroughStream(), { guard });
      const { text, reasoning } = await streamed(model);
      expect(text).toBe(expected);
      expect(reasoning).toBe(expected);
    }
    const invoked = await withParley(new ScriptedChatModel([reply]), passthroughStream(), { guard }).invoke('go');
    expect(invoked.content).toBe(expected);
  });

  test('block: the stream throws SecretBlockedError before any piece of the key, for every split', async () => {
    const guard = createSecretGuard({ output: 'block' });
    for (const pieces of everySplit(`All fine. Then ${github} and more`)) {
      let text = '';
      let error: unknown;
      try {
        for await (const chunk of await withParley(new ScriptedChatModel(pieces), passthroughStream(), { guard }).stream('go')) text += chunk.text;
      } catch (caught) {
        error = caught;
      }
      expect(SecretBlockedError.isInstance(error)).toBe(true);
      expect(text).not.toContain('ghp_');
    }
  });

  test('createAgent: the streamed messages and the reply in the state carry the same placeholder', async () => {
    const guard = createSecretGuard({ output: 'placeholder' });
    const agent = createAgent({ model: new ScriptedChatModel([`the key is ${github.slice(0, 9)}`, github.slice(9)]), tools: [], middleware: [parleyAgentMiddleware(passthroughStream(), { guard })] });
    let text = '';
    for await (const [message] of await agent.stream({ messages: [{ role: 'user', content: 'key?' }] }, { streamMode: 'messages' })) if (typeof message.content === 'string') text += message.content;
    expect(text).toBe('the key is <SECRET:GITHUB_TOKEN#1>');
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'key?' }] });
    expect(result.messages.at(-1)?.content).toBe('the key is <SECRET:GITHUB_TOKEN#1>');
    expect(await guard.restoreText(text)).toBe(`the key is ${github}`);
  });
});
