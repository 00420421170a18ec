import { describe, expectTypeOf, test } from 'vitest';
import { compose } from './compose';
import { defineMiddleware } from './define-middleware';
import { passthroughStream } from './passthrough-stream';
import { type ReplacementEvent, replaceTextStream } from './replace-text-stream';
import type { StreamContext } from './stream-context';
import type { EventsOf, NoEvents, StreamEvent, TextMiddleware } from './text-middleware';

declare module './stream-context' {
  interface StreamContext {
    readonly budgetTokens?: number;
  }
}

describe('typed events', () => {
  test('listeners receive the payload type of their event', () => {
    replaceTextStream({ search: 'a', replacement: 'b' }).on('replacement', (event) => {
      expectTypeOf(event).toEqualTypeOf<ReplacementEvent>();
      expectTypeOf(event.stream).toBeString();
    });
    // @ts-expect-error replaceTextStream has no such event
    replaceTextStream({ search: 'a', replacement: 'b' }).on('redaction', () => {});
  });

  test('compose exposes every event of its stages', () => {
    const counted = defineMiddleware<{ counted: StreamEvent & { readonly count: number } }>({
      name: 'count',
      createSession: () => ({ write: (chunk) => chunk, end: () => '' }),
    });
    const pipeline = compose(replaceTextStream({ search: 'a', replacement: 'b' }), counted, passthroughStream());
    pipeline.on('replacement', (event) => expectTypeOf(event.start).toBeNumber());
    pipeline.on('counted', (event) => expectTypeOf(event.count).toBeNumber());
    // @ts-expect-error no stage emits it
    pipeline.on('missing', () => {});
    const none = compose();
    expectTypeOf<EventsOf<typeof none>>().toEqualTypeOf<NoEvents>();
    expectTypeOf(none).toExtend<TextMiddleware>();
  });

  test('emit fills in the stream id and checks the rest of the payload', () => {
    defineMiddleware<{ counted: StreamEvent & { readonly count: number } }>({
      name: 'count',
      createSession: (_context, emit) => {
        emit('counted', { count: 1 });
        // @ts-expect-error count must be a number
        emit('counted', { count: 'one' });
        // @ts-expect-error unknown event
        emit('other', { count: 1 });
        return { write: (chunk) => chunk, end: () => '' };
      },
    });
  });
});

describe('StreamContext', () => {
  test('packages extend it with module augmentation', () => {
    expectTypeOf<StreamContext['budgetTokens']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<StreamContext['chain']>().toEqualTypeOf<readonly string[] | undefined>();
  });
});
