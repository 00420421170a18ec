import { ParleyError } from '../parley-error';

const marker = 'parley.error.LosslessError';

/**
 * Thrown by {@link expectLossless} when a middleware's output is not its input with exactly the
 * changes its events report.
 */
export class LosslessError extends ParleyError {
  override readonly code: 'LOSSLESS_VIOLATED' = 'LOSSLESS_VIOLATED';

  /** The chunking that showed the difference. */
  readonly chunks: readonly string[];

  constructor(options: { readonly middleware: string; readonly chunks: readonly string[]; readonly difference: string }) {
    const shown = JSON.stringify(options.chunks);
    super({
      code: 'LOSSLESS_VIOLATED',
      message: `"${options.middleware}" is not lossless: ${options.difference} when the input is chunked as ${shown.length > 400 ? `${shown.slice(0, 400)}…` : shown}.`,
    });
    this.name = 'LosslessError';
    this.mark(marker);
    this.chunks = options.chunks;
  }

  /** Whether `error` is a {@link LosslessError} from any installed copy of `@parley/core`. */
  static override isInstance(error: unknown): error is LosslessError {
    return ParleyError.hasMarker(error, marker);
  }
}
