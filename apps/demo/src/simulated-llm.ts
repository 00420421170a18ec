/** Options of {@link simulatedLlm}. */
export interface SimulatedLlmOptions {
  /** Seed for the chunk sizes, so every run streams the same way. */
  readonly seed: number;
  /** Delay between chunks, in milliseconds. */
  readonly delayMilliseconds: number;
}

/**
 * Streams `text` the way a model's text deltas arrive: chunks of 1 to 7 characters, a short pause
 * between them. Chunk sizes come from a seeded generator, so every run is the same.
 */
export async function* simulatedLlm(text: string, options: SimulatedLlmOptions): AsyncGenerator<string> {
  let state = options.seed >>> 0;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  for (let offset = 0; offset < text.length; ) {
    const length = 1 + Math.floor(next() * 7);
    yield text.slice(offset, offset + length);
    offset += length;
    if (options.delayMilliseconds > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMilliseconds));
  }
}
