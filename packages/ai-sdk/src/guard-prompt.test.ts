// The input side with a real AI SDK loop: a scripted mock provider records every prompt it is
// sent, and no planted secret may appear in any of them (system, user, assistant history, tool
// calls and results, files); allowlisted tools get the real value back, others the placeholder.
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { redactSecretsStream } from '@parley/redaction';
import { createSecretGuard, SecretBlockedError, type SecretGuard } from '@parley/redaction/guard';
import { generateText, isStepCount, type ModelMessage, simulateReadableStream, streamText, tool, type ToolSet, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { guardPrompt } from './guard-prompt';
import { guardTools } from './guard-tools';
import { parleyMiddleware } from './parley-middleware';
import type { PromptGuard } from '@parley/core';

// A secret guard from @parley/redaction/guard is what the adapter takes.
expectTypeOf<SecretGuard>().toExtend<PromptGuard>();

const github = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const npm = `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`;
const aws = 'AKIAQ3EGRXN7T5W2HJ4K';
const planted = [github, npm, aws];
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const stop = { unified: 'stop', raw: 'stop' } as const;

/** Everything the provider was sent, as text: bytes decoded, so a secret in a file shows too. */
function sent(calls: readonly LanguageModelV4CallOptions[]): string {
  return JSON.stringify(calls.map((call) => call.prompt), (_key, value: unknown) => (value instanceof Uint8Array ? new TextDecoder().decode(value) : value));
}

function expectNoSecret(text: string): void {
  for (const secret of planted) for (let start = 0; start + 10 <= secret.length; start += 5) expect(text).not.toContain(secret.slice(start, start + 10));
}

const reply = (text: string): LanguageModelV4GenerateResult => ({ content: [{ type: 'text', text }], finishReason: stop, usage, warnings: [] });

describe('parleyMiddleware({ guard }): the prompt', () => {
  const instructions = `You deploy with ${github}.`;
  const history: ModelMessage[] = [
    {
      role: 'user',
      content: [
        { type: 'text', text: `my npm token is ${npm}` },
        { type: 'file', mediaType: 'text/plain', data: new TextEncoder().encode(`AWS_ACCESS_KEY_ID=${aws}\n`) },
        { type: 'file', mediaType: 'text/x-env', data: { type: 'text', text: `TOKEN=${github}` } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: `the key ${aws} looks live` },
        { type: 'text', text: `I will call the tool with ${npm}.` },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'publish', input: { token: npm } },
      ],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'publish', output: { type: 'json', value: { log: `published with ${npm}`, [github]: 1 } } },
        { type: 'tool-result', toolCallId: 'c2', toolName: 'cat', output: { type: 'text', value: `GITHUB_TOKEN=${github}` } },
        { type: 'tool-result', toolCallId: 'c3', toolName: 'cat', output: { type: 'error-text', value: `failed: ${aws}` } },
        { type: 'tool-result', toolCallId: 'c4', toolName: 'cat', output: { type: 'content', value: [{ type: 'text', text: `key ${aws}` }] } },
      ],
    },
    { role: 'user', content: `and ${github} again?` },
  ];

  for (const strategy of ['redact', 'mask', 'hash', 'placeholder'] as const) {
    test(`${strategy}: no piece of a planted secret reaches the provider, generate or stream`, async () => {
      const base = new MockLanguageModelV4({
        doGenerate: reply('ok'),
        doStream: async () => ({ stream: simulateReadableStream({ chunks: [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'ok' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: stop, usage }] as LanguageModelV4StreamPart[] }) }),
      });
      const guard = createSecretGuard({ input: strategy, toolResults: strategy });
      const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard }) });
      await generateText({ model, instructions, messages: history });
      await streamText({ model, instructions, messages: history }).text;
      expect(base.doGenerateCalls).toHaveLength(1);
      expect(base.doStreamCalls).toHaveLength(1);
      const text = sent([...base.doGenerateCalls, ...base.doStreamCalls]);
      expectNoSecret(text);
      // The structure is kept: every message and part is still there, guarded.
      expect(base.doGenerateCalls[0]?.prompt.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
      expect(text).toContain(strategy === 'redact' ? '<REDACTED:GITHUB_TOKEN>' : strategy === 'mask' ? '<MASKED:GITHUB_TOKEN#' : strategy === 'hash' ? '<HASHED:GITHUB_TOKEN#' : '<SECRET:GITHUB_TOKEN#1>');
    });
  }

  test('block: a typed error, and the provider is never called', async () => {
    const base = new MockLanguageModelV4({ doGenerate: reply('ok') });
    const guard = createSecretGuard({ input: 'block' });
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard }) });
    const error = await generateText({ model, prompt: `deploy with ${github}` }).catch((caught: unknown) => caught);
    expect(SecretBlockedError.isInstance(error)).toBe(true);
    expect((error as SecretBlockedError).code).toBe('SECRET_BLOCKED');
    expect(JSON.stringify(error)).not.toContain(github.slice(4, 14));
    expect(base.doGenerateCalls).toHaveLength(0);
    // Without a secret, the call goes through.
    await generateText({ model, prompt: 'deploy please' });
    expect(base.doGenerateCalls).toHaveLength(1);
  });

  test('the output use guards generated text before the middleware; input off leaves the prompt', async () => {
    const base = new MockLanguageModelV4({ doGenerate: reply(`here: ${github}`) });
    const guard = createSecretGuard({ input: false, output: 'hash' });
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard }) });
    const result = await generateText({ model, prompt: `my key ${npm}` });
    expect(result.text).toMatch(/^here: <HASHED:GITHUB_TOKEN#[0-9a-f]{8}>$/);
    expect(sent(base.doGenerateCalls)).toContain(npm);
  });

  test('a growing history is scanned once per message: later calls read the cache', async () => {
    const base = new MockLanguageModelV4({ doGenerate: reply('ok') });
    const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder' });
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard }) });
    const messages: ModelMessage[] = [];
    for (let turn = 0; turn < 5; turn += 1) {
      messages.push({ role: 'user', content: `turn ${turn} with ${npm}` });
      await generateText({ model, instructions: `key ${github}`, messages });
      messages.push({ role: 'assistant', content: `answer ${turn}` });
    }
    // Each distinct text is scanned once, however many calls send it: a call whose history has one
    // new message (the last answer) scans that message alone.
    const { scans, cacheHits } = guard.stats();
    await generateText({ model, instructions: `key ${github}`, messages });
    expect(guard.stats().scans).toBe(scans + 1);
    expect(guard.stats().cacheHits).toBeGreaterThan(cacheHits);
    expectNoSecret(sent(base.doGenerateCalls));
  });

  test('files as base64 text of a textual type are decoded and guarded; images pass', async () => {
    const guard = createSecretGuard();
    const image = { type: 'file' as const, mediaType: 'image/png', data: { type: 'data' as const, data: btoa(`PNG ${npm}`) } };
    const [message] = await guardPrompt(
      [{ role: 'user', content: [{ type: 'file', mediaType: 'application/json', data: { type: 'data', data: btoa(JSON.stringify({ key: npm })) } }, image] }],
      guard,
    );
    const [json, png] = (message as { content: Array<{ data: { data: unknown } }> }).content;
    expect(new TextDecoder().decode(json?.data.data as Uint8Array)).toBe('{"key":"<REDACTED:NPM_TOKEN>"}');
    expect(png).toBe(image);
  });

  test('options.guard is checked', () => {
    expect(() => parleyMiddleware(redactSecretsStream(), { guard: {} as never })).toThrow(/options.guard must be a secret guard/);
  });
});

