import * as fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { applyText } from './apply-text';
import { compose } from './compose';
import { defineMiddleware } from './define-middleware';
import { passthroughStream } from './passthrough-stream';
import { replaceTextStream } from './replace-text-stream';
import type { TextMiddleware } from './text-middleware';
import { expectChunkInvariant, runChunks, splitAt } from './testing/index';

describe('compose', () => {
  test('captureContext captures each member that offers it, and opens the others as they are', () => {
    const opened: string[] = [];
    const upper = replaceTextStream({ search: 'a', replacement: 'A' });
    const capturing = Object.assign(passthroughStream(), {
      captureContext: () => {
        opened.push('captured');
        return { name: 'passthrough', open: (...args: Parameters<TextMiddleware['open']>) => (opened.push('opened'), passthroughStream().open(...args)) };
      },
    });
    const pipeline = compose(upper, capturing);
    const opener = pipeline.captureContext?.();
    expect(opened).toEqual(['captured']);
    const session = opener?.open({ streamId: 's' });
    expect(opened).toEqual(['captured', 'opened']);
    expect((session?.write('banana') ?? '') + (session?.end() ?? '')).toBe(applyText(upper, 'banana'));
    // The plain open is untouched: the member's own open, nothing captured.
    expect(runChunks(pipeline, ['banana']).output).toBe('bAnAnA');
    expect(opened).toEqual(['captured', 'opened']);
  });

  test('chains left to right', () => {
    const pipeline = compose(
      replaceTextStream({ search: 'cat', replacement: 'dog' }),
      replaceTextStream({ search: 'dog', replacement: 'wolf' }),
    );
    expect(applyText(pipeline, 'cat and dog')).toBe('wolf and wolf');
    expect(pipeline.name).toBe('compose(replace-text, replace-text)');
  });

  test('flushes held-back text through the rest of the chain at the end', () => {
    // "ab" is held back by the first stage until the end, then must still be rewritten by the second.
    const pipeline = compose(
      replaceTextStream({ search: 'abc', replacement: 'X' }),
      replaceTextStream({ search: 'ab', replacement: 'Y' }),
    );
    const session = pipeline.open();
    expect(session.write('zab')).toBe('z');
    expect(session.end()).toBe('Y');
  });

  test('re-emits every event of every stage, which still emit on their own listeners', () => {
    const first = replaceTextStream({ search: 'a', replacement: 'b' });
    const second = replaceTextStream({ search: 'b', replacement: 'c' });
    const pipeline = compose(first, second);
    const onFirst = vi.fn();
    const onPipeline = vi.fn();
    first.on('replacement', onFirst);
    pipeline.on('replacement', onPipeline);
    const run = runChunks(pipeline, ['ab'], { streamId: 's' });
    expect(run.output).toBe('cc');
    expect(onFirst).toHaveBeenCalledExactlyOnceWith({ start: 0, end: 1, stream: 's' });
    expect(onPipeline).toHaveBeenCalledTimes(3);
    expect(run.events.map(({ event }) => event)).toEqual([
      { start: 0, end: 1, stream: 's' },
      { start: 0, end: 1, stream: 's' },
      { start: 1, end: 2, stream: 's' },
    ]);
  });

  test('shares one stream context among the stages', () => {
    const seen: string[] = [];
    const spy = defineMiddleware({
      name: 'spy',
      createSession: (context) => {
        seen.push(`${context.streamId}/${context.speaker}`);
        return { write: (chunk) => chunk, end: () => '' };
      },
    });
    compose(spy, spy).open({ speaker: 'cto' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).toMatch(/\/cto$/);
  });

  test('of nothing is the identity', () => {
    expect(applyText(compose(), 'unchanged')).toBe('unchanged');
  });

  test('is chunk-invariant when its stages are: output and the events of each stage', () => {
    const first = replaceTextStream({ search: 'abab', replacement: 'ba' });
    const last = replaceTextStream({ search: 'aab', replacement: 'b' });
    const pipeline = compose(first, passthroughStream(), last);
    // With one stage emitting, the composite's event sequence is that stage's: invariant too.
    expectChunkInvariant(compose(first, passthroughStream()), 'aababababbaabababaabab aab abab');
    fc.assert(
      fc.property(fc.stringMatching(/^[ab]{0,40}$/), fc.array(fc.nat(40)), (text, offsets) => {
        const stageEvents = (chunks: readonly string[]) => {
          const seen = { first: [] as unknown[], last: [] as unknown[] };
          const onFirst = (event: unknown) => seen.first.push(event);
          const onLast = (event: unknown) => seen.last.push(event);
          first.on('replacement', onFirst);
          last.on('replacement', onLast);
          const output = runChunks(pipeline, chunks).output;
          first.off('replacement', onFirst);
          last.off('replacement', onLast);
          return { output, seen };
        };
        const whole = stageEvents([text]);
        const chunked = stageEvents(splitAt(text, offsets));
        expect(chunked.output).toBe(applyText(pipeline, text));
        expect({ ...chunked, seen: stripStreams(chunked.seen) }).toEqual({ ...whole, seen: stripStreams(whole.seen) });
      }),
    );
  });
});

function stripStreams(seen: { first: unknown[]; last: unknown[] }) {
  const strip = (events: unknown[]) => events.map((event) => ({ ...(event as object), stream: undefined }));
  return { first: strip(seen.first), last: strip(seen.last) };
}
