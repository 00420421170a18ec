import { ParleyError } from '@parley/core';

const marker = 'parley.error.OutputClosedError';

/** Error codes that mean the reader of a pipe went away, which is no failure of `parley`'s. */
const closedByReaderCodes: ReadonlySet<string> = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END', 'ECONNRESET']);

/** Plain words for the write failures a user can act on. */
const writeFailures: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  EBADF: 'it is not open for writing',
};

/**
 * Thrown by `writeText` when standard output can no longer be written: its reader closed the pipe
 * (`parley redact big.log | head -1`; {@link OutputClosedError.closedByReader}), or writing failed
 * (a full disk). `runCli` stops quietly in the first case and reports one line in the second.
 */
export class OutputClosedError extends ParleyError {
  override readonly code: 'OUTPUT_CLOSED' = 'OUTPUT_CLOSED';

  /** Whether the reader closed the pipe (`EPIPE`), as `head` does once it has read enough. */
  readonly closedByReader: boolean;

  constructor(options: { readonly cause?: unknown } = {}) {
    const cause = options.cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    const closedByReader = cause === undefined || (typeof code === 'string' && closedByReaderCodes.has(code));
    const detail = (typeof code === 'string' ? writeFailures[code] : undefined) ?? (cause instanceof Error ? cause.message.split('\n')[0] : String(cause));
    super({
      code: 'OUTPUT_CLOSED',
      message: closedByReader ? 'standard output was closed by its reader' : `cannot write to standard output: ${detail}`,
      cause,
    });
    this.name = 'OutputClosedError';
    this.mark(marker);
    this.closedByReader = closedByReader;
  }

  /** Whether `error` is an {@link OutputClosedError} from any installed copy of `@parley/cli`. */
  static override isInstance(error: unknown): error is OutputClosedError {
    return ParleyError.hasMarker(error, marker);
  }
}
