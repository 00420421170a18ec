import type { BaseLanguageModelInput, StructuredOutputMethodOptions } from '@langchain/core/language_models/base';
import { BaseChatModel, type BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage, type UsageMetadata } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { type Runnable, RunnableBinding } from '@langchain/core/runnables';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { createStreamContext, InvalidArgumentError } from '@parley/core';
import { guardedMiddleware } from '@parley/core/guard';
import { boundDefinitions, guardCallOptions } from './guard-call-options';
import { guardMessages } from './guard-messages';
import { MessageTransformer } from './message-transformer';
import { type AnyTextMiddleware, type ResolvedWithParleyOptions, resolveWithParleyOptions, type WithParleyOptions } from './with-parley-options';

/** The tag that keeps LangGraph's `messages` stream from forwarding the inner model's raw tokens. */
export const NO_STREAM_TAG = 'nostream';

type Inner = Runnable<BaseLanguageModelInput, AIMessageChunk>;

/** What a chat model may offer beyond `Runnable`. */
interface ModelExtras {
  readonly bindTools?: (tools: unknown[], kwargs?: Record<string, unknown>) => Inner;
  readonly _llmType?: () => string;
}

type Content = AIMessageChunk['content'];

/** A copy of `chunk` carrying `content`: tool calls (and their chunks), usage, ids and metadata untouched. */
function copyChunk(chunk: AIMessageChunk, content: Content): AIMessageChunk {
  const fields: Record<string, unknown> = { content, additional_kwargs: chunk.additional_kwargs, response_metadata: chunk.response_metadata };
  if (chunk.id !== undefined) fields['id'] = chunk.id;
  if ((chunk.tool_call_chunks ?? []).length > 0) fields['tool_call_chunks'] = chunk.tool_call_chunks;
  else if ((chunk.tool_calls ?? []).length > 0) fields['tool_calls'] = chunk.tool_calls;
  if ((chunk.invalid_tool_calls ?? []).length > 0) fields['invalid_tool_calls'] = chunk.invalid_tool_calls;
  if (chunk.usage_metadata !== undefined) fields['usage_metadata'] = chunk.usage_metadata;
  return new AIMessageChunk(fields as ConstructorParameters<typeof AIMessageChunk>[0]);
}

/**
 * A LangChain chat model that runs a Parley text middleware on another chat model's output.
 *
 * @internal Use {@link withParley}.
 */
export class ParleyChatModel extends BaseChatModel<BaseChatModelCallOptions, AIMessageChunk> {
  // Plain (not #private) fields: LangChain calls methods through proxies that #fields reject.
  private readonly inner: Inner;
  private readonly middleware: AnyTextMiddleware;
  private readonly options: ResolvedWithParleyOptions;

  constructor(inner: Inner, middleware: AnyTextMiddleware, options: ResolvedWithParleyOptions) {
    super({});
    this.inner = inner;
    this.middleware = middleware;
    this.options = options;
  }

  _llmType(): string {
    return `parley(${(this.inner as ModelExtras | undefined)?._llmType?.() ?? 'runnable'})`;
  }

