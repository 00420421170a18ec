// The input side with LangChain: a scripted chat model records every message list it is sent, and
// no planted secret may appear in any (system, human, AI history and its tool calls, tool
// messages); through createAgent, allowlisted tools get the real value back and others do not.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';
import { passthroughStream } from '@parley/core';
import { redactSecretsStream } from '@parley/redaction';
import { createSecretGuard, SecretBlockedError } from '@parley/redaction/guard';
import { createAgent } from 'langchain';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { parleyAgentMiddleware } from './parley-agent-middleware';
import { withParley } from './with-parley';

const github = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const npm = `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`;
const aws = 'AKIAQ3EGRXN7T5W2HJ4K';

function expectNoSecret(text: string): void {
  for (const secret of [github, npm, aws]) for (let start = 0; start + 10 <= secret.length; start += 5) expect(text).not.toContain(secret.slice(start, start + 10));
}

/** Answers from a script (a function of the call number and the messages); records every message list. */
class RecordingChatModel extends BaseChatModel {
  readonly received: string[] = [];
  private calls = 0;
  private readonly script: (call: number, messages: BaseMessage[]) => AIMessage;
  constructor(script: (call: number, messages: BaseMessage[]) => AIMessage) {
    super({});
    this.script = script;
  }
  _llmType(): string {
    return 'recording';
  }
  override bindTools(): Runnable {
    return this as never;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.received.push(JSON.stringify(messages.map((message) => ({ type: message.type, content: message.content, tool_calls: (message as AIMessage).tool_calls, kwargs: message.additional_kwargs }))));
    this.calls += 1;
    const message = this.script(this.calls, messages);
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

const history = (): BaseMessage[] => [
  new SystemMessage(`Deploy with ${github}.`),
  new HumanMessage({ content: [{ type: 'text', text: `my npm token is ${npm}` }] }),
  new AIMessage({
    content: `calling publish with ${npm}`,
    tool_calls: [{ id: 'c1', name: 'publish', args: { token: npm } }],
    additional_kwargs: { tool_calls: [{ id: 'c1', type: 'function', function: { name: 'publish', arguments: JSON.stringify({ token: npm }) } }] },
  }),
  new ToolMessage({ content: `published; AWS key ${aws}`, tool_call_id: 'c1' }),
  new HumanMessage(`and ${github}?`),
];

describe('withParley({ guard })', () => {
  for (const strategy of ['redact', 'mask', 'hash', 'placeholder'] as const) {
    test(`${strategy}: the model never receives a planted secret, invoked or streamed`, async () => {
      const inner = new RecordingChatModel(() => new AIMessage('ok'));
      const guard = createSecretGuard({ input: strategy, toolResults: strategy });
      const model = withParley(inner, redactSecretsStream(), { guard });
      expect((await model.invoke(history())).content).toBe('ok');
      for await (const _chunk of await model.stream(history())) void _chunk;
      expect(inner.received).toHaveLength(2);
      for (const sent of inner.received) expectNoSecret(sent);
      expect(inner.received[0]).toContain('"type":"tool"');
    });
  }

  test('block: a typed error and the model is never called', async () => {
    const inner = new RecordingChatModel(() => new AIMessage('ok'));
    const model = withParley(inner, redactSecretsStream(), { guard: createSecretGuard({ toolResults: 'block' }) });
    const error = await model.invoke(history()).catch((caught: unknown) => caught);
    expect(SecretBlockedError.isInstance(error)).toBe(true);
    expect((error as SecretBlockedError).use).toBe('toolResults');
    expect(inner.received).toHaveLength(0);
  });

  test('the history is scanned once: a second call with one more message scans that message alone', async () => {
    const inner = new RecordingChatModel(() => new AIMessage('ok'));
    const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder' });
    const model = withParley(inner, redactSecretsStream(), { guard });
    const messages = history();
    await model.invoke(messages);
    const { scans } = guard.stats();
    await model.invoke([...messages, new HumanMessage('one more')]);
    expect(guard.stats().scans).toBe(scans + 1);
  });

  test('options.guard is checked', () => {
    expect(() => withParley(new RecordingChatModel(() => new AIMessage('')), redactSecretsStream(), { guard: { guardText: 1 } as never })).toThrow(/options.guard must be a secret guard/);
  });
});

describe('parleyAgentMiddleware({ guard }) with createAgent', () => {
  test('a key read by a tool never reaches the model; deploy authenticates through restore, search does not get it', async () => {
    const received: Record<string, string[]> = { deploy: [], search: [] };
    const readEnv = tool(async () => `GITHUB_TOKEN=${github}`, { name: 'readEnv', description: 'reads .env', schema: z.object({}) });
    const deploy = tool(
      async ({ token }: { token: string }) => {
        received['deploy']?.push(token);
        return `deployed as ${token}`;
      },
      { name: 'deploy', description: 'deploys', schema: z.object({ token: z.string() }) },
    );
    const search = tool(
      async ({ query }: { query: string }) => {
        received['search']?.push(query);
        return 'nothing';
      },
      { name: 'search', description: 'searches', schema: z.object({ query: z.string() }) },
    );
    const model = new RecordingChatModel((call, messages) => {
      if (call === 1) return new AIMessage({ content: '', tool_calls: [{ id: 'a', name: 'readEnv', args: {} }] });
      if (call === 2) {
        const placeholder = /<SECRET:GITHUB_TOKEN#\d+>/u.exec(JSON.stringify(messages.map((message) => message.content)))?.[0] ?? 'none';
        return new AIMessage({ content: '', tool_calls: [{ id: 'b', name: 'deploy', args: { token: placeholder } }, { id: 'c', name: 'search', args: { query: placeholder } }] });
      }
      return new AIMessage('Deployed.');
    });
    const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder', restoreFor: ['deploy'] });
    const agent = createAgent({ model, tools: [readEnv, deploy, search], middleware: [parleyAgentMiddleware(redactSecretsStream(), { guard })] });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Deploy the app.' }] });
    expect(result.messages.at(-1)?.content).toBe('Deployed.');
    expect(received['deploy']).toEqual([github]);
    expect(received['search']).toEqual(['<SECRET:GITHUB_TOKEN#1>']);
    for (const sent of model.received) expectNoSecret(sent);
    // The agent's state holds the guarded tool results too.
    expectNoSecret(JSON.stringify(result.messages.map((message) => message.content)));
  });

  test('the output use guards the reply kept in the state (the guard\'s stream runs before the text middleware: here one that passes text through)', async () => {
    const model = new RecordingChatModel(() => new AIMessage(`the key is ${github}`));
    const guard = createSecretGuard({ output: 'hash' });
    const agent = createAgent({ model, tools: [], middleware: [parleyAgentMiddleware(passthroughStream(), { guard })] });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'key?' }] });
    expect(result.messages.at(-1)?.content).toMatch(/^the key is <HASHED:GITHUB_TOKEN#[0-9a-f]{8}>$/);
  });
});
