import type { TextOutput } from './cli-io';
import { OutputClosedError } from './output-closed-error';

/** What {@link watchOutput} has seen of an output. */
export interface OutputWatch {
  /** Whether the output failed or was closed: writing more is pointless. */
  readonly closed: boolean;
  /** The error the output reported, if any. */
  readonly error: unknown;
  /**
   * The error to stop with once {@link OutputWatch.closed}: a stream is destroyed before it emits
   * its `error` event, so this waits a turn for the reason (a closed pipe, or a full disk).
   */
  failure(): Promise<OutputClosedError>;
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
    const open: OutputWatch = { closed: false, error: undefined, failure: () => Promise.resolve(new OutputClosedError()) };
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
    async failure() {
      if (error === undefined) await new Promise((resolve) => setImmediate(resolve));
      return new OutputClosedError({ cause: error });
    },
  };
  watches.set(output, watch);
  return watch;
}
