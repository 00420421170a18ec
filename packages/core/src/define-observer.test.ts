import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compose } from './compose';
import { defineObserver } from './define-observer';
import { replaceTextStream } from './replace-text-stream';
import { SessionClosedError } from './session-closed-error';
import { expectChunkInvariant, expectLossless, runChunks, splitAt } from './testing/index';
import type { StreamEvent } from './text-middleware';

interface WordEvents {
  /** A word, emitted when the space or the end after it arrives. */
  word: StreamEvent & { readonly word: string; readonly start: number };
  total: StreamEvent & { readonly words: number; readonly speaker: string | undefined };
}

/** An observer whose events do not depend on chunking: it carries the unfinished word. */
const countWords = () =>
  defineObserver<WordEvents>({
    name: 'count-words',
    createObserver: (context, emit) => {
      let offset = 0;
      let word = '';
      let words = 0;
      const finish = (): void => {
        if (word === '') return;
        words += 1;
        emit('word', { word, start: offset - word.length });
        word = '';
      };
      return {
        observe: (chunk) => {
          for (const character of chunk) {
            if (character === ' ') finish();
            offset += character.length;
            if (character !== ' ') word += character;
          }
        },
        end: () => {
          finish();
          emit('total', { words, speaker: context.speaker });
        },
      };
    },
  });

/** Records what its observer is given, to check what the helper passes on. */
const recorder = (seen: string[], ends: { count: number }) =>
  defineObserver({
    name: 'recorder',
    createObserver: () => ({
      observe: (chunk) => {
        seen.push(chunk);
      },
      end: () => {
        ends.count += 1;
      },
    }),
  });

// Text biased to what breaks text handling: surrogate pairs (split in half by some chunkings),
// line breaks, spaces (the word observer's boundary) and empty chunks.
const unit = fc.constantFrom('a', 'b', ' ', '\n', '\r', '😀', '\u{10FFFF}', 'é');
const text = fc.string({ unit, maxLength: 40 });
const offsets = fc.array(fc.nat(42), { maxLength: 12 });

describe('defineObserver', () => {
  test('releases each chunk unchanged and at once, and nothing at the end', () => {
    const run = runChunks(countWords(), ['one tw', '', 'o th', 'ree'], { streamId: 's', speaker: 'cfo' });
    expect(run.pieces).toEqual(['one tw', '', 'o th', 'ree', '']);
    expect(run.events).toEqual([
      { name: 'word', event: { word: 'one', start: 0, stream: 's' } },
      { name: 'word', event: { word: 'two', start: 4, stream: 's' } },
      { name: 'word', event: { word: 'three', start: 8, stream: 's' } },
      { name: 'total', event: { words: 3, speaker: 'cfo', stream: 's' } },
    ]);
  });

  test('emits the events a chunk causes before the chunk is released', () => {
    const order: string[] = [];
    const session = countWords().open({ streamId: 's' }, { onEvent: (name) => order.push(`event ${name}`) });
    order.push(`released ${JSON.stringify(session.write('a b'))}`);
    order.push(`released ${JSON.stringify(session.end())}`);
    expect(order).toEqual(['event word', 'released "a b"', 'event word', 'event total', 'released ""']);
  });

  test('needs no end()', () => {
    const quiet = defineObserver({ name: 'quiet', createObserver: () => ({ observe: () => {} }) });
    expect(runChunks(quiet, ['a', 'b']).pieces).toEqual(['a', 'b', '']);
  });

  test('an observer that throws closes its session and does not release the chunk', () => {
    const failing = defineObserver({
      name: 'failing',
      createObserver: () => ({
        observe: (chunk) => {
          if (chunk.includes('!')) throw new Error('no shouting');
        },
      }),
    });
    const session = failing.open();
    expect(session.write('calm')).toBe('calm');
    expect(() => session.write('loud!')).toThrow('no shouting');
    expect(() => session.write('calm')).toThrow(SessionClosedError);
    expect(() => session.end()).toThrow(SessionClosedError);
  });

  test('composes: an observer after an edit sees the edited text', () => {
    const pipeline = compose(replaceTextStream({ search: 'one', replacement: 'uno' }), countWords());
    const words: string[] = [];
    pipeline.on('word', (event) => words.push(event.word));
    expect(runChunks(pipeline, ['on', 'e two']).output).toBe('uno two');
    expect(words).toEqual(['uno', 'two']);
  });

  test('the example observer is chunk-invariant, events included', () => {
    expectChunkInvariant(countWords(), 'some words, 😀 and  double  spaces\r\n at the end ', { context: { speaker: 'cto' } });
  });

  test('property: the output is the input for any text and chunking, and the observer sees exactly the non-empty chunks, then one end (500 texts × every split, 5 random chunkings and a generated one)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(text, offsets, (input, cuts) => {
        const chunks = splitAt(input, cuts);
        expectLossless(countWords(), [input], { events: {}, randomChunkings: 5, chunkings: [chunks] });
        const seen: string[] = [];
        const ends = { count: 0 };
        const run = runChunks(recorder(seen, ends), chunks);
        expect(run.pieces).toEqual([...chunks, '']);
        expect(seen).toEqual(chunks.filter((chunk) => chunk !== ''));
        expect(ends.count).toBe(1);
      }),
      { numRuns: 500 },
    );
  });

  test('property: a chunk-invariant observer stays chunk-invariant through the helper (300 texts × every split and 10 random chunkings)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(text, (input) => {
        expectChunkInvariant(countWords(), input, { randomChunkings: 10 });
      }),
      { numRuns: 300 },
    );
  });
});
