import { runChunks, splitAt } from '@parley/core/testing';
import * as fc from 'fast-check';
import { expect } from 'vitest';
import type { RedactionEvent } from '../api/redaction-event';
import type { RedactionOptions } from '../api/redaction-options';
import { redactSecretsStream } from '../api/redact-secrets-stream';
import { findSecrets, redactSecrets } from '../api/redact-secrets';
import { seededRandom } from './catalogue-examples';

/** A chunking a property draws: cut offsets, or one character per write. */
export interface Chunking {
  readonly offsets: readonly number[];
  readonly oneByOne: boolean;
}

/** Chunkings for a property: up to six cut offsets below `maxOffset` (three times in four), or one character per write. */
export const chunkings = (maxOffset: number): fc.Arbitrary<Chunking> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.array(fc.nat(maxOffset), { maxLength: 6 }).map((offsets) => ({ offsets, oneByOne: false })) },
    { weight: 1, arbitrary: fc.constant({ offsets: [] as number[], oneByOne: true }) },
  );

/** The chunks `text` is written in under `chunking`. */
export const chunksOf = (text: string, chunking: Chunking): string[] => (chunking.oneByOne ? [...text] : splitAt(text, chunking.offsets));

/**
 * The streaming law these tests state: the stream's output and its `redaction` events (type and
 * range) are `redactSecrets`'s output and `findSecrets`'s findings, written in one write, one
 * character per write and in each of `chunkings`.
 */
export function expectStreamMatchesWhole(text: string, options: RedactionOptions = {}, chunkings: readonly Chunking[] = []): string {
  const output = redactSecrets(text, options);
  const findings = findSecrets(text, options).map(({ type, start, end }) => ({ type, start, end }));
  for (const chunks of [[text], [...text], ...chunkings.map((chunking) => chunksOf(text, chunking))]) {
    const run = runChunks(redactSecretsStream(options), chunks);
    expect(run.output, `chunks ${JSON.stringify(chunks.map((chunk) => chunk.length))}`).toBe(output);
    expect(run.events.map(({ event }) => { const { type, start, end } = event as RedactionEvent; return { type, start, end }; })).toEqual(findings);
  }
  return output;
}

/** Base62, the alphabet random bodies are drawn from. */
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` seeded random base62 characters with a digit at every sixth place, so any six in a row
 * hold one (a random key's rest, never a word of lower-case letters). Drawn from a seed rather
 * than by fast-check's string arbitraries, which shrink toward `AAAA…` filler.
 */
export function randomBody(seed: number, length: number): string {
  const random = seededRandom(seed);
  let body = '';
  for (let index = 0; index < length; index += 1) body += index % 6 === 5 ? String(Math.floor(random() * 10)) : BASE62[Math.floor(random() * BASE62.length)];
  return body;
}
