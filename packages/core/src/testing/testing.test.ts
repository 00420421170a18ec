import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { defineMiddleware } from '../define-middleware';
import { passthroughStream } from '../passthrough-stream';
import { replaceTextStream } from '../replace-text-stream';
import {
  applyEdits,
  ChunkInvarianceError,
  everySplit,
  expectChunkInvariant,
  expectLossless,
  LosslessError,
  randomChunkings,
  runChunks,
  splitAt,
} from './index';

describe('splitAt', () => {
  test('cuts at sorted, clamped offsets and keeps empty chunks', () => {
    expect(splitAt('[INVOKE:cfo]', [8, 3, 3])).toEqual(['[IN', '', 'VOKE:', 'cfo]']);
    expect(splitAt('abc', [-5, 99])).toEqual(['', 'abc', '']);
    expect(splitAt('abc', [])).toEqual(['abc']);
  });

  test('always joins back to the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer()), (text, offsets) => {
        expect(splitAt(text, offsets).join('')).toBe(text);
      }),
    );
  });
});

describe('everySplit', () => {
  test('yields one two-way split per inner offset', () => {
    expect([...everySplit('abc')]).toEqual([
      ['a', 'bc'],
      ['ab', 'c'],
    ]);
    expect([...everySplit('a')]).toEqual([]);
  });
});

describe('randomChunkings', () => {
  test('is reproducible from its seed and covers empty chunks', () => {
    const text = 'the quick brown fox jumps over the lazy dog';
    const first = [...randomChunkings(text, 7, { count: 20 })];
    expect([...randomChunkings(text, 7, { count: 20 })]).toEqual(first);
    expect([...randomChunkings(text, 8, { count: 20 })]).not.toEqual(first);
    expect(first.every((chunks) => chunks.join('') === text)).toBe(true);
    expect(first.some((chunks) => chunks.includes(''))).toBe(true);
  });
});

describe('expectChunkInvariant', () => {
  test('passes chunk-invariant middlewares', () => {
    expect(() => expectChunkInvariant(passthroughStream(), 'hello world')).not.toThrow();
    expect(() => expectChunkInvariant(replaceTextStream({ search: 'lo w', replacement: '-' }), 'hello world')).not.toThrow();
  });

  test('catches a middleware whose output depends on chunking', () => {
    const capitalizeChunks = defineMiddleware({
      name: 'capitalize-chunks',
      createSession: () => ({ write: (chunk) => chunk.charAt(0).toUpperCase() + chunk.slice(1), end: () => '' }),
    });
    expect(() => expectChunkInvariant(capitalizeChunks, 'hello')).toThrow(ChunkInvarianceError);
    try {
      expectChunkInvariant(capitalizeChunks, 'hello');
    } catch (error) {
      expect(ChunkInvarianceError.isInstance(error) && error.chunks).toEqual(['h', 'ello']);
      expect((error as Error).message).toMatch(/output differs from offset 1/);
    }
  });

  test('catches a middleware whose events depend on chunking', () => {
    const countWrites = defineMiddleware<{ write: { stream: string; length: number } }>({
      name: 'count-writes',
      createSession: (_context, emit) => ({
        write: (chunk) => {
          emit('write', { length: chunk.length });
          return chunk;
        },
        end: () => '',
      }),
    });
    expect(() => expectChunkInvariant(countWrites, 'abc')).toThrow(/event #0 differs/);
  });
});

describe('runChunks', () => {
  test('records what each call released', () => {
    expect(runChunks(replaceTextStream({ search: 'ab', replacement: 'X' }), ['a', 'b', 'a']).pieces).toEqual([
      '',
      'X',
      '',
      'a',
    ]);
  });
});

describe('applyEdits', () => {
  test('applies edits in any order, insertions included', () => {
    expect(
      applyEdits('key sk-123 here', [
        { start: 15, end: 15, replacement: '!' },
        { start: 4, end: 10, replacement: '<R>' },
        { start: 0, end: 0, replacement: '> ' },
      ]),
    ).toBe('> key <R> here!');
  });

  test('refuses overlapping or out-of-range edits', () => {
    expect(() => applyEdits('abcdef', [{ start: 1, end: 4, replacement: '' }, { start: 3, end: 5, replacement: '' }])).toThrow(/overlaps/);
    expect(() => applyEdits('abc', [{ start: 2, end: 9, replacement: '' }])).toThrow(/inside an input of 3/);
  });
});

describe('expectLossless', () => {
  const replacements = { replacement: ({ start, end }: { start: number; end: number }) => ({ start, end, replacement: '-' }) };

  test('passes a middleware whose events account for every change', () => {
    expect(() => expectLossless(passthroughStream(), ['', 'hello world'], { events: {} })).not.toThrow();
    expect(() => expectLossless(replaceTextStream({ search: 'lo w', replacement: '-' }), 'hello world, lo w', { events: replacements })).not.toThrow();
  });

  test('catches text held back and never released at end()', () => {
    const dropsTail = defineMiddleware({
      name: 'drops-tail',
      createSession: () => {
        let held = '';
        return {
          write: (chunk) => {
            const text = held + chunk;
            held = text.slice(-2);
            return text.slice(0, -2);
          },
          end: () => '',
        };
      },
    });
    expect(() => expectLossless(dropsTail, 'ok and AKI', { events: {} })).toThrow(LosslessError);
    expect(() => expectLossless(dropsTail, 'ok and AKI', { events: {} })).toThrow(/output differs from offset 8/);
  });

  test('catches a change no event reports', () => {
    expect(() => expectLossless(replaceTextStream({ search: 'o', replacement: '0' }), 'foo', { events: {} })).toThrow(/not lossless/);
  });

  test('replaceTextStream is lossless for any text, search and chunking', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 30 }),
        fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 1, maxLength: 3 }),
        fc.array(fc.array(fc.nat(30))),
        (text, search, cuts) => {
          expectLossless(replaceTextStream({ search, replacement: '-' }), text, {
            events: replacements,
            chunkings: cuts.map((offsets) => splitAt(text, offsets)),
            randomChunkings: 5,
          });
        },
      ),
    );
  });
});
