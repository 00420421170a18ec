import type { LanguageModelV4Content, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { InvalidArgumentError } from '@parley/core';
import { applyEdits, splitAt, type TextEdit } from '@parley/core/testing';
import { type RedactionEvent, redactSecretsStream } from '@parley/redaction';
import { generateText, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { samples } from '../../redaction/src/__fixtures__/secrets';
import { parleyMiddleware } from './parley-middleware';
import type { ParleyMiddlewareOptions } from './parley-options';
import { parleyTransform } from './parley-transform';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const finish = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage } as unknown as LanguageModelV4StreamPart;

/** Every 8-character piece of a secret: none may reach the user. */
const pieces = (secret: string): string[] => Array.from({ length: Math.max(secret.length - 7, 0) }, (_, index) => secret.slice(index, index + 8));

const streamOf = <Part>(parts: readonly Part[]): ReadableStream<Part> =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

async function collect<Part>(stream: ReadableStream<Part>): Promise<Part[]> {
  const all: Part[] = [];
  for await (const part of stream as unknown as AsyncIterable<Part>) all.push(part);
  return all;
}

/** An OpenAI-style raw chunk carrying one delta, as providers report with `includeRawChunks`. */
const rawChunk = (field: 'content' | 'reasoning_content', delta: string): LanguageModelV4StreamPart => ({
  type: 'raw',
  rawValue: { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { [field]: delta }, finish_reason: null }] },
});

/** A provider stream: reasoning then text, each delta preceded by its raw chunk, as real providers send them. */
function providerStream(reasoning: readonly string[], text: readonly string[]): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'reasoning-start', id: 'r' },
    ...reasoning.flatMap((delta): LanguageModelV4StreamPart[] => [rawChunk('reasoning_content', delta), { type: 'reasoning-delta', id: 'r', delta }]),
    { type: 'reasoning-end', id: 'r' },
    { type: 'text-start', id: 't' },
    ...text.flatMap((delta): LanguageModelV4StreamPart[] => [rawChunk('content', delta), { type: 'text-delta', id: 't', delta }]),
    { type: 'text-end', id: 't' },
    finish,
  ];
}

const mock = (parts: readonly LanguageModelV4StreamPart[], content: LanguageModelV4Content[] = [], body?: unknown) =>
  new MockLanguageModelV4({
    doStream: async () => ({ stream: streamOf(parts) }),
    doGenerate: async () => ({ content, finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [], response: { id: 'r-1', body } }) as never,
  });

/** Joins the string values found at each path of a run of raw values. */
function rawTexts(values: readonly unknown[]): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') texts.set(path, (texts.get(path) ?? '') + value);
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}.${index}`));
    else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`);
  };
  for (const value of values) walk(value, '');
  return texts;
}

const deltasOf = (parts: readonly LanguageModelV4StreamPart[], type: string): string =>
  parts
    .filter((part) => part.type === type)
    .map((part) => (part as { delta: string }).delta)
    .join('');

