import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { compose } from '@parley/core';
import { redactSecretsStream } from '@parley/redaction';
import { guardTokensStream } from '@parley/tokens';
import { generateText, simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import { parleyMiddleware } from './parley-middleware';
import { parleyTransform } from './parley-transform';

const token = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } };
const finish = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage } as unknown as LanguageModelV4StreamPart;

/** A realistic provider stream: reasoning, two interleaved text blocks, a tool call, a secret split across deltas. */
const parts: LanguageModelV4StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'reasoning-start', id: 'r' },
  { type: 'reasoning-delta', id: 'r', delta: `thinking about ${token.slice(0, 14)}` },
  { type: 'reasoning-delta', id: 'r', delta: `${token.slice(14)} here` },
  { type: 'reasoning-end', id: 'r' },
  { type: 'text-start', id: 'a' },
  { type: 'text-start', id: 'b' },
  { type: 'text-delta', id: 'a', delta: 'push with ' + token.slice(0, 10) },
  { type: 'text-delta', id: 'b', delta: 'second block' },
  { type: 'tool-input-start', id: 't', toolName: 'deploy' },
  { type: 'tool-input-delta', id: 't', delta: '{"env":"prod"}' },
  { type: 'tool-input-end', id: 't' },
  { type: 'text-delta', id: 'a', delta: token.slice(10), providerMetadata: { x: { y: 1 } } },
  { type: 'text-delta', id: 'a', delta: ' now' },
  { type: 'text-end', id: 'b' },
  { type: 'text-end', id: 'a' },
  finish,
];

const model = (stream = parts) =>
  new MockLanguageModelV4({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: stream }) }),
    doGenerate: async () => ({
      content: [{ type: 'reasoning', text: `r ${token}` }, { type: 'text', text: `use ${token}` }, { type: 'tool-call', toolCallId: 'c', toolName: 'deploy', input: '{}' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }) as never,
  });

async function collect<Part>(stream: ReadableStream<Part>): Promise<Part[]> {
  const all: Part[] = [];
  for await (const part of stream as unknown as AsyncIterable<Part>) all.push(part);
  return all;
}

describe('parleyMiddleware', () => {
  test('wrapStream: text and reasoning are transformed per block id, everything else passes unchanged and in order', async () => {
    const wrapped = wrapLanguageModel({ model: model(), middleware: parleyMiddleware(redactSecretsStream()) });
    const { stream } = await wrapped.doStream({ prompt: [] } as never);
    const out = await collect(stream);
    const texts = (id: string) => out.filter((part) => part.type === 'text-delta' && part.id === id).map((part) => (part as { delta: string }).delta).join('');
    expect(texts('a')).toBe('push with <REDACTED:GITHUB_TOKEN> now');
    expect(texts('b')).toBe('second block');
    const reasoning = out.filter((part) => part.type === 'reasoning-delta').map((part) => (part as { delta: string }).delta).join('');
    expect(reasoning).toBe('thinking about <REDACTED:GITHUB_TOKEN> here');
    // Other parts: the same objects' content, in the same order relative to each other.
    const others = (list: readonly LanguageModelV4StreamPart[]) =>
      list.filter((part) => !part.type.startsWith('text-') && !part.type.startsWith('reasoning-')).map((part) => JSON.stringify(part));
    expect(others(out)).toEqual(others(parts));
    // Each block: start before its first text, end after its last.
    for (const id of ['a', 'b']) {
      const kinds = out.filter((part) => 'id' in part && part.id === id).map((part) => part.type);
      expect(kinds[0]).toBe('text-start');
      expect(kinds.at(-1)).toBe('text-end');
    }
    // No raw piece of the token ever appears in any part, reasoning included.
    expect(JSON.stringify(out)).not.toContain(token.slice(4, 12));
  });

  test('wrapGenerate transforms every text and reasoning content part and leaves the rest', async () => {
    const wrapped = wrapLanguageModel({ model: model(), middleware: parleyMiddleware(redactSecretsStream()) });
    const result = await wrapped.doGenerate({ prompt: [] } as never);
    expect(result.content).toEqual([
      { type: 'reasoning', text: 'r <REDACTED:GITHUB_TOKEN>' },
      { type: 'text', text: 'use <REDACTED:GITHUB_TOKEN>' },
      { type: 'tool-call', toolCallId: 'c', toolName: 'deploy', input: '{}' },
    ]);
  });

  test('streamText and generateText through wrapLanguageModel with composed Parley middlewares', async () => {
    const middleware = parleyMiddleware(compose(guardTokensStream({ mode: 'repair' }), redactSecretsStream()));
    const streamed = streamText({ model: wrapLanguageModel({ model: model(), middleware }), prompt: 'go' });
    // The repairing guard releases a line when it ends, so block a (no newline) comes out at its
    // text-end, after block b: each block's own text is intact.
    expect(await streamed.text).toBe('second blockpush with <REDACTED:GITHUB_TOKEN> now');
    const generated = await generateText({ model: wrapLanguageModel({ model: model(), middleware }), prompt: 'go' });
    expect(generated.text).toBe('use <REDACTED:GITHUB_TOKEN>');
  });

  test('a text block left open at the end of the stream is flushed', async () => {
    const wrapped = wrapLanguageModel({ model: model([{ type: 'text-start', id: 'x' }, { type: 'text-delta', id: 'x', delta: `key ${token.slice(0, 10)}` }, finish]), middleware: parleyMiddleware(redactSecretsStream()) });
    const out = await collect((await wrapped.doStream({ prompt: [] } as never)).stream);
    expect(out.filter((part) => part.type === 'text-delta').map((part) => (part as { delta: string }).delta).join('')).toBe(`key ${token.slice(0, 10)}`);
    // ...before the finish part, so streamText keeps it.
    expect(out.at(-1)?.type).toBe('finish');
  });
});

describe('parleyTransform', () => {
  test('runs on streamText parts', async () => {
    const result = streamText({ model: model(), prompt: 'go', experimental_transform: parleyTransform(redactSecretsStream()) });
    expect(await result.text).toBe('push with <REDACTED:GITHUB_TOKEN> nowsecond block');
  });
});
