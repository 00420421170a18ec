import type { StreamContextInit, TextMiddleware, TextSession } from '@parley/core';

/** The shape shared by the AI SDK's provider stream parts and `streamText` parts. */
interface Part {
  readonly type: string;
  readonly id?: string;
}

interface Block {
  readonly session: TextSession;
  /** The held `text-start`, until the block's first text (or its end). */
  start: Part | undefined;
}

/**
 * A `TransformStream` over AI SDK stream parts that runs `middleware` on every text block: one
 * session per text id (several blocks can be open at once), `text-start` held until the block's
 * first text, held-back text flushed before `text-end`, and every other part (reasoning, tools,
 * files, sources, metadata, finish, errors) passed through unchanged and in order.
 *
 * `deltaKey` is where a delta's text is: `delta` for provider parts, `text` for `streamText` parts.
 *
 * @internal
 */
export function textBlockTransform<Stream extends Part, Events extends object>(
  middleware: TextMiddleware<Events>,
  deltaKey: 'delta' | 'text',
  context: StreamContextInit = {},
): TransformStream<Stream, Stream> {
  const blocks = new Map<string, Block>();
  let anonymous = 0;
  const open = (id: string): Block => {
    const block: Block = { session: middleware.open({ ...context, streamId: `${context.streamId ?? 'ai-sdk'}:${id}` }), start: undefined };
    blocks.set(id, block);
    return block;
  };
  const emitText = (controller: TransformStreamDefaultController<Stream>, block: Block, part: Stream, text: string): void => {
    if (text.length === 0) return;
    if (block.start !== undefined) {
      controller.enqueue(block.start as Stream);
      block.start = undefined;
    }
    controller.enqueue({ ...part, [deltaKey]: text } as Stream);
  };
  return new TransformStream<Stream, Stream>({
    transform(part, controller) {
      const id = part.id ?? `anonymous-${anonymous}`;
      switch (part.type) {
        case 'text-start': {
          const block = open(id);
          block.start = part;
          return;
        }
        case 'text-delta': {
          const block = blocks.get(id) ?? open(id);
          emitText(controller, block, part, block.session.write(String((part as Record<string, unknown>)[deltaKey] ?? '')));
          return;
        }
        case 'text-end': {
          const block = blocks.get(id);
          if (block === undefined) {
            controller.enqueue(part);
            return;
          }
          blocks.delete(id);
          emitText(controller, block, { type: 'text-delta', id } as Stream, block.session.end());
          if (block.start !== undefined) controller.enqueue(block.start as Stream);
          controller.enqueue(part);
          return;
        }
        default:
          controller.enqueue(part);
      }
    },
    flush(controller) {
      // A stream that ended without text-end: release what each block still holds.
      for (const [id, block] of blocks) emitText(controller, block, { type: 'text-delta', id } as Stream, block.session.end());
      blocks.clear();
    },
  });
}
