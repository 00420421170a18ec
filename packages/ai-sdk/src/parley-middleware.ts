import type { LanguageModelV4Content, LanguageModelV4Middleware, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { applyWhole } from './apply-whole';
import { guardCallDefinitions } from './guard-call-definitions';
import { guardPrompt } from './guard-prompt';
import { guardedMiddleware } from '@parley/core/guard';
import { mapStringValues } from './map-string-values';
import { type AnyTextMiddleware, type ParleyMiddlewareOptions, resolveOptions } from './parley-options';
import type { PromptGuard } from '@parley/core';
import { releasingOnError } from './stream-part-transform';
import { transformToolInput } from './transform-tool-input';

const allowed = ['context', 'reasoning', 'rawChunks', 'toolInputs', 'responseBody', 'guard'] as const;

/**
 * A `LanguageModelV4Middleware` for `wrapLanguageModel` that runs a Parley text middleware on
 * everything the model says that a user may see: streamed text and reasoning blocks (one session
 * per block, non-text parts untouched and in order), raw provider chunks and the generate response
 * body (string values transformed, or dropped), generated text, reasoning and
 * `structuredOutputText`. Tool-call inputs are left as they are unless `toolInputs: 'transform'`.
 * With `guard`, what the model is sent is guarded too, and what it writes follows the guard's
 * `output` strategy, streamed or not (see {@link ParleyMiddlewareOptions.guard}).
 *
 * @throws {InvalidArgumentError} When `middleware` is not a Parley text middleware or an option is
 * unknown or has a value it cannot take.
 *
 * @example
 * ```ts
 * import { parleyMiddleware } from '@parley/ai-sdk';
 * import { redactSecretsStream } from '@parley/redaction';
 * import { simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
 * import { MockLanguageModelV4 } from 'ai/test';
 *
 * // Any LanguageModelV4 (openai('gpt-5'), …); a mock keeps this offline.
 * const base = new MockLanguageModelV4({
 *   doStream: async () => ({
 *     stream: simulateReadableStream({
 *       chunks: [
 *         { type: 'text-start', id: 't' },
 *         { type: 'text-delta', id: 't', delta: 'Deploy with ghp_VGCM1RvUh24k' },
 *         { type: 'text-delta', id: 't', delta: 'M6qgrY9FebFmkAgvU1wrmhnq today.' },
 *         { type: 'text-end', id: 't' },
 *         { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } } },
 *       ],
 *     }),
 *   }),
 * });
 * const model = wrapLanguageModel({ model: base, middleware: parleyMiddleware(redactSecretsStream()) });
 * console.log(await streamText({ model, prompt: 'How do I deploy?' }).text); // Deploy with <REDACTED:GITHUB_TOKEN> today.
 * ```
 */
export function parleyMiddleware(middleware: AnyTextMiddleware, options?: ParleyMiddlewareOptions): LanguageModelV4Middleware {
  const resolved = resolveOptions('parleyMiddleware', middleware, options, allowed);
  const { context, base, guard } = resolved;
  const whole = (text: string, streamId: string): string => applyWhole(middleware, text, { ...context, streamId });
  const guardOutput = guard !== undefined && guard.strategy('output') !== false;
  // Streamed text goes through the guard's stream first: the output strategy, chunk-invariant.
  const streamed = guardedMiddleware(middleware, guard);
  return {
    specificationVersion: 'v4',
    ...(guard === undefined ? {} : { transformParams: async ({ params }) => ({ ...params, prompt: await guardPrompt(params.prompt, guard), ...(await guardCallDefinitions(params, guard)) }) }),
    wrapStream: async ({ doStream }) => {
      // The sessions open as the stream is read, outside the model call: they open with the
      // context of the call's start (its trace span, for a traced middleware).
      const opener = streamed.captureContext?.() ?? streamed;
      const { stream, ...rest } = await doStream();
      return { stream: releasingOnError<LanguageModelV4StreamPart>(stream, opener, 'delta', resolved), ...rest };
    },
    wrapGenerate: async ({ doGenerate }) => {
      const generated = await doGenerate();
      const result = guardOutput ? { ...generated, content: await guardContent(generated.content, guard) } : generated;
      const content = result.content.map((part, index): LanguageModelV4Content => {
        switch (part.type) {
          case 'text':
            return { ...part, text: whole(part.text, `${base}:${index}`) };
          case 'reasoning':
            return resolved.reasoning === 'transform' ? { ...part, text: whole(part.text, `${base}:reasoning:${index}`) } : part;
          case 'tool-call':
            return resolved.toolInputs === 'transform' ? { ...part, input: transformToolInput(middleware, part.input, context, `${base}:tool-call:${part.toolCallId}`) as string } : part;
          default:
            return part;
        }
      });
      const transformed = { ...result, content };
      if (result.structuredOutputText !== undefined) transformed.structuredOutputText = whole(result.structuredOutputText, `${base}:structured`);
      if (result.response !== undefined && 'body' in result.response) {
        const { body, ...response } = result.response;
        transformed.response =
          resolved.responseBody === 'drop' ? response : { ...response, body: mapStringValues(body, (text, path) => whole(text, `${base}:body:${path.join('.')}`)) };
      }
      return transformed;
    },
  };
}

/** Generated text and reasoning guarded for the `output` use (before the middleware sees them). */
async function guardContent(content: readonly LanguageModelV4Content[], guard: PromptGuard | undefined): Promise<LanguageModelV4Content[]> {
  return Promise.all(content.map(async (part) => (guard !== undefined && (part.type === 'text' || part.type === 'reasoning') ? { ...part, text: await guard.guardText(part.text, { use: 'output' }) } : part)));
}
