import { ParleyError } from '../parley-error';

const marker = 'parley.error.ChunkInvarianceError';

/** Thrown by {@link expectChunkInvariant} when a chunking changes a middleware's output or events. */
export class ChunkInvarianceError extends ParleyError {
  override readonly code: 'CHUNK_INVARIANCE_VIOLATED' = 'CHUNK_INVARIANCE_VIOLATED';

  /** The chunking that produced a different result than the whole text in one chunk. */
  readonly chunks: readonly string[];

  constructor(options: { readonly middleware: string; readonly chunks: readonly string[]; readonly difference: string }) {
    const shown = JSON.stringify(options.chunks);
    super({
      code: 'CHUNK_INVARIANCE_VIOLATED',
      message: `"${options.middleware}" is not chunk-invariant: ${options.difference} when the input is chunked as ${shown.length > 400 ? `${shown.slice(0, 400)}…` : shown}.`,
    });
    this.name = 'ChunkInvarianceError';
    this.mark(marker);
    this.chunks = options.chunks;
  }

  /** Whether `error` is a {@link ChunkInvarianceError} from any installed copy of `@parley/core`. */
  static override isInstance(error: unknown): error is ChunkInvarianceError {
    return ParleyError.hasMarker(error, marker);
  }
}
