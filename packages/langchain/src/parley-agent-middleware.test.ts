import { FakeListChatModel } from '@langchain/core/utils/testing';
import { redactSecretsStream } from '@parley/redaction';
import { createAgent } from 'langchain';
import { expect, test } from 'vitest';
import { parleyAgentMiddleware } from './parley-agent-middleware';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

test('createAgent with parleyAgentMiddleware: the reply is transformed, streamed or not', async () => {
  const agent = createAgent({
    model: new FakeListChatModel({ responses: [`Use ${token} to deploy.`] }),
    tools: [],
    middleware: [parleyAgentMiddleware(redactSecretsStream())],
  });
  const result = await agent.invoke({ messages: [{ role: 'user', content: 'How do I deploy?' }] });
  expect(result.messages.at(-1)?.content).toBe('Use <REDACTED:GITHUB_TOKEN> to deploy.');
  const streamed: string[] = [];
  for await (const [message] of await agent.stream({ messages: [{ role: 'user', content: 'And when streaming?' }] }, { streamMode: 'messages' })) {
    if (typeof message.content === 'string') streamed.push(message.content);
  }
  expect(streamed.join('')).toBe('Use <REDACTED:GITHUB_TOKEN> to deploy.');
  for (const piece of streamed) expect(piece).not.toContain(token.slice(4, 10));
});
