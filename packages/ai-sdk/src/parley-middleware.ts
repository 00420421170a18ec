import type { LanguageModelV4Content, LanguageModelV4Middleware, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { applyText, type StreamContextInit, type TextMiddleware } from '@parley/core';
import { textBlockTransform } from './text-block-transform';

/**
 * A `LanguageModelV4Middleware` for `wrapLanguageModel` that runs a Parley text middleware on the
 * model's text: streamed text blocks (one session per text id, non-text parts untouched and in
 * order) and generated text content and `structuredOutputText`.
 *
 * @example
 * ```ts
 * import { streamText, wrapLanguageModel } from 'ai';
 * const model = wrapLanguageModel({ model: openai('gpt-5'), middleware: parleyMiddleware(redactSecrets()) });
 * ```
 */
export function parleyMiddleware<Events extends object>(middleware: TextMiddleware<Events>, context: StreamContextInit = {}): LanguageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    wrapStream: async ({ doStream }) => {
      const { stream, ...rest } = await doStream();
      return { stream: stream.pipeThrough(textBlockTransform<LanguageModelV4StreamPart, Events>(middleware, 'delta', context)), ...rest };
    },
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate();
      const content = result.content.map((part, index): LanguageModelV4Content =>
        part.type === 'text' ? { ...part, text: applyText(middleware, part.text, { ...context, streamId: `${context.streamId ?? 'ai-sdk'}:${index}` }) } : part,
      );
      return {
        ...result,
        content,
        ...(result.structuredOutputText === undefined ? {} : { structuredOutputText: applyText(middleware, result.structuredOutputText, { ...context, streamId: `${context.streamId ?? 'ai-sdk'}:structured` }) }),
      };
    },
  };
}
