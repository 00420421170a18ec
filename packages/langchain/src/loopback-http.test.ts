import { ChatOpenAI } from '@langchain/openai';
import { type LoopbackServer, splitSecret, startLoopbackChatServer } from '@parley/fixtures';
import { redactSecretsStream } from '@parley/redaction';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { withParley } from './with-parley';

const { token, deltas, redacted } = splitSecret;
let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackChatServer(deltas);
});

afterAll(() => server.close());

test('a real provider client over HTTP: ChatOpenAI through withParley never shows the secret', async () => {
  const model = withParley(new ChatOpenAI({ model: 'loopback', apiKey: 'unused', configuration: { baseURL: server.baseURL }, streamUsage: true }), redactSecretsStream());
  const pieces: string[] = [];
  for await (const chunk of await model.stream('What is the deploy key?')) pieces.push(String(chunk.content));
  expect(pieces.join('')).toBe(redacted);
  for (const piece of pieces) expect(piece).not.toContain(token.slice(4, 10));
  const invoked = await model.invoke('again');
  expect(invoked.content).toBe(redacted);
  // What ChatOpenAI reports in its chunks' generationInfo reaches the invoked message.
  expect(invoked.response_metadata).toMatchObject({ finish_reason: 'stop', model_name: 'loopback' });
});

test('invoke() carries the usage the unwrapped model reports: response_metadata.tokenUsage and usage_metadata', async () => {
  const make = (): ChatOpenAI => new ChatOpenAI({ model: 'loopback', apiKey: 'unused', configuration: { baseURL: server.baseURL }, streamUsage: true });
  // The unwrapped model's invoke asks for the whole completion; the wrapped one streams it.
  const plain = await make().invoke('go');
  const wrapped = await withParley(make(), redactSecretsStream()).invoke('go');
  expect(plain.response_metadata['tokenUsage']).toEqual({ promptTokens: 5, completionTokens: 9, totalTokens: 14 });
  expect(wrapped.response_metadata['tokenUsage']).toEqual(plain.response_metadata['tokenUsage']);
  expect(wrapped.usage_metadata).toEqual(plain.usage_metadata);
  // Every field the unwrapped invoke reports is there (a stream reports a few more, as ChatOpenAI's own stream does).
  expect(Object.keys(wrapped.response_metadata)).toEqual(expect.arrayContaining(Object.keys(plain.response_metadata)));
});
