import type { LineSink } from './feed-lines';

/**
 * Splits streamed text into lines as CommonMark does: LF, CRLF and a lone CR each end a line (a
 * CRLF cut between two chunks is one ending), and a byte order mark as the stream's very first
 * character is not content. It keeps that state between chunks, so use one per stream;
 * {@link feedLines} is the stateless split at `\n` alone.
 *
 * @example
 * ```ts
 * import { LineReader } from '@parley/core';
 *
 * const lines: string[] = [];
 * let line = '';
 * const reader = new LineReader({ appendToLine: (part) => (line += part), endLine: () => { lines.push(line); line = ''; } });
 * reader.write('a\r');
 * reader.write('\nb'); // "\r\n" split across writes ends one line
 * console.log(JSON.stringify({ lines, pending: line })); // {"lines":["a"],"pending":"b"}
 * ```
 */
export class LineReader {
  readonly #sink: LineSink;
  /** Whether any text has arrived: a byte order mark is skipped only as the very first character. */
  #begun = false;
  /** The last character seen was a CR: a LF right after it ends no second line. */
  #afterCarriageReturn = false;

  constructor(sink: LineSink) {
    this.#sink = sink;
  }

  /** Feeds the stream's next chunk: its text to `appendToLine`, each line ending to `endLine`. */
  write(text: string): void {
    let from = 0;
    if (!this.#begun && text.length > 0) {
      this.#begun = true;
      if (text.charCodeAt(0) === 0xfeff) from = 1;
    }
    if (this.#afterCarriageReturn && from < text.length) {
      this.#afterCarriageReturn = false;
      if (text.charCodeAt(from) === 10) from += 1;
    }
    // The next LF and CR, each searched for natively and again only once passed (-1: none left).
    let lineFeed = text.indexOf('\n', from);
    let carriageReturn = text.indexOf('\r', from);
    while (lineFeed >= 0 || carriageReturn >= 0) {
      const at = lineFeed < 0 ? carriageReturn : carriageReturn < 0 ? lineFeed : Math.min(lineFeed, carriageReturn);
      if (at > from) this.#sink.appendToLine(text.slice(from, at));
      this.#sink.endLine();
      from = at + 1;
      if (at === carriageReturn) {
        if (from === text.length) this.#afterCarriageReturn = true;
        else if (text.charCodeAt(from) === 10) from += 1;
      }
      if (lineFeed >= 0 && lineFeed < from) lineFeed = text.indexOf('\n', from);
      if (carriageReturn >= 0 && carriageReturn < from) carriageReturn = text.indexOf('\r', from);
    }
    if (from < text.length) this.#sink.appendToLine(text.slice(from));
  }
}
