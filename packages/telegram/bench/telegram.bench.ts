// `pnpm bench` for @parley/telegram: Markdown → Telegram HTML and splitting on 10 MB of specialist
// Markdown beside a plain escape of the same text; hostile Markdown (the shapes CommonMark parsers
// are known to struggle with) and hostile HTML at 10 KB, 100 KB and 1 MB to show linear time.
import { printTable, runBench, timeGrowth, writeResults } from '@parley/bench';
import { escapeHtmlForBench, markdownToTelegramHtml, presentResult, splitTelegramMessage, validateTelegramHtml } from './telegram-bench-imports.ts';

let sink = 0;
const section = [
  '## 分析結果',
  '- **準確率**：0.97，_交叉驗證_ 5 折',
  '- 最重要特徵：`proline`，其次 `flavanoids`',
  '> 注意：樣本只有 178 筆 &amp; 3 個品種 <class_0..2>',
  '參考 [scikit-learn](https://scikit-learn.org/stable/datasets/toy_dataset.html#wine-dataset) 與 snake_case_names。',
  '```python',
  'print(df.groupby("class").mean())',
  '```',
  '',
].join('\n');
const markdown = section.repeat(Math.ceil((10 * 1024 * 1024) / section.length));
const conversion = await runBench({
  package: 'telegram',
  input: '10 MB of specialist Markdown, converted whole',
  bytes: markdown.length,
  chunks: 1,
  baseline: { name: 'escape &, <, > only', run: () => (sink += escapeHtmlForBench(markdown).length) },
  cases: [
    { name: 'markdownToTelegramHtml', run: () => (sink += markdownToTelegramHtml(markdown).length) },
    { name: 'markdownToTelegramHtml + splitTelegramMessage', run: () => (sink += splitTelegramMessage(markdownToTelegramHtml(markdown)).length) },
  ],
  rounds: 3,
});

const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const hostile: Record<string, (size: number) => string> = {
  'unclosed emphasis *a *a *a': (size) => repeatTo('*a ', size),
  'nested emphasis *a **a ***a _a __a': (size) => repeatTo('*a **a ***a _a __a ', size),
  'brackets [[[[': (size) => repeatTo('[', size),
  'unclosed links [a](': (size) => repeatTo('[a](', size),
  'backtick runs ` `` ```': (size) => repeatTo('` `` ``` ', size),
  'links with emphasis': (size) => repeatTo('[x](https://a.io) *', size),
  'underscores ____': (size) => repeatTo('_', size),
  'quote depth >>>>': (size) => repeatTo('>', size),
  'list depth - - - -': (size) => repeatTo('- ', size),
  'entities &#&#': (size) => repeatTo('&#', size),
  'table rows': (size) => `| a | b |\n|---|---|\n${repeatTo('| c | d |\n', size)}`,
  'unclosed [FILE:': (size) => repeatTo('[FILE: ', size),
};
const rows = timeGrowth(hostile, (text) => (sink += markdownToTelegramHtml(text).length));
printTable('hostile Markdown through markdownToTelegramHtml (best of 3; linear growth means ~10× per 10× size)', rows);
const others = [
  ...timeGrowth({ 'presentResult: unclosed [FILE:': (size) => `[RESULT_START]\n${repeatTo('[FILE: ', size)}`, 'presentResult: { lines': (size) => repeatTo('{\n', size), 'presentResult: {}x lines': (size) => repeatTo('{}x\n', size) }, (text) => (sink += presentResult(text, { language: 'en' }).html.length + 1)),
  ...timeGrowth({ 'validateTelegramHtml: <b> opened': (size) => repeatTo('<b>', size), 'validateTelegramHtml: </b junk>': (size) => repeatTo('<b></b junk>', size) }, (text) => (sink += validateTelegramHtml(text).problems.length + 1)),
];
printTable('hostile input to presentation and validation (best of 3; linear growth means ~10× per 10× size)', others);
if (sink === 0) throw new Error('the benchmark did no work');
writeResults('telegram', { conversion, hostile: rows, others });
