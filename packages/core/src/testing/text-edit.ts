/**
 * One change a middleware made to its input: the characters `start..end` of the session's input
 * became `replacement` in its output. An insertion has `start === end`; a removal has an empty
 * `replacement`.
 */
export interface TextEdit {
  /** Offset of the first changed character in the session's input. */
  readonly start: number;
  /** Offset just past the last changed character in the session's input. */
  readonly end: number;
  /** What those characters became in the output. */
  readonly replacement: string;
}
