import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LoopbackServer, splitSecret, startLoopbackChatServer } from '@parley/fixtures';
import { redactSecretsStream } from '@parley/redaction';
import { streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parleyMiddleware } from './parley-middleware';

const { token, deltas, redacted } = splitSecret;

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackChatServer(deltas);
});

afterAll(() => server.close());

test('a real provider client over HTTP: the secret never reaches the text stream, usage arrives', async () => {
  const provider = createOpenAICompatible({ name: 'loopback', baseURL: server.baseURL, apiKey: 'unused' });
  const model = wrapLanguageModel({ model: provider.chatModel('loopback'), middleware: parleyMiddleware(redactSecretsStream()) });
  const result = streamText({ model, prompt: 'What is the deploy key?' });
  const pieces: string[] = [];
  for await (const piece of result.textStream) pieces.push(piece);
  expect(pieces.join('')).toBe(redacted);
  for (const piece of pieces) expect(piece).not.toContain(token.slice(4, 10));
  expect((await result.usage).outputTokens).toBe(9);
});
