import { describe, expectTypeOf, test } from 'vitest';
import { defineObserver, type TextObserver } from './define-observer';
import type { EventsOf, NoEvents, StreamEvent, TextMiddleware } from './text-middleware';

interface Seen {
  seen: StreamEvent & { readonly text: string };
}

describe('defineObserver', () => {
  test('the middleware carries the event map it was defined with', () => {
    const seen = defineObserver<Seen>({
      name: 'seen',
      createObserver: (_context, emit) => ({ observe: (chunk) => emit('seen', { text: chunk }) }),
    });
    expectTypeOf(seen).toEqualTypeOf<TextMiddleware<Seen>>();
    seen.on('seen', (event) => {
      expectTypeOf(event.text).toBeString();
      expectTypeOf(event.stream).toBeString();
    });
    // @ts-expect-error the observer emits no such event
    seen.on('other', () => {});
  });

  test('emit fills in the stream id and checks the rest of the payload', () => {
    defineObserver<Seen>({
      name: 'seen',
      createObserver: (_context, emit) => {
        // @ts-expect-error text must be a string
        emit('seen', { text: 1 });
        // @ts-expect-error unknown event
        emit('unseen', { text: 'a' });
        return { observe: () => {} };
      },
    });
  });

  test('without an event map it emits nothing, and end() is optional', () => {
    const quiet = defineObserver({ name: 'quiet', createObserver: () => ({ observe: () => {} }) });
    expectTypeOf<EventsOf<typeof quiet>>().toEqualTypeOf<NoEvents>();
    expectTypeOf<TextObserver['end']>().toEqualTypeOf<(() => void) | undefined>();
  });

  test('an observer cannot change the text: observe returns nothing', () => {
    expectTypeOf<ReturnType<TextObserver['observe']>>().toBeVoid();
  });
});
