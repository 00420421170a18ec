import type { CliIo } from './cli-io';
import { readInput } from './read-input';
import { UsageError } from './usage-error';

/** The most text a whole-document check reads: 16 M characters. */
export const MAX_DOCUMENT_LENGTH: number = 16 * 1024 * 1024;

/**
 * Reads a whole input as one string, for checks that need the whole document (an envelope is
 * parsed as a whole). Refuses inputs longer than {@link MAX_DOCUMENT_LENGTH} with a usage error,
 * so memory stays bounded.
 */
export async function readText(path: string, io: CliIo): Promise<string> {
  const parts: string[] = [];
  let length = 0;
  for await (const chunk of await readInput(path, io)) {
    length += chunk.length;
    if (length > MAX_DOCUMENT_LENGTH) throw new UsageError({ message: `"${path}" is longer than ${MAX_DOCUMENT_LENGTH} characters; a response that long cannot be an envelope` });
    parts.push(chunk);
  }
  return parts.join('');
}
