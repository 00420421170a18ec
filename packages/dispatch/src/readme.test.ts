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
  const worker = createWorker({
    dispatcher,
    agents: {
      coding_agent: async () => ({ paths: ['/data/wine.csv'] }),
      ba_agent: async (task) => ({ paths: ['/data/wine.pdf'], values: { from: task.inputs['load'] } }),
    },
  });
  expect(await worker.drain()).toBe(2);
  expect(sentences).toEqual([
    'Step 1: load wine CSV: coding_agent started.',
    'Step 1: load wine CSV: done.',
    'Step 2: PDF report: its inputs are ready; ba_agent is next.',
    'Step 2: PDF report: ba_agent started.',
    'Step 2: PDF report: done.',
  ]);
  const [, report] = await dispatcher.store.history('session-42');
  expect(report?.output).toEqual({ paths: ['/data/wine.pdf'], values: { from: { paths: ['/data/wine.csv'] } } });
});
