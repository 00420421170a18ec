import type { AIMessageChunk } from '@langchain/core/messages';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { Runnable } from '@langchain/core/runnables';
import { createMiddleware } from 'langchain';
import { wrapModel } from './with-parley';
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
 * const agent = createAgent({ model: 'openai:gpt-5', tools, middleware: [parleyAgentMiddleware(redactSecretsStream())] });
 * ```
 */
export function parleyAgentMiddleware(middleware: AnyTextMiddleware, options?: WithParleyOptions): ReturnType<typeof createMiddleware> {
  const resolved = resolveWithParleyOptions('parleyAgentMiddleware', middleware, options);
  return createMiddleware({
    name: 'ParleyMiddleware',
    wrapModelCall: (request, handler) => {
      // The agent's own tools get their inputs as written (unless toolInputs: 'transform'); a call
      // to any other name — the structured-output tool whose arguments become `structuredResponse`,
      // or a name the model made up — is the model's answer, and goes through the middleware.
      const own = new Set((request.tools as ReadonlyArray<{ readonly name?: unknown }>).flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])));
      return handler({ ...request, model: wrapModel(request.model as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>, middleware, { ...resolved, passToolsNamed: own }) as never });
    },
  });
}