describe('raw chunks and the response body carry no secret', () => {
  test('streamText({ includeRawChunks: true }): raw parts are transformed per path, a secret split across chunks included', async () => {
    const parts = providerStream(['I see ', token.slice(0, 9)], ['Use ', token.slice(0, 11), `${token.slice(11)} now.`]);
    // The reasoning's token is cut short: it is not a secret, and comes out whole when the stream ends.
    const model = wrapLanguageModel({ model: mock(parts), middleware: parleyMiddleware(redactSecretsStream()) });
    const result = streamText({ model, prompt: 'go', includeRawChunks: true });
    const all = [];
    for await (const part of result.fullStream) all.push(part);
    expect(JSON.stringify(all)).not.toContain(token.slice(4, 12));
    expect(await result.text).toBe('Use <REDACTED:GITHUB_TOKEN> now.');
    const raw = rawTexts(all.filter((part) => part.type === 'raw').map((part) => part.rawValue));
    expect(raw.get('.choices.0.delta.content')).toBe('Use <REDACTED:GITHUB_TOKEN> now.');
    expect(raw.get('.choices.0.delta.reasoning_content')).toBe(`I see ${token.slice(0, 9)}`);
  });

  test("rawChunks: 'drop' removes raw parts", async () => {
    const parts = providerStream([], ['Use ', token]);
    const model = wrapLanguageModel({ model: mock(parts), middleware: parleyMiddleware(redactSecretsStream(), { rawChunks: 'drop' }) });
    const out = await collect((await model.doStream({ prompt: [], includeRawChunks: true } as never)).stream);
    expect(out.some((part) => part.type === 'raw')).toBe(false);
    expect(deltasOf(out, 'text-delta')).toBe('Use <REDACTED:GITHUB_TOKEN>');
  });

  test('generateText({ include: { responseBody: true } }): every string of the body is transformed; responseBody: drop removes it', async () => {
    const body = { id: 'chatcmpl-9', choices: [{ message: { content: `Use ${token}`, reasoning_content: `I found ${token}` }, logprobs: null }], usage: { total_tokens: 3 } };
    const content: LanguageModelV4Content[] = [{ type: 'text', text: `Use ${token}` }];
    const transformed = await generateText({ model: wrapLanguageModel({ model: mock([], content, body), middleware: parleyMiddleware(redactSecretsStream()) }), prompt: 'go', include: { responseBody: true } });
    expect(transformed.text).toBe('Use <REDACTED:GITHUB_TOKEN>');
    expect(transformed.response.body).toEqual({
      id: 'chatcmpl-9',
      choices: [{ message: { content: 'Use <REDACTED:GITHUB_TOKEN>', reasoning_content: 'I found <REDACTED:GITHUB_TOKEN>' }, logprobs: null }],
      usage: { total_tokens: 3 },
    });
    const dropped = await generateText({
      model: wrapLanguageModel({ model: mock([], content, body), middleware: parleyMiddleware(redactSecretsStream(), { responseBody: 'drop' }) }),
      prompt: 'go',
      include: { responseBody: true },
    });
    expect(dropped.response.body).toBeUndefined();
    expect(JSON.stringify(dropped)).not.toContain(token.slice(4, 12));
  });
});

describe('reasoning', () => {
  test("reasoning: 'passthrough' leaves reasoning untouched (an explicit choice)", async () => {
    const parts = providerStream([`r ${token}`], ['ok']);
    const model = wrapLanguageModel({ model: mock(parts), middleware: parleyMiddleware(redactSecretsStream(), { reasoning: 'passthrough', rawChunks: 'drop' }) });
    const out = await collect((await model.doStream({ prompt: [] } as never)).stream);
    expect(deltasOf(out, 'reasoning-delta')).toBe(`r ${token}`);
  });

  test('parleyTransform runs reasoning and raw chunks through the middleware too', async () => {
    const parts = providerStream(['thinking of ', token.slice(0, 6), token.slice(6)], ['done']);
    const result = streamText({ model: mock(parts), prompt: 'go', includeRawChunks: true, experimental_transform: parleyTransform(redactSecretsStream()) });
    const all = [];
    for await (const part of result.fullStream) all.push(part);
    expect(JSON.stringify(all)).not.toContain(token.slice(4, 12));
    expect(all.filter((part) => part.type === 'reasoning-delta').map((part) => part.text).join('')).toBe('thinking of <REDACTED:GITHUB_TOKEN>');
    expect(await result.text).toBe('done');
  });
});

