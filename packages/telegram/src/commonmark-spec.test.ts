// The CommonMark spec's 652 examples, rendered by the converter, compared by their
// Telegram-expressible formatting (formatting-spans.ts says what that is) with the spec's own HTML
// and with markdown-it's rendering. `PARLEY_SPEC_REPORT=1` prints the examples that differ.
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
const examples = tests.map((example) => ({ ...example, markdown: example.markdown.replaceAll('→', '\t'), html: example.html.replaceAll('→', '\t') }));
const markdownIt = new MarkdownIt('commonmark', { html: false });

/** How many examples keep their formatting, of all and of those whose reference has any. */
function measure(name: string, reference: (example: SpecExample) => string): { all: number; formatted: number } {
  const lost: string[] = [];
  let formatted = 0;
  let formattedKept = 0;
  for (const example of examples) {
    const expected = JSON.stringify(formattingSpans(reference(example)));
    const html = markdownToTelegramHtml(example.markdown);
    expect(validateTelegramHtml(html).problems, `example ${example.number}`).toEqual([]);
    const kept = JSON.stringify(formattingSpans(html)) === expected;
    if (expected !== '[]') formatted += 1;
    if (kept && expected !== '[]') formattedKept += 1;
    if (!kept) lost.push(`${example.number} (${example.section}): ${JSON.stringify(example.markdown)}\n  want ${expected}\n  got  ${JSON.stringify(formattingSpans(html))}`);
  }
  const all = (examples.length - lost.length) / examples.length;
  console.log(`CommonMark spec against ${name}: ${examples.length - lost.length} of ${examples.length} examples keep their Telegram-expressible formatting (${(all * 100).toFixed(1)}%), ${formattedKept} of the ${formatted} with formatting (${((formattedKept / formatted) * 100).toFixed(1)}%)`);
  if (process.env['PARLEY_SPEC_REPORT'] !== undefined) console.log(lost.join('\n'));
  return { all, formatted: formattedKept / formatted };
}

describe('the CommonMark spec examples', () => {
  test('exist (652 in commonmark-spec 0.31.2)', () => {
    expect(examples.length).toBe(652);
  });

  test("keep the spec's own HTML's Telegram-expressible formatting (≥ 95%, and ≥ 95% of those with formatting)", () => {
    // Raw HTML is shown as text, never passed on: the spec's HTML-block examples cannot match.
    const { all, formatted } = measure("the spec's HTML", (example) => example.html);
    expect(all).toBeGreaterThanOrEqual(0.95);
    expect(formatted).toBeGreaterThanOrEqual(0.95);
  });

  test("keep markdown-it's rendering's Telegram-expressible formatting (≥ 98%, and ≥ 98% of those with formatting)", () => {
    const { all, formatted } = measure('markdown-it (commonmark, html off)', (example) => markdownIt.render(example.markdown));
    expect(all).toBeGreaterThanOrEqual(0.98);
    expect(formatted).toBeGreaterThanOrEqual(0.98);
  });
});
