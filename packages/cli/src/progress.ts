import type { TextOutput } from './cli-io';

/** Reports how far a long read has got. */
export interface Progress {
  /** Counts `bytes` more as read. */
  advance(bytes: number): void;
  /** Clears the progress line. */
  done(): void;
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** Progress lines drawn and not yet cleared, for {@link clearProgressLines}. */
const drawnLines = new Set<() => void>();

/**
 * Clears every progress line still on screen, for a process about to end early (an interrupt),
 * so that the terminal is left as it was found.
 */
export function clearProgressLines(): void {
  for (const clear of [...drawnLines]) clear();
}

/**
 * A one-line progress report on `output`, first drawn after `intervalMilliseconds` (100 by
 * default) and redrawn at most that often, and only when `output` is a terminal: piped stderr
 * stays clean for scripts.
 */
export function createProgress(
  output: TextOutput,
  options: { readonly label: string; readonly totalBytes?: number; readonly intervalMilliseconds?: number },
): Progress {
  if (output.isTTY !== true) return { advance: () => {}, done: () => {} };
  const interval = options.intervalMilliseconds ?? 100;
  let read = 0;
  // The first line is drawn one interval in: a short read shows nothing.
  let lastDrawn = Date.now();
  let drawn = false;
  const clear = (): void => {
    if (drawn) output.write('\r\u001b[2K');
    drawn = false;
    drawnLines.delete(clear);
  };
  return {
    advance(bytes) {
      read += bytes;
      const now = Date.now();
      if (now - lastDrawn < interval) return;
      lastDrawn = now;
      drawn = true;
      drawnLines.add(clear);
      const total = options.totalBytes;
      const share = total !== undefined && total > 0 ? ` (${Math.min(100, Math.floor((read / total) * 100))}%)` : '';
      output.write(`\r\u001b[2K${options.label}: ${megabytes(read)}${total === undefined ? '' : ` of ${megabytes(total)}`}${share}`);
    },
    done: clear,
  };
}
