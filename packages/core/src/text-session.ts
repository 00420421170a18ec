/**
 * One stream's pass through a middleware.
 *
 * Sessions are synchronous so that composing middlewares costs no promise per chunk. A session
 * holds back only the text it must (for example the start of a token that could still close in
 * the next chunk) and releases everything else at once.
 */
export interface TextSession {
  /** Feeds the next chunk and returns the text that is safe to emit now (possibly `""`). */
  write(chunk: string): string;
  /** Ends the stream: returns the text still held back and closes the session. */
  end(): string;
}
