import type { StreamContextInit, TextSession } from '@parley/core';
import { mapStringValues, setOwn, type ValuePath, valueAtPath } from './map-string-values';
import type { AnyTextMiddleware } from './parley-options';

/**
 * Top-level fields by which providers tell apart the content blocks whose events share a shape:
 * Anthropic's `index`, the OpenAI Responses API's event `type`, `item_id`, `output_index`,
 * `content_index` and `summary_index`. They stay the same for every event of one block.
 */
const blockFields = ['type', 'index', 'item_id', 'output_index', 'content_index', 'summary_index'] as const;

interface RawStream {
  readonly session: TextSession;
  readonly path: ValuePath;
  /** The block fields of the chunks this stream reads, repeated on its tail. */
  readonly block: ReadonlyArray<readonly [string, string | number]>;
}

/**
 * The string values of a run of raw provider chunks, each place in the chunks read as one stream:
 * the strings found at `choices.0.delta.content` in chunk after chunk are one text, so a secret split
 * across chunks is caught like one split across text deltas. A place is a path together with the
 * chunk's block fields ({@link blockFields}), so interleaved blocks whose events share a path (a text
 * and a reasoning summary in the Responses API both stream `delta`) are separate streams rather than
 * one text that mixes them. Each raw value is returned with every string replaced by what its
 * stream's session released; {@link end} gives what the sessions still held, one value per stream.
 *
 * @internal
 */
export class RawValueStreams {
  private readonly streams = new Map<string, RawStream>();

  constructor(
    private readonly middleware: AnyTextMiddleware,
    private readonly context: StreamContextInit,
    private readonly base: string,
  ) {}

  /** The raw value with each string value run through its place's session. */
  transform(value: unknown): unknown {
    const block: Array<readonly [string, string | number]> = [];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const field of blockFields) {
        if (!Object.hasOwn(value, field)) continue;
        const found = (value as Record<string, unknown>)[field];
        if (typeof found === 'string' || typeof found === 'number') block.push([field, found]);
      }
    }
    const blockKey = block.map(([field, found]) => `${field}=${String(found)}`).join(',');
    return mapStringValues(value, (text, path) => {
      const key = `${path.join('\u0000')}\u0001${blockKey}`;
      let entry = this.streams.get(key);
      if (entry === undefined) {
        const streamId = `${this.base}:raw:${path.join('.')}${blockKey.length > 0 ? `@${blockKey}` : ''}`;
        entry = { session: this.middleware.open({ ...this.context, streamId }), path, block };
        this.streams.set(key, entry);
      }
      return entry.session.write(text);
    });
  }

  /** Ends every session: one raw value per stream whose session still held text, carrying that text and the stream's numeric block fields. */
  end(): unknown[] {
    const tails: unknown[] = [];
    for (const { session, path, block } of this.streams.values()) {
      const rest = session.end();
      if (rest.length === 0) continue;
      const tail = valueAtPath(path, rest);
      // The numeric block fields tell which block the tail belongs to (strings are not repeated untransformed).
      if (typeof path[0] === 'string') for (const [field, found] of block) if (field !== path[0] && typeof found === 'number') setOwn(tail as Record<string, unknown>, field, found);
      tails.push(tail);
    }
    this.streams.clear();
    return tails;
  }
}
