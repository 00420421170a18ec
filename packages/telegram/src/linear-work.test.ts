// Clock-free growth guard for the presentation functions (moved from @parley/dispatch with them):
// each runs on inputs built to be slow for it at n, 2n and 4n characters with the scanning methods
// counted (@parley/bench countWork; markdown-it scans with charCodeAt, slice and regular
// expressions, which are counted), and the work may at most multiply by 2.3 per doubling. The
// Markdown cases include the shapes CommonMark parsers are known to struggle with: nested
// emphasis, brackets, backticks, quote and list depth, link reference definitions, tables.
import { expectLinearWork } from '@parley/bench';
import { describe, test } from 'vitest';
import { markdownToTelegramHtml } from './markdown-to-telegram-html';
import { presentResult } from './present-result';
import { splitTelegramMessage } from './split-telegram-message';
import { validateTelegramHtml } from './validate-telegram-html';

const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const numbered = (unit: (index: number) => string, size: number): string => {
  let text = '';
  for (let index = 0; text.length < size; index += 1) text += unit(index);
  return text;
};
const attempt = (run: () => unknown): void => {
  try {
    run();
  } catch {
    // Invalid HTML is refused: the refusal must be linear too.
  }
};
const convert = (text: string): unknown => markdownToTelegramHtml(text);

type Case = readonly [entry: string, input: string, make: (size: number) => string, run: (text: string) => unknown];

