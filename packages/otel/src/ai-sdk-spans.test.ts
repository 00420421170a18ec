// traceMiddleware under the real AI SDK (`ai@7` with `@ai-sdk/otel`): Parley's events and counters
// land on the model call's span (`chat …`) for generateText and streamText, through
// parleyMiddleware, and through parleyTransform when its telemetry integration is listed first.
import type { LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { OpenTelemetry } from '@ai-sdk/otel';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { parleyMiddleware, parleyTransform } from '@parley/ai-sdk';
import { compose, passthroughStream } from '@parley/core';
import { redactSecretsStream } from '@parley/redaction';
import { generateText, simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import { createTelemetry, type Telemetry } from './__fixtures__/telemetry';
import { traceMiddleware } from './trace-middleware';

const secret = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const stop = { unified: 'stop', raw: 'stop' } as const;
const reply: LanguageModelV4GenerateResult = { content: [{ type: 'text', text: `Saved. The key was ${secret}.` }], finishReason: stop, usage, warnings: [] };
const streamed = (): ReadableStream<LanguageModelV4StreamPart> =>
  simulateReadableStream({
    chunks: [
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: `Saved. The key was ${secret.slice(0, 20)}` },
      { type: 'text-delta', id: 't', delta: `${secret.slice(20)}.` },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: stop, usage },
    ] as LanguageModelV4StreamPart[],
  });
const model = (): MockLanguageModelV4 => new MockLanguageModelV4({ modelId: 'mock-model', doGenerate: async () => reply, doStream: async () => ({ stream: streamed() }) });

