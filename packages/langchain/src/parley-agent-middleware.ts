import type { AIMessageChunk } from '@langchain/core/messages';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { Runnable } from '@langchain/core/runnables';
import type { StreamContextInit, TextMiddleware } from '@parley/core';
import { createMiddleware } from 'langchain';
import { withParley } from './with-parley';

/**
 * Middleware for LangChain's `createAgent`: every model call of the agent goes through
 * {@link withParley}, so the agent's replies (streamed or not) are transformed and raw tokens never
 * reach its message stream.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model: 'openai:gpt-5', tools, middleware: [parleyAgentMiddleware(redactSecrets())] });
 * ```
 */
export function parleyAgentMiddleware<Events extends object>(middleware: TextMiddleware<Events>, context: StreamContextInit = {}): ReturnType<typeof createMiddleware> {
  return createMiddleware({
    name: 'ParleyMiddleware',
    wrapModelCall: (request, handler) => handler({ ...request, model: withParley(request.model as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>, middleware, context) as never }),
  });
}
