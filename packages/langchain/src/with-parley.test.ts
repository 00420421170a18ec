import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, HumanMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { FakeListChatModel, FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { redactSecretsStream } from '@parley/redaction';
import { describe, expect, test } from 'vitest';
import { withParley } from './with-parley';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

const streamingModel = () =>
  new FakeStreamingChatModel({
    chunks: [
      new AIMessageChunk({ content: 'The key is ', id: 'run-1' }),
      new AIMessageChunk({ content: token.slice(0, 9) }),
      new AIMessageChunk({ content: `${token.slice(9)} — rotate it.` }),
      new AIMessageChunk({ content: '', tool_call_chunks: [{ name: 'rotate', args: '{"key":"gh"}', id: 'call-1', index: 0, type: 'tool_call_chunk' }] }),
    ],
  });

/** Streams the given chunks exactly as they are (the library's fakes rebuild them). */
class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly script: readonly AIMessageChunk[]) {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  async _generate(): Promise<ChatResult> {
    throw new Error('stream only');
  }
  override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
    for (const message of this.script) yield new ChatGenerationChunk({ text: typeof message.content === 'string' ? message.content : '', message });
  }
}

describe('withParley', () => {
  test('copies tool-call chunks, response metadata and ids untouched', async () => {
    const inner = new ScriptedChatModel([
      new AIMessageChunk({ content: `secret ${token.slice(0, 12)}`, id: 'run-7' }),
      new AIMessageChunk({ content: token.slice(12), tool_call_chunks: [{ name: 'rotate', args: '{"a":', id: 'call-1', index: 0, type: 'tool_call_chunk' }] }),
      new AIMessageChunk({ content: '', tool_call_chunks: [{ args: '1}', index: 0, type: 'tool_call_chunk' }], response_metadata: { finish_reason: 'tool_calls' } }),
    ]);
    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await withParley(inner, redactSecretsStream()).stream('go')) chunks.push(chunk);
    const gathered = chunks.reduce((left, right) => left.concat(right));
    expect(gathered.content).toBe('secret <REDACTED:GITHUB_TOKEN>');
    expect(gathered.id).toBe('run-7');
    expect(gathered.tool_call_chunks).toEqual([{ name: 'rotate', args: '{"a":1}', id: 'call-1', index: 0, type: 'tool_call_chunk' }]);
    expect(gathered.tool_calls).toEqual([{ name: 'rotate', args: { a: 1 }, id: 'call-1', type: 'tool_call' }]);
    expect(gathered.response_metadata).toMatchObject({ finish_reason: 'tool_calls' });
  });

  test('streams transformed text from a streaming model; its tool calls come through', async () => {
    const model = withParley(streamingModel(), redactSecretsStream());
    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await model.stream([new HumanMessage('key?')])) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.content).join('')).toBe('The key is <REDACTED:GITHUB_TOKEN> — rotate it.');
    for (const chunk of chunks) expect(String(chunk.content)).not.toContain(token.slice(4, 10));
    const gathered = chunks.reduce((left, right) => left.concat(right));
    expect(gathered.tool_calls).toEqual([{ name: 'rotate', args: { key: 'gh' }, id: 'call-1', type: 'tool_call' }]);
  });

  test('invoke matches the stream', async () => {
    const model = withParley(streamingModel(), redactSecretsStream());
    const message = await model.invoke([new HumanMessage('key?')]);
    expect(message.content).toBe('The key is <REDACTED:GITHUB_TOKEN> — rotate it.');
    expect(message.tool_calls).toEqual([{ name: 'rotate', args: { key: 'gh' }, id: 'call-1', type: 'tool_call' }]);
  });

  test('works with list models, one session per call', async () => {
    const model = withParley(new FakeListChatModel({ responses: [`first ${token}`, 'second reply'] }), redactSecretsStream());
    expect((await model.invoke('a')).content).toBe('first <REDACTED:GITHUB_TOKEN>');
    let streamed = '';
    for await (const chunk of await model.stream('b')) streamed += String(chunk.content);
    expect(streamed).toBe('second reply');
  });

  test('bindTools returns a wrapped model', async () => {
    const model = withParley(new FakeListChatModel({ responses: [`tool time ${token}`] }), redactSecretsStream());
    const bound = model.bindTools([{ name: 'rotate', description: 'rotate a key', schema: { type: 'object', properties: {} } } as never]);
    expect((await bound.invoke('go')).content).toBe('tool time <REDACTED:GITHUB_TOKEN>');
  });

  test('raw tokens of the inner model never reach token callbacks outside it', async () => {
    const tokens: Array<{ token: string; tags: readonly string[] }> = [];
    const model = withParley(streamingModel(), redactSecretsStream());
    await model.invoke([new HumanMessage('key?')], {
      callbacks: [
        {
          handleLLMNewToken: (token: string, _index: unknown, _runId: string, _parent?: string, tags?: string[]) => {
            tokens.push({ token, tags: tags ?? [] });
          },
        },
      ],
    });
    const untagged = tokens.filter(({ tags }) => !tags.includes('nostream')).map(({ token }) => token).join('');
    expect(untagged).toBe('The key is <REDACTED:GITHUB_TOKEN> — rotate it.');
    expect(untagged).not.toContain(token.slice(4, 10));
  });
});

/** A chat model that implements only `_generate`, as many custom and older models do. */
class GenerateOnlyModel extends BaseChatModel {
  _llmType(): string {
    return 'generate-only';
  }

  async _generate(): Promise<ChatResult> {
    const message = new AIMessage({
      content: `Deploy with ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'} now.`,
      tool_calls: [{ id: 'call_1', name: 'deploy', args: { target: 'prod' }, type: 'tool_call' }],
      response_metadata: { model: 'generate-only' },
    });
    return { generations: [{ text: String(message.content), message }] };
  }
}

test('a model without a chunk stream of its own is wrapped too: its reply is one chunk, tool calls kept', async () => {
  const model = withParley(new GenerateOnlyModel({}), redactSecretsStream());
  const invoked = await model.invoke([new HumanMessage('deploy')]);
  expect(invoked.content).toBe('Deploy with <REDACTED:GITHUB_TOKEN> now.');
  expect(invoked.tool_calls).toEqual([expect.objectContaining({ id: 'call_1', name: 'deploy', args: { target: 'prod' } })]);
  expect(invoked.response_metadata).toMatchObject({ model: 'generate-only' });
  let streamed = '';
  for await (const chunk of await model.stream([new HumanMessage('deploy')])) streamed += String(chunk.content);
  expect(streamed).toBe('Deploy with <REDACTED:GITHUB_TOKEN> now.');
});
