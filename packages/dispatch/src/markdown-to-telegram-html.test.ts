import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { tokenizeTelegramHtml } from './telegram-html-tokens';
import { validateTelegramHtml } from './validate-telegram-html';

/** Letters and digits of what a reader gets: visible text, with each link's address after its text. */
function content(html: string): string {
  const { tokens } = tokenizeTelegramHtml(html);
  const links: Array<{ href: string; from: number }> = [];
  let text = '';
  for (const token of tokens) {
    if (token.kind === 'text') text += token.text;
    else if (token.kind === 'open' && token.name === 'code') text += /language-([^"]*)/.exec(token.raw)?.[1] ?? '';
    else if (token.kind === 'open' && token.name === 'a') links.push({ href: token.href ?? '', from: text.length });
    else if (token.kind === 'close' && token.name === 'a') {
      const link = links.pop();
      // An autolink shows its address as its text: count it once.
      if (link !== undefined && text.slice(link.from) !== link.href) text += link.href;
    }
  }
  return alphanumerics(text);
}
const alphanumerics = (text: string): string => text.replaceAll(/[^\p{L}\p{N}]/gu, '');

describe('markdownToTelegramHtml', () => {
  test.each([
    ['**bold**', '<b>bold</b>'],
    ['__bold__', '<b>bold</b>'],
    ['*italic* and _italic_', '<i>italic</i> and <i>italic</i>'],
    ['***both***', '<b><i>both</i></b>'],
    ['~~gone~~', '<s>gone</s>'],
    ['`a < b && c`', '<code>a &lt; b &amp;&amp; c</code>'],
    ['`` a `tick` b ``', '<code>a `tick` b</code>'],
    ['# Heading', '<b>Heading</b>'],
    ['## Result ##', '<b>Result</b>'],
    ['## **Bold** heading', '<b>Bold heading</b>'],
    ['- item\n  - nested', '• item\n  • nested'],
    ['* star item', '• star item'],
    ['> quoted\n> more', '<blockquote>quoted\nmore</blockquote>'],
    ['[site](https://example.com/a?b=1&c=2)', '<a href="https://example.com/a?b=1&amp;c=2">site</a>'],
    ['[click](javascript:void)', 'click (javascript:void)'],
    ['[x](javascript:alert(1))', '[x](javascript:alert(1))'],
    ['**bold _and italic_**', '<b>bold <i>and italic</i></b>'],
    ['**a _b** c_', '<b>a _b</b> c_'],
    ['snake_case_name stays', 'snake_case_name stays'],
    ['2 * 3 * 4', '2 * 3 * 4'],
    ['**unclosed', '**unclosed'],
    ['<script>alert("x")</script>', '&lt;script&gt;alert("x")&lt;/script&gt;'],
    ['\\*not italic\\*', '*not italic*'],
    ['[FILE: /app/data/shared/costaff-agent-coding/wine-eda/wine_stats__v.csv]', '[FILE: /app/data/shared/costaff-agent-coding/wine-eda/wine_stats__v.csv]'],
    ['```python\nprint("<hi>")\n```', '<pre><code class="language-python">print("&lt;hi&gt;")</code></pre>'],
    ['```\nraw & plain\n```', '<pre>raw &amp; plain</pre>'],
    ['[a [b](https://b.example)](https://a.example)', '[a <a href="https://b.example">b</a>](https://a.example)'],
    ['see <https://example.com/x?a=1&b=2>', 'see <a href="https://example.com/x?a=1&amp;b=2">https://example.com/x?a=1&amp;b=2</a>'],
    ['<javascript:alert(1)>', '&lt;javascript:alert(1)&gt;'],
    ['[<https://x.io>](https://y.io)', '[<a href="https://x.io">https://x.io</a>](https://y.io)'],
    ['Title\n=====\nbody', '<b>Title</b>\nbody'],
    ['Sub **bold**\n---', '<b>Sub bold</b>'],
    ['above\n\n---\n\nbelow', 'above\n\n──────────\n\nbelow'],
    ['* * *', '──────────'],
    ['- item\n---', '• item\n──────────'],
  ])('%j', (markdown, html) => {
    expect(markdownToTelegramHtml(markdown)).toBe(html);
    expect(validateTelegramHtml(html).problems).toEqual([]);
  });

  test('an unsafe link keeps its text and shows the address as text', () => {
    const html = markdownToTelegramHtml('[x](javascript:alert`1`)');
    expect(html).not.toContain('<a');
    expect(validateTelegramHtml(html).valid).toBe(true);
  });

  test('is linear on hostile input', () => {
    const hostile = ['*a '.repeat(20_000), '['.repeat(60_000), '`'.repeat(60_000), '[x](https://a) *'.repeat(5_000), '_'.repeat(60_000)];
    for (const markdown of hostile) expect(validateTelegramHtml(markdownToTelegramHtml(markdown)).valid).toBe(true);
  });

  const markdownAlphabet = fc.constantFrom('*', '**', '_', '__', '~~', '`', '```', '[', ']', '(', ')', '](https://x.io)', '](javascript:x)', '#', '# ', '- ', '> ', '\n', ' ', '\\', '<', '>', '&', '&amp;', '"', 'a', 'b', '1', '好', '😀', '[FILE: /a_b_c]', '```py\n', '```a b\n', '<https://x.io>', '\n===\n', '\n---\n');
  const markdown = fc.array(markdownAlphabet, { maxLength: 60 }).map((pieces) => pieces.join(''));

  test('always produces HTML Telegram accepts', () => {
    fc.assert(
      fc.property(markdown, (input) => {
        const { problems } = validateTelegramHtml(markdownToTelegramHtml(input));
        expect(problems).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  test('never loses text: every letter and digit arrives, in order', () => {
    fc.assert(
      fc.property(fc.oneof(markdown, fc.string({ maxLength: 80 })), (input) => {
        expect(content(markdownToTelegramHtml(input))).toBe(alphanumerics(input));
      }),
      { numRuns: 3000 },
    );
  });
});
