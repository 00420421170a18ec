import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { registerConfigureHook } from '@langchain/core/context';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { ChatOpenAI } from '@langchain/openai';
import { splitAt } from '@parley/core/testing';
import { redactSecretsStream } from '@parley/redaction';
import * as fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { withParley } from './with-parley';

// Tracing (LangSmith and the like) attaches a handler to every run through a configure hook, not
// through the callbacks a caller passes. A model with bound tools used to run as a nested run of its
// own, which such a handler traced with the raw tokens and the raw reply.

const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));

/** Everything a globally configured handler sees, as LangSmith's tracer would. */
const traced: string[] = [];
class GlobalTracer extends BaseCallbackHandler {
  name = 'global-tracer';
  override async handleLLMNewToken(token: string): Promise<void> {
    traced.push(token);
  }
  override async handleLLMEnd(output: unknown): Promise<void> {
    traced.push(JSON.stringify(output));
  }
  override async handleChainEnd(output: unknown): Promise<void> {
    traced.push(JSON.stringify(output));
  }
}
/** Turns the tracer on for the calling test (configure hooks live in the async context). */
function trace(): void {
  process.env['PARLEY_TEST_GLOBAL_TRACER'] = 'true';
  registerConfigureHook({ handlerClass: GlobalTracer as never, envVar: 'PARLEY_TEST_GLOBAL_TRACER' });
}

/** Streams its script; records the call options it was called with. */
class ScriptedChatModel extends BaseChatModel {
  readonly calls: Array<Record<string, unknown>> = [];
  constructor(private readonly script: readonly string[]) {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  override bindTools(tools: unknown[], kwargs?: Record<string, unknown>): Runnable<never, AIMessageChunk> {
    return this.withConfig({ tools, ...kwargs } as never) as never;
  }
  async _generate(): Promise<ChatResult> {
    throw new Error('stream only');
  }
  override async *_streamResponseChunks(_messages: unknown, options: this['ParsedCallOptions']): AsyncGenerator<ChatGenerationChunk> {
    this.calls.push(options as Record<string, unknown>);
    for (const text of this.script) yield new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
  }
}

test(
  'for any secret, chunking and chain of bindings (bindTools, withConfig), a globally configured tracer sees no piece of the secret, and the bound options reach the model (fast-check)',
  { timeout: 180_000 },
  async () => {
    trace();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...samples), fc.array(fc.nat(200), { maxLength: 8 }), fc.array(fc.constantFrom('bindTools', 'withConfig'), { maxLength: 3 }), async (secret, offsets, layers) => {
        traced.length = 0;
        const inner = new ScriptedChatModel(splitAt(`Here it is: ${secret.text} — keep it safe.`, offsets));
        let bound: Runnable<never, AIMessageChunk> = inner as never;
        for (const [depth, layer] of layers.entries()) {
          bound = layer === 'bindTools' ? (bound as unknown as ScriptedChatModel).bindTools?.([{ name: `tool${depth}` }]) ?? inner.bindTools([{ name: `tool${depth}` }]) : bound.withConfig({ metadata: { depth } } as never);
        }
        const model = withParley(bound as never, redactSecretsStream());
        await model.invoke('go');
        for await (const chunk of await model.stream('go')) void chunk;
        const seen = traced.join('\u0000');
        // The tracer does see the wrapper's run: what it sees is the transformed reply.
        expect(seen).toContain('keep it safe.');
        for (const piece of pieces(secret.secret)) expect(seen).not.toContain(piece);
        const lastTools = layers.lastIndexOf('bindTools');
        if (lastTools >= 0) for (const call of inner.calls) expect(call['tools']).toEqual([{ name: `tool${lastTools}` }]);
      }),
      { numRuns: 100 },
    );
  },
);

let server: Server;
let baseURL = '';
const bodies: Array<Record<string, unknown>> = [];
const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (data: Buffer) => (body += data.toString()));
    request.on('end', () => {
      bodies.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null = null): string =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'loopback', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      for (const delta of ['The key is ', token.slice(0, 9), `${token.slice(9)}.`]) response.write(chunk({ content: delta }));
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('ChatOpenAI with bound tools: the tools reach the request, the reply is redacted, and a global tracer sees no raw token', async () => {
  trace();
  traced.length = 0;
  const rotate = { type: 'function', function: { name: 'rotate', description: 'Rotate a key', parameters: { type: 'object', properties: { key: { type: 'string' } } } } };
  const model = withParley(new ChatOpenAI({ model: 'loopback', apiKey: 'unused', configuration: { baseURL } }), redactSecretsStream()).bindTools([rotate], { tool_choice: 'auto' });
  const reply = await model.invoke('key?');
  expect(reply.content).toBe('The key is <REDACTED:GITHUB_TOKEN>.');
  expect((bodies.at(-1)?.['tools'] as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(['rotate']);
  expect(bodies.at(-1)?.['tool_choice']).toBe('auto');
  expect(traced.length).toBeGreaterThan(0);
  expect(traced.join('\u0000')).not.toContain(token.slice(4, 12));
});
