import { AIMessageChunk } from '@langchain/core/messages';
import { MessagesAnnotation, StateGraph } from '@langchain/langgraph';
import { redactSecretsStream } from '@parley/redaction';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { expect, test } from 'vitest';
import { withParley } from './with-parley';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

test.each([
  ['a chat model (its chunks read directly)', false],
  ['a model with bound tools (a nested run tagged nostream)', true],
])('LangGraph streamMode "messages" emits only transformed tokens: %s', async (_name, bound) => {
  const inner = new FakeStreamingChatModel({
    chunks: [new AIMessageChunk({ content: 'The key is ' }), new AIMessageChunk({ content: token.slice(0, 9) }), new AIMessageChunk({ content: `${token.slice(9)}.` })],
  });
  const wrapped = withParley(inner, redactSecretsStream());
  const model = bound ? wrapped.bindTools([{ name: 'rotate', description: 'rotate a key', schema: { type: 'object', properties: {} } } as never]) : wrapped;
  const graph = new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addEdge('__start__', 'agent')
    .compile();
  const streamed: string[] = [];
  for await (const [message] of await graph.stream({ messages: [{ role: 'user', content: 'key?' }] }, { streamMode: 'messages' })) {
    streamed.push(typeof message.content === 'string' ? message.content : JSON.stringify(message.content));
  }
  expect(streamed.join('')).toBe('The key is <REDACTED:GITHUB_TOKEN>.');
  for (const piece of streamed) expect(piece).not.toContain(token.slice(4, 10));
});
