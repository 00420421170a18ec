// The CommonMark spec's 652 examples, rendered by the converter and by markdown-it itself, compared
// by their Telegram-expressible formatting (formatting-spans.ts says what that is).
import { createRequire } from 'node:module';
import MarkdownIt from 'markdown-it';
import { describe, expect, test } from 'vitest';
import { formattingSpans } from './formatting-spans';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { validateTelegramHtml } from './validate-telegram-html';

interface SpecExample {
  readonly markdown: string;
  readonly html: string;
  readonly section: string;
  readonly number: number;
}
const { tests } = createRequire(import.meta.url)('commonmark-spec') as { readonly tests: readonly SpecExample[] };
const examples = tests.map((example) => ({ ...example, markdown: example.markdown.replaceAll('→', '\t') }));
const reference = new MarkdownIt('commonmark', { html: false });

describe('the CommonMark spec examples', () => {
  test('keep their Telegram-expressible formatting (≥ 95%)', () => {
    const lost: string[] = [];
    for (const example of examples) {
      const expected = formattingSpans(reference.render(example.markdown));
      const html = markdownToTelegramHtml(example.markdown);
      expect(validateTelegramHtml(html).problems, `example ${example.number}`).toEqual([]);
      const actual = formattingSpans(html);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) lost.push(`${example.number} (${example.section}): ${JSON.stringify(example.markdown)}\n  want ${JSON.stringify(expected)}\n  got  ${JSON.stringify(actual)}`);
    }
    const share = (examples.length - lost.length) / examples.length;
    console.log(`CommonMark spec: ${examples.length - lost.length} of ${examples.length} examples keep their Telegram-expressible formatting (${(share * 100).toFixed(1)}%)`);
    if (process.env['PARLEY_SPEC_REPORT'] !== undefined) console.log(lost.join('\n'));
    expect(examples.length).toBe(652);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});
