import { AIMessageChunk } from '@langchain/core/messages';
import type { StreamContextInit, TextSession } from '@parley/core';
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Content block types whose text is reasoning, and the field that holds it. */
const reasoningFields: Readonly<Record<string, string>> = { reasoning: 'reasoning', thinking: 'thinking' };

/**
 * Runs one model call's chunks through a middleware: the reply text (string content and `text`
 * blocks) is one session; each reasoning block is a session of its own — `reasoning` and
 * `thinking` content blocks (keyed by their `index`), `additional_kwargs.reasoning_content`, and
 * each `additional_kwargs.reasoning.summary` part. A reasoning session ends when a chunk carries
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

  constructor(
    private readonly middleware: AnyTextMiddleware,
    private readonly context: StreamContextInit,
    private readonly transformReasoning: boolean,
    streamId: string,
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
        if (block['type'] === 'text' && typeof block['text'] === 'string') {
          hadText ||= block['text'].length > 0;
          const released = this.text.write(block['text']);
          text += released;
          return { ...block, text: released };
        }
        const field = typeof block['type'] === 'string' ? reasoningFields[block['type']] : undefined;
        if (field === undefined || !this.transformReasoning || typeof block[field] !== 'string') return block;
        const key = `${block['type']}:${String(block['index'] ?? '')}`;
        seen.add(key);
        const template = { ...block };
        return { ...block, [field]: this.write(key, block[field], (tail) => new AIMessageChunk({ content: [{ ...template, [field]: tail }] as Content })) };
      }) as Content;
    }
    if (this.transformReasoning) this.transformKwargs(message, seen);
    const before = hadText && this.reasoning.size > 0 ? this.endReasoning((key) => !seen.has(key)) : none;
    return { text, before };
  }

  /** Ends every session: the reasoning tails, then the reply text still held (each a chunk, if any). */
  end(): AIMessageChunk[] {
    const chunks = this.endReasoning(() => true);
    const rest = this.text.end();
    if (rest.length > 0) chunks.push(new AIMessageChunk({ content: rest }));
    return chunks;
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
    if (isRecord(reasoning) && Array.isArray(reasoning['summary'])) {
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
