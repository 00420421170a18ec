import type { CliIo } from './cli-io';

/** An in-memory {@link CliIo} for tests: what was written, and a scripted stdin. */
export function createTestIo(options: { readonly stdin?: readonly (string | Uint8Array)[]; readonly env?: Record<string, string>; readonly tty?: boolean } = {}): CliIo & {
  readonly out: () => string;
  readonly err: () => string;
} {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const encoder = new TextEncoder();
  return {
    stdin: (async function* () {
      for (const chunk of options.stdin ?? []) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    })(),
    stdout: { write: (text: string) => stdout.push(text), isTTY: options.tty ?? false },
    stderr: { write: (text: string) => stderr.push(text), isTTY: options.tty ?? false },
    env: options.env ?? {},
    out: () => stdout.join(''),
    err: () => stderr.join(''),
  };
}

/**
 * Splits `bytes` at the given offsets (sorted, clamped; repeats give empty chunks): the byte
 * twin of `splitAt` from `@parley/core/testing`, for feeding stdin in chunks.
 */
export function splitBytes(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = offsets.map((offset) => Math.min(offset, bytes.length)).sort((left, right) => left - right);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(bytes.slice(from, cut));
    from = cut;
  }
  chunks.push(bytes.slice(from));
  return chunks;
}
