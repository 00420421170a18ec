import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, test } from 'vitest';
import { createEntityRule } from './entity-rule';

const stock = new MarkdownIt('commonmark');
const handWritten = new MarkdownIt('commonmark');
handWritten.inline.ruler.at('entity', createEntityRule(handWritten.utils));

describe('the hand-written entity rule', () => {
  test('reads exactly the entities markdown-it reads, decoded the same (property, 3,000 cases)', () => {
    const piece = fc.constantFrom('&', '#', 'x', 'X', '0', '1', '9', '35', '1234567', '12345678', 'a', 'F', 'f', 'g', 'copy', 'amp', 'ouml', 'CounterClockwiseContourIntegral', 'b'.repeat(31), ';', ' ', '\\', '`', '\n', '*');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const input = pieces.join('');
        expect(handWritten.render(input)).toBe(stock.render(input));
      }),
      { numRuns: 3000 },
    );
  });

  test.each(['Tom &amp; Jerry &copy;', '&#35; &#x1F600; &#X1f600; &#0; &#1234567; &#12345678; &#x110000;', '&ouml&ouml; &nosuch; &a;'])('%j', (input) => {
    expect(handWritten.render(input)).toBe(stock.render(input));
  });
});
