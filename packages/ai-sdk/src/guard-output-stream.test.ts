// The guard's `output` strategy on streamed model text, through wrapLanguageModel and streamText,
// and what a streaming tool's preliminary results carry.
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { passthroughStream } from '@parley/core';
import { everySplit } from '@parley/core/testing';
import { redactSecretsStream } from '@parley/redaction';
import { createSecretGuard, SecretBlockedError } from '@parley/redaction/guard';
import { isStepCount, simulateReadableStream, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { guardTools } from './guard-tools';
import { parleyMiddleware } from './parley-middleware';

const github = `ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'}`;
const npm = `npm_${'QceOHrDv4R7UWEIhUwojN7AADThc1YtpQuYb'}`;
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const finish = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage } as unknown as LanguageModelV4StreamPart;

/** A provider stream writing `deltas` as one text block, with reasoning holding `reasoning`. */
const streamOf = (deltas: readonly string[], reasoning = ''): LanguageModelV4StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  ...(reasoning === '' ? [] : ([{ type: 'reasoning-start', id: 'r' }, { type: 'reasoning-delta', id: 'r', delta: reasoning }, { type: 'reasoning-end', id: 'r' }] as LanguageModelV4StreamPart[])),
  { type: 'text-start', id: 't' },
  ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })),
  { type: 'text-end', id: 't' },
  finish,
];

const modelOf = (parts: LanguageModelV4StreamPart[]) => new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks: parts }) }) });

async function streamedText(model: ReturnType<typeof wrapLanguageModel>): Promise<{ text: string; reasoning: string; error: unknown }> {
  const { stream } = await model.doStream({ prompt: [] } as never);
  let text = '';
  let reasoning = '';
  let error: unknown;
  try {
    for await (const part of stream as unknown as AsyncIterable<LanguageModelV4StreamPart>) {
      if (part.type === 'text-delta') text += part.delta;
      if (part.type === 'reasoning-delta') reasoning += part.delta;
    }
  } catch (caught) {
    error = caught;
  }
  return { text, reasoning, error };
}

describe('parleyMiddleware({ guard }): streamed output follows the output strategy', () => {
  const reply = `Use ${github} to push, and ${npm} to publish.`;

  test.each(['redact', 'mask', 'hash', 'placeholder'] as const)('%s: streamed text and reasoning are what generateText gets, for every split of the deltas', async (strategy) => {
    const guard = createSecretGuard({ output: strategy });
    const expected = await guard.guardText(reply, { use: 'output' });
    expect(expected).not.toContain(github);
    const middleware = parleyMiddleware(passthroughStream(), { guard });
    for (const deltas of [[reply], ...everySplit(reply)]) {
      const { text, reasoning, error } = await streamedText(wrapLanguageModel({ model: modelOf(streamOf(deltas, reply)), middleware }));
      expect(error).toBeUndefined();
      expect(text).toBe(expected);
      expect(reasoning).toBe(expected);
    }
  });

  test('placeholder: a key the model writes gets the session\'s placeholder, and an allowlisted tool gets the key back', async () => {
    const guard = createSecretGuard({ output: 'placeholder', restoreFor: ['deploy'] });
    const received: string[] = [];
    let step = 0;
    const base = new MockLanguageModelV4({
      doStream: async () => {
        step += 1;
        if (step === 1) return { stream: simulateReadableStream({ chunks: streamOf([`I will deploy with ${github.slice(0, 7)}`, `${github.slice(7)}.`]) }) };
        if (step === 2) {
          return {
            stream: simulateReadableStream({
              chunks: [
                { type: 'stream-start', warnings: [] },
                { type: 'tool-call', toolCallId: 'd', toolName: 'deploy', input: JSON.stringify({ token: '<SECRET:GITHUB_TOKEN#1>' }) },
                { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
              ] as LanguageModelV4StreamPart[],
            }),
          };
        }
        return { stream: simulateReadableStream({ chunks: streamOf(['Done.']) }) };
      },
    });
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream(), { guard }) });
    const tools = guardTools({ deploy: tool({ inputSchema: z.object({ token: z.string() }), execute: async ({ token }) => void received.push(token) }) }, guard);
    const first = streamText({ model, prompt: 'Deploy.' });
    expect(await first.text).toBe('I will deploy with <SECRET:GITHUB_TOKEN#1>.');
    const second = streamText({ model, tools, prompt: 'Go on.', stopWhen: isStepCount(2) });
    expect(await second.text).toBe('Done.');
    expect(received).toEqual([github]);
  });

  test('block: the stream errors with SecretBlockedError before any piece of the key, for every split', async () => {
    const middleware = parleyMiddleware(passthroughStream(), { guard: createSecretGuard({ output: 'block' }) });
    for (const deltas of everySplit(`All fine. Then ${github} and more`)) {
      const { text, error } = await streamedText(wrapLanguageModel({ model: modelOf(streamOf(deltas)), middleware }));
      expect(SecretBlockedError.isInstance(error)).toBe(true);
      expect(text).not.toContain('ghp_');
    }
  });

  test('output off: the stream is the text middleware\'s alone', async () => {
    const middleware = parleyMiddleware(passthroughStream(), { guard: createSecretGuard({ output: false }) });
    expect((await streamedText(wrapLanguageModel({ model: modelOf(streamOf([reply])), middleware }))).text).toBe(reply);
  });
});

