import type { TextOutput } from './cli-io';
import { watchOutput } from './watch-output';

interface DrainableOutput extends TextOutput {
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

const canDrain = (output: TextOutput): output is DrainableOutput =>
  typeof (output as Partial<DrainableOutput>).once === 'function' && typeof (output as Partial<DrainableOutput>).removeListener === 'function';

/** Resolves when `output` drains, closes or fails, whichever comes first. */
function settled(output: DrainableOutput): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      for (const event of ['drain', 'close', 'error'] as const) output.removeListener(event, done);
      resolve();
    };
    for (const event of ['drain', 'close', 'error'] as const) output.once(event, done);
  });
}

/**
 * Writes `text` and, when the output's buffer is full, waits for it to drain, so a fast producer
 * piping into a slow consumer keeps memory constant. Throws an {@link OutputClosedError} when the
 * output is closed or failed (its reader went away, as `head` does), so the producer stops.
 */
export async function writeText(output: TextOutput, text: string): Promise<void> {
  if (text.length === 0) return;
  const watch = watchOutput(output);
  if (watch.closed) throw await watch.failure();
  const accepted = output.write(text);
  if (accepted === false && canDrain(output)) await settled(output);
  if (watch.closed) throw await watch.failure();
}
