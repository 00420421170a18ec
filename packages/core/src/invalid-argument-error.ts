import { ParleyError } from './parley-error';

const marker = 'parley.error.InvalidArgumentError';

/** Thrown when a function of a `@parley/*` package is called with an argument it cannot use. */
export class InvalidArgumentError extends ParleyError {
  override readonly code: 'INVALID_ARGUMENT' = 'INVALID_ARGUMENT';

  /** The name of the offending argument or option, such as `"search"`. */
  readonly argument: string;

  constructor(options: { readonly argument: string; readonly message: string; readonly cause?: unknown }) {
    super({ code: 'INVALID_ARGUMENT', message: options.message, cause: options.cause });
    this.name = 'InvalidArgumentError';
    this.mark(marker);
    this.argument = options.argument;
  }

  /** Whether `error` is an {@link InvalidArgumentError} from any installed copy of `@parley/core`. */
  static override isInstance(error: unknown): error is InvalidArgumentError {
    return ParleyError.hasMarker(error, marker);
  }
}
