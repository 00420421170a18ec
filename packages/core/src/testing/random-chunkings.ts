import { splitAt } from './split-at';

/** Options of {@link randomChunkings}. */
export interface RandomChunkingsOptions {
  /** How many chunkings to produce. Default 100. */
  readonly count?: number;
  /** The longest chunk; chunks are between 0 and this many code units. Default 16. */
  readonly maxChunkLength?: number;
}

/** mulberry32: a tiny, fast, well-distributed 32-bit generator; the same seed gives the same run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Reproducible random chunkings of `text`: the same seed always gives the same chunkings. Chunk
 * lengths are drawn between 0 and `maxChunkLength`, so empty chunks and one-character chunks
 * both occur.
 */
export function* randomChunkings(
  text: string,
  seed: number,
  options: RandomChunkingsOptions = {},
): Generator<string[], void, undefined> {
  const { count = 100, maxChunkLength = 16 } = options;
  const random = createRandom(seed);
  for (let run = 0; run < count; run += 1) {
    const offsets: number[] = [];
    let offset = 0;
    while (offset < text.length) {
      offset += Math.floor(random() * (maxChunkLength + 1));
      if (offset < text.length) offsets.push(offset);
    }
    yield splitAt(text, offsets);
  }
}
