import { EventEmitter } from 'eventemitter3';
import { ManagedSession } from './managed-session';
import { createStreamContext, type StreamContextInit } from './stream-context';
import type { ContextOpener, EventsOf, ListenerMap, NoEvents, OpenOptions, StreamEvent, TextMiddleware } from './text-middleware';
import type { TextSession } from './text-session';

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/** The event map of a composition: every event of every composed middleware. */
export type ComposedEvents<Middlewares extends readonly TextMiddleware<any>[]> = [Middlewares[number]] extends [never]
  ? NoEvents
  : UnionToIntersection<EventsOf<Middlewares[number]>> & NoEvents;

class ComposedSession implements TextSession {
  readonly #sessions: readonly TextSession[];

  constructor(sessions: readonly TextSession[]) {
    this.#sessions = sessions;
  }

  write(chunk: string): string {
    let text = chunk;
    for (const session of this.#sessions) text = session.write(text);
    return text;
  }

  end(): string {
    let text = '';
    for (const session of this.#sessions) text = session.write(text) + session.end();
    return text;
  }
}

class ComposedMiddleware<Events extends object>
  extends EventEmitter<ListenerMap<Events>>
  implements TextMiddleware<Events>
{
  readonly name: string;
  readonly #middlewares: readonly TextMiddleware<any>[];

  constructor(middlewares: readonly TextMiddleware<any>[]) {
    super();
    this.#middlewares = middlewares;
    this.name = `compose(${middlewares.map((middleware) => middleware.name).join(', ')})`;
  }

  open(context?: StreamContextInit, options?: OpenOptions<Events>): TextSession {
    return this.#open(this.#middlewares, context, options);
  }

  /** Each composed middleware's opener captured now (see `TextMiddleware.captureContext`). */
  captureContext(): ContextOpener<Events> {
    const openers = this.#middlewares.map((middleware): ContextOpener<any> => middleware.captureContext?.() ?? middleware);
    return { name: this.name, open: (context, options) => this.#open(openers, context, options) };
  }

  #open(openers: readonly ContextOpener<any>[], context: StreamContextInit | undefined, options: OpenOptions<Events> | undefined): TextSession {
    const streamContext = createStreamContext(context);
    const onEvent = options?.onEvent as ((name: string, event: StreamEvent) => void) | undefined;
    const forward = (name: string, event: StreamEvent): void => {
      (this.emit as (name: string, event: StreamEvent) => boolean)(name, event);
      onEvent?.(name, event);
    };
    const sessions = openers.map((opener) => opener.open(streamContext, { onEvent: forward }));
    return new ManagedSession(new ComposedSession(sessions), this.name);
  }
}

/**
 * Chains middlewares left to right: the text each one releases is written to the next.
 *
 * The result is a middleware too. It re-emits every event of the composed middlewares (which
 * still emit on their own listeners as well), so one `on` call observes the whole pipeline.
 * Each stage's events keep their order; how the events of different stages interleave follows
 * when text reaches each stage, so that (unlike each stage's own sequence) depends on chunking.
 *
 * @example
 * ```ts
 * import { applyText, compose, replaceTextStream } from '@parley/core';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * const pipeline = compose(redactSecretsStream(), replaceTextStream({ search: 'Project Bluebird', replacement: '[codename]' }));
 * const found: string[] = [];
 * pipeline.on('redaction', ({ type }) => found.push(type));
 * console.log(applyText(pipeline, 'Project Bluebird uses ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8')); // [codename] uses <REDACTED:GITHUB_TOKEN>
 * console.log(found.join()); // GITHUB_TOKEN
 * ```
 */
export function compose<const Middlewares extends readonly TextMiddleware<any>[] = []>(
  ...middlewares: Middlewares
): TextMiddleware<ComposedEvents<Middlewares>> {
  return new ComposedMiddleware(middlewares);
}
