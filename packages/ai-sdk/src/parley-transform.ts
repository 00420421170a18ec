import type { StreamContextInit, TextSession } from '@parley/core';
import type { StreamTextTransform, Telemetry, TextStreamPart, ToolSet } from 'ai';
import { type AnyTextMiddleware, type ParleyTransformOptions, resolveOptions } from './parley-options';
import { streamPartTransform } from './stream-part-transform';

const allowed = ['context', 'reasoning', 'rawChunks', 'toolInputs'] as const;

/**
 * What {@link parleyTransform} returns: the `experimental_transform`, plus a telemetry integration
 * that hands it each model call's trace context.
 */
export type ParleyStreamTextTransform<Tools extends ToolSet = ToolSet> = StreamTextTransform<Tools> & {
  /**
   * A telemetry integration (ai@7's `telemetry.integrations`) that lets the transform's sessions
   * open in the context of the step's model call (the `chat …` span of `@ai-sdk/otel`), so a
   * traced middleware's events land there instead of on the span that reads the result. List it
   * before the OpenTelemetry integration: the AI SDK runs the first integration's
   * `executeLanguageModelCall` innermost, inside the model call's span. It serves the one
   * `streamText` call the transform belongs to; when it sees a second call (the transform reused),
   * it stops handing contexts over rather than guess which call a block came from.
   */
  readonly telemetry: Telemetry;
};

/**
 * A `streamText` transform (`experimental_transform`) that runs a Parley text middleware on each
 * text and reasoning block of the result and on the string values of raw chunks, passing every
 * other part through unchanged and in order. Tool-call inputs are left as they are unless
 * `toolInputs: 'transform'`. Give the tool set as the type argument when `streamText` needs it.
 *
 * With OpenTelemetry, pass its `telemetry` integration too (before `@ai-sdk/otel`'s), so that a
 * traced middleware reports to the model call's span; create one transform per `streamText` call.
 *
 * @throws {InvalidArgumentError} When `middleware` is not a Parley text middleware or an option is
 * unknown or has a value it cannot take.
 *
 * @example
 * ```ts
 * import { OpenTelemetry } from '@ai-sdk/otel';
 * import { context } from '@opentelemetry/api';
 * import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
 * import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
 * import { parleyTransform } from '@parley/ai-sdk';
 * import { traceMiddleware } from '@parley/otel';
 * import { redactSecretsStream } from '@parley/redaction';
 * import { simulateReadableStream, streamText } from 'ai';
 * import { MockLanguageModelV4 } from 'ai/test';
 *
 * context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
 * const exporter = new InMemorySpanExporter();
 * const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('my-app');
 * const model = new MockLanguageModelV4({
 *   doStream: async () => ({
 *     stream: simulateReadableStream({
 *       chunks: [
 *         { type: 'text-start', id: 't' },
 *         { type: 'text-delta', id: 't', delta: 'Deploy with ghp_VGCM1RvUh24kM6qgrY9FebFmkAgvU1wrmhnq today.' },
 *         { type: 'text-end', id: 't' },
 *         { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } },
 *       ],
 *     }),
 *   }),
 * });
 * const tools = {};
 * const transform = parleyTransform<typeof tools>(traceMiddleware(redactSecretsStream()));
 * // The transform's integration first, so its events land on the model call's span.
 * const result = streamText({ model, prompt: 'How do I deploy?', tools, experimental_transform: transform, telemetry: { isEnabled: true, integrations: [transform.telemetry, new OpenTelemetry({ tracer })] } });
 * console.log(await result.text); // Deploy with <REDACTED:GITHUB_TOKEN> today.
 * const traced = exporter.getFinishedSpans().find((span) => span.events.some((event) => event.name === 'parley.redaction'));
 * console.log(traced?.name); // chat mock-model-id
 * ```
 */
export function parleyTransform<Tools extends ToolSet = ToolSet>(middleware: AnyTextMiddleware, options?: ParleyTransformOptions): ParleyStreamTextTransform<Tools> {
  const resolved = resolveOptions('parleyTransform', middleware, options, allowed);
  // The transform runs where the result is read, after the model call returned its stream; the
  // integration runs inside the call, so it captures the call's context for the sessions opened
  // next (a block starts after its step's model call has started).
  let callId: string | undefined;
  let shared = false;
  let captured: AnyTextMiddleware | undefined;
  const opener: AnyTextMiddleware = {
    name: middleware.name,
    open: (context?: StreamContextInit): TextSession => (captured ?? middleware).open(context),
  };
  const telemetry: Telemetry = {
    executeLanguageModelCall: async ({ callId: id, execute }) => {
      if (callId !== undefined && callId !== id) shared = true;
      callId = id;
      captured = shared ? undefined : middleware.captureContext?.();
      return await execute();
    },
  };
  const transform: StreamTextTransform<Tools> = () => streamPartTransform<TextStreamPart<Tools>>(middleware.captureContext === undefined ? middleware : opener, 'text', resolved);
  return Object.assign(transform, { telemetry });
}
