import type { StreamContextInit, TextSession } from '@parley/core';
import { mapStringValues, type ValuePath, valueAtPath } from './map-string-values';
import type { AnyTextMiddleware } from './parley-options';

/**
 * The string values of a run of raw provider chunks, each place (path) in the chunks read as one
 * stream: the strings found at `choices.0.delta.content` in chunk after chunk are one text, so a
 * secret split across chunks is caught like one split across text deltas. Each raw value is
 * returned with every string replaced by what its stream's session released; {@link end} gives
 * what the sessions still held, one value per path.
 *
 * @internal
 */
export class RawValueStreams {
  private readonly sessions = new Map<string, { readonly session: TextSession; readonly path: ValuePath }>();

  constructor(
    private readonly middleware: AnyTextMiddleware,
    private readonly context: StreamContextInit,
    private readonly base: string,
  ) {}

  /** The raw value with each string value run through its path's session. */
  transform(value: unknown): unknown {
    return mapStringValues(value, (text, path) => {
      const key = path.join('\u0000');
      let entry = this.sessions.get(key);
      if (entry === undefined) {
        entry = { session: this.middleware.open({ ...this.context, streamId: `${this.base}:raw:${path.join('.')}` }), path };
        this.sessions.set(key, entry);
      }
      return entry.session.write(text);
    });
  }

  /** Ends every session: one raw value per path whose session still held text, carrying just that text. */
  end(): unknown[] {
    const tails: unknown[] = [];
    for (const { session, path } of this.sessions.values()) {
      const rest = session.end();
      if (rest.length > 0) tails.push(valueAtPath(path, rest));
    }
    this.sessions.clear();
    return tails;
  }
}
