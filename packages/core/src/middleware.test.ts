import { describe, expect, test, vi } from 'vitest';
import { defineMiddleware } from './define-middleware';
import { InvalidArgumentError } from './invalid-argument-error';
import { type Emit, Middleware } from './middleware';
import { SessionClosedError } from './session-closed-error';
import type { StreamContext } from './stream-context';
import type { StreamEvent } from './text-middleware';
import type { TextSession } from './text-session';

interface SeenEvents {
  seen: StreamEvent & { readonly text: string; readonly speaker: string | undefined };
}

const echo = () =>
  defineMiddleware<SeenEvents>({
    name: 'echo',
    createSession: (context, emit) => ({
      write: (chunk) => {
        emit('seen', { text: chunk, speaker: context.speaker });
        return chunk;
      },
      end: () => '',
    }),
  });

describe('defineMiddleware', () => {
  test('emits session events on the middleware, each naming its stream', () => {
    const middleware = echo();
    const listener = vi.fn();
    middleware.on('seen', listener);
    const session = middleware.open({ streamId: 'a', speaker: 'cfo' });
    expect(session.write('hi')).toBe('hi');
    expect(listener).toHaveBeenCalledWith({ text: 'hi', speaker: 'cfo', stream: 'a' });
  });

  test('sends events to onEvent as well as to listeners, per session', () => {
    const middleware = echo();
    const listener = vi.fn();
    const first = vi.fn();
    const second = vi.fn();
    middleware.on('seen', listener);
    middleware.open({ streamId: 'one' }, { onEvent: first }).write('x');
    middleware.open({ streamId: 'two' }, { onEvent: second }).write('y');
    expect(first).toHaveBeenCalledExactlyOnceWith('seen', { text: 'x', speaker: undefined, stream: 'one' });
    expect(second).toHaveBeenCalledExactlyOnceWith('seen', { text: 'y', speaker: undefined, stream: 'two' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('generates a stream id when none is given', () => {
    const listener = vi.fn();
    const middleware = echo();
    middleware.on('seen', listener);
    middleware.open().write('a');
    middleware.open().write('b');
    const [[first], [second]] = listener.mock.calls as [[StreamEvent], [StreamEvent]];
    expect(first.stream).toEqual(expect.any(String));
    expect(first.stream).not.toBe(second.stream);
  });
});

describe('session guard', () => {
  test('refuses writes and a second end after the session ended', () => {
    const session = echo().open();
    session.end();
    expect(() => session.write('late')).toThrow(SessionClosedError);
    expect(() => session.end()).toThrow(/already ended or failed/);
  });

  test('closes a session whose middleware threw', () => {
    const middleware = defineMiddleware({
      name: 'fragile',
      createSession: () => ({
        write: () => {
          throw new Error('boom');
        },
        end: () => '',
      }),
    });
    const session = middleware.open();
    expect(() => session.write('a')).toThrow('boom');
    expect(() => session.write('b')).toThrow(SessionClosedError);
  });

  test('answers empty chunks without calling the session', () => {
    const write = vi.fn((chunk: string) => chunk);
    const session = defineMiddleware({ name: 'spy', createSession: () => ({ write, end: () => '' }) }).open();
    expect(session.write('')).toBe('');
    expect(write).not.toHaveBeenCalled();
  });

  test('rejects chunks that are not strings with a typed error', () => {
    const session = echo().open();
    expect(() => session.write(42 as unknown as string)).toThrow(InvalidArgumentError);
    try {
      echo().open().write(null as unknown as string);
    } catch (error) {
      expect(InvalidArgumentError.isInstance(error) && error.argument).toBe('chunk');
    }
  });
});

describe('Middleware base class', () => {
  test('subclasses implement createSession only', () => {
    class Shout extends Middleware<{ shouted: StreamEvent & { readonly length: number } }> {
      readonly name = 'shout';
      protected createSession(_context: StreamContext, emit: Emit<{ shouted: StreamEvent & { readonly length: number } }>): TextSession {
        return {
          write: (chunk) => {
            emit('shouted', { length: chunk.length });
            return chunk.toUpperCase();
          },
          end: () => '!',
        };
      }
    }
    const shout = new Shout();
    const listener = vi.fn();
    shout.on('shouted', listener);
    const session = shout.open({ streamId: 's' });
    expect(session.write('hey') + session.end()).toBe('HEY!');
    expect(listener).toHaveBeenCalledWith({ length: 3, stream: 's' });
  });
});
