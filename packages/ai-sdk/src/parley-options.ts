import { type AnyTextMiddleware, InvalidArgumentError, type PromptGuard, type StreamContextInit } from '@parley/core';
import { isPromptGuard } from '@parley/core/guard';

export type { AnyTextMiddleware };

/** Options of {@link parleyTransform}: which channels besides text go through the middleware. */
export interface ParleyTransformOptions {
  /**
   * The context of every session; each session's `streamId` is `<context.streamId ?? 'ai-sdk'>:`
   * followed by the channel (see the README).
   */
  readonly context?: StreamContextInit;
  /**
   * Reasoning text: `'transform'` (the default) runs every reasoning block through the middleware
   * like text, one session per reasoning id; `'passthrough'` leaves it untouched.
   */
  readonly reasoning?: 'transform' | 'passthrough';
  /**
   * Raw provider chunks (`includeRawChunks: true`): `'transform'` (the default) runs every string
   * value through the middleware, one session per place in the chunk (see the README); `'drop'`
   * removes raw parts altogether.
   */
  readonly rawChunks?: 'transform' | 'drop';
  /**
   * Tool-call inputs: `'passthrough'` (the default) leaves them untouched, because a tool may need
   * them as written; `'transform'` runs their string values through the middleware, in the streamed
   * input deltas and in the final tool call alike.
   */
  readonly toolInputs?: 'passthrough' | 'transform';
}

/** Options of {@link parleyMiddleware}: those of {@link parleyTransform}, and the response body. */
export interface ParleyMiddlewareOptions extends ParleyTransformOptions {
  /**
   * The HTTP response body of a `generateText` call (`include: { responseBody: true }`):
   * `'transform'` (the default) runs every string value in it through the middleware;
   * `'drop'` removes it.
   */
  readonly responseBody?: 'transform' | 'drop';
  /**
   * A secret guard (`createSecretGuard()` from `@parley/redaction/guard`) for what the model is
   * sent: every call's prompt is guarded before the provider sees it (system, user and assistant
   * messages, tool calls and tool results in the history, files given as text), and so are the
   * call's tool definitions: each tool's description, its input schema's descriptions, titles,
   * examples, defaults and enums, its input examples, a provider tool's `args`, and a JSON response
   * format's description and schema (names, property names, types, `required` and patterns stay
   * exact, so the model's calls still match). What the model
   * writes is guarded for the `output` use before the middleware runs: generated text and reasoning
   * whole, and everything the middleware reads in a stream (text, reasoning, raw chunks, tool inputs
   * with `toolInputs: 'transform'`) through the guard's chunk-invariant stream, so a placeholder,
   * mask or hash is the same streamed or not; under `block` the stream errors with
   * `SecretBlockedError` before any piece of the secret is released. Pair it with
   * {@link guardTools} so allowlisted tools get placeholders' real values.
   */
  readonly guard?: PromptGuard;
}

/** The options with every default filled in. */
export interface ResolvedOptions {
  readonly context: StreamContextInit;
  readonly base: string;
  readonly reasoning: 'transform' | 'passthrough';
  readonly rawChunks: 'transform' | 'drop';
  readonly toolInputs: 'passthrough' | 'transform';
  readonly responseBody: 'transform' | 'drop';
  readonly guard: PromptGuard | undefined;
}

const choices = {
  reasoning: ['transform', 'passthrough'],
  rawChunks: ['transform', 'drop'],
  toolInputs: ['passthrough', 'transform'],
  responseBody: ['transform', 'drop'],
} as const;

const contextFields = new Set(['streamId', 'speaker', 'chain', 'phase']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks the middleware and options given to an adapter function and fills in the defaults.
 * Throws {@link InvalidArgumentError} on anything it cannot use.
 *
 * @internal
 */
export function resolveOptions(caller: string, middleware: unknown, options: unknown, allowed: ReadonlyArray<keyof ParleyMiddlewareOptions>): ResolvedOptions {
  if (!isRecord(middleware) || typeof middleware['open'] !== 'function') {
    throw new InvalidArgumentError({
      argument: 'middleware',
      message: `${caller} needs a Parley text middleware (an object with an open() method, such as redactSecretsStream()), not ${describe(middleware)}.`,
    });
  }
  if (options === undefined) return { context: {}, base: 'ai-sdk', reasoning: 'transform', rawChunks: 'transform', toolInputs: 'passthrough', responseBody: 'transform', guard: undefined };
  if (!isRecord(options)) {
    throw new InvalidArgumentError({ argument: 'options', message: `${caller} takes an options object as its second argument, not ${describe(options)}.` });
  }
  for (const key of Object.keys(options)) {
    if ((allowed as readonly string[]).includes(key)) continue;
    const hint = contextFields.has(key) ? ` Stream context fields go inside \`context\`: { context: { ${key}: … } }.` : '';
    throw new InvalidArgumentError({ argument: `options.${key}`, message: `${caller} has no option \`${key}\`; its options are ${allowed.join(', ')}.${hint}` });
  }
  const context = options['context'] ?? {};
  if (!isRecord(context)) throw new InvalidArgumentError({ argument: 'options.context', message: `options.context must be a stream context object, not ${describe(context)}.` });
  const choose = <Key extends keyof typeof choices>(key: Key): (typeof choices)[Key][number] => {
    const value = options[key] ?? choices[key][0];
    if (!(choices[key] as readonly unknown[]).includes(value)) {
      throw new InvalidArgumentError({ argument: `options.${key}`, message: `options.${key} must be ${choices[key].map((choice) => `'${choice}'`).join(' or ')}, not ${describe(value)}.` });
    }
    return value as (typeof choices)[Key][number];
  };
  const guard = options['guard'];
  if (guard !== undefined && !isPromptGuard(guard)) {
    throw new InvalidArgumentError({ argument: 'options.guard', message: `options.guard must be a secret guard from createSecretGuard() (@parley/redaction/guard), not ${describe(guard)}.` });
  }
  const streamId = (context as StreamContextInit).streamId;
  return {
    context: context as StreamContextInit,
    base: typeof streamId === 'string' ? streamId : 'ai-sdk',
    reasoning: choose('reasoning'),
    rawChunks: choose('rawChunks'),
    toolInputs: choose('toolInputs'),
    responseBody: choose('responseBody'),
    guard,
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === 'object' ? 'an object without the methods it needs' : `${typeof value} ${String(value)}`;
}
