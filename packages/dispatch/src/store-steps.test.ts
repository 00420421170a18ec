import { afterAll, describe, expect, test } from 'vitest';
import { storeMakers } from './__fixtures__/store-makers';
import type { ResolvedStep } from './plan';
import { PlanError } from './plan-error';
import type { TaskStore } from './task-store';

/** Every store runs these: the embedded one always, Postgres when PARLEY_PG_URL is set. */
const { makers, dropSchemas } = storeMakers('parley_store_steps');
const opened: TaskStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
  await dropSchemas();
});

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

describe.each(makers)("a step built by hand, given to %s's createPlan", (_name, make) => {
  test('without expectedOutputs or dependsOn expects and depends on nothing, as in a written plan', async () => {
    const store = await make();
    opened.push(store);
    const steps = [
      { ref: 'load', title: 'Load', agent: 'coding_agent', request: 'load the data' },
      { ref: 'report', title: 'Report', agent: 'ba_agent', request: 'report', dependsOn: ['load'] },
    ] as unknown as ResolvedStep[];
    const { tasks, created } = await store.createPlan('by-hand', steps, { now: 1000 });
    expect(created).toBe(2);
    expect(tasks.map((task) => [task.ref, task.state, task.expectedOutputs, task.dependsOn])).toEqual([
      ['load', 'queued', [], []],
      ['report', 'backlog', [], ['load']],
    ]);
  });

  test('with a field missing or of the wrong kind is a PlanError naming it, and nothing is created', async () => {
    const store = await make();
    opened.push(store);
    const steps = [
      { ref: 'load', title: 'Load', agent: 'coding_agent', expectedOutputs: 'data.csv' },
      { ref: 'report', title: '', agent: 'ba_agent', request: 'report', dependsOn: [1] },
    ] as unknown as ResolvedStep[];
    const error = await rejection(store.createPlan('bad', steps, { now: 1000 }));
    expect(PlanError.isInstance(error)).toBe(true);
    expect((error as PlanError).problems).toEqual([
      'steps[0].request: must be a non-empty string; got undefined',
      'steps[0].expectedOutputs: must be an array of non-empty strings; got string',
      'steps[1].title: must be a non-empty string; got an empty string',
      'steps[1].dependsOn: must be an array of non-empty strings; got an array',
    ]);
    expect(await store.listPlan('bad')).toEqual([]);
    expect(PlanError.isInstance(await rejection(store.createPlan('bad', 'steps' as unknown as ResolvedStep[], { now: 1000 })))).toBe(true);
  });
});