  override bindTools(tools: unknown[], kwargs?: Record<string, unknown>): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    const { bindTools } = this.inner as ModelExtras;
    if (bindTools === undefined) throw new InvalidArgumentError({ argument: 'model', message: `The wrapped model (${this._llmType()}) has no bindTools(): wrap a chat model that supports tools.` });
    return new ParleyChatModel(bindTools.call(this.inner, tools, kwargs), this.middleware, this.options) as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>;
  }

  /**
   * Structured output through tool calling, as `BaseChatModel` does it, on a twin of this model whose
   * tool-call arguments go through the middleware (`toolInputs: 'transform'`): here the arguments
   * are the answer the user sees, so a secret in them is redacted like one in text.
   */
  override withStructuredOutput<RunOutput extends Record<string, any> = Record<string, any>>(
    outputSchema: Parameters<BaseChatModel['withStructuredOutput']>[0],
    config?: StructuredOutputMethodOptions<false>,
  ): Runnable<BaseLanguageModelInput, RunOutput>;
  override withStructuredOutput<RunOutput extends Record<string, any> = Record<string, any>>(
    outputSchema: Parameters<BaseChatModel['withStructuredOutput']>[0],
    config?: StructuredOutputMethodOptions<true>,
  ): Runnable<BaseLanguageModelInput, { raw: BaseMessage; parsed: RunOutput }>;
  override withStructuredOutput(outputSchema: Parameters<BaseChatModel['withStructuredOutput']>[0], config?: StructuredOutputMethodOptions<boolean>): Runnable<BaseLanguageModelInput, unknown> {
    const twin = new ParleyChatModel(this.inner, this.middleware, { ...this.options, toolInputs: 'transform', chunkResult: true });
    return BaseChatModel.prototype.withStructuredOutput.call(twin, outputSchema, config as never) as Runnable<BaseLanguageModelInput, unknown>;
  }

  override async *_streamResponseChunks(given: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const { context, reasoning, toolInputs, passToolsNamed, guard } = this.options;
    // The guard runs before the inner model is called: under `block`, nothing is sent.
    const messages = guard === undefined ? given : await guardMessages(given, guard);
    const toolCalls = toolInputs === 'transform' ? 'all' : passToolsNamed === undefined ? 'none' : (name: string | undefined) => name === undefined || !passToolsNamed.has(name);
    // What the model writes goes through the guard's stream first (the output strategy, chunk-invariant), then the middleware.
    const middleware = guardedMiddleware(this.middleware, guard);
    const transformer = new MessageTransformer(middleware, context, reasoning === 'transform', createStreamContext(context).streamId, toolCalls);
    const { callbacks: _callbacks, tags, ...rest } = options as BaseChatModelCallOptions;
    // Token callbacks cost a promise per chunk: skip them when no handler listens.
    const listening = runManager !== undefined && runManager.handlers.length > 0;
    // Tool definitions and a response format are guarded before the inner model is called, as the messages are.
    const generations = await this.innerGenerations(messages, options, rest, tags);
    let failure: { readonly error: unknown } | undefined;
    try {
      for await (const generation of generations) {
        // Each generation is this call's own (read straight from the inner model, or copied): it is
        // changed in place rather than rebuilt, which keeps the wrapper's cost per chunk small.
        const { text, before } = transformer.transform(generation.message as AIMessageChunk);
        for (const message of before) {
          const tail = new ChatGenerationChunk({ text: '', message });
          yield tail;
          if (listening) await runManager.handleLLMNewToken('', undefined, undefined, undefined, undefined, { chunk: tail });
        }
        generation.text = text;
        yield generation;
        // Every chunk, empty text or not, as BaseChatModel does: LangGraph's messages stream and
        // streamEvents show reasoning and tool-call chunks through this callback.
        if (listening) await runManager.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk: generation });
      }
    } catch (error) {
      // The inner stream failed mid-way (a dropped connection): what the sessions hold is released
      // first, as the end of the stream would, and then the error is passed on.
      failure = { error };
    }
    let tail: AIMessageChunk[];
    try {
      tail = transformer.end();
    } catch (error) {
      throw failure === undefined ? error : failure.error;
    }
    for (const message of tail) {
      const text = typeof message.content === 'string' ? message.content : '';
      const generation = new ChatGenerationChunk({ text, message });
      yield generation;
      if (listening) await runManager.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk: generation });
    }
    if (failure !== undefined) throw failure.error;
  }

  /**
   * The inner model's output as generations this call owns. A chat model's own chunk generator is
   * read directly (no second run, no callbacks: its raw tokens cannot reach anyone) — a model with
   * bound tools too (`bindTools`, `withConfig`: a chain of `RunnableBinding`s around a chat model),
   * its bound call options (tools, `tool_choice`, …) merged in; a model that only implements
   * `_generate` gives one chunk; any other runnable is streamed as a nested run tagged `nostream`,
   * which LangGraph's messages stream skips, and its chunks are copied. With a guard, the tool
   * definitions, functions and response format in the options the inner model gets are guarded
   * first (see {@link guardCallOptions}), the chat model's own bound ones too (see
   * {@link boundDefinitions}); tools bound inside a runnable that is not such a chain are out of its reach.
   */
  private async innerGenerations(messages: BaseMessage[], options: this['ParsedCallOptions'], given: object, tags: string[] | undefined): Promise<AsyncIterable<ChatGenerationChunk>> {
    const { guard } = this.options;
    const unwrapped = unwrapBindings(this.inner);
    const inner = unwrapped === undefined ? this.inner : unwrapped.model;
    // The bound options first, then this call's own (as a binding merges them).
    const merged = (unwrapped === undefined ? options : { ...unwrapped.callOptions, ...options }) as this['ParsedCallOptions'];
    // A model's own bound definitions (ChatOpenAI keeps bound tools in its defaultOptions) are given to the call, guarded.
    const callOptions = guard === undefined || !(inner instanceof BaseChatModel) ? merged : await guardCallOptions({ ...boundDefinitions(inner), ...merged }, guard);
    const rest = guard === undefined || inner instanceof BaseChatModel ? given : await guardCallOptions(given, guard);
    if (inner instanceof BaseChatModel && inner._streamResponseChunks !== BaseChatModel.prototype._streamResponseChunks) return inner._streamResponseChunks(messages, callOptions);
    return (async function* () {
      if (inner instanceof BaseChatModel) {
        const result = await inner._generate(messages, callOptions);
        // As BaseChatModel does for a single generation: the call's llmOutput joins its metadata.
        const llmOutput = result.generations.length === 1 ? result.llmOutput : undefined;
        for (const generation of result.generations) {
          const fields: ConstructorParameters<typeof ChatGenerationChunk>[0] = { text: generation.text, message: toChunk(generation.message, llmOutput) };
          if (generation.generationInfo !== undefined) fields.generationInfo = generation.generationInfo;
          yield new ChatGenerationChunk(fields);
        }
        return;
      }
      for await (const chunk of await inner.stream(messages, { ...rest, tags: [...(tags ?? []), NO_STREAM_TAG] })) {
        yield new ChatGenerationChunk({ text: '', message: copyChunk(chunk, chunk.content) });
      }
    })();
  }

  /** Generation is the stream, gathered: the same text, tool calls and metadata. */
  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    let gathered: ChatGenerationChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager)) gathered = gathered === undefined ? chunk : gathered.concat(chunk);
    const message = (gathered?.message ?? new AIMessageChunk({ content: '' })) as AIMessageChunk;
    // Streaming models put finish_reason, model_name and the like in each chunk's generationInfo;
    // the stream path moves them into response_metadata, so generation does the same.
    const generationInfo = gathered?.generationInfo;
    const fields: Record<string, unknown> = {
      content: message.content,
      tool_calls: message.tool_calls ?? [],
      additional_kwargs: message.additional_kwargs,
      response_metadata: { ...generationInfo, ...message.response_metadata },
    };
    if (message.id !== undefined) fields['id'] = message.id;
    if ((message.invalid_tool_calls ?? []).length > 0) fields['invalid_tool_calls'] = message.invalid_tool_calls;
    if (message.usage_metadata !== undefined) fields['usage_metadata'] = message.usage_metadata;
    const built = this.options.chunkResult === true ? new AIMessageChunk(fields as ConstructorParameters<typeof AIMessageChunk>[0]) : new AIMessage(fields as ConstructorParameters<typeof AIMessage>[0]);
    const generation: ChatResult['generations'][number] = { text: gathered?.text ?? '', message: built };
    if (generationInfo !== undefined) generation.generationInfo = generationInfo;
    // The call's token usage as LangChain reports it for a gathered stream (and ChatOpenAI for a
    // whole completion): `llmOutput.tokenUsage`, which BaseChatModel also puts in response_metadata.
    const usage = message.usage_metadata as UsageMetadata | undefined;
    if (usage === undefined) return { generations: [generation] };
    return { generations: [generation], llmOutput: { tokenUsage: { promptTokens: usage.input_tokens, completionTokens: usage.output_tokens, totalTokens: usage.total_tokens } } };
  }
}