const cases: readonly Case[] = [
  ['presentResult', 'unclosed [FILE: (issue 14)', (size) => `[RESULT_START]\n${repeatTo('[FILE: ', size)}`, (text) => presentResult(text, { language: 'en' })],
  ['presentResult', '{ lines (JSON that never closes)', (size) => repeatTo('{\n', size), (text) => presentResult(text)],
  ['presentResult', '[ lines', (size) => repeatTo('[\n', size), (text) => presentResult(text)],
  ['presentResult', '{} x lines', (size) => repeatTo('{}x\n', size), (text) => presentResult(text)],
  ['presentResult', '[RESULT_START] repeated', (size) => repeatTo('[RESULT_START]', size), (text) => presentResult(text)],
  ['presentResult', 'blank lines', (size) => repeatTo('a\n\n', size), (text) => presentResult(text)],
  ['markdownToTelegramHtml', 'unclosed [FILE:', (size) => repeatTo('[FILE: ', size), convert],
  ['markdownToTelegramHtml', '[FILE: then ] at the end', (size) => `${repeatTo('[FILE: ', size)}]`, convert],
  ['markdownToTelegramHtml', 'backticks of growing length', (size) => numbered((index) => `${'`'.repeat((index % 40) + 1)} `, size), convert],
  ['markdownToTelegramHtml', 'backtick runs of every length, unclosed', (size) => numbered((index) => `${'`'.repeat(index + 1)}a`, size), convert],
  ['markdownToTelegramHtml', '[a]( unclosed links', (size) => repeatTo('[a](', size), convert],
  ['markdownToTelegramHtml', '[ repeated', (size) => repeatTo('[', size), convert],
  ['markdownToTelegramHtml', '[a] repeated (shortcut references that are not defined)', (size) => repeatTo('[a]', size), convert],
  ['markdownToTelegramHtml', '![[ repeated', (size) => repeatTo('![[', size), convert],
  ['markdownToTelegramHtml', '[a]( with ( nested', (size) => `[a](${repeatTo('(', size)}`, convert],
  ['markdownToTelegramHtml', 'link with an unclosed title', (size) => repeatTo('[a](b "', size), convert],
  ['markdownToTelegramHtml', '< unclosed autolinks', (size) => repeatTo('<https:', size), convert],
  ['markdownToTelegramHtml', '< repeated', (size) => repeatTo('<', size), convert],
  ['markdownToTelegramHtml', 'fence openers', (size) => repeatTo('```\n', size), convert],
  ['markdownToTelegramHtml', '> quote lines', (size) => repeatTo('> a *b\n', size), convert],
  ['markdownToTelegramHtml', '> depth on one line', (size) => repeatTo('>', size), convert],
  ['markdownToTelegramHtml', '> depth growing line by line', (size) => numbered((index) => `${'>'.repeat(index % 30)} a\n`, size), convert],
  ['markdownToTelegramHtml', 'nested list markers on one line', (size) => repeatTo('- ', size), convert],
  ['markdownToTelegramHtml', 'nested list indentation', (size) => numbered((index) => `${' '.repeat(2 * (index % 20))}- a\n`, size), convert],
  ['markdownToTelegramHtml', '* repeated', (size) => repeatTo('*', size), convert],
  ['markdownToTelegramHtml', '_ repeated', (size) => repeatTo('_', size), convert],
  ['markdownToTelegramHtml', 'unclosed emphasis *a *a', (size) => repeatTo('*a ', size), convert],
  ['markdownToTelegramHtml', 'nested emphasis openers *a **a ***a', (size) => repeatTo('*a **a ***a _a __a ', size), convert],
  ['markdownToTelegramHtml', 'emphasis closers only a* a** a***', (size) => repeatTo('a* a** a*** ', size), convert],
  ['markdownToTelegramHtml', '**a _b `c (unclosed)', (size) => repeatTo('**a _b `c ', size), convert],
  ['markdownToTelegramHtml', '~~ repeated', (size) => repeatTo('~~a ', size), convert],
  ['markdownToTelegramHtml', 'link reference definitions', (size) => numbered((index) => `[r${index}]: https://r.io/${index}\n`, size), convert],
  ['markdownToTelegramHtml', 'references to one definition', (size) => `[r]: https://r.io\n\n${repeatTo('[a][r] ', size)}`, convert],
  ['markdownToTelegramHtml', 'table rows', (size) => `| a | b |\n|---|---|\n${repeatTo('| c | d |\n', size)}`, convert],
  ['markdownToTelegramHtml', 'table with many columns', (size) => `${repeatTo('|a', size)}\n${repeatTo('|-', size)}\n${repeatTo('|b', size)}`, convert],
  ['markdownToTelegramHtml', 'pipes without a table', (size) => repeatTo('|', size), convert],
  ['markdownToTelegramHtml', 'entities & repeated', (size) => repeatTo('&#', size), convert],
  ['markdownToTelegramHtml', 'backslashes', (size) => repeatTo('\\', size), convert],
  ['markdownToTelegramHtml', 'setext underlines', (size) => repeatTo('a\n=\n', size), convert],
  ['markdownToTelegramHtml', 'one paragraph of lazy lines', (size) => repeatTo('> a\nb\n', size), convert],
  ['markdownToTelegramHtml', 'spaces before text', (size) => `${repeatTo(' ', size)}a`, convert],
  // markdown-it's reported quadratic shapes (issues 732-737) and their cmark/md4c cousins.
  ['markdownToTelegramHtml', '**_* repeated (markdown-it #735)', (size) => repeatTo('**_* ', size), convert],
  ['markdownToTelegramHtml', '[]( repeated (markdown-it #732)', (size) => repeatTo('[](', size), convert],
  ['markdownToTelegramHtml', '[](( repeated (markdown-it #734)', (size) => repeatTo('[]((', size), convert],
  ['markdownToTelegramHtml', '\\`` repeated (markdown-it #733)', (size) => repeatTo('\\``', size), convert],
  ['markdownToTelegramHtml', '``\\ repeated (markdown-it #736)', (size) => repeatTo('``\\', size), convert],
  ['markdownToTelegramHtml', ']([ lines (md4c #236)', (size) => repeatTo(']([\n', size), convert],
  ['markdownToTelegramHtml', '[ (]( repeated (md4c #57)', (size) => repeatTo('[ (](', size), convert],
  ['markdownToTelegramHtml', '<> repeated (md4c #57)', (size) => repeatTo('<>', size), convert],
  ['markdownToTelegramHtml', 'a <![CDATA[ repeated (md4c #73)', (size) => repeatTo('a <![CDATA[ ', size), convert],
  ['markdownToTelegramHtml', 'lone surrogate halves', (size) => repeatTo('a\uD800', size), convert],
  ['splitTelegramMessage', 'long runs of spaces (blank parts left out)', (size) => `<b>a</b>${repeatTo(' ', size)}b`, (text) => splitTelegramMessage(text, { limit: 16 })],
  ['splitTelegramMessage', 'two letters, then white space too long to keep', (size) => repeatTo(`ab${' '.repeat(40)}`, size), (text) => splitTelegramMessage(text, { limit: 16 })],
  ['splitTelegramMessage', 'short white-space runs in tags at every limit', (size) => numbered(() => '<pre>x😀\n\n\n</pre><b>y</b>\t\n', size), (text) => splitTelegramMessage(text, { limit: 17 })],
  // At 8× the size: from 32,000 characters on, well past the 4,096 limit (a text that fits is not cut at all).
  ['splitTelegramMessage', 'one run without breaks', (size) => repeatTo('a', 8 * size), (text) => splitTelegramMessage(text)],
  ['splitTelegramMessage', 'nested tags', (size) => `${repeatTo('<b><i>', size / 2)}x${repeatTo('</i></b>', size / 2 + size / 6)}`, (text) => attempt(() => splitTelegramMessage(text))],
  ['splitTelegramMessage', 'entities', (size) => repeatTo('&amp;', size), (text) => splitTelegramMessage(text)],
  ['splitTelegramMessage', 'unknown tag with a long body', (size) => `<${repeatTo(' ', size)}>`, (text) => attempt(() => splitTelegramMessage(text))],
  ['validateTelegramHtml', 'attributes', (size) => repeatTo('<a href="x" href="y">', size), (text) => validateTelegramHtml(text)],
  ['validateTelegramHtml', 'links inside deep tags', (size) => `${repeatTo('<b>', size / 2)}${repeatTo('<a href="x">', size / 2)}`, (text) => validateTelegramHtml(text)],
  ['validateTelegramHtml', 'closing tags with junk', (size) => repeatTo('<b></b    x>', size), (text) => validateTelegramHtml(text)],
  ['validateTelegramHtml', 'numeric entities', (size) => repeatTo('&#x1F600;&#55357;', size), (text) => validateTelegramHtml(text)],
];

describe('presentation does linear work (counted, no clock)', () => {
  for (const [entry, input, make, run] of cases) {
    test(`${entry} — ${input}`, { timeout: 180_000 }, () => {
      expectLinearWork(`${entry} on ${input}`, make, run, { size: 4_000, maxRatio: 2.3 });
    });
  }
});
