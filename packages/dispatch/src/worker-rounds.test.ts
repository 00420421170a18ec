import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createDispatcher } from './dispatcher';
import { createSqliteTaskStore } from './sqlite-task-store';
import type { ClaimRequest, TaskStore } from './task-store';
import { createWorker } from './worker';

/**
 * A worker's round is one completion write that claims into the slots its tasks free. When ready
 * work never runs short, every round after the first claim is whole: each write carries every
 * slot's task and claims as many, and the worker sends no claim of its own (a claim beside a
 * write takes the write's slots, and splits the rounds into groups that stay out of step — twice
 * the writes for the same work).
 */
interface Counted {
  readonly store: TaskStore;
  /** Claims sent outside a completion write that returned tasks, and the tasks they returned. */
  readonly loopClaims: number[];
  /** Items of each completion write, in order. */
  readonly writes: number[];
  /** Per completion write: the slots it claimed for, and the slots free when it began (slots minus leases held beside its items and slots a claim of the loop is filling). */
  readonly limits: Array<[limit: number, free: number]>;
}

/** A round trip's two halves: the request reaching the database, and the answer coming back. */
const half = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

/** The embedded store behind a simulated network (claims and writes take a round trip, as on Postgres), counted. */
const counted = (concurrency: number): Counted => {
  const inner = createSqliteTaskStore();
  const loopClaims: number[] = [];
  const writes: number[] = [];
  const limits: Array<[number, number]> = [];
  /** Leases the store has handed out and not yet seen completed. */
  let held = 0;
  /** Slots asked for by claims of the worker's own loop still on their way. */
  let claiming = 0;
  const store: TaskStore = {
    ...inner,
    async claim(options) {
      claiming += 1;
      await half();
      const task = await inner.claim(options);
      await half();
      claiming -= 1;
      if (task !== undefined) loopClaims.push(1);
      if (task !== undefined) held += 1;
      return task;
    },
    async claimMany(options: ClaimRequest) {
      claiming += options.limit;
      await half();
      const tasks = await inner.claimMany!(options);
      await half();
      claiming -= options.limit;
      if (tasks.length > 0) loopClaims.push(tasks.length);
      held += tasks.length;
      return tasks;
    },
    async completeAndClaim(items, options) {
      writes.push(items.length);
      limits.push([options.claim?.limit ?? 0, concurrency - (held - items.length) - claiming]);
      await half();
      const result = await inner.completeAndClaim!(items, options);
      held += result.claimed.length - result.outcomes.filter((outcome) => outcome.completed).length;
      await half();
      return result;
    },
  };
  return { store, loopClaims, writes, limits };
};

/** A tree of `total` steps where each step has `fanOut` children: ready work grows level by level. */
const tree = (total: number, fanOut: number): Array<{ ref: string; title: string; agent: string; request: string; dependsOn: string[] }> =>
  Array.from({ length: total }, (_, index) => ({ ref: `t${index}`, title: `t${index}`, agent: 'noop', request: 'r', dependsOn: index === 0 ? [] : [`t${Math.floor((index - 1) / fanOut)}`] }));

/** Runs `steps` on a fresh counted store with a worker of `concurrency` slots, started or drained. */
const runRounds = async (steps: ReturnType<typeof tree>, concurrency: number, mode: 'start' | 'drain', durations: readonly number[] = []): Promise<Counted> => {
  const run = counted(concurrency);
  const dispatcher = createDispatcher({ store: run.store });
  let done = 0;
  const finished = new Promise<void>((resolve) =>
    dispatcher.on('done', () => {
      done += 1;
      if (done === steps.length) resolve();
    }),
  );
  // An agent takes the duration its step's number picks (none: at once).
  const noop = async (task: { readonly ref: string }): Promise<object> => {
    const duration = durations.length === 0 ? 0 : (durations[Number(task.ref.slice(1)) % durations.length] ?? 0);
    if (duration > 0) await new Promise((resolve) => setTimeout(resolve, duration));
    return {};
  };
  const worker = createWorker({ dispatcher, concurrency, pollMilliseconds: 2, agents: { noop } });
  if (mode === 'start') {
    worker.start();
    // The worker is polling an empty store when the plan arrives, as a long-running one would be.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await dispatcher.dispatchPlan({ id: 'tree', steps });
    await finished;
    await worker.stop();
  } else {
    await dispatcher.dispatchPlan({ id: 'tree', steps });
    await worker.drain();
  }
  await run.store.close();
  expect(done).toBe(steps.length);
  return run;
};

/** Every completion write claims into every slot that no lease beside its items holds and no claim in flight is filling. */
const expectExactLimits = ({ limits }: Counted): void => {
  expect(limits.filter(([limit, free]) => limit !== free)).toEqual([]);
};

