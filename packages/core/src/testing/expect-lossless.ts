import type { StreamContextInit } from '../stream-context';
import type { TextMiddleware } from '../text-middleware';
import { applyEdits } from './apply-edits';
import { everySplit } from './every-split';
import { LosslessError } from './lossless-error';
import { randomChunkings } from './random-chunkings';
import { type ChunkRun, runChunks } from './run-chunks';
import type { TextEdit } from './text-edit';

/**
 * For each event name of a middleware, how to read the edits one such event reports, in input
 * offsets. `input` is the session's whole input, for events that locate their change by line.
 * Events with no entry report no edit.
 */
export type EditReaders<Events extends object> = {
  readonly [Name in keyof Events]?: (event: Events[Name], input: string) => TextEdit | readonly TextEdit[] | undefined;
};

/** Options of {@link expectLossless}. */
export interface ExpectLosslessOptions<Events extends object> {
  /** How the middleware's events report its edits. A middleware that never edits needs `{}`. */
  readonly events: EditReaders<Events>;
  /** Also check every two-way split and one character at a time. Default true. */
  readonly everySplit?: boolean;
  /** How many seeded random chunkings to check. Default 20. */
  readonly randomChunkings?: number;
  /** Seed of the random chunkings. Default 1. */
  readonly seed?: number;
  /** Extra chunkings to check, such as those a fast-check property generated. */
  readonly chunkings?: Iterable<readonly string[]>;
  /** Context for every session; `streamId` defaults to `"lossless"`. */
  readonly context?: StreamContextInit;
}

function firstDifference(expected: string, actual: string): string {
  let offset = 0;
  while (offset < expected.length && expected[offset] === actual[offset]) offset += 1;
  const show = (text: string): string => JSON.stringify(text.slice(Math.max(offset - 20, 0), offset + 20));
  return `the output differs from offset ${offset} (the input with the reported edits gives …${show(expected)}…, the output is …${show(actual)}…)`;
}

function readEdits<Events extends object>(run: ChunkRun, input: string, readers: EditReaders<Events>): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const { name, event } of run.events) {
    const reader = readers[name as keyof Events] as ((event: unknown, input: string) => TextEdit | readonly TextEdit[] | undefined) | undefined;
    const read = reader?.(event, input);
    if (read === undefined) continue;
    if (Array.isArray(read)) edits.push(...(read as readonly TextEdit[]));
    else edits.push(read as TextEdit);
  }
  return edits;
}

/**
 * The losslessness law: a middleware's output is its input with exactly the changes its events
 * report — nothing dropped, nothing added, nothing changed silently — for every chunking,
 * including what the session releases at `end()`. Runs each input whole, split at every offset,
 * one character at a time and in seeded random chunkings, and throws a {@link LosslessError}
 * naming the first chunking whose output is not `applyEdits(input, edits)`.
 *
 * @example
 * ```ts
 * import { expectLossless } from '@parley/core/testing';
 * import { redactSecretsStream } from '@parley/redaction';
 *
 * expectLossless(redactSecretsStream(), ['ok and AKI', 'see https://u:pass@host.com/x'], {
 *   events: { redaction: ({ type, start, end }) => ({ start, end, replacement: `<REDACTED:${type}>` }) },
 * });
 * ```
 */
export function expectLossless<Events extends object>(
  middleware: TextMiddleware<Events>,
  inputs: string | Iterable<string>,
  options: ExpectLosslessOptions<Events>,
): void {
  const context: StreamContextInit = { streamId: 'lossless', ...options.context };
  const extra = options.chunkings === undefined ? [] : [...options.chunkings];
  for (const input of typeof inputs === 'string' ? [inputs] : inputs) {
    const check = (chunks: readonly string[]): void => {
      const run = runChunks(middleware, chunks, context);
      let expected: string;
      try {
        expected = applyEdits(input, readEdits(run, input, options.events));
      } catch (error) {
        throw new LosslessError({ middleware: middleware.name, chunks, difference: `its events report impossible edits (${(error as Error).message})` });
      }
      if (expected !== run.output) throw new LosslessError({ middleware: middleware.name, chunks, difference: firstDifference(expected, run.output) });
    };
    check([input]);
    if (options.everySplit ?? true) {
      for (const split of everySplit(input)) check(split);
      check([...input]);
    }
    for (const chunks of randomChunkings(input, options.seed ?? 1, { count: options.randomChunkings ?? 20 })) check(chunks);
    for (const chunks of extra) if (chunks.join('') === input) check(chunks);
  }
}
