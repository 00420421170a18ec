/**
 * A count of the characters {@link HeldText} copies and the pieces it walks, for tests that prove
 * the line layer's work grows linearly with the input without a clock. Internal: not exported
 * from the package.
 */
export const heldTextWork: { steps: number } = { steps: 0 };

/**
 * The input a line layer session keeps, as the chunks it was written in, addressed by input
 * offsets. Appending never copies what is held (a string built by `+=` is flattened — copied
 * whole — the next time it is sliced, which made a long held line cost quadratic time in small
 * writes), and a read walks from where the last one ended, so reading what just arrived, or a
 * line in order, costs its length, whatever is held before it.
 */
export class HeldText {
  readonly #pieces: string[] = [];
  /** The input offset of each piece's first character. */
  readonly #starts: number[] = [];
  /** Pieces before this index are dropped. */
  #first = 0;
  /** The input offset of the first character held. */
  #from = 0;
  /** The input offset just past the last character held. */
  #to = 0;
  /** The piece the last read ended in. */
  #cursor = 0;

  /** The input offset of the first character held. */
  get from(): number {
    return this.#from;
  }

  /** How many characters are held. */
  get length(): number {
    return this.#to - this.#from;
  }

  /** Holds `chunk`, the input after what is held. */
  append(chunk: string): void {
    if (chunk === '') return;
    this.#pieces.push(chunk);
    this.#starts.push(this.#to);
    this.#to += chunk.length;
    this.#cursor = this.#pieces.length - 1;
  }

  /**
   * The index of the piece holding input offset `at` (held), walked to from the piece the last
   * read ended in: reading what just arrived, or reading a line from its start in order, touches
   * each piece once.
   */
  #pieceAt(at: number): number {
    let index = Math.min(Math.max(this.#cursor, this.#first), this.#pieces.length - 1);
    while (index > this.#first && (this.#starts[index] as number) > at) {
      index -= 1;
      heldTextWork.steps += 1;
    }
    while (index + 1 < this.#pieces.length && (this.#starts[index + 1] as number) <= at) {
      index += 1;
      heldTextWork.steps += 1;
    }
    return index;
  }

  /** The input from `from` to `to` (input offsets, within what is held). */
  slice(from: number, to: number): string {
    if (to <= from) return '';
    let index = this.#pieceAt(from);
    let text = '';
    for (let at = from; at < to; index += 1) {
      const piece = this.#pieces[index] as string;
      const start = this.#starts[index] as number;
      const part = piece.slice(at - start, to - start);
      text += part;
      at += part.length;
      heldTextWork.steps += part.length + 1;
    }
    this.#cursor = index - 1;
    return text;
  }

  /** The UTF-16 code unit at input offset `at` (held). */
  charCodeAt(at: number): number {
    const index = this.#pieceAt(at);
    heldTextWork.steps += 1;
    return (this.#pieces[index] as string).charCodeAt(at - (this.#starts[index] as number));
  }

  /** Lets go of the input before offset `at`. */
  dropBefore(at: number): void {
    if (at <= this.#from) return;
    this.#from = Math.min(at, this.#to);
    while (this.#first < this.#pieces.length && (this.#starts[this.#first] as number) + (this.#pieces[this.#first] as string).length <= this.#from) {
      this.#first += 1;
      heldTextWork.steps += 1;
    }
    // Compact now and then, so the arrays stay as long as what is held, not the whole stream.
    if (this.#first > 64 && this.#first * 2 > this.#pieces.length) {
      this.#pieces.splice(0, this.#first);
      this.#starts.splice(0, this.#first);
      heldTextWork.steps += this.#pieces.length;
      this.#cursor = Math.max(0, this.#cursor - this.#first);
      this.#first = 0;
    }
  }
}
