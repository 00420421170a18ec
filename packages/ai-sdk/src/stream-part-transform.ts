import type { TextSession } from '@parley/core';
import { JsonStringValueStream } from './json-string-value-stream';
import type { AnyTextMiddleware, ResolvedOptions } from './parley-options';
import { RawValueStreams } from './raw-value-streams';
import { transformToolInput } from './transform-tool-input';

/** The shape shared by the AI SDK's provider stream parts and `streamText` parts. */
interface Part {
  readonly type: string;
  readonly id?: string;
}

/** A text or reasoning block in progress. */
interface Block {
  readonly kind: 'text' | 'reasoning';
  readonly id: string;
  readonly session: TextSession;
  /** The held `*-start` part, until the block's first released text (or its end). */
  start: Part | undefined;
  /**
   * Deltas that carried `providerMetadata` while the session held all their text (or had none, as
   * Anthropic's thinking signature): they go out, with empty text, just before the block's next text.
   */
  readonly pendingMetadata: Part[];
}

/** A streamed tool input in progress (only with `toolInputs: 'transform'`). */
interface ToolInput {
  readonly stream: { write(chunk: string): string; end(): string };
}

/** Where parts go: a `TransformStream`'s controller, or the reader-driven stream of {@link releasingOnError}. */
interface Sink<Stream> {
  enqueue(part: Stream): void;
}

/** Where the text of a delta part is: `delta` in provider parts, `text` in `streamText` parts. */
export type DeltaKey = 'delta' | 'text';

const blockKinds: Readonly<Record<string, { readonly kind: 'text' | 'reasoning'; readonly step: 'start' | 'delta' | 'end' }>> = {
  'text-start': { kind: 'text', step: 'start' },
  'text-delta': { kind: 'text', step: 'delta' },
  'text-end': { kind: 'text', step: 'end' },
  'reasoning-start': { kind: 'reasoning', step: 'start' },
  'reasoning-delta': { kind: 'reasoning', step: 'delta' },
  'reasoning-end': { kind: 'reasoning', step: 'end' },
};

/**
 * A `TransformStream` over AI SDK stream parts that runs `middleware` on every channel a user may
 * see: each text block and (unless `reasoning: 'passthrough'`) each reasoning block is one session
 * (several blocks can be open at once; `*-start` is held until the block's first text, held-back
 * text is flushed before `*-end`); raw parts have their string values transformed (or are dropped);
 * tool inputs are transformed only with `toolInputs: 'transform'`. Every other part (tools, files,
 * sources, metadata, finish, errors) passes through unchanged and in order.
 *
 * @internal
 */
export function streamPartTransform<Stream extends Part>(middleware: AnyTextMiddleware, deltaKey: DeltaKey, options: ResolvedOptions): TransformStream<Stream, Stream> {
  return new TransformStream<Stream, Stream>(streamPartTransformer<Stream>(middleware, deltaKey, options));
}

/**
 * {@link streamPartTransform} over a provider stream that, when the provider stream errors mid-way
 * (a dropped connection), first releases what the sessions hold — as the end of the stream would —
 * and then passes the error on: text the model wrote before the error is not lost. (A consumer that
 * cancels the stream, as an abort does, receives nothing more.)
 *
 * @internal
 */