/** The finished spans as an indented tree, each with its Parley events. */
function spanTree(spans: readonly ReadableSpan[]): string {
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number): void => {
    for (const span of spans.filter((candidate) => candidate.parentSpanContext?.spanId === parent)) {
      const events = span.events.filter(({ name }) => name.startsWith('parley.')).map(({ name, attributes }) => `${name} (${String(attributes?.['parley.secret.type'])})`);
      lines.push(`${'  '.repeat(depth)}${span.name}${events.length > 0 ? `  events: ${events.join(', ')}` : ''}`);
      walk(span.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines.join('\n');
}

/** Runs `call` inside a `request` span, with the AI SDK's OpenTelemetry integration on `telemetry`'s tracer. */
async function traced(telemetry: Telemetry, call: (integration: OpenTelemetry) => Promise<string>): Promise<{ text: string; tree: string; chat: ReadableSpan | undefined }> {
  const integration = new OpenTelemetry({ tracer: telemetry.tracer });
  const text = await telemetry.tracer.startActiveSpan('request', async (span) => {
    try {
      return await call(integration);
    } finally {
      span.end();
    }
  });
  const spans = telemetry.finished();
  return { text, tree: spanTree(spans), chat: spans.find(({ name }) => name.startsWith('chat ')) };
}

const expectOnModelCall = async (telemetry: Telemetry, result: { text: string; tree: string; chat: ReadableSpan | undefined }): Promise<void> => {
  expect(result.text).toBe('Saved. The key was <REDACTED:GITHUB_TOKEN>.');
  expect(result.chat?.events.map(({ name, attributes }) => [name, attributes?.['parley.secret.type']])).toEqual([['parley.redaction', 'GITHUB_TOKEN']]);
  // Only the model call's span holds Parley's events, and no `parley.stream` span was started.
  expect(telemetry.finished().filter((span) => span !== result.chat && span.events.some(({ name }) => name.startsWith('parley.')))).toEqual([]);
  expect(telemetry.finished().map(({ name }) => name)).not.toContain('parley.stream');
  expect(await telemetry.counter('parley.redactions')).toEqual([{ attributes: { 'parley.secret.type': 'GITHUB_TOKEN' }, value: 1 }]);
  expect(await telemetry.exported()).not.toContain('ghp_');
};

describe('traceMiddleware under ai@7 with @ai-sdk/otel', () => {
  test('generateText through parleyMiddleware: the events are on the chat span', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
    const result = await traced(telemetry, async (integration) => {
      const { text } = await generateText({ model: wrapLanguageModel({ model: model(), middleware: parleyMiddleware(guard) }), prompt: 'Save it', telemetry: { isEnabled: true, integrations: integration } });
      return text;
    });
    console.log(`generateText + parleyMiddleware:\n${result.tree}`);
    await expectOnModelCall(telemetry, result);
  });

  test('streamText through parleyMiddleware: the events are on the chat span', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
    const result = await traced(telemetry, async (integration) => {
      const stream = streamText({ model: wrapLanguageModel({ model: model(), middleware: parleyMiddleware(guard) }), prompt: 'Save it', telemetry: { isEnabled: true, integrations: integration } });
      return await stream.text;
    });
    console.log(`streamText + parleyMiddleware:\n${result.tree}`);
    await expectOnModelCall(telemetry, result);
  });

  test('streamText through parleyMiddleware with the traced middleware inside a compose: the events are on the chat span', async () => {
    const telemetry = createTelemetry();
    const guard = compose(traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter }), passthroughStream());
    const result = await traced(telemetry, async (integration) => {
      const stream = streamText({ model: wrapLanguageModel({ model: model(), middleware: parleyMiddleware(guard) }), prompt: 'Save it', telemetry: { isEnabled: true, integrations: integration } });
      return await stream.text;
    });
    await expectOnModelCall(telemetry, result);
  });

  test('streamText through parleyTransform with its telemetry integration listed first: the events are on the chat span', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
    const result = await traced(telemetry, async (integration) => {
      const transform = parleyTransform(guard);
      const stream = streamText({ model: model(), prompt: 'Save it', experimental_transform: transform, telemetry: { isEnabled: true, integrations: [transform.telemetry, integration] } });
      return await stream.text;
    });
    console.log(`streamText + parleyTransform (+ its telemetry integration):\n${result.tree}`);
    expect(result.text).toBe('Saved. The key was <REDACTED:GITHUB_TOKEN>.');
    expect(result.chat?.events.map(({ name, attributes }) => [name, attributes?.['parley.secret.type']])).toEqual([['parley.redaction', 'GITHUB_TOKEN']]);
    expect(telemetry.finished().filter((span) => span !== result.chat && span.events.some(({ name }) => name.startsWith('parley.')))).toEqual([]);
    expect(await telemetry.counter('parley.redactions')).toEqual([{ attributes: { 'parley.secret.type': 'GITHUB_TOKEN' }, value: 1 }]);
    // A transform runs on streamText's result, downstream of the model call: the AI SDK records the
    // call's raw output on the chat span (`gen_ai.output.messages`) before any transform sees it,
    // so a secret the transform redacts is still exported there. parleyMiddleware (inside the
    // call) does not have this gap; with a transform, turn output recording off.
    expect(String(result.chat?.attributes['gen_ai.output.messages'])).toContain(secret);
  });

  test('streamText through parleyTransform with recordOutputs: false: events on the chat span and no secret exported', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
    const result = await traced(telemetry, async (integration) => {
      const transform = parleyTransform(guard);
      const stream = streamText({ model: model(), prompt: 'Save it', experimental_transform: transform, telemetry: { isEnabled: true, recordOutputs: false, integrations: [transform.telemetry, integration] } });
      return await stream.text;
    });
    await expectOnModelCall(telemetry, result);
  });

  test('streamText through parleyTransform, read slowly, a secret at the very end: the event still reaches the chat span before it ends', async () => {
    // The chat span ends when the model's finish part passes the AI SDK's own step transform,
    // upstream of experimental_transform; a secret released at text-end must not miss it.
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
    const atEnd = new MockLanguageModelV4({
      modelId: 'mock-model',
      doStream: async () => ({
        stream: simulateReadableStream({
          chunks: [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: `The key is ${secret.slice(0, 10)}` },
            { type: 'text-delta', id: 't', delta: secret.slice(10) },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason: stop, usage },
          ] as LanguageModelV4StreamPart[],
        }),
      }),
    });
    const result = await traced(telemetry, async (integration) => {
      const transform = parleyTransform(guard);
      const stream = streamText({ model: atEnd, prompt: 'Save it', experimental_transform: transform, telemetry: { isEnabled: true, integrations: [transform.telemetry, integration] } });
      let text = '';
      for await (const part of stream.textStream) {
        text += part;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return text;
    });
    expect(result.text).toBe('The key is <REDACTED:GITHUB_TOKEN>');
    expect(result.chat?.events.map(({ name }) => name)).toEqual(['parley.redaction']);
  });

  test('streamText through parleyTransform without its integration (or listed after OpenTelemetry): the events are on the span where the result is read', async () => {
    // `experimental_transform` is created and run where streamText's result is pulled, after the
    // model call returned its stream, and ai@7 hands a transform nothing of the step's model call:
    // only an integration running inside the call (`transform.telemetry`) can capture its context.
    for (const order of ['none', 'after'] as const) {
      const telemetry = createTelemetry();
      const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
      const result = await traced(telemetry, async (integration) => {
        const transform = parleyTransform(guard);
        const integrations = order === 'none' ? integration : [integration, transform.telemetry];
        const stream = streamText({ model: model(), prompt: 'Save it', experimental_transform: transform, telemetry: { isEnabled: true, integrations } });
        return await stream.text;
      });
      if (order === 'none') console.log(`streamText + parleyTransform (no integration):\n${result.tree}`);
      expect(result.text).toBe('Saved. The key was <REDACTED:GITHUB_TOKEN>.');
      const withEvents = telemetry.finished().filter((span) => span.events.some(({ name }) => name.startsWith('parley.')));
      expect(withEvents.map(({ name }) => name)).toEqual(['request']);
      expect(await telemetry.counter('parley.redactions')).toEqual([{ attributes: { 'parley.secret.type': 'GITHUB_TOKEN' }, value: 1 }]);
    }
  });

  test('one parleyTransform reused by two streamText calls hands over no context: no event lands on the other call\'s chat span', async () => {
    const telemetry = createTelemetry();
    const guard = traceMiddleware(redactSecretsStream(), { tracer: telemetry.tracer, meter: telemetry.meter });
    const transform = parleyTransform(guard);
    const result = await traced(telemetry, async (integration) => {
      const call = async (): Promise<string> => await streamText({ model: model(), prompt: 'Save it', experimental_transform: transform, telemetry: { isEnabled: true, integrations: [transform.telemetry, integration] } }).text;
      const first = await call();
      const second = await call();
      return `${first}|${second}`;
    });
    const chats = telemetry.finished().filter(({ name }) => name.startsWith('chat '));
    expect(chats).toHaveLength(2);
    // The first call's events are on its own chat span; the second call's fall back to the reader's.
    expect(chats.map((span) => span.events.length)).toEqual([1, 0]);
    expect(telemetry.finished().find(({ name }) => name === 'request')?.events.map(({ name }) => name)).toEqual(['parley.redaction']);
    expect(result.text).toBe('Saved. The key was <REDACTED:GITHUB_TOKEN>.|Saved. The key was <REDACTED:GITHUB_TOKEN>.');
  });
});
