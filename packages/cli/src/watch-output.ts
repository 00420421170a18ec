import type { TextOutput } from './cli-io';

/** What {@link watchOutput} has seen of an output. */
export interface OutputWatch {
  /** Whether the output failed or was closed: writing more is pointless. */
  readonly closed: boolean;
  /** The error the output reported, if any. */
  readonly error: unknown;
}

interface EventedOutput extends TextOutput {
  on(event: 'error' | 'close', listener: (error?: unknown) => void): unknown;
  readonly destroyed?: boolean;
}

const isEvented = (output: TextOutput): output is EventedOutput => typeof (output as Partial<EventedOutput>).on === 'function';

const watches = new WeakMap<TextOutput, OutputWatch>();

/**
 * Watches a Node stream output for errors (once per output, however often it is called): an
 * `EPIPE` from a closed pipe is recorded instead of crashing the process as an unhandled `error`
 * event would. Outputs that are not event emitters are never closed.
 */
export function watchOutput(output: TextOutput): OutputWatch {
  const known = watches.get(output);
  if (known !== undefined) return known;
  if (!isEvented(output)) {
    const open: OutputWatch = { closed: false, error: undefined };
    watches.set(output, open);
    return open;
  }
  let error: unknown;
  let failed = false;
  output.on('error', (reported) => {
    failed = true;
    error ??= reported;
  });
  const watch: OutputWatch = {
    get closed() {
      return failed || output.destroyed === true;
    },
    get error() {
      return error;
    },
  };
  watches.set(output, watch);
  return watch;
}
