import { ParleyError } from '@parley/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expectSplitKeepsText, findLostText, keptWhiteSpaceRun } from './expect-split-keeps-text';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { splitTelegramMessage } from './split-telegram-message';
import { validateTelegramHtml } from './validate-telegram-html';

describe('splitTelegramMessage', () => {
  test('a short message is one part', () => {
    expect(splitTelegramMessage('<b>hi</b>')).toEqual(['<b>hi</b>']);
  });

  test('breaks at a blank line, closing and reopening the tags open there', () => {
    const html = `<b>${'a'.repeat(30)}\n\n${'b'.repeat(30)}</b>`;
    expect(splitTelegramMessage(html, { limit: 40 })).toEqual([`<b>${'a'.repeat(30)}\n\n</b>`, `<b>${'b'.repeat(30)}</b>`]);
  });

  test('never splits an entity or a surrogate pair, and counts an entity as one character', () => {
    const parts = splitTelegramMessage(`${'&amp;'.repeat(20)}${'😀'.repeat(20)}`, { limit: 16 });
    for (const part of parts) expect(validateTelegramHtml(part).problems).toEqual([]);
    expect(parts.join('')).toBe(`${'&amp;'.repeat(20)}${'😀'.repeat(20)}`);
  });

  test('a hard cut inside a run of text never separates the halves of a surrogate pair', () => {
    const html = `a${'😀'.repeat(40)}`;
    const parts = splitTelegramMessage(html, { limit: 16 });
    expect(parts.join('')).toBe(html);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(16);
      expect(/^[\uDC00-\uDFFF]/.test(part) || /[\uD800-\uDBFF]$/.test(part)).toBe(false);
    }
  });

  test('refuses HTML Telegram would reject, and a limit too small', () => {
    expect(() => splitTelegramMessage('<h1>x</h1>')).toThrow(ParleyError);
    expect(() => splitTelegramMessage('x', { limit: 4 })).toThrow(/limit/);
  });

  test('the reported counterexample: the last line breaks of a code block at the limit are kept (FC_SEED=-137270699)', () => {
    const html = markdownToTelegramHtml(['`c`', '```\ncode\n```\n', '😀', '\n\n', '\n\n'].join(''));
    expect(html).toBe('`c````\ncode\n<pre>😀\n\n\n</pre>');
    // It used to cut after the blank line, leaving a last part of one line break, which was left out as blank.
    expect(splitTelegramMessage(html, { limit: 16 })).toEqual(['`c````\ncode\n', '<pre>😀\n\n\n</pre>']);
    expectSplitKeepsText(html, 16);
  });

  test('white space at the end stays with the last thing shown, even if that means an earlier cut', () => {
    expect(splitTelegramMessage(`${'a'.repeat(12)} b${' '.repeat(5)}`, { limit: 16 })).toEqual([`${'a'.repeat(12)} `, `b${' '.repeat(5)}`]);
    expect(splitTelegramMessage(`<pre>${'x'.repeat(14)}😀\n\n</pre>`, { limit: 16 })).toEqual([`<pre>${'x'.repeat(14)}</pre>`, '<pre>😀\n\n</pre>']);
    // Tags at a cut: closing ones end the part before it, opening ones start the part after it.
    expect(splitTelegramMessage(`<b>${'a'.repeat(10)}\n</b><i>bb</i><u>${'c'.repeat(10)}</u>`, { limit: 16 })).toEqual([`<b>${'a'.repeat(10)}\n</b>`, `<i>bb</i><u>${'c'.repeat(10)}</u>`]);
  });

  test('white space is lost only from a run longer than half the limit, where a part would show nothing', () => {
    const limit = 16;
    const longest = keptWhiteSpaceRun(limit);
    expect(longest).toBe(7);
    // A run of exactly the kept length around a lone character at the end survives whole.
    expectSplitKeepsText(`${'a'.repeat(15)}${' '.repeat(longest)}b${'\n'.repeat(longest)}`, limit);
    // Longer ones may lose some; Telegram would trim them at a message's ends anyway.
    const parts = expectSplitKeepsText(`${'a'.repeat(15)}${' '.repeat(40)}b`, limit);
    expect(parts.map((part) => part.trim())).toEqual(['a'.repeat(15), 'b']);
  });

  test('findLostText accepts only white space left out of long runs', () => {
    expect(findLostText('ab  c', 'ab  c', 1)).toBe(-1);
    expect(findLostText('ab  c', 'ab c', 1)).toBe(-1);
    expect(findLostText('ab  c', 'ab c', 2)).toBe(3);
    expect(findLostText('ab\n', 'ab', 0)).toBe(-1);
    expect(findLostText('ab\n', 'ab', 1)).toBe(2);
    expect(findLostText('abc', 'ac', 5)).toBe(1);
    expect(findLostText('abc', 'abcc', 5)).toBe(3);
    expect(findLostText('a   b', 'ab', 2)).toBe(-1);
  });
});

