// Clock-free growth guard for the guards: each runs on inputs built to be slow for it at n, 2n and
// 4n characters with the scanning methods counted (@parley/bench countWork), and the work may at
// most multiply by 2.3 per doubling. Issue 14's cases (many paths in a request, unclosed [FILE:
// markers) are here with their cousins; the presentation functions' cases moved with them to
// @parley/telegram.
import { expectLinearWork } from '@parley/bench';
import { describe, test } from 'vitest';
import { checkIterationPath, findVersionMarker } from './check-iteration-path';
import { checkProgressLine } from './check-progress-line';
import { checkReply } from './check-reply';
import { checkSharedPath, toKebabCase } from './check-shared-path';
import { classifyConfirmation } from './classify-confirmation';
import { classifyRequest } from './classify-request';
import { guardReplyStream } from './guard-reply-stream';
import { lintRequest } from './lint-request';

const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const numbered = (unit: (index: number) => string, size: number): string => {
  let text = '';
  for (let index = 0; text.length < size; index += 1) text += unit(index);
  return text;
};
const stream = (text: string): void => {
  const session = guardReplyStream({ dispatched: ['3f9a1c2e'], fileExists: () => false }).open({ streamId: 'growth' });
  for (let offset = 0; offset < text.length; offset += 4096) session.write(text.slice(offset, offset + 4096));
  session.end();
};
const reply = { dispatched: ['3f9a1c2e'], fileExists: () => false };

type Case = readonly [entry: string, input: string, make: (size: number) => string, run: (text: string) => unknown];

const cases: readonly Case[] = [
  ['lintRequest', 'many paths (issue 14)', (size) => `Write the report to /app/data/shared/acme/report.md. Read ${numbered((index) => `/app/data/shared/acme/input-${index}.md, `, size)}`, (text) => lintRequest(text)],
  ['lintRequest', 'many short paths', (size) => `Load and save as CSV ${repeatTo(' /a/b', size)}`, (text) => lintRequest(text)],
  ['lintRequest', 'one path with trailing dots', (size) => `Load /a${repeatTo('.', size)}`, (text) => lintRequest(text)],
  ['lintRequest', 'slashes only', (size) => `Load ${repeatTo('/', size)}`, (text) => lintRequest(text)],
  ['lintRequest', 'one huge word', (size) => repeatTo('a', size), (text) => lintRequest(text)],
  ['lintRequest', 'one deep shared path', (size) => `Save as /app/data/shared/costaff-agent-coding/${repeatTo('Ab_/', size)}x.csv`, (text) => lintRequest(text, { project: 'p' })],
  ['checkReply', '[FILE: repeated, one ] at the end', (size) => `${repeatTo('[FILE: ', size)}]`, (text) => checkReply(text, reply)],
  ['checkReply', 'many cited ids', (size) => numbered((index) => `task ${(0x10000000 + index).toString(16)} `, size), (text) => checkReply(text, reply)],
  ['checkReply', '# ids with no digit', (size) => repeatTo('Dispatched #deadbeef ', size), (text) => checkReply(text, reply)],
  ['guardReplyStream', '[FILE: repeated, one ] at the end', (size) => `${repeatTo('[FILE: ', size)}]`, stream],
  ['classifyRequest', 'signals repeated', (size) => repeatTo('fix update 改 ', size), (text) => classifyRequest(text, { delivered: ['/app/data/shared/p/a.md'] })],
  ['classifyConfirmation', 'yes ok go', (size) => repeatTo('yes ok go ', size), (text) => classifyConfirmation(text)],
  ['checkProgressLine', 'one long line', (size) => repeatTo('▶️ 正在 /a/b 處理 ', size), (text) => checkProgressLine(text)],
  ['checkSharedPath', 'deep path', (size) => `/app/data/shared/costaff-agent-x/${repeatTo('a/', size)}`, (text) => checkSharedPath(text)],
  ['checkIterationPath', 'version markers', (size) => `/a/${repeatTo('b-v2_new-final', size)}.md`, (text) => checkIterationPath(text, '/a/b.md')],
  ['findVersionMarker', 'version markers', (size) => `/a/${repeatTo('-v', size)}2.md`, (text) => findVersionMarker(text, '/a/b.md')],
  ['toKebabCase', 'aB repeated', (size) => repeatTo('aB ', size), (text) => toKebabCase(text)],
];

describe('guards do linear work (counted, no clock)', () => {
  for (const [entry, input, make, run] of cases) {
    test(`${entry} — ${input}`, { timeout: 180_000 }, () => {
      expectLinearWork(`${entry} on ${input}`, make, run, { size: 4_000, maxRatio: 2.3 });
    });
  }
});
