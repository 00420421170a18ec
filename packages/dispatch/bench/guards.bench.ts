// `pnpm bench` for the guards and presentation of @parley/dispatch: guardReply on a 10 MB stream
// of manager replies beside core's no-op session; Markdown → Telegram HTML and splitting on 10 MB
// of specialist Markdown beside a plain escape of the same text; and hostile Markdown at 10 KB,
// 100 KB and 1 MB to show linear time.
import { printTable, runBench, splitIntoChunks, streamChunks, timeGrowth, writeResults } from '@parley/bench';
import { passthrough } from '@parley/core';
import { checkReply, classifyRequest, escapeHtmlForBench, guardReply, lintRequest, markdownToTelegramHtml, presentResult, splitTelegramMessage, validateTelegramHtml } from './guards-bench-imports.ts';

const id = 'abc12345-0d1e-4f00-8a5b-6c7d8e9f0a1b';
const reply = [
  `已派工。Coding (#${id.slice(0, 8)}) 處理中，BA (#5e6f7a8b) 已排入待辦、Coding 完成後自動接續。`,
  '主色 #1e90ff，背景 #ffffff；參考 issue #1234 與 commit 3f2a9c1。',
  '[FILE: /app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv]',
  'The report is ready: accuracy 0.97, proline is the strongest feature.',
  '',
].join('\n');
const replies = reply.repeat(Math.ceil((10 * 1024 * 1024) / reply.length));
const chunks = splitIntoChunks(replies, 4);
const context = { dispatched: [id, '5e6f7a8b-1c2d-4e3f-9a0b-1c2d3e4f5a6b'], completed: [id], delivered: ['/app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv'], fileExists: () => false };
let sink = 0;
const streaming = await runBench({
  package: 'dispatch-guards',
  input: `10 MB of manager replies in ${chunks.length.toLocaleString('en-US')} chunks of 4 characters`,
  bytes: replies.length,
  chunks: chunks.length,
  baseline: { name: 'core no-op session', run: () => (sink += streamChunks(passthrough(), chunks)) },
  cases: [{ name: 'guardReply (report) session', run: () => (sink += streamChunks(guardReply(context), chunks)) }],
  rounds: 3,
});

const section = [
  '## 分析結果',
  '- **準確率**：0.97，_交叉驗證_ 5 折',
  '- 最重要特徵：`proline`，其次 `flavanoids`',
  '> 注意：樣本只有 178 筆 & 3 個品種 <class_0..2>',
  '參考 [scikit-learn](https://scikit-learn.org/stable/datasets/toy_dataset.html#wine-dataset) 與 snake_case_names。',
  '```python',
  'print(df.groupby("class").mean())',
  '```',
  '',
].join('\n');
const markdown = section.repeat(Math.ceil((10 * 1024 * 1024) / section.length));
const conversion = await runBench({
  package: 'dispatch-telegram',
  input: `10 MB of specialist Markdown, converted whole`,
  bytes: markdown.length,
  chunks: 1,
  baseline: { name: 'escape &, <, > only', run: () => (sink += escapeHtmlForBench(markdown).length) },
  cases: [
    { name: 'markdownToTelegramHtml', run: () => (sink += markdownToTelegramHtml(markdown).length) },
    { name: 'markdownToTelegramHtml + splitTelegramMessage', run: () => (sink += splitTelegramMessage(markdownToTelegramHtml(markdown)).length) },
  ],
  rounds: 3,
});

const hostile: Record<string, (size: number) => string> = {
  'unclosed emphasis *a *a *a': (size) => '*a '.repeat(Math.ceil(size / 3)),
  'brackets [[[[': (size) => '['.repeat(size),
  'backtick runs ` `` ```': (size) => '` `` ``` '.repeat(Math.ceil(size / 9)),
  'links with emphasis': (size) => '[x](https://a.io) *'.repeat(Math.ceil(size / 19)),
  'underscores ____': (size) => '_'.repeat(size),
};
const rows = timeGrowth(hostile, (text) => (sink += markdownToTelegramHtml(text).length));
printTable('hostile Markdown through markdownToTelegramHtml (best of 3; linear growth means ~10× per 10× size)', rows);
// The guards and presentation on inputs built to be slow for them (issue 14: many paths in a
// request, unclosed [FILE: markers, lines of { that never close as JSON).
const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const numbered = (unit: (index: number) => string, size: number): string => {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index += 1) {
    const part = unit(index);
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
};
const guards = [
  ...timeGrowth({ 'lintRequest: many paths': (size) => `Write the report to /app/data/shared/acme/report.md. Read ${numbered((index) => `/app/data/shared/acme/input-${index}.md, `, size)}`, 'lintRequest: short paths': (size) => `Load and save as CSV ${repeatTo(' /a/b', size)}` }, (text) => (sink += lintRequest(text).length + 1)),
  ...timeGrowth({ 'presentResult: unclosed [FILE:': (size) => `[RESULT_START]\n${repeatTo('[FILE: ', size)}`, 'presentResult: { lines': (size) => repeatTo('{\n', size), 'presentResult: {}x lines': (size) => repeatTo('{}x\n', size) }, (text) => (sink += presentResult(text, { language: 'en' }).html.length + 1)),
  ...timeGrowth({ 'checkReply: [FILE: markers, one ]': (size) => `${repeatTo('[FILE: ', size)}]`, 'checkReply: # ids with no digit': (size) => repeatTo('Dispatched #deadbeef ', size) }, (text) => (sink += checkReply(text, context).violations.length + 1)),
  ...timeGrowth({ 'guardReply: [FILE: markers, one ]': (size) => `${repeatTo('[FILE: ', size)}]` }, (text) => (sink += streamChunks(guardReply(context), splitIntoChunks(text, 4096)) + 1)),
  ...timeGrowth({ 'markdownToTelegramHtml: unclosed [FILE:': (size) => repeatTo('[FILE: ', size) }, (text) => (sink += markdownToTelegramHtml(text).length)),
  ...timeGrowth({ 'validateTelegramHtml: <b> opened': (size) => repeatTo('<b>', size) }, (text) => (sink += validateTelegramHtml(text).problems.length)),
  ...timeGrowth({ 'classifyRequest: signals': (size) => repeatTo('fix update 改 ', size) }, (text) => (sink += classifyRequest(text, { delivered: ['/app/data/shared/p/a.md'] }).signals.length)),
];
printTable('hostile input to the guards and presentation (best of 3; linear growth means ~10× per 10× size)', guards);
if (sink === 0) throw new Error('the benchmark did no work');
writeResults('dispatch-guards', { streaming, conversion, hostile: rows, guards });