/** Tags and what each may hold, as Telegram checks it. */
const tags = ['b', 'i', 'u', 's', 'code', 'pre', 'pre-code', 'blockquote', 'expandable', 'a', 'tg-spoiler', 'span', 'tg-emoji'] as const;
type Tag = (typeof tags)[number];
const openings: Readonly<Record<Tag, string>> = {
  b: '<b>',
  i: '<i>',
  u: '<u>',
  s: '<s>',
  code: '<code>',
  pre: '<pre>',
  'pre-code': '<pre><code class="language-ts">',
  blockquote: '<blockquote>',
  expandable: '<blockquote expandable>',
  a: '<a href="https://x.io/?a=1&amp;b=2">',
  'tg-spoiler': '<tg-spoiler>',
  span: '<span class="tg-spoiler">',
  'tg-emoji': '<tg-emoji emoji-id="5368324170671202286">',
};
const closings: Readonly<Record<Tag, string>> = { ...Object.fromEntries(tags.map((tag) => [tag, `</${tag.startsWith('pre') ? 'pre' : tag === 'expandable' ? 'blockquote' : tag}>`])), 'pre-code': '</code></pre>', span: '</span>' } as Record<Tag, string>;

/** Well-nested Telegram HTML from opens, closes (`/` closes the innermost) and texts; opens Telegram refuses where they stand are skipped. */
function build(pieces: ReadonlyArray<{ readonly tag: Tag | '/' } | { readonly text: string }>): string {
  const stack: Tag[] = [];
  let html = '';
  for (const piece of pieces) {
    if ('text' in piece) html += piece.text;
    else if (piece.tag === '/') {
      const tag = stack.pop();
      if (tag !== undefined) html += closings[tag];
    } else {
      const parent = stack.at(-1);
      const quoted = stack.includes('blockquote') || stack.includes('expandable');
      const linked = stack.includes('a');
      if (parent === 'code' || parent === 'pre' || parent === 'pre-code') continue;
      if ((piece.tag === 'blockquote' || piece.tag === 'expandable') && quoted) continue;
      if (piece.tag === 'a' && linked) continue;
      html += openings[piece.tag];
      stack.push(piece.tag);
    }
  }
  return html + stack.toReversed().map((tag) => closings[tag]).join('');
}

/**
 * HTML pieces biased to where splitting goes wrong, sized from the limit: runs of white space just
 * under, at and over the kept length and the limit, words that end right at the limit, astral
 * characters and entities (one of them astral, some white space), and every tag, nested.
 */
