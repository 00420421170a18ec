import { type AnyTextMiddleware, InvalidArgumentError, type PromptGuard, type StreamContextInit } from '@parley/core';
import { isPromptGuard } from '@parley/core/guard';

export type { AnyTextMiddleware };

/** Options of {@link withParley} and `parleyAgentMiddleware`. */
export interface WithParleyOptions {
  /**
   * The context of every session. The reply text of a call is the stream `context.streamId` (one is
   * generated per call when it is left out); each reasoning block is `<that id>:reasoning:<key>`.
   */
  readonly context?: StreamContextInit;
  /**
   * Reasoning text (`reasoning` and `thinking` content blocks, `additional_kwargs.reasoning_content`,
   * `additional_kwargs.reasoning.summary`): `'transform'` (the default) runs each reasoning block
   * through the middleware like text, one session per block; `'passthrough'` leaves it untouched.
   */
  readonly reasoning?: 'transform' | 'passthrough';
  /**
   * Tool-call arguments: `'passthrough'` (the default) leaves them as the model wrote them, because a
   * tool may need them so; `'transform'` runs them through the middleware — each streamed tool call's
   * argument text as one session, and each string (keys included) of arguments given whole.
   * `withStructuredOutput` always transforms them: there they are the answer.
   */
  readonly toolInputs?: 'passthrough' | 'transform';
  /**
   * A secret guard (`createSecretGuard()` from `@parley/redaction/guard`) for what the model is
   * sent: before every call, system, human and AI messages, the tool calls' arguments in the history
   * (`input`) and tool messages (`toolResults`) are guarded, and so are the tool definitions the
   * model is given (`bindTools`, call options' `tools` and `functions`: descriptions, schemas'
   * descriptions, titles, examples, defaults and enums, a built-in tool's settings) and a
   * `response_format` (`input`); names, property names, types, `required` and patterns stay exact,
   * so the model's calls still match. With `parleyAgentMiddleware`, tool
   * calls get placeholders' real values for the guard's `restoreFor` tools, tool results are guarded
   * on their way back. What the model writes follows the guard's `output` strategy, streamed or not:
   * its text, reasoning and the tool-call arguments the middleware reads go through the guard's
   * chunk-invariant stream before the middleware (under `block`, the stream throws
   * `SecretBlockedError` before any piece of the secret is released).
   */
  readonly guard?: PromptGuard;
}

/** The options with every default filled in. @internal */
export interface ResolvedWithParleyOptions {
  readonly context: StreamContextInit;
  readonly reasoning: 'transform' | 'passthrough';
  readonly toolInputs: 'passthrough' | 'transform';
  /** `invoke` gives an `AIMessageChunk` (what `BaseChatModel.withStructuredOutput`'s parser takes). */
  readonly chunkResult?: boolean;
  /**
   * With `toolInputs: 'passthrough'`, the tools whose inputs pass: calls to any other name (an
   * agent's structured-output tool, a name the model made up) are transformed. Set by
   * `parleyAgentMiddleware` to the agent's own tools.
   */
  readonly passToolsNamed?: ReadonlySet<string>;
  readonly guard?: PromptGuard;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const contextFields = new Set(['streamId', 'speaker', 'chain', 'phase']);
const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object without open()' : `${typeof value} ${JSON.stringify(value) ?? String(value)}`.slice(0, 80);

/**
 * Checks the middleware and options given to `withParley` or `parleyAgentMiddleware` and fills in
 * the defaults. Throws {@link InvalidArgumentError} on anything it cannot use.
 *
 * @internal
 */
export function resolveWithParleyOptions(caller: string, middleware: unknown, options: unknown): ResolvedWithParleyOptions {
  if (!isRecord(middleware) || typeof middleware['open'] !== 'function') {
    throw new InvalidArgumentError({
      argument: 'middleware',
      message: `${caller} needs a Parley text middleware (an object with an open() method, such as redactSecretsStream()), not ${describe(middleware)}.`,
    });
  }
  if (options === undefined) return { context: {}, reasoning: 'transform', toolInputs: 'passthrough' };
  const names = 'context, reasoning, toolInputs and guard';
  if (!isRecord(options)) throw new InvalidArgumentError({ argument: 'options', message: `${caller} takes an options object, not ${describe(options)}.` });
  for (const key of Object.keys(options)) {
    if (key === 'context' || key === 'reasoning' || key === 'toolInputs' || key === 'guard') continue;
    const hint = contextFields.has(key) ? ` Stream context fields go inside \`context\`: { context: { ${key}: … } }.` : '';
    throw new InvalidArgumentError({ argument: `options.${key}`, message: `${caller} has no option \`${key}\`; its options are ${names}.${hint}` });
  }
  const context = options['context'] ?? {};
  if (!isRecord(context)) throw new InvalidArgumentError({ argument: 'options.context', message: `options.context must be a stream context object, not ${describe(context)}.` });
  const reasoning = options['reasoning'] ?? 'transform';
  if (reasoning !== 'transform' && reasoning !== 'passthrough') {
    throw new InvalidArgumentError({ argument: 'options.reasoning', message: `options.reasoning must be 'transform' or 'passthrough', not ${describe(reasoning)}.` });
  }
  const toolInputs = options['toolInputs'] ?? 'passthrough';
  if (toolInputs !== 'passthrough' && toolInputs !== 'transform') {
    throw new InvalidArgumentError({ argument: 'options.toolInputs', message: `options.toolInputs must be 'passthrough' or 'transform', not ${describe(toolInputs)}.` });
  }
  const guard = options['guard'];
  if (guard !== undefined && !isPromptGuard(guard)) {
    throw new InvalidArgumentError({ argument: 'options.guard', message: `options.guard must be a secret guard from createSecretGuard() (@parley/redaction/guard), not ${describe(guard).replace('without open()', 'without its methods')}.` });
  }
  return guard === undefined ? { context: context as StreamContextInit, reasoning, toolInputs } : { context: context as StreamContextInit, reasoning, toolInputs, guard };
}
