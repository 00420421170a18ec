import type { TextOutput } from './cli-io';

interface DrainableOutput extends TextOutput {
  once(event: 'drain', listener: () => void): unknown;
}

const canDrain = (output: TextOutput): output is DrainableOutput =>
  typeof (output as Partial<DrainableOutput>).once === 'function';

/**
 * Writes `text` and, when the output's buffer is full, waits for it to drain, so a fast producer
 * piping into a slow consumer keeps memory constant.
 */
export async function writeText(output: TextOutput, text: string): Promise<void> {
  if (text.length === 0) return;
  const accepted = output.write(text);
  if (accepted === false && canDrain(output)) {
    await new Promise<void>((resolve) => {
      output.once('drain', resolve);
    });
  }
}
