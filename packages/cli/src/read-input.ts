import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { ParleyError } from '@parley/core';
import type { CliIo } from './cli-io';
import { decodeInput } from './decode-input';
import { createProgress, type Progress } from './progress';
import { quoteArgument } from './quote-argument';
import { UsageError } from './usage-error';

const reasons: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
  EIO: 'input/output error',
  ENXIO: 'no such device or address',
};

/** Why reading failed, in a few words: the system's reason, one line. */
const reason = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && reasons[code] !== undefined) return reasons[code];
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
};

/** Whether the open file `descriptor` is a directory (false when it cannot be told). */
function isDirectory(descriptor: number): boolean {
  try {
    return fstatSync(descriptor).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Bytes read at a time: 32 KiB. The decoded text of a read then stays below V8's large-object
 * size (128 KiB, a two-byte string of 64 Ki characters), so each read's buffers and strings reuse
 * the young generation's pages: with 1 MiB reads every read's text was a fresh large object, and
 * the page faults of allocating it (and its redacted copy and its UTF-8 bytes) cost a whole
 * `parley redact` about a fifth of its CPU time on a 50 MB log. The turns through the async read,
 * decode, middleware and write path per read cost far less.
 */
const READ_BYTES = 32 * 1024;

/**
 * The file's bytes, opened only when read and closed when the reader stops: read synchronously
 * into one buffer, reused from read to read (the decoder copies what it keeps). A file's reads
 * come from the page cache in microseconds, so the reads the stream's thread pool would make
 * concurrently saved nothing but cost a buffer, a callback and a turn of the event loop each.
 */
async function* fileBytes(path: string): AsyncGenerator<Uint8Array> {
  const descriptor = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (;;) {
      const count = readSync(descriptor, buffer, 0, READ_BYTES, null);
      if (count === 0) return;
      yield buffer.subarray(0, count);
    }
  } finally {
    closeSync(descriptor);
  }
}

/** Turns a failure while reading into a one-line usage error; encoding errors pass through as they are. */
async function* readingAs(name: string, text: AsyncIterable<string>, finish: () => void): AsyncGenerator<string> {
  try {
    yield* text;
  } catch (error) {
    if (ParleyError.isInstance(error)) throw error;
    throw new UsageError({ message: `cannot read ${name}: ${reason(error)}`, cause: error });
  } finally {
    finish();
  }
}

/**
 * Progress on stderr while `label` is read, only when standard output is not a terminal: the
 * output on a terminal shows how far the command has got, and a progress line would mix into it.
 */
const progressFor = (io: CliIo, label: string, totalBytes?: number): Progress =>
  createProgress(io.stdout.isTTY === true ? { write: () => undefined } : io.stderr, { label, ...(totalBytes === undefined ? {} : { totalBytes }) });

/**
 * Opens a command's input as a stream of text chunks: a file path, or `-` for standard input.
 * Memory stays constant however long the input is; a long read shows progress on a terminal.
 * Throws a {@link UsageError} when the input cannot be read and an `InputEncodingError` when it
 * is not text (binary data, invalid UTF-8, UTF-32): see `decodeInput`. UTF-16 with a byte order
 * mark is decoded.
 */
export async function readInput(path: string, io: CliIo): Promise<AsyncIterable<string>> {
  if (path === '-') {
    // Node reads a directory on standard input (`parley redact - < /`) as empty; say what it is.
    const descriptor = (io.stdin as { readonly fd?: unknown }).fd;
    if (typeof descriptor === 'number' && isDirectory(descriptor)) {
      throw new UsageError({ message: 'cannot read standard input: it is a directory' });
    }
    // A person typing on a terminal needs no progress line across what they type.
    const typed = (io.stdin as { readonly isTTY?: unknown }).isTTY === true;
    const progress = progressFor(typed ? { ...io, stderr: { write: () => undefined } } : io, 'reading standard input');
    const name = 'standard input';
    return readingAs(name, decodeInput(io.stdin, { input: name, onBytes: (bytes) => progress.advance(bytes) }), () => progress.done());
  }
  const name = quoteArgument(path);
  let totalBytes: number;
  try {
    const stats = await stat(path);
    if (stats.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    totalBytes = stats.size;
  } catch (error) {
    throw new UsageError({ message: `cannot read ${name}: ${reason(error)}`, cause: error });
  }
  const progress = progressFor(io, `reading ${name}`, totalBytes);
  return readingAs(name, decodeInput(fileBytes(path), { input: name, onBytes: (count) => progress.advance(count) }), () => progress.done());
}
