import { type AIMessageChunk, ToolMessage } from '@langchain/core/messages';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { Runnable } from '@langchain/core/runnables';
import { createMiddleware } from 'langchain';
import { guardContent } from './guard-messages';
import { wrapModel } from './with-parley';
import { type AnyTextMiddleware, resolveWithParleyOptions, type WithParleyOptions } from './with-parley-options';

/**
 * Middleware for LangChain's `createAgent`: every model call of the agent goes through
 * {@link withParley}, so the agent's replies (streamed or not) are transformed and raw tokens never
 * reach its message stream. With `guard`, every model call's messages are guarded before the
 * provider sees them, tool calls to the guard's `restoreFor` tools get placeholders' real values,
 * tool results are guarded on their way back, and what the model writes follows the guard's `output`
 * strategy as it streams (the reply kept in the state is what was streamed).
 *
 * @throws {InvalidArgumentError} When `middleware` is not a Parley text middleware or an option is
 * unknown or has a value it cannot take.
 *
 * @example
 * ```ts
 * import { FakeListChatModel } from '@langchain/core/utils/testing';
 * import { parleyAgentMiddleware } from '@parley/langchain/agent';
 * import { redactSecretsStream } from '@parley/redaction';
 * import { createAgent } from 'langchain';
 *
 * // Any chat model ('openai:gpt-5', …); a fake keeps this offline.
 * const model = new FakeListChatModel({ responses: ['Use ghp_AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO to deploy.'] });
 * const agent = createAgent({ model, tools: [], middleware: [parleyAgentMiddleware(redactSecretsStream())] });
 * const result = await agent.invoke({ messages: [{ role: 'user', content: 'How do I deploy?' }] });
 * console.log(result.messages.at(-1)?.content); // Use <REDACTED:GITHUB_TOKEN> to deploy.
 * ```
 */
export function parleyAgentMiddleware(middleware: AnyTextMiddleware, options?: WithParleyOptions): ReturnType<typeof createMiddleware> {
  const resolved = resolveWithParleyOptions('parleyAgentMiddleware', middleware, options);
  const { guard } = resolved;
  return createMiddleware({
    name: 'ParleyMiddleware',
    wrapModelCall: async (request, handler) => {
      // The agent's own tools get their inputs as written (unless toolInputs: 'transform'); a call
      // to any other name — the structured-output tool whose arguments become `structuredResponse`,
      // or a name the model made up — is the model's answer, and goes through the middleware.
      const own = new Set((request.tools as ReadonlyArray<{ readonly name?: unknown }>).flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])));
      // The wrapped model guards its own output (the guard's stream, before the middleware): the
      // reply in the state is what was streamed.
      return handler({ ...request, model: wrapModel(request.model as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>, middleware, { ...resolved, passToolsNamed: own }) as never });
    },
    ...(guard === undefined
      ? {}
      : {
          wrapToolCall: async (request, handler) => {
            const args = await guard.restoreToolArguments(request.toolCall.name, request.toolCall.args);
            const result = await handler(args === request.toolCall.args ? request : { ...request, toolCall: { ...request.toolCall, args } });
            if (!ToolMessage.isInstance(result)) return result;
            const content = await guardContent(result.content, guard, 'toolResults');
            if (content === result.content) return result;
            const fields: Record<string, unknown> = { ...messageFields(result), content, tool_call_id: result.tool_call_id };
            if (result.artifact !== undefined) fields['artifact'] = result.artifact;
            if (result.status !== undefined) fields['status'] = result.status;
            return new ToolMessage(fields as unknown as ConstructorParameters<typeof ToolMessage>[0]);
          },
        }),
  });
}

/** What a tool message keeps when rebuilt with other content. */
function messageFields(message: ToolMessage): Record<string, unknown> {
  const fields: Record<string, unknown> = { additional_kwargs: message.additional_kwargs, response_metadata: message.response_metadata };
  if (message.id !== undefined) fields['id'] = message.id;
  if (message.name !== undefined) fields['name'] = message.name;
  return fields;
}
