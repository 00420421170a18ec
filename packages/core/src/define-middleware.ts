import { type Emit, Middleware } from './middleware';
import type { StreamContext } from './stream-context';
import type { NoEvents, TextMiddleware } from './text-middleware';
import type { TextSession } from './text-session';

/** Options of {@link defineMiddleware}. */
export interface DefineMiddlewareOptions<Events extends object> {
  /** A short name used in error messages, such as `"redact-secrets"`. */
  readonly name: string;
  /** Creates the session for one stream; `emit` sends that session's events. */
  readonly createSession: (context: StreamContext, emit: Emit<Events>) => TextSession;
}

class DefinedMiddleware<Events extends object> extends Middleware<Events> {
  readonly name: string;
  readonly #createSession: DefineMiddlewareOptions<Events>['createSession'];

  constructor(options: DefineMiddlewareOptions<Events>) {
    super();
    this.name = options.name;
    this.#createSession = options.createSession;
  }

  protected createSession(context: StreamContext, emit: Emit<Events>): TextSession {
    return this.#createSession(context, emit);
  }
}

/**
 * Defines a middleware from a session factory.
 *
 * @example
 * ```ts
 * import { applyText, defineMiddleware } from '@parley/core';
 *
 * const countCharacters = defineMiddleware<{ total: { characters: number } }>({
 *   name: 'count-characters',
 *   createSession: (_context, emit) => {
 *     let characters = 0;
 *     return {
 *       write: (chunk) => {
 *         characters += chunk.length;
 *         return chunk;
 *       },
 *       end: () => {
 *         emit('total', { characters });
 *         return '';
 *       },
 *     };
 *   },
 * });
 * let total = 0;
 * countCharacters.on('total', ({ characters }) => (total = characters));
 * applyText(countCharacters, 'hello');
 * console.log(total); // 5
 * ```
 */
export function defineMiddleware<Events extends object = NoEvents>(
  options: DefineMiddlewareOptions<Events>,
): TextMiddleware<Events> {
  return new DefinedMiddleware(options);
}