describe('tool inputs', () => {
  const toolParts = (input: string, cut: number): LanguageModelV4StreamPart[] => [
    { type: 'tool-input-start', id: 'c1', toolName: 'deploy' },
    { type: 'tool-input-delta', id: 'c1', delta: input.slice(0, cut) },
    { type: 'tool-input-delta', id: 'c1', delta: input.slice(cut) },
    { type: 'tool-input-end', id: 'c1' },
    { type: 'tool-call', toolCallId: 'c1', toolName: 'deploy', input },
    finish,
  ];
  const input = JSON.stringify({ env: 'prod', note: `use ${token}`, tags: ['a', token] });

  test('are untouched by default: a tool may need them as written', async () => {
    const model = wrapLanguageModel({ model: mock(toolParts(input, 30)), middleware: parleyMiddleware(redactSecretsStream()) });
    const out = await collect((await model.doStream({ prompt: [] } as never)).stream);
    expect(out).toEqual(toolParts(input, 30));
  });

  test("toolInputs: 'transform' runs their string values through the middleware, streamed and final alike", async () => {
    const expected = { env: 'prod', note: 'use <REDACTED:GITHUB_TOKEN>', tags: ['a', '<REDACTED:GITHUB_TOKEN>'] };
    for (let cut = 0; cut <= input.length; cut += 1) {
      const model = wrapLanguageModel({ model: mock(toolParts(input, cut)), middleware: parleyMiddleware(redactSecretsStream(), { toolInputs: 'transform' }) });
      const out = await collect((await model.doStream({ prompt: [] } as never)).stream);
      expect(JSON.parse(deltasOf(out, 'tool-input-delta'))).toEqual(expected);
      const call = out.find((part) => part.type === 'tool-call') as { input: string };
      expect(JSON.parse(call.input)).toEqual(expected);
    }
  });
});

test("parleyTransform with toolInputs: 'transform': the call, its streamed input and the result's copy of the input are transformed; the tool itself gets the input as written", async () => {
  const input = JSON.stringify({ key: token });
  const received: string[] = [];
  const tools = { rotate: tool({ description: 'Rotate a key', inputSchema: z.object({ key: z.string() }), execute: async ({ key }) => (received.push(key), 'rotated') }) };
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'tool-input-start', id: 'c1', toolName: 'rotate' },
    { type: 'tool-input-delta', id: 'c1', delta: input.slice(0, 20) },
    { type: 'tool-input-delta', id: 'c1', delta: input.slice(20) },
    { type: 'tool-input-end', id: 'c1' },
    { type: 'tool-call', toolCallId: 'c1', toolName: 'rotate', input },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage } as unknown as LanguageModelV4StreamPart,
  ];
  const result = streamText({ model: mock(parts), prompt: 'rotate', tools, experimental_transform: parleyTransform<typeof tools>(redactSecretsStream(), { toolInputs: 'transform' }) });
  const all = [];
  for await (const part of result.fullStream) all.push(part);
  expect(received).toEqual([token]);
  expect(JSON.stringify(all)).not.toContain(token.slice(4, 12));
  expect(all.filter((part) => part.type === 'tool-result').map((part) => part.input)).toEqual([{ key: '<REDACTED:GITHUB_TOKEN>' }]);
});