function htmlAt(limit: number, { shortRuns = false }: { readonly shortRuns?: boolean } = {}): fc.Arbitrary<string> {
  const longest = keptWhiteSpaceRun(limit);
  const runLength = shortRuns ? fc.integer({ min: 1, max: Math.max(1, Math.floor(longest / 3)) }) : fc.oneof(fc.constantFrom(1, 2, longest - 1, longest, longest + 1, longest + 2, limit - 2, limit - 1, limit, limit + 1, 2 * limit), fc.integer({ min: 1, max: 2 * limit + 2 }));
  const whiteSpace = fc.tuple(fc.constantFrom('\n', ' ', '\n\n', ' \n', '\t', '\r\n'), runLength).map(([unit, count]) => unit.repeat(count).slice(0, Math.max(count, 1)));
  const word = fc.tuple(fc.constantFrom('x', 'ab ', '好', '😀', '𝒳y'), fc.oneof(fc.constantFrom(1, limit - 2, limit - 1, limit, limit + 1), fc.integer({ min: 1, max: limit + 2 }))).map(([unit, count]) => unit.repeat(count));
  const small = fc.constantFrom('a', 'b c', '😀', '&amp;', '&lt;', '&gt;', '&quot;', '&#x1F600;', '&#128512;', '&#10;', '&#32;', '&#9;', '好', '\n', '\n\n', ' ').filter((text) => !shortRuns || !/^(?:&#(?:10|32|9);|\s+)$/.test(text));
  const piece = fc.oneof(
    { arbitrary: fc.constantFrom<Tag | '/'>(...tags, '/', '/').map((tag) => ({ tag })), weight: 3 },
    { arbitrary: whiteSpace.map((text) => ({ text })), weight: 3 },
    { arbitrary: word.map((text) => ({ text })), weight: 2 },
    { arbitrary: small.map((text) => ({ text })), weight: 4 },
  );
  return fc.array(piece, { maxLength: 40 }).map(build);
}

const limits = fc.oneof({ arbitrary: fc.integer({ min: 16, max: 24 }), weight: 4 }, { arbitrary: fc.integer({ min: 25, max: 120 }), weight: 2 }, { arbitrary: fc.constantFrom(127, 128, 129), weight: 1 });

describe('splitTelegramMessage keeps the text (properties)', () => {
  test('any well-nested HTML at any limit: parts valid, within the limit, never blank, the text kept but white space of long runs (property, 4,000 cases)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(
        limits.chain((limit) => fc.tuple(htmlAt(limit), fc.constant(limit))),
        ([html, limit]) => {
          expectSplitKeepsText(html, limit);
        },
      ),
      { numRuns: 4000 },
    );
  });

  test('without long runs of white space nothing at all is lost: the parts put together give back the text exactly (property, 2,000 cases)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(
        limits.chain((limit) => fc.tuple(htmlAt(limit, { shortRuns: true }), fc.constant(limit))),
        ([html, limit]) => {
          const whole = validateTelegramHtml(html).text;
          // Runs of white space can still join across tags; those cases are another test's.
          let run = 0;
          let longestRun = 0;
          for (const character of whole) {
            run = ' \t\r\n'.includes(character) ? run + 1 : 0;
            longestRun = Math.max(longestRun, run);
          }
          fc.pre(longestRun <= keptWhiteSpaceRun(limit));
          const parts = splitTelegramMessage(html, { limit });
          expect(parts.map((part) => validateTelegramHtml(part).text).join('')).toBe(whole);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('at Telegram\'s own limit, on long messages (property, 60 cases)', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(fc.array(htmlAt(4096), { minLength: 1, maxLength: 3 }), (pieces) => {
        expectSplitKeepsText(pieces.join(''), 4096);
      }),
      { numRuns: 60 },
    );
  });

  test('Markdown rendered by the converter: the parts hold all the text (property, 2,000 cases)', { timeout: 180_000 }, () => {
    const piece = fc.oneof(
      fc.constantFrom('**b**', '_i_', '`c`', '\n', '\n\n', ' ', 'word', '好', '😀', '&', '<', '- item\n', '> q\n', '```\ncode\n```\n', '```py\n', '```\n', '    indented\n', '[l](https://x.io)', '# h\n'),
      fc.tuple(fc.constantFrom('\n', ' ', 'x', '😀'), fc.integer({ min: 1, max: 40 })).map(([unit, count]) => unit.repeat(count)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), fc.integer({ min: 16, max: 64 }), (pieces, limit) => {
        expectSplitKeepsText(markdownToTelegramHtml(pieces.join('')), limit);
      }),
      { numRuns: 2000 },
    );
  });
});
