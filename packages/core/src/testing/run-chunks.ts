import type { StreamContextInit } from '../stream-context';
import type { TextMiddleware } from '../text-middleware';

/** One event as {@link runChunks} recorded it. */
export interface RecordedEvent {
  /** The event's name, such as `"redaction"`. */
  readonly name: string;
  /** The event's payload. */
  readonly event: unknown;
}

/** What one session produced. */
export interface ChunkRun {
  /** Everything the session released, joined. */
  readonly output: string;
  /** What each `write` (then `end`) call returned, in order. */
  readonly pieces: readonly string[];
  /** The session's events, in order. */
  readonly events: readonly RecordedEvent[];
}

/** Runs `chunks` through one session of `middleware`, recording its output and events. */
export function runChunks<Events extends object>(
  middleware: TextMiddleware<Events>,
  chunks: Iterable<string>,
  context?: StreamContextInit,
): ChunkRun {
  const events: RecordedEvent[] = [];
  const session = middleware.open(context, { onEvent: (name, event) => events.push({ name, event }) });
  const pieces: string[] = [];
  for (const chunk of chunks) pieces.push(session.write(chunk));
  pieces.push(session.end());
  return { output: pieces.join(''), pieces, events };
}