describe('guardTools: a streaming tool\'s preliminary results are whole values', () => {
  // The AI SDK takes each value an `async function*` yields as the tool's whole result so far: the
  // values before the last are preliminary results for the app's stream, each replacing the one
  // before; only the last is the tool's result, and only it is sent to the model.
  test('a key split across two preliminary results: the model never receives a piece; each result is guarded as a whole value', async () => {
    const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder' });
    const prompts: LanguageModelV4CallOptions[] = [];
    let step = 0;
    const base = new MockLanguageModelV4({
      doStream: async (options) => {
        prompts.push(options);
        step += 1;
        if (step === 1) {
          return {
            stream: simulateReadableStream({
              chunks: [
                { type: 'stream-start', warnings: [] },
                { type: 'tool-call', toolCallId: 's', toolName: 'snapshots', input: '{}' },
                { type: 'tool-call', toolCallId: 'd', toolName: 'deltas', input: '{}' },
                { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
              ] as LanguageModelV4StreamPart[],
            }),
          };
        }
        return { stream: simulateReadableStream({ chunks: streamOf(['ok']) }) };
      },
    });
    const tools = guardTools(
      {
        // The text so far: a key cut at the end of the first value, whole in the second and the last.
        snapshots: tool({ inputSchema: z.object({}), execute: async function* () { yield `line 3 ${github.slice(0, 12)}`; yield `line 3 ${github}`; yield `line 3 ${github}\ndone`; } }),
        // Pieces: no value holds the key whole.
        deltas: tool({ inputSchema: z.object({}), execute: async function* () { yield `line 3 ${github.slice(0, 20)}`; yield github.slice(20); yield 'done'; } }),
      },
      guard,
    );
    const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(passthroughStream(), { guard }) });
    const preliminary: Record<string, unknown[]> = { snapshots: [], deltas: [] };
    const final: Record<string, unknown> = {};
    const result = streamText({ model, tools, prompt: 'Read.', stopWhen: isStepCount(2) });
    for await (const part of result.fullStream) {
      if (part.type !== 'tool-result') continue;
      if (part.preliminary === true) preliminary[part.toolName]?.push(part.output);
      else final[part.toolName] = part.output;
    }
    // Only the last value of each tool is its result, and only results are sent to the model.
    expect(final).toEqual({ snapshots: 'line 3 <SECRET:GITHUB_TOKEN#1>\ndone', deltas: 'done' });
    const sent = JSON.stringify(prompts.map((options) => options.prompt));
    for (let start = 0; start + 8 <= github.length; start += 4) expect(sent).not.toContain(github.slice(start, start + 8));
    // Each preliminary result is guarded as the whole value it is: a key written whole in one is replaced…
    expect(preliminary['snapshots']).toEqual([`line 3 ${github.slice(0, 12)}`, 'line 3 <SECRET:GITHUB_TOKEN#1>', 'line 3 <SECRET:GITHUB_TOKEN#1>\ndone']);
    // …a piece long enough to be judged random is replaced on its own (HIGH_ENTROPY)…
    expect(preliminary['deltas']).toEqual(['line 3 <SECRET:HIGH_ENTROPY#1>', '<SECRET:HIGH_ENTROPY#2>', 'done']);
    // …and a short piece cut at the end of a value (the first snapshot) passes: the app's stream
    // shows it, the provider never gets it. Holding such a tail back would also hold back the last
    // word of every status a tool reports ('loading', 'done'), so it is left to the app.
  });
});