/** Whole rounds: one claim of the root, then writes that each carry every busy slot while work lasts. */
const expectWholeRounds = (run: Counted, total: number, concurrency: number): void => {
  const { loopClaims, writes } = run;
  expect(loopClaims).toEqual([1]); // the root, alone in the store
  expectExactLimits(run);
  // The first rounds grow with the tree (1, then min(fanOut, concurrency)…); once the slots are
  // full they stay full until the tree's last level runs out.
  const full = writes.findIndex((items) => items === concurrency);
  if (full === -1) return;
  const lastFull = writes.findLastIndex((items) => items === concurrency);
  expect(writes.slice(full, lastFull + 1)).toEqual(writes.slice(full, lastFull + 1).map(() => concurrency));
  expect(writes.reduce((sum, items) => sum + items, 0)).toBe(total);
};

describe('a worker\'s rounds', () => {
  test.each(['start', 'drain'] as const)('%s: 4 slots on the bench\'s tree (fan-out 4) — every round carries 4 tasks', async (mode) => {
    const total = 201;
    const run = await runRounds(tree(total, 4), 4, mode);
    expectWholeRounds(run, total, 4);
    expect(run.writes.length).toBeLessThanOrEqual(Math.ceil(total / 4) + 2);
  });

  test('property: with ready work never short (fan-out ≥ slots), started and drained workers keep whole rounds and claim nothing beside their writes', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }).chain((concurrency) => fc.tuple(fc.constant(concurrency), fc.integer({ min: concurrency, max: 8 }), fc.integer({ min: 2, max: 80 }), fc.constantFrom('start' as const, 'drain' as const))),
        async ([concurrency, fanOut, total, mode]) => {
          const run = await runRounds(tree(total, fanOut), concurrency, mode);
          expectWholeRounds(run, total, concurrency);
        },
      ),
      { numRuns: 40 },
    );
  });

  /**
   * Rounds needed while the tree is still narrower than the slots (one per level), then whole
   * rounds, then the last partial ones (at most two: the tree's last level and what promotion
   * left of the one before).
   */
  const roundBound = (total: number, fanOut: number, concurrency: number): number => {
    let levels = 0;
    for (let width = 1; width < concurrency; width *= fanOut) levels += 1;
    return levels + Math.ceil(total / concurrency) + 2;
  };

  test.each(['start', 'drain'] as const)('%s: 16 slots on the bench\'s tree (fan-out 4, narrower than the slots at first) — the slots do not split into groups', async (mode) => {
    const total = 400;
    const run = await runRounds(tree(total, 4), 16, mode);
    expectExactLimits(run);
    // Split, the writes alternated between 4 and 12 tasks to the end: 50 writes more.
    expect(run.writes.filter((items) => items === 16).length).toBeGreaterThanOrEqual(Math.floor(total / 16) - 3);
    expect(run.writes.length).toBeLessThanOrEqual(roundBound(total, 4, 16));
  });

  test('property: with instant agents and ready work short at first (fan-out below the slots), the slots fill and every round stays whole', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 16 }).chain((concurrency) => fc.tuple(fc.constant(concurrency), fc.integer({ min: 2, max: Math.max(2, concurrency - 1) }), fc.integer({ min: 2, max: 160 }), fc.constantFrom('start' as const, 'drain' as const))),
        async ([concurrency, fanOut, total, mode]) => {
          const run = await runRounds(tree(total, fanOut), concurrency, mode);
          expectExactLimits(run);
          expect(run.writes.reduce((sum, items) => sum + items, 0)).toBe(total);
          expect(run.writes.length).toBeLessThanOrEqual(roundBound(total, fanOut, concurrency));
          // Once a write carries every slot, every write does until the tree runs out of work.
          const full = run.writes.findIndex((items) => items === concurrency);
          const lastFull = run.writes.findLastIndex((items) => items === concurrency);
          if (full !== -1) expect(run.writes.slice(full, lastFull + 1).filter((items) => items !== concurrency)).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('property: with agents of any durations, every completion write claims into every slot not held beside it', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 2, max: 60 }),
        fc.constantFrom('start' as const, 'drain' as const),
        fc.array(fc.constantFrom(0, 0, 1, 2, 4), { minLength: 1, maxLength: 7 }),
        async (concurrency, fanOut, total, mode, durations) => {
          const run = await runRounds(tree(total, fanOut), concurrency, mode, durations);
          expectExactLimits(run);
          expect(run.writes.reduce((sum, items) => sum + items, 0)).toBe(total);
        },
      ),
      { numRuns: 40 },
    );
  });
});
