// `pnpm bench` for the guards of @parley/dispatch: guardReplyStream on a 10 MB stream of manager replies
// beside core's no-op session, and the guards on hostile input at 10 KB, 100 KB and 1 MB to show
// linear time. The presentation benchmarks moved to @parley/telegram (bench/telegram.bench.ts).
import { printTable, runBench, splitIntoChunks, streamChunks, timeGrowth, writeResults } from '@parley/bench';
import { passthroughStream } from '@parley/core';
import { checkReply, classifyRequest, guardReplyStream, lintRequest } from './guards-bench-imports.ts';

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
  baseline: { name: 'core no-op session', run: () => (sink += streamChunks(passthroughStream(), chunks)) },
  cases: [{ name: 'guardReplyStream (report) session', run: () => (sink += streamChunks(guardReplyStream(context), chunks)) }],
  rounds: 3,
});

// The guards on inputs built to be slow for them (issue 14: many paths in a request, unclosed
// [FILE: markers).
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
  ...timeGrowth({ 'checkReply: [FILE: markers, one ]': (size) => `${repeatTo('[FILE: ', size)}]`, 'checkReply: # ids with no digit': (size) => repeatTo('Dispatched #deadbeef ', size) }, (text) => (sink += checkReply(text, context).violations.length + 1)),
  ...timeGrowth({ 'guardReplyStream: [FILE: markers, one ]': (size) => `${repeatTo('[FILE: ', size)}]` }, (text) => (sink += streamChunks(guardReplyStream(context), splitIntoChunks(text, 4096)) + 1)),
  ...timeGrowth({ 'classifyRequest: signals': (size) => repeatTo('fix update 改 ', size) }, (text) => (sink += classifyRequest(text, { delivered: ['/app/data/shared/p/a.md'] }).signals.length)),
];
printTable('hostile input to the guards (best of 3; linear growth means ~10× per 10× size)', guards);
if (sink === 0) throw new Error('the benchmark did no work');
writeResults('dispatch-guards', { streaming, guards });
