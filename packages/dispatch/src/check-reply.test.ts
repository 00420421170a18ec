import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectText, transformText } from '@parley/core';
import { expectChunkInvariant } from '@parley/core/testing';
import { describe, expect, test } from 'vitest';
import { checkReply } from './check-reply';
import { guardReplyStream } from './guard-reply-stream';
import type { ReplyContext } from './reply-context';

const codes = (reply: string, context: ReplyContext): string[] => checkReply(reply, context).violations.map((violation) => violation.code);
const nothing: ReplyContext = { dispatched: [], fileExists: () => false };
const a = 'abc12345-0d1e-4f00-8a5b-6c7d8e9f0a1b';
const b = '5e6f7a8b-1c2d-4e3f-9a0b-1c2d3e4f5a6b';

describe('spec Principle 0: hallucinated-dispatch check', () => {
  test('FORBIDDEN: a new task id with no dispatch call is caught', () => {
    const verdict = checkReply('已建立新任務 #f12d8d10 給 BA 擴展報告至 10 頁。', nothing);
    expect(verdict.ok).toBe(false);
    expect(verdict.violations[0]).toMatchObject({ code: 'HALLUCINATED_DISPATCH', taskId: 'f12d8d10', rule: 'P0', line: 1 });
  });

  test('CORRECT: an id the dispatch call returned (or its 8-character prefix) passes', () => {
    expect(codes(`已派工。Coding (#${a.slice(0, 8)}) 處理中，BA (#${b.slice(0, 8)}) 已排入待辦、Coding 完成後自動接續。`, { dispatched: [a, b] })).toEqual([]);
    expect(codes(`Task ${a} is queued.`, { dispatched: [a] })).toEqual([]);
  });

  test('an id after a task cue is checked without a #; colours, issues and hashes are not task ids', () => {
    expect(codes('我會將此要求更新到任務規格中（任務編號：f12d8d10）。', { dispatched: [a] })).toEqual(['HALLUCINATED_DISPATCH']);
    expect(codes('Created task 9f3e2a71 for the report.', { dispatched: [a] })).toEqual(['HALLUCINATED_DISPATCH']);
    const harmless = ['主色用 #1e90ff，背景 #ffffff。', 'Set the colour to #ff0000.', 'Fixed in issue #1234 and commit 3f2a9c1.', 'sha256 9f86d081884c7d659a2feaa0c55ad015', 'The header uses background: #abc123.'];
    for (const reply of harmless) expect(codes(reply, { dispatched: [a] }), reply).toEqual([]);
  });

  test('a task known from earlier in the session may be cited', () => {
    expect(codes(`上次的任務 #${b.slice(0, 8)} 已完成。`, { dispatched: [], known: [b], completed: [b] })).toEqual([]);
  });

  test('FORBIDDEN: asking to go on between steps after the plan was confirmed', () => {
    expect(codes('Step 1 完成。要不要派 BA 處理 Step 2？', { dispatched: [], planConfirmed: true, completed: [a] })).toEqual(['CONFIRMATION_ASKED_AGAIN']);
    // An upstream failure is a valid reason to ask.
    expect(codes('Step 1 失敗了，要不要繼續？', { dispatched: [], planConfirmed: false })).toEqual([]);
  });
});

describe('spec Principle 1A rule 0: verbal-only promise', () => {
  test('FORBIDDEN: promising to extend a done task with nothing dispatched', () => {
    const reply = '沒問題，我會請 BA 擴展到 10 頁…我會將此要求更新到任務規格中 （任務編號：f12d8d10）。完成後我會立即通知您。';
    expect(codes(reply, { ...nothing, iteration: true }).toSorted()).toEqual(['HALLUCINATED_DISPATCH', 'VERBAL_ONLY_PROMISE']);
    expect(checkReply(reply, { ...nothing, iteration: true }).violations.find((violation) => violation.code === 'VERBAL_ONLY_PROMISE')?.rule).toBe('P1A');
  });

  test('CORRECT: dispatch first, then reply citing the new id', () => {
    expect(codes(`已建立新任務 #${a.slice(0, 8)} 給 BA 擴展報告至 10 頁， 完成後我會通知您。`, { dispatched: [a], iteration: true })).toEqual([]);
  });

  test('a status about a task still under way is not a promise; one about a finished task is', () => {
    const status = `BA (#${a.slice(0, 8)}) 仍在處理中，完成後我會通知您。`;
    expect(codes(status, { dispatched: [], known: [a] })).toEqual([]);
    expect(codes(status, { dispatched: [], known: [a], completed: [a] })).toEqual(['VERBAL_ONLY_PROMISE']);
    // The spec's case: an update promised on a done task, citing that task's real id, with nothing dispatched.
    expect(codes(`沒問題，我會請 BA 擴展到 10 頁（任務編號：${a.slice(0, 8)}）。`, { dispatched: [], known: [a], completed: [a], iteration: true })).toEqual(['VERBAL_ONLY_PROMISE']);
  });

  test('English promises are caught too', () => {
    expect(codes("Sure, I'll update the report to 10 pages and let you know when it's done.", nothing)).toEqual(['VERBAL_ONLY_PROMISE']);
  });
});

