import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatOpenAI } from '@langchain/openai';
import { validateTelegramHtml } from '@parley/telegram';
import { expect, test } from 'vitest';
import { runSession } from './run-session.ts';
import { ScriptedManager } from './scripted-manager.ts';
import { startScriptedOpenAIServer } from './scripted-openai-server.ts';

test('the offline session: plan, confirm, one dispatch_plan, guarded replies, an in-place iteration', async () => {
  const workdir = mkdtempSync(join(tmpdir(), 'parley-app-'));
  const telegram: string[] = [];
  const result = await runSession({
    model: new ScriptedManager({ root: join(workdir, 'shared') }),
    workdir,
    listener: { telegram: (_from, parts) => telegram.push(...parts) },
  });

  // Every message the user got is HTML Telegram accepts.
  for (const message of telegram) expect(validateTelegramHtml(message).problems).toEqual([]);
  expect(result.planHtml).toContain('<b>Step 2: 商業分析專家</b>');

  // One dispatch_plan created both steps; step 2 waited in backlog and started by itself.
  expect(result.statesAfterDispatch).toEqual(['queued', 'backlog']);
  expect(result.dispatchCalls).toBe(2);
  const [eda, report, iteration] = result.tasks;
  expect(result.tasks.map((task) => task.state)).toEqual(['done', 'done', 'done']);

  // The verbal-only promise with an invented id was withheld; everything else passed.
  const withheld = result.verdicts.filter((verdict) => verdict.withheld);
  expect(withheld.map((verdict) => verdict.violations.map((violation) => violation.code).toSorted())).toEqual([['HALLUCINATED_DISPATCH', 'VERBAL_ONLY_PROMISE']]);
  expect(telegram.join('\n')).not.toContain('f12d8d10');

  // The iteration modified the delivered PDF in place: same path, now 10 pages.
  const pdf = report?.output?.paths?.[0] ?? '';
  expect(iteration).toMatchObject({ iterationOf: report?.id, expectedOutputs: [pdf], output: { paths: [pdf] } });
  expect(readFileSync(pdf, 'latin1')).toContain('/Count 10');
  expect(eda?.output?.paths?.[0]).toMatch(/costaff-agent-coding\/wine-eda\/wine_stats\.csv$/);

  // Final replies list every delivered file, which exists.
  expect(result.finalReplies).toHaveLength(2);
  for (const reply of result.finalReplies) {
    for (const [, path] of reply.matchAll(/\[FILE: ([^\]]+)\]/g)) expect(existsSync(path as string)).toBe(true);
  }
  expect(result.finalReplies[0]).toContain('wine_stats.csv');
});

test('the real-model path: ChatOpenAI over HTTP (a loopback OpenAI-compatible server replaying the script)', async () => {
  const workdir = mkdtempSync(join(tmpdir(), 'parley-app-http-'));
  const server = await startScriptedOpenAIServer(new ScriptedManager({ root: join(workdir, 'shared') }));
  try {
    const model = new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', configuration: { baseURL: server.url } });
    const result = await runSession({ model, workdir });
    expect(result.statesAfterDispatch).toEqual(['queued', 'backlog']);
    expect(result.tasks.map((task) => task.state)).toEqual(['done', 'done', 'done']);
    expect(result.verdicts.filter((verdict) => verdict.withheld).map((verdict) => verdict.violations.map((violation) => violation.code).toSorted())).toEqual([['HALLUCINATED_DISPATCH', 'VERBAL_ONLY_PROMISE']]);
    expect(result.finalReplies).toHaveLength(2);
  } finally {
    await server.close();
  }
});
