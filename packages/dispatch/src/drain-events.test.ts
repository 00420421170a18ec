import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { createDispatcher } from './dispatcher';
import { createSqliteTaskStore } from './sqlite-task-store';
import { createWorker, type DispatchAgent } from './worker';

type Behaviour = 'ok' | 'flaky' | 'broken';

/** Plans of 1–6 steps, each depending on any earlier ones, with how each step's agent behaves. */
const plans = fc
  .array(fc.record({ behaviour: fc.constantFrom<Behaviour>('ok', 'ok', 'flaky', 'broken'), dependencies: fc.array(fc.nat(), { maxLength: 3 }) }), { minLength: 1, maxLength: 6 })
  .map((steps) => steps.map((step, index) => ({ ...step, dependencies: [...new Set(index === 0 ? [] : step.dependencies.map((dependency) => dependency % index))] })));

// Invariant: when drain() resolves, no task of a plan it could run is queued or running, and every
// final state was announced by its event (a drain that resolved beside a completion write, taking
// "the tick claimed nothing" for "there is no work", broke it).
test(
  'when drain() resolves, every state the store holds has been announced: one event per final state, one retried per retry',
  { timeout: 120_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(plans, fc.integer({ min: 1, max: 4 }), async (steps, concurrency) => {
        const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
        const finals = new Map<string, string[]>();
        const retries = new Map<string, number>();
        const announce = (id: string, state: string): void => void finals.set(id, [...(finals.get(id) ?? []), state]);
        dispatcher.on('done', (task) => announce(task.id, 'done'));
        dispatcher.on('skipped', (task) => announce(task.id, 'skipped'));
        dispatcher.on('cancelled', (task) => announce(task.id, 'cancelled'));
        dispatcher.on('failed', ({ task }) => announce(task.id, 'failed'));
        dispatcher.on('retried', ({ task }) => retries.set(task.id, (retries.get(task.id) ?? 0) + 1));
        const agent: DispatchAgent = async (task) => {
          const behaviour = steps[Number(task.ref.slice(1))]?.behaviour;
          if (behaviour === 'broken' || (behaviour === 'flaky' && task.attempt === 1)) throw new Error('failed');
          return { paths: [`/out/${task.ref}`] };
        };
        const worker = createWorker({ dispatcher, agents: { coding_agent: agent }, maxAttempts: 2, backoff: () => 0, pollMilliseconds: 5, concurrency });
        await dispatcher.dispatchPlan({
          id: 'drain-plan',
          steps: steps.map((step, index) => ({ ref: `s${index}`, title: `Step ${index}`, agent: 'coding_agent', request: 'Do it', dependsOn: step.dependencies.map((dependency) => `s${dependency}`) })),
        });
        await worker.drain();
        const final = await dispatcher.store.listPlan('drain-plan');
        for (const task of final) {
          expect(task.state).not.toBe('running');
          expect(task.state).not.toBe('queued');
          expect(finals.get(task.id)).toEqual([task.state]);
          expect(retries.get(task.id) ?? 0).toBe(Math.max(0, task.attempt - 1));
        }
      }),
      { numRuns: 60 },
    );
  },
);

test('a flaky task beside two others: its retry and its completion are announced before drain() resolves', async () => {
  const dispatcher = createDispatcher({ store: createSqliteTaskStore() });
  const done: string[] = [];
  dispatcher.on('done', (task) => done.push(task.ref));
  const worker = createWorker({
    dispatcher,
    agents: { coding_agent: async (task) => (task.ref === 's1' && task.attempt === 1 ? Promise.reject(new Error('once')) : { paths: [] }) },
    maxAttempts: 2,
    backoff: () => 0,
    pollMilliseconds: 5,
  });
  await dispatcher.dispatchPlan({ id: 'p', steps: ['s0', 's1', 's2'].map((ref) => ({ ref, title: ref, agent: 'coding_agent', request: 'Do it', dependsOn: [] })) });
  await worker.drain();
  expect(done.sort()).toEqual(['s0', 's1', 's2']);
});
