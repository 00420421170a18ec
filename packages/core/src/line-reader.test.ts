import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LineReader } from './line-reader';
import { splitAt } from './testing';

/** The lines and the unfinished rest `chunks` make, read by one reader. */
const read = (chunks: readonly string[]): { lines: string[]; rest: string } => {
  const lines: string[] = [];
  let line = '';
  const reader = new LineReader({ appendToLine: (part) => (line += part), endLine: () => (lines.push(line), (line = '')) });
  for (const chunk of chunks) reader.write(chunk);
  return { lines, rest: line };
};

describe('LineReader', () => {
  test.each([
    ['LF', 'a\nb\n', ['a', 'b'], ''],
    ['CRLF', 'a\r\nb\r\nc', ['a', 'b'], 'c'],
    ['a lone CR', 'a\rb\r', ['a', 'b'], ''],
    ['CR then CRLF', 'a\r\r\nb', ['a', ''], 'b'],
    ['a leading byte order mark', '\ufeffa\n\ufeffb', ['a'], '\ufeffb'],
  ])('%s', (_, text, lines, rest) => {
    expect(read([text])).toEqual({ lines, rest });
  });

  test('a CRLF cut between two chunks is one line ending', () => {
    expect(read(['a\r', '\nb'])).toEqual({ lines: ['a'], rest: 'b' });
    expect(read(['a\r', '', '\n'])).toEqual({ lines: ['a'], rest: '' });
  });

  test('any text with mixed endings, any chunking: the lines LF alone would give (fast-check)', () => {
    const piece = fc.constantFrom('a', 'bc', ' ', '\n', '\r', '\r\n', '\ufeff');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(60), { maxLength: 8 }), (pieces, offsets) => {
        const text = pieces.join('');
        const body = text.startsWith('\ufeff') ? text.slice(1) : text;
        const parts = body.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split('\n');
        expect(read(splitAt(text, offsets))).toEqual({ lines: parts.slice(0, -1), rest: parts.at(-1) });
      }),
      { numRuns: 300 },
    );
  });
});
