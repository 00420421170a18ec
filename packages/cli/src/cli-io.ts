/** A writable text stream as `parley` uses it: Node's `process.stdout`/`stderr` fit. */
export interface TextOutput {
  write(text: string): unknown;
  /** Whether this is an interactive terminal (colour, progress). */
  readonly isTTY?: boolean;
}

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  /** Standard input, read when the input path is `-`. */
  readonly stdin: AsyncIterable<Uint8Array | string>;
  readonly stdout: TextOutput;
  readonly stderr: TextOutput;
  /** Environment variables (`NO_COLOR`, `FORCE_COLOR`). */
  readonly env: Readonly<Record<string, string | undefined>>;
}