export function releasingOnError<Stream extends Part>(source: ReadableStream<Stream>, middleware: AnyTextMiddleware, deltaKey: DeltaKey, options: ResolvedOptions): ReadableStream<Stream> {
  const transformer = streamPartTransformer<Stream>(middleware, deltaKey, options);
  const reader = source.getReader();
  // The source's error, passed on once the parts released before it have been read (erroring a
  // stream discards what is still queued).
  let failure: { readonly error: unknown } | undefined;
  return new ReadableStream<Stream>(
    {
      async pull(controller) {
        if (failure !== undefined) {
          controller.error(failure.error);
          return;
        }
        // Read until something is released (or the stream ends): a pull that enqueues nothing is not called again.
        let released = false;
        const sink: Sink<Stream> = {
          enqueue(part) {
            released = true;
            controller.enqueue(part);
          },
        };
        while (!released) {
          let result: ReadableStreamReadResult<Stream>;
          try {
            result = await reader.read();
          } catch (error) {
            transformer.flush(sink);
            if (released) failure = { error };
            else controller.error(error);
            return;
          }
          if (result.done) {
            transformer.flush(sink);
            controller.close();
            return;
          }
          transformer.transform(result.value, sink);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/** The transform and flush steps of {@link streamPartTransform}, over any sink. */
function streamPartTransformer<Stream extends Part>(
  middleware: AnyTextMiddleware,
  deltaKey: DeltaKey,
  options: ResolvedOptions,
): { transform(part: Stream, controller: Sink<Stream>): void; flush(controller: Sink<Stream>): void } {
  const { context, base } = options;
  const blocks = new Map<string, Block>();
  const toolInputs = new Map<string, ToolInput>();
  const raw = options.rawChunks === 'transform' ? new RawValueStreams(middleware, context, base) : undefined;
  const open = (kind: 'text' | 'reasoning', id: string): Block => {
    const streamId = kind === 'text' ? `${base}:${id}` : `${base}:reasoning:${id}`;
    const block: Block = { kind, id, session: middleware.open({ ...context, streamId }), start: undefined, pendingMetadata: [] };
    blocks.set(`${kind}:${id}`, block);
    return block;
  };
  const emitText = (controller: Sink<Stream>, block: Block, part: Stream | undefined, text: string): void => {
    if (text.length === 0) {
      // Provider metadata is never dropped: it waits, in order, for the block's next text (or end).
      if (part !== undefined && (part as { providerMetadata?: unknown }).providerMetadata !== undefined) block.pendingMetadata.push(part);
      return;
    }
    releaseStart(controller, block);
    controller.enqueue({ ...(part ?? { type: `${block.kind}-delta`, id: block.id }), [deltaKey]: text } as unknown as Stream);
  };
  /** The block's held `*-start`, then the deltas whose metadata waited, with empty text. */
  const releaseStart = (controller: Sink<Stream>, block: Block): void => {
    if (block.start !== undefined) {
      controller.enqueue(block.start as Stream);
      block.start = undefined;
    }
    for (const waiting of block.pendingMetadata.splice(0)) controller.enqueue({ ...waiting, [deltaKey]: '' } as unknown as Stream);
  };
  /** Releases what a block still holds, and its `*-start` and waiting metadata if no text came (a part is never lost). */
  const endBlock = (controller: Sink<Stream>, block: Block): void => {
    blocks.delete(`${block.kind}:${block.id}`);
    emitText(controller, block, undefined, block.session.end());
    releaseStart(controller, block);
  };
  const endToolInput = (controller: Sink<Stream>, id: string, input: ToolInput): void => {
    toolInputs.delete(id);
    const rest = input.stream.end();
    if (rest.length > 0) controller.enqueue({ type: 'tool-input-delta', id, delta: rest } as unknown as Stream);
  };
  /** A tool input's scanner: JSON unless declared as text; opened on demand for a delta without a start. */
  const openToolInput = (id: string, text: boolean): ToolInput => {
    const streamId = `${base}:tool-input:${id}`;
    const input: ToolInput = { stream: text ? middleware.open({ ...context, streamId }) : new JsonStringValueStream(middleware, context, streamId) };
    toolInputs.set(id, input);
    return input;
  };
  const endRaw = (controller: Sink<Stream>): void => {
    for (const rawValue of raw?.end() ?? []) controller.enqueue({ type: 'raw', rawValue } as unknown as Stream);
  };
  /** Releases what every open block, tool input and raw path still holds (a block never ended, a step finishing). */
  const endAll = (controller: Sink<Stream>): void => {
    for (const block of [...blocks.values()]) endBlock(controller, block);
    for (const [id, input] of [...toolInputs]) endToolInput(controller, id, input);
    endRaw(controller);
  };
  return {
    transform(part, controller) {
      const id = part.id ?? '';
      const block = blockKinds[part.type];
      if (block !== undefined && (block.kind === 'text' || options.reasoning === 'transform')) {
        switch (block.step) {
          case 'start': {
            // A start for a block still open (a reused id): the open one ends first, nothing it holds is lost.
            const previous = blocks.get(`${block.kind}:${id}`);
            if (previous !== undefined) endBlock(controller, previous);
            open(block.kind, id).start = part;
            return;
          }
          case 'delta': {
            const current = blocks.get(`${block.kind}:${id}`) ?? open(block.kind, id);
            const text = (part as unknown as Record<string, unknown>)[deltaKey];
            emitText(controller, current, part, current.session.write(typeof text === 'string' ? text : ''));
            return;
          }
          case 'end': {
            const current = blocks.get(`${block.kind}:${id}`);
            if (current !== undefined) endBlock(controller, current);
            controller.enqueue(part);
            return;
          }
        }
      }
      switch (part.type) {
        case 'raw':
          if (raw !== undefined) controller.enqueue({ ...part, rawValue: raw.transform((part as unknown as { rawValue: unknown }).rawValue) });
          return;
        case 'tool-input-start':
          if (options.toolInputs === 'transform') {
            // A start for an input still open (a reused id): the open one ends first.
            const previous = toolInputs.get(id);
            if (previous !== undefined) endToolInput(controller, id, previous);
            openToolInput(id, (part as unknown as { inputEncoding?: string }).inputEncoding === 'text');
          }
          break;
        case 'tool-input-delta': {
          if (options.toolInputs !== 'transform') break;
          // A delta without a start (or after its end) is read all the same: no delta passes unread.
          const input = toolInputs.get(id) ?? openToolInput(id, false);
          const delta = input.stream.write((part as unknown as { delta: string }).delta);
          if (delta.length > 0) controller.enqueue({ ...part, delta });
          return;
        }
        case 'tool-input-end': {
          const input = toolInputs.get(id);
          if (input !== undefined) endToolInput(controller, id, input);
          break;
        }
        case 'tool-call':
        case 'tool-result':
        case 'tool-error':
          // streamText's tool results and errors repeat the call's input: the same treatment.
          if (options.toolInputs === 'transform' && 'input' in part) {
            const call = part as unknown as { toolCallId?: string; input: unknown };
            controller.enqueue({ ...part, input: transformToolInput(middleware, call.input, context, `${base}:${part.type}:${call.toolCallId ?? ''}`) });
            return;
          }
          break;
        case 'finish':
        case 'finish-step':
          // Whatever the sessions still hold comes out before the step ends.
          endAll(controller);
          break;
      }
      controller.enqueue(part);
    },
    flush(controller) {
      // A stream that ended without *-end parts (or without a finish part).
      endAll(controller);
    },
  };
}
