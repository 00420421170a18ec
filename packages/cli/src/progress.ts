import type { TextOutput } from './cli-io';

/** Reports how far a long read has got. */
export interface Progress {
  /** Counts `bytes` more as read. */
  advance(bytes: number): void;
  /** Clears the progress line. */
  done(): void;
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * A one-line progress report on `output`, redrawn at most every `intervalMilliseconds`, and only
 * when `output` is a terminal: piped stderr stays clean for scripts.
 */
export function createProgress(
  output: TextOutput,
  options: { readonly label: string; readonly totalBytes?: number; readonly intervalMilliseconds?: number },
): Progress {
  if (output.isTTY !== true) return { advance: () => {}, done: () => {} };
  const interval = options.intervalMilliseconds ?? 100;
  let read = 0;
  let lastDrawn = 0;
  let drawn = false;
  return {
    advance(bytes) {
      read += bytes;
      const now = Date.now();
      if (now - lastDrawn < interval) return;
      lastDrawn = now;
      drawn = true;
      const total = options.totalBytes;
      const share = total !== undefined && total > 0 ? ` (${Math.min(100, Math.floor((read / total) * 100))}%)` : '';
      output.write(`\r\u001b[2K${options.label}: ${megabytes(read)}${total === undefined ? '' : ` of ${megabytes(total)}`}${share}`);
    },
    done() {
      if (drawn) output.write('\r\u001b[2K');
    },
  };
}
