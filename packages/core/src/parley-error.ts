const marker = 'parley.error';

/** Options accepted by {@link ParleyError} and its subclasses. */
export interface ParleyErrorOptions {
  /** A stable, machine-matchable identifier such as `"SESSION_CLOSED"`. */
  readonly code: string;
  /** A sentence saying what went wrong, where, and what would be right. */
  readonly message: string;
  /** The underlying error, when this one wraps another. */
  readonly cause?: unknown;
}

/**
 * The one error model of every `@parley/*` package.
 *
 * Match on {@link ParleyError.code}, or use the static `isInstance` of this class or a subclass:
 * it recognises errors by a `Symbol.for` marker, so it works even when two copies of a package
 * are installed side by side (where `instanceof` fails).
 *
 * @example
 * ```ts
 * import { ParleyError, passthroughStream } from '@parley/core';
 *
 * const session = passthroughStream().open();
 * session.end();
 * try {
 *   session.write('one chunk too many');
 * } catch (error) {
 *   if (ParleyError.isInstance(error)) console.error(error.code, error.message); // SESSION_CLOSED …
 *   else throw error;
 * }
 * ```
 */
export class ParleyError extends Error {
  /** A stable, machine-matchable identifier such as `"SESSION_CLOSED"`. */
  readonly code: string;

  constructor(options: ParleyErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ParleyError';
    this.code = options.code;
    this.mark(marker);
  }

  /**
   * Tags this error with the marker `Symbol.for(markerName)`, which `isInstance` checks. Each
   * subclass calls it from its constructor with a marker of its own.
   */
  protected mark(markerName: string): void {
    Object.defineProperty(this, Symbol.for(markerName), { value: true });
  }

  /** Whether `error` is a {@link ParleyError} from any installed copy of `@parley/core`. */
  static isInstance(error: unknown): error is ParleyError {
    return ParleyError.hasMarker(error, marker);
  }

  /**
   * Whether `error` carries the marker `Symbol.for(markerName)`. Subclasses call this from their
   * own `isInstance` with a marker of their own.
   */
  protected static hasMarker(error: unknown, markerName: string): boolean {
    const markerSymbol = Symbol.for(markerName);
    return (
      typeof error === 'object' &&
      error !== null &&
      markerSymbol in error &&
      (error as Record<symbol, unknown>)[markerSymbol] === true
    );
  }
}
