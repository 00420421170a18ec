import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { redactSecrets } from '@parley/redaction';
import { streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parleyMiddleware } from './parley-middleware';

const token = `ghp_${'a1B2c3D4e5F6'.repeat(3)}`;
/** Realistic deltas: words and the secret split mid-way, as a provider streams them. */
const deltas = ['The dep', 'loy key is ', token.slice(0, 7), token.slice(7, 19), token.slice(19), ' — rot', 'ate it.'];

let server: Server;
let baseURL: string;

beforeAll(async () => {
  // A loopback OpenAI-compatible chat-completions server speaking server-sent events.
  server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1764400000, model: 'loopback', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.write(chunk({ role: 'assistant', content: '' }));
      for (const delta of deltas) response.write(chunk({ content: delta }));
      response.write(chunk({}, 'stop'));
      response.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1764400000, model: 'loopback', choices: [], usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 } })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a real provider client over HTTP: the secret never reaches the text stream, usage arrives', async () => {
  const provider = createOpenAICompatible({ name: 'loopback', baseURL, apiKey: 'unused' });
  const model = wrapLanguageModel({ model: provider.chatModel('loopback'), middleware: parleyMiddleware(redactSecrets()) });
  const result = streamText({ model, prompt: 'What is the deploy key?' });
  const pieces: string[] = [];
  for await (const piece of result.textStream) pieces.push(piece);
  expect(pieces.join('')).toBe('The deploy key is <REDACTED:GITHUB_TOKEN> — rotate it.');
  for (const piece of pieces) expect(piece).not.toContain(token.slice(4, 10));
  expect((await result.usage).outputTokens).toBe(9);
});
