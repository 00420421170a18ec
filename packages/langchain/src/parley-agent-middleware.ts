import type { AIMessageChunk } from '@langchain/core/messages';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { Runnable } from '@langchain/core/runnables';
import { createMiddleware } from 'langchain';
import { withParley } from './with-parley';
import { type AnyTextMiddleware, resolveWithParleyOptions, type WithParleyOptions } from './with-parley-options';

/**
 * Middleware for LangChain's `createAgent`: every model call of the agent goes through
 * {@link withParley}, so the agent's replies (streamed or not) are transformed and raw tokens never
 * reach its message stream.
 *
 * @throws {InvalidArgumentError} When `middleware` is not a Parley text middleware or an option is
 * unknown or has a value it cannot take.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model: 'openai:gpt-5', tools, middleware: [parleyAgentMiddleware(redactSecrets())] });
 * ```
 */
export function parleyAgentMiddleware(middleware: AnyTextMiddleware, options?: WithParleyOptions): ReturnType<typeof createMiddleware> {
  resolveWithParleyOptions('parleyAgentMiddleware', middleware, options);
  return createMiddleware({
    name: 'ParleyMiddleware',
    wrapModelCall: (request, handler) => handler({ ...request, model: withParley(request.model as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>, middleware, options) as never }),
  });
}
