import type { EventEmitter } from 'eventemitter3';
import type { StreamContextInit } from './stream-context';
import type { TextSession } from './text-session';

/** What every middleware event carries: the id of the stream it came from. */
export interface StreamEvent {
  /** The `streamId` of the session that emitted the event. */
  readonly stream: string;
}

/** The event map of a middleware that emits no events. */
export type NoEvents = Record<never, StreamEvent>;

/**
 * The eventemitter3 listener map for an event map (event name → payload, such as
 * `{ redaction: RedactionEvent }`): one payload argument per event.
 */
export type ListenerMap<Events extends object> = {
  [Name in keyof Events]: [event: Events[Name]];
};

/** Receives every event of a session, with its name. */
export type EventSink<Events extends object> = <Name extends keyof Events & string>(
  name: Name,
  event: Events[Name],
) => void;

/** Options of {@link TextMiddleware.open}. */
export interface OpenOptions<Events extends object> {
  /**
   * Also receives this session's events, after the middleware's own listeners. Composition and
   * the test kit use it to see the events of one session only.
   */
  readonly onEvent?: EventSink<Events>;
}

/**
 * A stream-transform middleware: it opens one {@link TextSession} per stream and emits its
 * sessions' events as an eventemitter3 `EventEmitter`. `Events` maps each event name to its
 * payload, a {@link StreamEvent} that names the stream it came from.
 *
 * Build one with {@link defineMiddleware} or by extending {@link Middleware}.
 */
export interface TextMiddleware<Events extends object = NoEvents>
  extends EventEmitter<ListenerMap<Events>> {
  /** A short name used in error messages, such as `"redact-secrets"`. */
  readonly name: string;
  /** Opens a session for one stream. */
  open(context?: StreamContextInit, options?: OpenOptions<Events>): TextSession;
  /**
   * Optional. Returns an opener whose sessions, whenever they open, see the ambient context of
   * this moment (such as the active OpenTelemetry span) instead of the context active when they
   * open; events still reach this middleware's listeners. An adapter calls it where the call a
   * stream belongs to starts (a model call) when it opens the stream's sessions later, as the
   * stream is read. A middleware without it is its own opener.
   */
  captureContext?(): ContextOpener<Events>;
}

/** What {@link TextMiddleware.captureContext} returns: sessions that open in a captured context. */
export interface ContextOpener<Events extends object = NoEvents> {
  /** The middleware's name. */
  readonly name: string;
  /** Opens a session for one stream, in the captured context. */
  open(context?: StreamContextInit, options?: OpenOptions<Events>): TextSession;
}

/**
 * Any Parley text middleware, whatever events it emits, seen only as a source of sessions: what
 * an adapter needs. Every `TextMiddleware<Events>` (such as `redactSecretsStream()` or a `compose(…)`)
 * fits, where `TextMiddleware<object>` would not (event maps are not covariant).
 */
export interface AnyTextMiddleware {
  /** A short name used in error messages. */
  readonly name: string;
  /** Opens a session for one stream. */
  open(context?: StreamContextInit): TextSession;
  /** Optional: see {@link TextMiddleware.captureContext}. */
  captureContext?(): AnyTextMiddleware;
}

/** The event map of a middleware type. */
export type EventsOf<M> = M extends TextMiddleware<infer Events> ? Events : never;
