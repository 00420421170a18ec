import type { CliIo } from './cli-io';
import { readInput } from './read-input';
import { quoteArgument } from './quote-argument';
import { UsageError } from './usage-error';

/** The most text a whole-document check reads: 16 M characters. */
export const MAX_DOCUMENT_LENGTH: number = 16 * 1024 * 1024;

/** Options of {@link readText}. */
export interface ReadTextOptions {
  /** What the command reads the input as, for the message when it is too long: `"an envelope"`. */
  readonly documentName: string;
  /** The most characters read; {@link MAX_DOCUMENT_LENGTH} by default. */
  readonly maxLength?: number;
}

/**
 * Reads a whole input as one string, for checks that need the whole document (an envelope is
 * parsed as a whole). Refuses an input longer than the limit with a one-line usage error that
 * says the limit, as soon as the limit is passed, so memory stays bounded.
 */
export async function readText(path: string, io: CliIo, options: ReadTextOptions): Promise<string> {
  const maxLength = options.maxLength ?? MAX_DOCUMENT_LENGTH;
  const parts: string[] = [];
  let length = 0;
  for await (const chunk of await readInput(path, io)) {
    length += chunk.length;
    if (length > maxLength) {
      const name = path === '-' ? 'standard input' : quoteArgument(path);
      throw new UsageError({ message: `${name} is too long: this command reads at most ${maxLength.toLocaleString('en-US')} characters as ${options.documentName}` });
    }
    parts.push(chunk);
  }
  return parts.join('');
}
