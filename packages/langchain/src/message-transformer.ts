import { AIMessageChunk } from '@langchain/core/messages';
import type { ToolCallChunk } from '@langchain/core/messages/tool';
import type { StreamContextInit, TextSession } from '@parley/core';
import { transformStrings } from './transform-strings';
import type { AnyTextMiddleware } from './with-parley-options';

type Content = AIMessageChunk['content'];
type Block = Record<string, unknown>;

/** Where a reasoning text sits in a chunk, and how to build a chunk that carries more of it. */
interface ReasoningSession {
  readonly session: TextSession;
  /** A chunk carrying `text` at the same place (same block type and index, same kwarg). */
  readonly carrier: (text: string) => AIMessageChunk;
}

const none: readonly AIMessageChunk[] = [];

/**
 * In a provider's final output items (`response_metadata.output` of the OpenAI Responses API,
 * which LangChain also sends back as the assistant turn), the fields that are identifiers or opaque
 * data, kept as they are; every other string is the model's words.
 */
const outputIdentifiers: ReadonlySet<string> = new Set(['id', 'type', 'status', 'role', 'call_id', 'name', 'encrypted_content', 'phase', 'format', 'server_label']);
/** The same, and tool-call arguments, when tool inputs pass as they are. */
const outputIdentifiersAndToolInputs: ReadonlySet<string> = new Set([...outputIdentifiers, 'arguments', 'input', 'action']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Content block types whose `text` is reply text: LangChain's `text`, and the spellings provider
 * packages have used for it (`text_delta` in older Anthropic chunks, `output_text` in Responses
 * output).
 */
const textTypes = new Set(['text', 'text_delta', 'output_text']);

/** Content block types whose text is reasoning, and the field that holds it. */
const reasoningFields: Readonly<Record<string, string>> = { reasoning: 'reasoning', thinking: 'thinking' };

/**
 * A reasoning block's text and a copy of the block carrying other text, for every shape: a string
 * field (`reasoning`, `thinking`) or Bedrock Converse's `reasoning_content` block, whose text is
 * `reasoningText.text`. `undefined` when the block holds no reasoning text.
 */
function reasoningOfBlock(block: Block): { readonly text: string; readonly carrying: (text: string) => Block } | undefined {
  const type = block['type'];
  if (typeof type !== 'string') return undefined;
  const field = reasoningFields[type];
  if (field !== undefined) {
    const value = block[field];
    if (typeof value === 'string') return { text: value, carrying: (other) => ({ ...block, [field]: other }) };
    // Mistral's (Magistral) shape: the field is a list of text chunks, `[{ type: 'text', text }]`.
    if (!Array.isArray(value)) return undefined;
    const parts = value as unknown[];
    const texts = parts.filter((part): part is Block => isRecord(part) && typeof part['text'] === 'string');
    if (texts.length === 0) return undefined;
    return {
      text: texts.map((part) => part['text'] as string).join(''),
      // All the released text goes in the first text chunk; the others keep their place, empty.
      carrying: (other) => {
        let first = true;
        const carried = parts.map((part) => {
          if (!isRecord(part) || typeof part['text'] !== 'string') return part;
          const text = first ? other : '';
          first = false;
          return { ...part, text };
        });
        return { ...block, [field]: carried };
      },
    };
  }
  if (type === 'reasoning_content') {
    const inner = block['reasoningText'];
    if (!isRecord(inner) || typeof inner['text'] !== 'string') return undefined;
    return { text: inner['text'], carrying: (other) => ({ ...block, reasoningText: { ...inner, text: other } }) };
  }
  return undefined;
}

/**
 * Runs one model call's chunks through a middleware: the reply text (string content and `text`,
 * `text_delta` and `output_text` blocks) is one session; each reasoning block is a session of its
 * own — `reasoning`, `thinking` and `reasoning_content` content blocks (keyed by type and `index`),
 * `additional_kwargs.reasoning_content`, a string `additional_kwargs.reasoning`, and each
 * `additional_kwargs.reasoning.summary` part. A reasoning session ends when a chunk carries
 * reply text and no more of that reasoning, or at the end of the call; what it still held comes
 * in a chunk of its own, at the same place, before the chunk that ended it.
 *
 * @internal
 */
export class MessageTransformer {
  private readonly text: TextSession;
  private readonly reasoning = new Map<string, ReasoningSession>();
  private readonly streamId: string;
  /** The reasoning keys the chunk being transformed carries (reused: one set per call). */
  private readonly seen = new Set<string>();
  /** With tool inputs transformed: one session per streamed tool call (by its `index`). */
  private readonly toolArgs = new Map<string, { readonly session: TextSession; readonly index: number }>();
  /** Whether each streamed tool call (by `index`) has its arguments transformed. */
  private readonly toolChoices = new Map<number, boolean>();

  constructor(
    private readonly middleware: AnyTextMiddleware,
    private readonly context: StreamContextInit,
    private readonly transformReasoning: boolean,
    streamId: string,
    /**
     * Which tool calls have their arguments transformed: `'none'`, `'all'`, or those a rule picks
     * by tool name (`undefined` when no chunk of the call has named it yet).
     */
    private readonly toolCalls: 'none' | 'all' | ((name: string | undefined) => boolean) = 'none',
  ) {
    this.streamId = streamId;
    this.text = middleware.open({ ...context, streamId });
  }

  /**
   * Transforms `message` in place. Returns the reply text it now carries and the chunks of
   * reasoning tails that must come before it.
   */
  transform(message: AIMessageChunk): { text: string; before: readonly AIMessageChunk[] } {
    const seen = this.seen;
    seen.clear();
    let text = '';
    let hadText = false;
    const content = message.content as Content;
    if (typeof content === 'string') {
      hadText = content.length > 0;
      text = this.text.write(content);
      message.content = text;
    } else {
      message.content = content.map((block) => {
        if (!isRecord(block)) return block;
        if (typeof block['type'] === 'string' && textTypes.has(block['type']) && typeof block['text'] === 'string') {
          hadText ||= block['text'].length > 0;
          const released = this.text.write(block['text']);
          text += released;
          return { ...block, text: released };
        }
        const reasoning = this.transformReasoning ? reasoningOfBlock(block) : undefined;
        if (reasoning === undefined) return block;
        const key = `${String(block['type'])}:${String(block['index'] ?? '')}`;
        seen.add(key);
        return reasoning.carrying(this.write(key, reasoning.text, (tail) => new AIMessageChunk({ content: [reasoning.carrying(tail)] as Content })));
      }) as Content;
    }
    if (this.transformReasoning) this.transformKwargs(message, seen);
    this.transformRefusal(message, seen);
    if (this.toolCalls !== 'none') this.transformTools(message);
    this.transformFinalOutput(message);
    const before = hadText && this.reasoning.size > 0 ? this.endReasoning((key) => !seen.has(key)) : none;
    return { text, before };
  }

  /** Ends every session: the reasoning tails, the reply text still held, then the tool arguments' (each a chunk, if any). */
  end(): AIMessageChunk[] {
    const chunks = this.endReasoning(() => true);
    const rest = this.text.end();
    if (rest.length > 0) chunks.push(new AIMessageChunk({ content: rest }));
    const tails: ToolCallChunk[] = [];
    for (const { session, index } of this.toolArgs.values()) {
      const tail = session.end();
      if (tail.length > 0) tails.push({ type: 'tool_call_chunk', args: tail, index });
    }
    this.toolArgs.clear();
    if (tails.length > 0) chunks.push(new AIMessageChunk({ content: '', tool_call_chunks: tails }));
    return chunks;
  }

  /**
   * A refusal (`additional_kwargs.refusal`, from OpenAI) is the model's words to the user, whatever
   * the reasoning option: a session of its own, like a reasoning block.
   */
  private transformRefusal(message: AIMessageChunk, seen: Set<string>): void {
    const kwargs = message.additional_kwargs as Record<string, unknown> | undefined;
    if (kwargs === undefined || typeof kwargs['refusal'] !== 'string') return;
    seen.add('refusal');
    message.additional_kwargs = {
      ...kwargs,
      refusal: this.write('refusal', kwargs['refusal'], (tail) => new AIMessageChunk({ content: '', additional_kwargs: { refusal: tail } })),
    } as AIMessageChunk['additional_kwargs'];
  }

  /**
   * Copies of the whole reply that some providers put in a chunk beside the streamed text: the
   * OpenAI Responses API's final `response_metadata.output` items (every string but identifiers and,
   * unless tool inputs are transformed, tool arguments) and `additional_kwargs.parsed` (the parsed
   * structured output). They are complete, so each string is a session of its own.
   */
  private transformFinalOutput(message: AIMessageChunk): void {
    const metadata = message.response_metadata as Record<string, unknown> | undefined;
    if (metadata !== undefined && Array.isArray(metadata['output'])) {
      const keep = this.toolCalls === 'all' ? outputIdentifiers : outputIdentifiersAndToolInputs;
      message.response_metadata = { ...metadata, output: transformStrings(this.middleware, metadata['output'], this.context, `${this.streamId}:output`, { keys: false, keep }) };
    }
    const kwargs = message.additional_kwargs as Record<string, unknown> | undefined;
    if (kwargs !== undefined && kwargs['parsed'] !== undefined && kwargs['parsed'] !== null) {
      message.additional_kwargs = { ...kwargs, parsed: transformStrings(this.middleware, kwargs['parsed'], this.context, `${this.streamId}:parsed`, { keys: false }) } as AIMessageChunk['additional_kwargs'];
    }
  }

  /**
   * Tool-call arguments: each streamed call's argument text (its chunks, joined by `index`) is one
   * session; arguments given whole (`tool_calls` without chunks) have each string transformed. The
   * parsed `tool_calls` of a chunk are derived again from its transformed chunks.
   */
  private transformTools(message: AIMessageChunk): void {
    const rule = this.toolCalls;
    const chosen = (name: string | undefined): boolean => rule === 'all' || (rule !== 'none' && rule(name));
    const chunks = message.tool_call_chunks ?? [];
    if (chunks.length > 0) {
      const transformed = chunks.map((chunk, position): ToolCallChunk => {
        if (typeof chunk.args !== 'string') return chunk;
        // A call's name comes in its first chunk: the choice made then holds for its other chunks.
        let choice = typeof chunk.index === 'number' ? this.toolChoices.get(chunk.index) : undefined;
        if (choice === undefined || chunk.name !== undefined) {
          choice = chosen(chunk.name);
          if (typeof chunk.index === 'number') this.toolChoices.set(chunk.index, choice);
        }
        if (!choice) return chunk;
        if (typeof chunk.index !== 'number') {
          // Without an index, LangChain cannot join this chunk to another: its arguments are whole.
          const session = this.middleware.open({ ...this.context, streamId: `${this.streamId}:tool-call:${chunk.id ?? position}` });
          return { ...chunk, args: session.write(chunk.args) + session.end() };
        }
        const key = String(chunk.index);
        let entry = this.toolArgs.get(key);
        if (entry === undefined) {
          entry = { session: this.middleware.open({ ...this.context, streamId: `${this.streamId}:tool-call:${key}` }), index: chunk.index };
          this.toolArgs.set(key, entry);
        }
        return { ...chunk, args: entry.session.write(chunk.args) };
      });
      const derived = new AIMessageChunk({ content: '', tool_call_chunks: transformed });
      message.tool_call_chunks = derived.tool_call_chunks ?? transformed;
      message.tool_calls = derived.tool_calls ?? [];
      message.invalid_tool_calls = derived.invalid_tool_calls ?? [];
      return;
    }
    if ((message.tool_calls ?? []).length > 0) {
      message.tool_calls = (message.tool_calls ?? []).map((call, position) =>
        chosen(call.name) ? { ...call, args: transformStrings(this.middleware, call.args, this.context, `${this.streamId}:tool-call:${call.id ?? position}`, { keys: true }) as Record<string, unknown> } : call,
      );
    }
    if ((message.invalid_tool_calls ?? []).length > 0) {
      message.invalid_tool_calls = (message.invalid_tool_calls ?? []).map((call, position) => {
        if (typeof call.args !== 'string' || !chosen(call.name)) return call;
        const session = this.middleware.open({ ...this.context, streamId: `${this.streamId}:invalid-tool-call:${call.id ?? position}` });
        return { ...call, args: session.write(call.args) + session.end() };
      });
    }
  }

  private write(key: string, text: string, carrier: (text: string) => AIMessageChunk): string {
    let entry = this.reasoning.get(key);
    if (entry === undefined) {
      entry = { session: this.middleware.open({ ...this.context, streamId: `${this.streamId}:reasoning:${key}` }), carrier };
      this.reasoning.set(key, entry);
    }
    return entry.session.write(text);
  }

  private transformKwargs(message: AIMessageChunk, seen: Set<string>): void {
    const kwargs = message.additional_kwargs as Record<string, unknown> | undefined;
    if (kwargs === undefined || (kwargs['reasoning_content'] === undefined && kwargs['reasoning'] === undefined)) return;
    let copy: Record<string, unknown> | undefined;
    if (typeof kwargs['reasoning_content'] === 'string') {
      seen.add('reasoning_content');
      copy = { ...kwargs, reasoning_content: this.write('reasoning_content', kwargs['reasoning_content'], (tail) => new AIMessageChunk({ content: '', additional_kwargs: { reasoning_content: tail } })) };
    }
    const reasoning = kwargs['reasoning'];
    if (typeof reasoning === 'string') {
      // Some OpenAI-compatible providers (OpenRouter and others) stream reasoning as a plain `reasoning` string.
      seen.add('reasoning');
      copy = { ...(copy ?? kwargs), reasoning: this.write('reasoning', reasoning, (tail) => new AIMessageChunk({ content: '', additional_kwargs: { reasoning: tail } })) };
    } else if (isRecord(reasoning) && Array.isArray(reasoning['summary'])) {
      const summary = (reasoning['summary'] as unknown[]).map((part, position) => {
        if (!isRecord(part) || typeof part['text'] !== 'string') return part;
        const key = `summary:${String(part['index'] ?? position)}`;
        seen.add(key);
        const template = { ...part };
        return { ...part, text: this.write(key, part['text'], (tail) => new AIMessageChunk({ content: '', additional_kwargs: { reasoning: { summary: [{ ...template, text: tail }] } } })) };
      });
      copy = { ...(copy ?? kwargs), reasoning: { ...reasoning, summary } };
    }
    if (copy !== undefined) message.additional_kwargs = copy as AIMessageChunk['additional_kwargs'];
  }

  private endReasoning(which: (key: string) => boolean): AIMessageChunk[] {
    const chunks: AIMessageChunk[] = [];
    for (const [key, { session, carrier }] of [...this.reasoning]) {
      if (!which(key)) continue;
      this.reasoning.delete(key);
      const tail = session.end();
      if (tail.length > 0) chunks.push(carrier(tail));
    }
    return chunks;
  }
}
