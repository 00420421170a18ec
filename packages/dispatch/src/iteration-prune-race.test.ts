import * as fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { storeMakers } from './__fixtures__/store-makers';
import { createDispatcher } from './dispatcher';
import { PlanError } from './plan-error';
import type { Task } from './task';
import type { TaskStore } from './task-store';

/** Both stores: the embedded one always, Postgres when PARLEY_PG_URL is set. */
const { postgresUrl, makers, dropSchemas } = storeMakers('parley_race');

afterAll(dropSchemas);

const delivered = '/app/data/shared/report/outputs/report.pdf';
const session = 'chat-1';

/** Creates plan `planId` with one task and completes it at `now` with the delivered path. */
const deliver = async (store: TaskStore, planId: string, now: number, iterationOf?: string): Promise<Task> => {
  const step = { ref: 'write', title: 'Write the report', agent: 'ba_agent', request: 'Write it.', dependsOn: [], expectedOutputs: iterationOf === undefined ? [] : [delivered], ...(iterationOf === undefined ? {} : { iterationOf }) };
  const { tasks } = await store.createPlan(planId, [step], { sessionId: session, now });
  const claimed = await store.claim({ now, leaseMilliseconds: 60_000 });
  if (claimed === undefined) throw new Error('nothing to claim');
  await store.complete(claimed.id, claimed.leaseToken, { summary: 'ok', paths: [delivered] }, { now });
  return tasks[0] as Task;
};

/** The store, with `prune` run just before each `createPlan` is delegated: after the dispatcher's own check. */
const pruningBeforeCreate = (store: TaskStore, finishedBefore: number, plansPerBatch: number): TaskStore => ({
  ...store,
  createPlan: async (...parameters) => {
    await store.prune?.({ finishedBefore, plansPerBatch });
    return store.createPlan(...parameters);
  },
});

/** Every task of the store's session, and whether each `iterationOf` names one of them. */
const orphans = async (store: TaskStore): Promise<Task[]> => {
  const tasks = await store.history(session);
  const ids = new Set(tasks.map((task) => task.id));
  return tasks.filter((task) => task.iterationOf !== undefined && !ids.has(task.iterationOf));
};

const iteration = (original: string) => ({ ref: 'extend', title: '[Iteration] extend the report', agent: 'ba_agent', request: 'Extend it.', iterationOf: original });

describe.each(makers)('an iteration racing prune on %s', (_name, make) => {
  test('prune removes the original after the dispatcher checked it: the plan is refused with a PlanError, nothing is orphaned', async () => {
    const store = await make();
    try {
      const original = await deliver(store, 'p-original', 1000);
      const dispatcher = createDispatcher({ store: pruningBeforeCreate(store, 5000, 200), now: () => 6000 });
      const refusal = await dispatcher.dispatchTask(iteration(original.id), { id: 'p-iteration', sessionId: session }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(PlanError.isInstance(refusal)).toBe(true);
      expect(refusal).toMatchObject({ code: 'INVALID_PLAN', problems: [`step "extend": iterationOf ${original.id} is not a dispatched task`] });
      expect(await store.get(original.id)).toBeUndefined();
      expect(await store.listPlan('p-iteration')).toEqual([]);
      expect(await orphans(store)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  test('prune runs before createPlan but the original is too recent: the iteration is created with its original intact', async () => {
    const store = await make();
    try {
      const original = await deliver(store, 'p-original', 1000);
      const dispatcher = createDispatcher({ store: pruningBeforeCreate(store, 500, 200), now: () => 6000 });
      const { tasks, created } = await dispatcher.dispatchTask(iteration(original.id), { id: 'p-iteration', sessionId: session });
      expect(created).toBe(1);
      expect(tasks[0]).toMatchObject({ iterationOf: original.id, expectedOutputs: [delivered] });
      expect(await store.get(original.id)).toMatchObject({ state: 'done' });
      // Once the iteration exists, a prune keeps its original.
      expect(await store.prune?.({ finishedBefore: 5000 })).toEqual({ plans: 0, tasks: 0, kept: 1 });
      expect(await orphans(store)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  test('the store refuses an iteration of a missing task by itself (called without the dispatcher)', async () => {
    const store = await make();
    try {
      const step = { ...iteration('00000000-0000-4000-8000-000000000000'), dependsOn: [], expectedOutputs: [delivered] };
      await expect(store.createPlan('p-lone', [step], { sessionId: session, now: 1 })).rejects.toMatchObject({ code: 'INVALID_PLAN' });
      await expect(store.createPlan('p-lone', [{ ...step, iterationOf: 'not-a-task-id' }], { sessionId: session, now: 1 })).rejects.toMatchObject({ code: 'INVALID_PLAN' });
      expect(await store.listPlan('p-lone')).toEqual([]);
    } finally {
      await store.close();
    }
  });

  test(
    'property: a prune between the dispatcher’s check and createPlan never leaves an iteration without its original',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            // Biased to cutoffs after the original finished, where prune removes it unless something keeps it.
            cutoff: fc.constantFrom(500, 1000, 1001, 5000, 5000, 9000),
            originalAt: fc.constantFrom(1000, 2000),
            // An earlier iteration of the same original: open (keeps it), finished, or none.
            earlier: fc.constantFrom<'none' | 'open' | 'finished'>('none', 'none', 'open', 'finished'),
            // An iteration of the iteration (a chain).
            chained: fc.boolean(),
            plansPerBatch: fc.integer({ min: 1, max: 3 }),
          }),
          async ({ cutoff, originalAt, earlier, chained, plansPerBatch }) => {
            const store = await make();
            try {
              const first = await deliver(store, 'p-a', originalAt);
              const original = chained ? await deliver(store, 'p-b', originalAt, first.id) : first;
              if (earlier === 'finished') await deliver(store, 'p-c', originalAt, original.id);
              else if (earlier === 'open') await store.createPlan('p-c', [{ ...iteration(original.id), dependsOn: [], expectedOutputs: [delivered], agent: 'other_agent' }], { sessionId: session, now: originalAt });
              const dispatcher = createDispatcher({ store: pruningBeforeCreate(store, cutoff, plansPerBatch), now: () => 10_000 });
              const outcome = await dispatcher.dispatchTask(iteration(original.id), { id: 'p-new', sessionId: session }).then(
                (result) => ({ result }),
                (error: unknown) => ({ error }),
              );
              const originalGone = (await store.get(original.id)) === undefined;
              if ('error' in outcome) {
                expect(PlanError.isInstance(outcome.error)).toBe(true);
                expect(originalGone).toBe(true);
                expect(await store.listPlan('p-new')).toEqual([]);
              } else {
                expect(originalGone).toBe(false);
                expect(outcome.result.tasks[0]?.iterationOf).toBe(original.id);
              }
              // Exactly when prune could take it: finished before the cutoff, nothing open pointing at it.
              expect(originalGone).toBe(originalAt < cutoff && earlier !== 'open');
              expect(await orphans(store)).toEqual([]);
            } finally {
              await store.close();
            }
          },
        ),
        { numRuns: postgresUrl === undefined ? 100 : 40 },
      );
    },
  );
});
