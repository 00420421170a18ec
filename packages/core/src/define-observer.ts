import { defineMiddleware } from './define-middleware';
import type { Emit } from './middleware';
import type { StreamContext } from './stream-context';
import type { NoEvents, TextMiddleware } from './text-middleware';

/**
 * Watches one stream's text for a middleware made with {@link defineObserver}. It only reads:
 * the text it sees is released unchanged, so all it can do is emit events.
 */
export interface TextObserver {
  /**
   * Reads the next piece of the stream (never empty). The piece is released as soon as this
   * returns, so events emitted here come before the text that caused them reaches the next stage.
   */
  observe(chunk: string): void;
  /** The stream has ended: emit what only the end can tell (an unclosed block, a summary). */
  end?(): void;
}

/** Options of {@link defineObserver}. */
export interface DefineObserverOptions<Events extends object> {
  /** A short name used in error messages, such as `"detect-envelope"`. */
  readonly name: string;
  /** Creates the observer for one stream; `emit` sends that stream's events. */
  readonly createObserver: (context: StreamContext, emit: Emit<Events>) => TextObserver;
}

/**
 * Defines a middleware that watches the text and reports on it without changing it: every chunk
 * is released unchanged and at once, nothing is held back, and `end()` releases nothing. Use it
 * for validators and parsers that only emit events; such a middleware is lossless by
 * construction, and chunk-invariant when its observer's events are.
 *
 * The session keeps the guards of {@link defineMiddleware}: an observer that throws closes its
 * session, and the chunk it was reading is not released.
 *
 * @example
 * ```ts
 * import { applyText, defineObserver, type StreamEvent } from '@parley/core';
 *
 * const countLines = defineObserver<{ lines: StreamEvent & { readonly count: number } }>({
 *   name: 'count-lines',
 *   createObserver: (_context, emit) => {
 *     let count = 0;
 *     return {
 *       observe: (chunk) => {
 *         for (const character of chunk) if (character === '\n') count += 1;
 *       },
 *       end: () => emit('lines', { count }),
 *     };
 *   },
 * });
 * let lines = 0;
 * countLines.on('lines', ({ count }) => (lines = count));
 * applyText(countLines, 'one\ntwo\nthree');
 * console.log(lines); // 2
 * ```
 */
export function defineObserver<Events extends object = NoEvents>(
  options: DefineObserverOptions<Events>,
): TextMiddleware<Events> {
  const { createObserver } = options;
  return defineMiddleware<Events>({
    name: options.name,
    createSession: (context, emit) => {
      const observer = createObserver(context, emit);
      return {
        write: (chunk) => {
          observer.observe(chunk);
          return chunk;
        },
        end: () => {
          observer.end?.();
          return '';
        },
      };
    },
  });
}
