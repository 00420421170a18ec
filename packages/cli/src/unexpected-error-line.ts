/** Appended to an unexpected error: it is a bug of parley's, and this is how to show it. */
const reportHint = ' (a bug in parley: please report it with the output of PARLEY_DEBUG=1)';

/** The first line of `text`, whatever its line breaks. */
export function firstLine(text: string): string {
  const end = text.search(/[\r\n]/u);
  return end < 0 ? text : text.slice(0, end);
}

/** The one line `parley` prints for an error it did not expect: its first line and a hint to report it. */
export function unexpectedErrorLine(error: unknown): string {
  return `unexpected error: ${firstLine(error instanceof Error ? error.message : String(error))}${reportHint}`;
}