describe('arguments', () => {
  test('wrong argument types throw InvalidArgumentError, never a bare TypeError', () => {
    const cases: Array<() => unknown> = [
      () => parleyMiddleware(undefined as never),
      () => parleyMiddleware('redact' as never),
      () => parleyMiddleware(redactSecretsStream(), 'x' as never),
      () => parleyMiddleware(redactSecretsStream(), { streamId: 'x' } as never),
      () => parleyMiddleware(redactSecretsStream(), { reasoning: 'skip' } as never),
      () => parleyMiddleware(redactSecretsStream(), { context: 7 } as never),
      () => parleyTransform(redactSecretsStream(), { responseBody: 'drop' } as never),
      () => parleyTransform({} as never),
    ];
    for (const call of cases) {
      let thrown: unknown;
      try {
        call();
      } catch (error) {
        thrown = error;
      }
      expect(InvalidArgumentError.isInstance(thrown), String(thrown)).toBe(true);
    }
    expect(() => parleyMiddleware(redactSecretsStream(), { streamId: 'x' } as never)).toThrow(/context: \{ streamId/);
  });
});

describe('properties', () => {
  const edits = (events: readonly RedactionEvent[], stream: string): TextEdit[] =>
    events.filter((event) => event.stream === stream).map(({ start, end, type }) => ({ start, end, replacement: `<REDACTED:${type}>` }));

  test(
    'for any chunking, no 8-character piece of a secret reaches any part, raw chunk or body, and text, reasoning and raw text are lossless',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...samples),
          fc.constantFrom(...samples),
          fc.string({ unit: fc.constantFrom(' ', 'a', 'Z', '9', '-', '_', '.', '\n', ':'), maxLength: 12 }),
          fc.array(fc.nat(700), { maxLength: 12 }),
          fc.array(fc.nat(700), { maxLength: 12 }),
          fc.constantFrom<ParleyMiddlewareOptions>({}, { toolInputs: 'transform' }),
          async (textSecret, reasoningSecret, around, textOffsets, reasoningOffsets, options) => {
            // A key glued to more characters of its alphabet (`SK<32 hex>a`, `AKIA<16>9`) is a different,
            // longer string: a fixed-length format one character too long is not that key (the
            // redaction catalogue's near-miss decision). What follows a key here starts at a boundary.
            const after = /^[A-Za-z0-9]/u.test(around) ? ` ${around}` : around;
            const text = `Here it is: ${textSecret.text}${after}`;
            const reasoning = `${around}The user wants ${reasoningSecret.text}`;
            const redactor = redactSecretsStream();
            const events: RedactionEvent[] = [];
            redactor.on('redaction', (event) => events.push(event));
            const middleware = parleyMiddleware(redactor, options);
            const streamed = await collect((await wrapLanguageModel({ model: mock(providerStream(splitAt(reasoning, reasoningOffsets), splitAt(text, textOffsets))), middleware }).doStream({ prompt: [] } as never)).stream);
            const body = { choices: [{ message: { content: text, reasoning_content: reasoning } }] };
            const generated = await wrapLanguageModel({ model: mock([], [{ type: 'reasoning', text: reasoning }, { type: 'text', text }], body), middleware }).doGenerate({ prompt: [] } as never);

            const visibleText = deltasOf(streamed, 'text-delta');
            const visibleReasoning = deltasOf(streamed, 'reasoning-delta');
            const raw = rawTexts(streamed.filter((part) => part.type === 'raw').map((part) => (part as { rawValue: unknown }).rawValue));
            const everything = [JSON.stringify(streamed), JSON.stringify(generated), visibleText, visibleReasoning, ...raw.values()].join('\u0000');
            for (const secret of [textSecret.secret, reasoningSecret.secret]) for (const piece of pieces(secret)) expect(everything).not.toContain(piece);
            // Lossless: each channel is its input with exactly the reported redactions.
            expect(visibleText).toBe(applyEdits(text, edits(events, 'ai-sdk:t')));
            expect(visibleReasoning).toBe(applyEdits(reasoning, edits(events, 'ai-sdk:reasoning:r')));
            expect(raw.get('.choices.0.delta.content')).toBe(applyEdits(text, edits(events, 'ai-sdk:raw:choices.0.delta.content')));
            expect(raw.get('.choices.0.delta.reasoning_content')).toBe(applyEdits(reasoning, edits(events, 'ai-sdk:raw:choices.0.delta.reasoning_content')));
            // Parts that are not text keep their content and order.
            const others = (list: readonly LanguageModelV4StreamPart[]) => list.filter((part) => !/^(?:text|reasoning)-|^raw$/u.test(part.type));
            expect(others(streamed)).toEqual(others(providerStream(splitAt(reasoning, reasoningOffsets), splitAt(text, textOffsets))));
          },
        ),
        { numRuns: 120 },
      );
    },
  );
});
