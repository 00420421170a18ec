import { expect, test } from 'vitest';
import { createDispatcher } from './dispatcher';
import { createSqliteTaskStore } from './sqlite-task-store';
import { createWorker } from './worker';

// The README's example, kept honest (with an in-memory store).
test('the README example runs as it says', async () => {
  const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
  const sentences: string[] = [];
  dispatcher.on('progress', ({ sentence }) => sentences.push(sentence));
  const { summary } = await dispatcher.dispatchPlan(
    {
      id: 'session-42/plan-1',
      steps: [
        { ref: 'load', title: 'Step 1: load wine CSV', agent: 'coding_agent', request: 'Write the wine dataset to /data/wine.csv' },
        { ref: 'report', title: 'Step 2: PDF report', agent: 'ba_agent', request: 'Read the CSV from Step 1 and write /data/wine.pdf' },
      ],
    },
    { sessionId: 'session-42' },
  );
  expect(summary).toMatch(/^Dispatched 2 task\(s\) as a chain: #\w{8} \(coding_agent\), #\w{8} \(ba_agent ↳ depends on #\w{8}\)$/);
  const mailed = new Set<string>();
  const worker = createWorker({
    dispatcher,
    agents: {
      coding_agent: async () => ({ paths: ['/data/wine.csv'] }),
      ba_agent: async (task) => {
        if (!mailed.has(task.taskKey)) mailed.add(task.taskKey);
        return { paths: ['/data/wine.pdf'], values: { from: task.inputs['load'] } };
      },
    },
  });
  expect(await worker.drain()).toBe(2);
  expect(mailed.size).toBe(1);
  expect(sentences).toEqual([
    'Step 1: load wine CSV: coding_agent started.',
    'Step 1: load wine CSV: done.',
    'Step 2: PDF report: its inputs are ready; ba_agent is next.',
    'Step 2: PDF report: ba_agent started.',
    'Step 2: PDF report: done.',
  ]);
  const [, report] = await dispatcher.store.history('session-42');
  expect(report?.output).toEqual({ paths: ['/data/wine.pdf'], values: { from: { paths: ['/data/wine.csv'] } } });
  const { tasks } = await dispatcher.dispatchTask(
    { ref: 'longer', title: '[Iteration] 10-page report', agent: 'ba_agent', request: 'Extend the report to 10 pages.', iterationOf: report?.id ?? '' },
    { id: 'session-42/iteration-1', sessionId: 'session-42' },
  );
  expect(tasks[0]).toMatchObject({ expectedOutputs: ['/data/wine.pdf'], iterationOf: report?.id });
  expect(tasks[0]?.request).toContain('This is an in-place modification of an existing file at /data/wine.pdf.');
});

// The guards example of the dispatch decisions page (apps/docs/site/packages/dispatch.md), kept honest here too.
test('the README guards example runs as it says', async () => {
  const { classifyConfirmation, guardReplyStream, lintRequest, replyContextFromStore } = await import('./guards/index');
  const { collectText, transformText } = await import('@parley/core');
  const plan = {
    id: 'chat-7/wine',
    steps: [
      {
        ref: 'eda',
        title: 'Load the wine data and run EDA',
        agent: 'coding_agent',
        request: 'Load the sklearn wine dataset, run EDA and save the statistics as /app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv',
        expectedOutputs: ['/app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv'],
      },
      {
        ref: 'report',
        title: 'Write the PDF report',
        agent: 'business_analysis_agent',
        request:
          'Read /app/data/shared/costaff-agent-coding/wine-eda/wine_stats.csv and write a PDF report in Traditional Chinese to /app/data/shared/costaff-agent-business-analysis/wine-eda-report/wine_report.pdf',
        expectedOutputs: ['/app/data/shared/costaff-agent-business-analysis/wine-eda-report/wine_report.pdf'],
      },
    ],
  };
  for (const step of plan.steps) expect(lintRequest(step.request)).toEqual([]);
  expect(classifyConfirmation('好，開始吧').kind).toBe('confirm');
  const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
  const { tasks } = await dispatcher.dispatchPlan(plan, { sessionId: 'chat-7' });
  const context = await replyContextFromStore(dispatcher.store, { sessionId: 'chat-7', dispatched: tasks.map((task) => task.id) });
  const guard = guardReplyStream(context, { mode: 'withhold', fallback: () => '（回覆未通過檢查，已攔下）' });
  const reply = `已派工。Coding (#${tasks[0]?.id.slice(0, 8)}) 處理中，BA 完成後自動接續。`;
  expect(await collectText(transformText([reply], guard))).toBe(reply);
  expect(await collectText(transformText(['已建立新任務 #f12d8d10。'], guard))).toBe('（回覆未通過檢查，已攔下）');
});
