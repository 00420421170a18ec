/**
 * The chunk-invariance test kit: every middleware's output and events must not depend on how
 * its input is chunked.
 *
 * @module
 */
export { applyEdits } from './apply-edits';
export { ChunkInvarianceError } from './chunk-invariance-error';
export { everySplit } from './every-split';
export { type ExpectChunkInvariantOptions, expectChunkInvariant } from './expect-chunk-invariant';
export { type EditReaders, type ExpectLosslessOptions, expectLossless } from './expect-lossless';
export { LosslessError } from './lossless-error';
export { type RandomChunkingsOptions, randomChunkings } from './random-chunkings';
export { type ChunkRun, type RecordedEvent, runChunks } from './run-chunks';
export { splitAt } from './split-at';
export type { TextEdit } from './text-edit';