/** Fields of a runnable config that are not a model's call options (callbacks and tracing among them). */
const runnableConfigFields = new Set(['callbacks', 'tags', 'metadata', 'runName', 'runId', 'configurable', 'recursionLimit', 'maxConcurrency']);

/**
 * The chat model inside a chain of `RunnableBinding`s (what `bindTools` and `withConfig` return), with
 * the call options the bindings add. `undefined` when the runnable is not such a chain (or a binding
 * computes its config at call time), so that it runs as a nested run instead.
 */
function unwrapBindings(runnable: Inner): { readonly model: BaseChatModel; readonly callOptions: Record<string, unknown> } | undefined {
  const layers: Array<{ readonly config: object; readonly kwargs: object }> = [];
  let current: unknown = runnable;
  while (current instanceof RunnableBinding) {
    if ((current.configFactories ?? []).length > 0) return undefined;
    layers.push({ config: current.config as object, kwargs: (current.kwargs ?? {}) as object });
    current = current.bound;
  }
  if (layers.length === 0 || !(current instanceof BaseChatModel)) return undefined;
  const callOptions: Record<string, unknown> = {};
  // The innermost binding first: an outer one overrides it, as nested bindings do.
  for (const { config, kwargs } of layers.reverse()) {
    for (const [key, value] of [...Object.entries(config), ...Object.entries(kwargs)]) if (!runnableConfigFields.has(key) && value !== undefined) callOptions[key] = value;
  }
  return { model: current, callOptions };
}

