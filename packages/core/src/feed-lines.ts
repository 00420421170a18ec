/** Receives a chunk's text line by line, for line-oriented sessions. */
export interface LineSink {
  /** Text that belongs to the current line (a line may arrive in many parts). */
  appendToLine(part: string): void;
  /** The current line ended (at a `\n`; a `\r` before it stays in the line). */
  endLine(): void;
}

/**
 * Feeds a chunk to a line-oriented session: each piece of text goes to `appendToLine`, each `\n`
 * to `endLine`. A line split across chunks arrives in parts, so the session decides how much of a
 * line to keep.
 *
 * @example
 * ```ts
 * import { feedLines } from '@parley/core';
 *
 * const lines: string[] = [];
 * let line = '';
 * const sink = { appendToLine: (part: string) => (line += part), endLine: () => { lines.push(line); line = ''; } };
 * feedLines('a\nb', sink);
 * console.log(JSON.stringify({ lines, pending: line })); // {"lines":["a"],"pending":"b"}
 * ```
 */
export function feedLines(chunk: string, sink: LineSink): void {
  let from = 0;
  for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', from)) {
    if (newline > from) sink.appendToLine(chunk.slice(from, newline));
    sink.endLine();
    from = newline + 1;
  }
  if (from < chunk.length) sink.appendToLine(chunk.slice(from));
}
