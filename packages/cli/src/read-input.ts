import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { CliIo } from './cli-io';
import { createProgress } from './progress';
import { UsageError } from './usage-error';

const reasons: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
};

async function* decode(source: AsyncIterable<Uint8Array | string>, onBytes: (bytes: number) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      onBytes(chunk.length);
      yield chunk;
      continue;
    }
    onBytes(chunk.byteLength);
    const text = decoder.decode(chunk, { stream: true });
    if (text.length > 0) yield text;
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}

/**
 * Opens a command's input as a stream of text chunks: a file path, or `-` for standard input.
 * Memory stays constant however long the input is; a long read shows progress on a terminal.
 * Throws a {@link UsageError} when the file cannot be read.
 */
export async function readInput(path: string, io: CliIo): Promise<AsyncIterable<string>> {
  if (path === '-') {
    const progress = createProgress(io.stderr, { label: 'reading stdin' });
    return (async function* () {
      try {
        yield* decode(io.stdin, (bytes) => progress.advance(bytes));
      } finally {
        progress.done();
      }
    })();
  }
  let totalBytes: number;
  try {
    const stats = await stat(path);
    if (stats.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    totalBytes = stats.size;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    throw new UsageError({ message: `cannot read "${path}": ${reasons[code] ?? (error as Error).message}`, cause: error });
  }
  const progress = createProgress(io.stderr, { label: `reading ${path}`, totalBytes });
  return (async function* () {
    try {
      yield* decode(createReadStream(path, { highWaterMark: 64 * 1024 }), (bytes) => progress.advance(bytes));
    } catch (error) {
      throw new UsageError({ message: `cannot read "${path}": ${(error as Error).message}`, cause: error });
    } finally {
      progress.done();
    }
  })();
}