/** A whole message as one chunk, with its tool calls, ids, usage and metadata. */
function toChunk(message: BaseMessage, llmOutput: Record<string, unknown> | undefined): AIMessageChunk {
  const ai = message as AIMessage;
  const fields: Record<string, unknown> = {
    content: ai.content,
    tool_calls: ai.tool_calls ?? [],
    invalid_tool_calls: ai.invalid_tool_calls ?? [],
    additional_kwargs: ai.additional_kwargs,
    response_metadata: { ...llmOutput, ...ai.response_metadata },
  };
  if (ai.id !== undefined) fields['id'] = ai.id;
  if (ai.usage_metadata !== undefined) fields['usage_metadata'] = ai.usage_metadata;
  return new AIMessageChunk(fields as ConstructorParameters<typeof AIMessageChunk>[0]);
}

/**
 * Wraps a LangChain chat model so its output goes through a Parley text middleware, streamed or
 * not: text is transformed as it streams (one session per call), tool-call chunks, usage and
 * metadata are copied untouched, the inner model's raw tokens are tagged `nostream` so they never
 * reach LangGraph's `messages` stream, and `bindTools` returns a wrapped model too.
 *
 * Reasoning (content blocks and `additional_kwargs`) goes through the middleware too, one session
 * per reasoning block, unless `reasoning: 'passthrough'`.
 *
 * @throws {InvalidArgumentError} When `model` is not a runnable chat model, `middleware` is not a
 * Parley text middleware, or an option is unknown or has a value it cannot take.
 *
 * @example
 * ```ts
 * import { AIMessageChunk } from '@langchain/core/messages';
 * import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
 * import { withParley } from '@parley/langchain';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * // Any chat model (new ChatOpenAI({ model: 'gpt-5' }), …); a fake keeps this offline.
 * const inner = new FakeStreamingChatModel({ chunks: [new AIMessageChunk({ content: 'The key is ghp_AuanBBo0Z' }), new AIMessageChunk({ content: 'c6kLGh0jprE7o8rQJjBZbZ5aVyO.' })] });
 * const model = withParley(inner, redactSecretsStream());
 * let text = '';
 * for await (const chunk of await model.stream('What is the deploy key?')) text += chunk.text;
 * console.log(text); // The key is <REDACTED:GITHUB_TOKEN>.
 * ```
 */
export function withParley(model: Runnable<BaseLanguageModelInput, AIMessageChunk>, middleware: AnyTextMiddleware, options?: WithParleyOptions): ParleyChatModel {
  return wrapModel(model, middleware, resolveWithParleyOptions('withParley', middleware, options));
}

/** {@link withParley} with options already resolved (and internal ones, for the agent middleware). @internal */
export function wrapModel(model: Runnable<BaseLanguageModelInput, AIMessageChunk>, middleware: AnyTextMiddleware, resolved: ResolvedWithParleyOptions): ParleyChatModel {
  const candidate = model as unknown as Record<string, unknown> | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate['stream'] !== 'function' || typeof candidate['invoke'] !== 'function') {
    throw new InvalidArgumentError({ argument: 'model', message: 'withParley needs a LangChain chat model or runnable (with invoke() and stream()) as its first argument.' });
  }
  return new ParleyChatModel(model, middleware, resolved);
}
