import { ParleyError } from './parley-error';

const marker = 'parley.error.SessionClosedError';

/** Thrown when a {@link TextSession} is written to or ended after it was ended or failed. */
export class SessionClosedError extends ParleyError {
  override readonly code: 'SESSION_CLOSED' = 'SESSION_CLOSED';

  /** The name of the middleware whose session was closed. */
  readonly middleware: string;

  constructor(options: { readonly middleware: string; readonly operation: 'write' | 'end' }) {
    super({
      code: 'SESSION_CLOSED',
      message: `Cannot ${options.operation} to a "${options.middleware}" session that has already ended or failed; open a new session for a new stream.`,
    });
    this.name = 'SessionClosedError';
    this.mark(marker);
    this.middleware = options.middleware;
  }

  /** Whether `error` is a {@link SessionClosedError} from any installed copy of `@parley/core`. */
  static override isInstance(error: unknown): error is SessionClosedError {
    return ParleyError.hasMarker(error, marker);
  }
}
