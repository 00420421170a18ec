import { InvalidArgumentError } from './invalid-argument-error';
import { SessionClosedError } from './session-closed-error';
import type { TextSession } from './text-session';

/**
 * Wraps a session with the checks every session needs, so middleware authors write none of them:
 * chunks must be strings, empty chunks are answered without calling the session, and a session
 * that ended or threw refuses further use.
 *
 * @internal
 */
export class ManagedSession implements TextSession {
  readonly #inner: TextSession;
  readonly #middleware: string;
  #open = true;

  constructor(inner: TextSession, middleware: string) {
    this.#inner = inner;
    this.#middleware = middleware;
  }

  write(chunk: string): string {
    if (!this.#open) throw new SessionClosedError({ middleware: this.#middleware, operation: 'write' });
    if (typeof chunk !== 'string') {
      throw new InvalidArgumentError({
        argument: 'chunk',
        message: `A "${this.#middleware}" session was written a ${chunk === null ? 'null' : typeof chunk} chunk; chunks must be strings.`,
      });
    }
    if (chunk.length === 0) return '';
    try {
      return this.#inner.write(chunk);
    } catch (error) {
      this.#open = false;
      throw error;
    }
  }

  end(): string {
    if (!this.#open) throw new SessionClosedError({ middleware: this.#middleware, operation: 'end' });
    this.#open = false;
    return this.#inner.end();
  }
}
