import { createSqliteTaskStore, type Task } from '@parley/dispatch';
import * as fc from 'fast-check';
import { expect, test } from 'vitest';
import { ChangePoller } from './change-poller';

/** What a store operation does to the generated plan. */
type Operation = { readonly kind: 'claim' | 'complete' | 'fail' | 'cancel' | 'poll' | 'unwatch' | 'watch'; readonly pick: number };

const operations = fc.array(
  fc.record({ kind: fc.constantFrom('claim', 'complete', 'fail', 'cancel', 'poll', 'poll', 'unwatch', 'watch'), pick: fc.nat() }) as fc.Arbitrary<Operation>,
  { maxLength: 30 },
);

// Invariant: whatever the store does between polls, and however often a page stops and starts
// watching (starting with the plan as it is, which the server sends on subscribing), the tasks the
// poller sends rebuild exactly the plan the store holds after every poll.
test('the tasks sent rebuild the stored plan after every poll, whatever happened between polls', { timeout: 180_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 6 }), operations, fc.boolean(), async (size, script, pollEveryStep) => {
      const store = createSqliteTaskStore();
      try {
        const steps = Array.from({ length: size }, (_, index) => ({ ref: `s${index}`, title: `s${index}`, agent: 'a', request: 'r', dependsOn: index === 0 ? [] : [`s${Math.floor((index - 1) / 2)}`], expectedOutputs: [] }));
        await store.createPlan('p', steps, { now: 0 });
        let watching = true;
        const view = new Map<string, Task>();
        let changes = 0;
        const poller = new ChangePoller({
          store,
          intervalMilliseconds: 60_000,
          watchedPlans: () => new Set(watching ? ['p'] : []),
          listener: {
            onChange: () => (changes += 1),
            onTasks: (_plan, tasks) => {
              for (const task of tasks) view.set(task.id, task);
            },
            onError: (error) => {
              throw error;
            },
          },
        });
        const held: Array<{ id: string; leaseToken: string }> = [];
        let now = 1;
        const check = async (): Promise<void> => {
          await poller.poll();
          if (!watching) return;
          const stored = await store.listPlan('p');
          expect([...view.values()].sort((left, right) => left.ref.localeCompare(right.ref))).toEqual(stored.sort((left, right) => left.ref.localeCompare(right.ref)));
        };
        await check();
        for (const operation of script) {
          now += 1;
          const tasks = await store.listPlan('p');
          const target = tasks[operation.pick % tasks.length] as Task;
          if (operation.kind === 'claim') {
            const claimed = await store.claim({ now, leaseMilliseconds: 1000 });
            if (claimed !== undefined) held.push(claimed);
          } else if (operation.kind === 'complete' || operation.kind === 'fail') {
            const lease = held.splice(operation.pick % Math.max(1, held.length), 1)[0];
            if (lease !== undefined && operation.kind === 'complete') await store.complete(lease.id, lease.leaseToken, { summary: 'ok' }, { now });
            if (lease !== undefined && operation.kind === 'fail') await store.fail(lease.id, lease.leaseToken, 'boom', { now, retry: { maxAttempts: 2, backoff: () => 0 } });
          } else if (operation.kind === 'cancel') await store.cancel(target.id, { now });
          else if (operation.kind === 'unwatch') {
            watching = false;
            view.clear();
          } else if (operation.kind === 'watch' && !watching) {
            // A page that starts watching gets the plan as it is now (the server sends it on
            // subscribing); the poller's diffs carry it on from there.
            watching = true;
            for (const task of await store.listPlan('p')) view.set(task.id, task);
          }
          if (pollEveryStep || operation.kind === 'poll') await check();
        }
        if (!watching) for (const task of await store.listPlan('p')) view.set(task.id, task);
        watching = true;
        await check();
        expect(changes).toBeGreaterThanOrEqual(0);
        poller.stop();
      } finally {
        await store.close();
      }
    }),
    { numRuns: 150 },
  );
});

test('a store without a change marker is read on every tick; the first read of one with a marker only sets the baseline', async () => {
  const store = createSqliteTaskStore();
  await store.createPlan('p', [{ ref: 'a', title: 'a', agent: 'x', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 0 });
  let changes = 0;
  const listener = { onChange: () => (changes += 1), onTasks: () => {}, onError: () => {} };
  const marked = new ChangePoller({ store, intervalMilliseconds: 60_000, watchedPlans: () => new Set(), listener });
  await marked.poll();
  await marked.poll();
  expect(changes).toBe(0);
  await store.createPlan('q', [{ ref: 'a', title: 'a', agent: 'x', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
  await marked.poll();
  expect(changes).toBe(1);
  const { changeMarker: _unused, ...withoutMarker } = store;
  const unmarked = new ChangePoller({ store: withoutMarker, intervalMilliseconds: 60_000, watchedPlans: () => new Set(), listener });
  await unmarked.poll();
  await unmarked.poll();
  expect(changes).toBe(3);
  await store.close();
});
