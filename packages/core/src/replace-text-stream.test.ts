import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyText } from './apply-text';
import { InvalidArgumentError } from './invalid-argument-error';
import { replaceTextStream } from './replace-text-stream';
import { expectChunkInvariant, runChunks, splitAt } from './testing/index';

describe('replaceTextStream', () => {
  test('replaces every occurrence, leftmost first, without overlaps', () => {
    expect(applyText(replaceTextStream({ search: 'aa', replacement: 'b' }), 'aaaaa')).toBe('bba');
    expect(applyText(replaceTextStream({ search: 'abab', replacement: 'X' }), 'abababab')).toBe('XX');
    expect(applyText(replaceTextStream({ search: 'x', replacement: '' }), 'axbxc')).toBe('abc');
  });

  test('reports each occurrence with offsets in the input', () => {
    const run = runChunks(replaceTextStream({ search: 'secret', replacement: '***' }), ['a sec', 'ret and a secr', 'et'], {
      streamId: 's',
    });
    expect(run.output).toBe('a *** and a ***');
    expect(run.events).toEqual([
      { name: 'replacement', event: { start: 2, end: 8, stream: 's' } },
      { name: 'replacement', event: { start: 15, end: 21, stream: 's' } },
    ]);
  });

  test('holds back only a possible start of the search text', () => {
    const session = replaceTextStream({ search: 'abc', replacement: 'X' }).open();
    expect(session.write('xxab')).toBe('xx');
    expect(session.write('d')).toBe('abd');
    expect(session.write('aab')).toBe('a');
    expect(session.end()).toBe('ab');
  });

  test('gives the same text as String.prototype.replaceAll, however the input is chunked', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[abc]{1,4}$/),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), maxLength: 60 }),
        fc.array(fc.nat(60), { maxLength: 12 }),
        (search, text, offsets) => {
          const middleware = replaceTextStream({ search, replacement: '<$&>' });
          expect(runChunks(middleware, splitAt(text, offsets)).output).toBe(text.replaceAll(search, () => '<$&>'));
        },
      ),
    );
  });

  test('is chunk-invariant, events included', () => {
    expectChunkInvariant(
      replaceTextStream({ search: 'aabaa', replacement: '[x]' }),
      'aabaabaaaabaa aabaaaabaa aab aabaa',
    );
  });

  test('rejects an empty search with a typed error', () => {
    expect(() => replaceTextStream({ search: '', replacement: 'x' })).toThrow(InvalidArgumentError);
    expect(() => replaceTextStream({ search: 'a', replacement: 1 as unknown as string })).toThrow(/replacement/);
  });
});
