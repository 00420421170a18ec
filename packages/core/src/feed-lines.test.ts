import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { feedLines } from './feed-lines';
import { splitAt } from './testing/index';

test('feedLines rebuilds the same lines however the text is chunked', () => {
  const collect = (chunks: readonly string[]): string[] => {
    const lines: string[] = [];
    let line = '';
    const sink = { appendToLine: (part: string) => (line += part), endLine: () => (lines.push(line), (line = '')) };
    for (const chunk of chunks) feedLines(chunk, sink);
    return [...lines, line];
  };
  expect(collect(['a\nb', 'c\r\n', '\nd'])).toEqual(['a', 'bc\r', '', 'd']);
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r') }), fc.array(fc.nat(40)), (text, offsets) => {
      expect(collect(splitAt(text, offsets))).toEqual(text.split('\n'));
    }),
  );
});
