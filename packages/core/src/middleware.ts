import { EventEmitter } from 'eventemitter3';
import { ManagedSession } from './managed-session';
import { createStreamContext, type StreamContext, type StreamContextInit } from './stream-context';
import type { ListenerMap, NoEvents, OpenOptions, StreamEvent, TextMiddleware } from './text-middleware';
import type { TextSession } from './text-session';

/** An event payload without its `stream` field, which the session's emitter fills in. */
export type WithoutStream<Event> = Event extends unknown ? Omit<Event, keyof StreamEvent> : never;

/** Emits one of a session's events; the stream id is added for you. */
export type Emit<Events extends object> = <Name extends keyof Events & string>(
  name: Name,
  event: WithoutStream<Events[Name]>,
) => void;

/**
 * Base class for middlewares: implement {@link Middleware.createSession} and the base opens
 * sessions, guards them (see the package README) and routes their events.
 *
 * @example
 * ```ts
 * import { applyText, Middleware, type TextSession } from '@parley/core';
 *
 * class Shout extends Middleware {
 *   readonly name = 'shout';
 *   protected createSession(): TextSession {
 *     return { write: (chunk) => chunk.toUpperCase(), end: () => '' };
 *   }
 * }
 * console.log(applyText(new Shout(), 'quiet please')); // QUIET PLEASE
 * ```
 */
export abstract class Middleware<Events extends object = NoEvents>
  extends EventEmitter<ListenerMap<Events>>
  implements TextMiddleware<Events>
{
  /** A short name used in error messages. */
  abstract readonly name: string;

  /** Opens a session for one stream. */
  open(context?: StreamContextInit, options?: OpenOptions<Events>): TextSession {
    const streamContext = createStreamContext(context);
    const stream = streamContext.streamId;
    const onEvent = options?.onEvent;
    const emit: Emit<Events> = (name, event) => {
      const streamEvent = { ...event, stream } as unknown as Events[typeof name];
      (this.emit as (name: string, event: unknown) => boolean)(name, streamEvent);
      onEvent?.(name, streamEvent);
    };
    return new ManagedSession(this.createSession(streamContext, emit), this.name);
  }

  /** Creates the session for one stream; `emit` sends that session's events. */
  protected abstract createSession(context: StreamContext, emit: Emit<Events>): TextSession;
}