describe('spec Principle 6: verify before reporting', () => {
  const directory = mkdtempSync(join(tmpdir(), 'parley-reply-'));
  const onDisk = join(directory, 'wine_report.pdf');
  writeFileSync(onDisk, '%PDF');

  test('FORBIDDEN: "報告已生成" with no completion signal', () => {
    expect(codes('報告已生成，請查收。', { dispatched: [a] })).toEqual(['UNVERIFIED_COMPLETION']);
    expect(codes('The report is ready.', { dispatched: [a] })).toEqual(['UNVERIFIED_COMPLETION']);
  });

  test('CORRECT: a completion signal from the store', () => {
    expect(codes('報告已生成，請查收。', { dispatched: [], completed: [a] })).toEqual([]);
  });

  test('every [FILE: …] path exists on disk or in the store', () => {
    const recorded = '/app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv';
    const context: ReplyContext = { dispatched: [], completed: [a], delivered: [recorded] };
    expect(codes(`[FILE: ${recorded}]\n[FILE: ${onDisk}]`, context)).toEqual([]);
    const verdict = checkReply(`[FILE: ${recorded}]\n[FILE: /app/data/shared/costaff-agent-coding/wine_stats.csv]`, context);
    expect(verdict.violations).toEqual([expect.objectContaining({ code: 'MISSING_FILE', path: '/app/data/shared/costaff-agent-coding/wine_stats.csv', line: 2 })]);
  });
});

describe('guardReplyStream', () => {
  const reply = [
    '已建立新任務 #f12d8d10 給 BA。',
    '主色 #1e90ff 不變。',
    '[FILE: /nowhere/report.pdf]',
    '報告已生成，我會通知您。',
  ].join('\n');

  test('gives the same verdicts however the reply is chunked', () => {
    expectChunkInvariant(guardReplyStream(nothing), reply, { randomChunkings: 200 });
    expectChunkInvariant(guardReplyStream(nothing, { mode: 'withhold', fallback: (violations) => `blocked: ${violations.length}` }), reply, { randomChunkings: 200 });
  });

  test('report mode passes the text and reports what checkReply reports', async () => {
    const guard = guardReplyStream(nothing);
    const events: string[] = [];
    guard.on('violation', (violation) => events.push(violation.code));
    let verdict: { ok: boolean } | undefined;
    guard.on('verdict', (event) => (verdict = event));
    expect(await collectText(transformText(['已建立新任務 #f12d8d10', ' 給 BA。\n主色 #1e90ff 不變。\n[FILE: /nowhere/report.pdf]\n報告已生成，我會通知您。'], guard))).toBe(reply);
    expect(events).toEqual(checkReply(reply, nothing).violations.map((violation) => violation.code));
    expect(events.toSorted()).toEqual(['HALLUCINATED_DISPATCH', 'MISSING_FILE', 'UNVERIFIED_COMPLETION', 'VERBAL_ONLY_PROMISE']);
    expect(verdict?.ok).toBe(false);
  });

  test('a context function is read when each reply starts', () => {
    const dispatched: string[] = [];
    const guard = guardReplyStream(() => ({ dispatched }));
    const verdicts: boolean[] = [];
    guard.on('verdict', ({ ok }) => verdicts.push(ok));
    const session = (): void => {
      const open = guard.open();
      open.write(`已建立新任務 #${a.slice(0, 8)}。`);
      open.end();
    };
    session();
    dispatched.push(a);
    session();
    expect(verdicts).toEqual([false, true]);
  });

  test('withhold mode never lets a bad reply out, and releases a good one whole', async () => {
    expect(await collectText(transformText([reply], guardReplyStream(nothing, { mode: 'withhold', fallback: () => '抱歉，請稍候。' })))).toBe('抱歉，請稍候。');
    const good = `已建立新任務 #${a.slice(0, 8)}。`;
    expect(await collectText(transformText([good.slice(0, 5), good.slice(5)], guardReplyStream({ dispatched: [a] }, { mode: 'withhold' })))).toBe(good);
    const long = guardReplyStream({ dispatched: [a] }, { mode: 'withhold', maxReplyLength: 10 });
    const codesSeen: string[] = [];
    long.on('violation', (violation) => codesSeen.push(violation.code));
    expect(await collectText(transformText(['x'.repeat(11)], long))).toBe('');
    expect(codesSeen).toEqual(['REPLY_TOO_LONG']);
  });
});
