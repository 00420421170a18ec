import type { TextOutput } from './cli-io';

/** Reports how far a long read has got. */
export interface Progress {
  /** Counts `bytes` more as read. */
  advance(bytes: number): void;
  /** Clears the progress line. */
  done(): void;
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** Progress lines drawn and not yet cleared. */
const drawnLines = new Set<() => void>();

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * While a progress line is on screen, an interrupt first clears it, then ends the process by the
 * same signal, as it would have without a handler (the shell sees 130 or 143, and a loop running
 * parley stops). The handler exists only then: at any other time a signal acts at once, even
 * while the process waits on something synchronous.
 */
function clearThenRaise(signal: NodeJS.Signals): void {
  for (const clear of [...drawnLines]) clear();
  process.kill(process.pid, signal);
}

function track(clear: () => void, drawn: boolean): void {
  const before = drawnLines.size;
  if (drawn) drawnLines.add(clear);
  else drawnLines.delete(clear);
  if (before === 0 && drawnLines.size === 1) for (const signal of signals) process.on(signal, clearThenRaise);
  if (before === 1 && drawnLines.size === 0) for (const signal of signals) process.removeListener(signal, clearThenRaise);
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
    track(clear, false);
  };
  return {
    advance(bytes) {
      read += bytes;
      const now = Date.now();
      if (now - lastDrawn < interval) return;
      lastDrawn = now;
      drawn = true;
      track(clear, true);
      const total = options.totalBytes;
      const share = total !== undefined && total > 0 ? ` (${Math.min(100, Math.floor((read / total) * 100))}%)` : '';
      output.write(`\r\u001b[2K${options.label}: ${megabytes(read)}${total === undefined ? '' : ` of ${megabytes(total)}`}${share}`);
    },
    done: clear,
  };
}