describe('guardTools: restore for allowlisted tools only, results guarded on the way back', () => {
  test('an agent loop: the key read from a file never reaches the provider; deploy gets it, search does not', async () => {
    const received: Record<string, unknown[]> = { deploy: [], search: [] };
    const tools = {
      readEnv: tool({ inputSchema: z.object({}), execute: async () => `GITHUB_TOKEN=${github}\nREGION=eu` }),
      deploy: tool({ inputSchema: z.object({ token: z.string() }), execute: async ({ token }) => { received['deploy']?.push(token); return `deployed; authenticated as ${token}`; } }),
      search: tool({ inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => { received['search']?.push(query); return 'nothing found'; } }),
      progress: tool({ inputSchema: z.object({}), execute: async function* () { yield `step 1 ${npm}`; yield `done ${npm}`; } }),
    };
    let step = 0;
    const base = new MockLanguageModelV4({
      doGenerate: async (options) => {
        step += 1;
        const promptText = sent([options]);
        if (step === 1) return { ...reply(''), content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'readEnv', input: '{}' }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' } };
        if (step === 2) {
          // The model only ever saw the placeholder, and uses it.
          const placeholder = /<SECRET:GITHUB_TOKEN#\d+>/u.exec(promptText)?.[0] ?? 'none';
          return {
            ...reply(''),
            content: [
              { type: 'tool-call', toolCallId: 'b', toolName: 'deploy', input: JSON.stringify({ token: placeholder }) },
              { type: 'tool-call', toolCallId: 'c', toolName: 'search', input: JSON.stringify({ query: placeholder }) },
              { type: 'tool-call', toolCallId: 'd', toolName: 'progress', input: '{}' },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          };
        }
        return reply('Deployed.');
      },
    });
    const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder', restoreFor: ['deploy'] });
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard }) });
    const result = await generateText({ model, tools: guardTools(tools, guard), prompt: 'Deploy the app.', stopWhen: isStepCount(4) });
    expect(result.text).toBe('Deployed.');
    expect(received['deploy']).toEqual([github]);
    expect(received['search']).toEqual(['<SECRET:GITHUB_TOKEN#1>']);
    expectNoSecret(sent(base.doGenerateCalls));
    // The tool results the app sees are guarded as well: the deploy result echoed the real token.
    const outputs = JSON.stringify(result.steps.flatMap((each) => each.toolResults.map((toolResult) => toolResult.output)));
    expectNoSecret(outputs);
    expect(outputs).toContain('authenticated as <SECRET:GITHUB_TOKEN#1>');
    expect(outputs).toContain('done <SECRET:NPM_TOKEN#1>');
  });

  test('guardTools checks its arguments and keeps tools without execute', () => {
    const guard = createSecretGuard();
    expect(() => guardTools(null as never, guard)).toThrow(/tool set/);
    expect(() => guardTools({}, {} as never)).toThrow(/secret guard/);
    const schemaOnly = { ask: tool({ inputSchema: z.object({}) }) } as unknown as ToolSet;
    expect(guardTools(schemaOnly, guard)['ask']).toBe(schemaOnly['ask']);
  });
});
