import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sharedStores } from './__fixtures__/store-makers';
import { createDispatcher } from './dispatcher';
import type { Plan } from './plan';
import type { ClaimedTask, Task, TaskOutput } from './task';

type PlanStep = Plan['steps'][number];
import type { TaskStore } from './task-store';

/**
 * Refs, agents and ids are model-written text: a store that keys an object by them must make
 * each an own key. Every name `Object.prototype` answers to is a hard case (`__proto__` as a
 * plain key becomes the object's prototype and vanishes from its entries).
 */
const prototypeKeys = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

const { makers, storeOf } = sharedStores('parley_protokeys');

/** What each task of a plan was handed, by ref, as sorted entries (so a prototype key cannot hide). */
type Handed = Array<[ref: string, inputs: Array<[string, TaskOutput]>, prototype: unknown]>;

/** Orders entries by key (code units, as the property compares them). */
const byKey = ([a]: readonly [string, ...unknown[]], [b]: readonly [string, ...unknown[]]): number => (a < b ? -1 : a > b ? 1 : 0);

/** What a task of `ref` produces: its own ref, so an input says whose output it is. */
const outputOf = (ref: string): TaskOutput => ({ paths: [`/out/${ref.length}`], values: { ref } });
const describeInputs = (task: ClaimedTask): Handed[number] => [task.ref, Object.entries(task.inputs).sort(byKey), Object.getPrototypeOf(task.inputs)];

let planCount = 0;
/**
 * Dispatches `steps` as a new plan on `store` and runs it to the end, claiming `limit` at a
 * time (one by one with `claim` when `limit` is 1), completing with `completeAndClaim` when asked;
 * what each task was handed, sorted by ref.
 */
const runPlan = async (store: TaskStore, steps: PlanStep[], limit: number, chained: boolean): Promise<Handed> => {
  planCount += 1;
  const planId = `protokeys-${planCount}-${Math.random().toString(36).slice(2)}`;
  await createDispatcher({ store, now: () => 1000 }).dispatchPlan({ id: planId, sequential: false, steps });
  const handed: Handed = [];
  const lease = { leaseMilliseconds: 60_000 };
  const claimSome = async (now: number): Promise<ClaimedTask[]> => {
    if (limit === 1 || store.claimMany === undefined) {
      const task = await store.claim({ now, ...lease });
      return task === undefined ? [] : [task];
    }
    return store.claimMany({ now, ...lease, limit });
  };
  let now = 2000;
  let claimed = await claimSome(now);
  while (claimed.length > 0) {
    now += 1;
    for (const task of claimed) {
      expect(task.planId).toBe(planId);
      handed.push(describeInputs(task));
    }
    if (chained && store.completeAndClaim !== undefined) {
      const result = await store.completeAndClaim(claimed.map((task) => ({ id: task.id, leaseToken: task.leaseToken, output: outputOf(task.ref) })), { now, claim: { ...lease, limit } });
      expect(result.outcomes.every((outcome) => outcome.completed)).toBe(true);
      claimed = result.claimed;
    } else {
      for (const task of claimed) expect((await store.complete(task.id, task.leaseToken, outputOf(task.ref), { now })).completed).toBe(true);
      claimed = await claimSome(now);
    }
  }
  const tasks = await store.listPlan(planId);
  expect(tasks.map((task) => task.state)).toEqual(tasks.map(() => 'done'));
  return handed.sort(byKey);
};

/** Names biased to prototype keys, else any well-formed text a model might write (no NUL: Postgres text cannot hold it). */
const nameArbitrary = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...prototypeKeys) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__ ', ' __proto__', '__PROTO__', 'constructor.prototype', '["__proto__"]') },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength }).filter((name) => name.length <= maxLength && !name.includes('\u0000')) },
  );

/** A plan of 1–7 steps with unique refs, each depending on any of the steps before it. */
const planArbitrary: fc.Arbitrary<PlanStep[]> = fc
  .uniqueArray(nameArbitrary(64), { minLength: 1, maxLength: 7 })
  .chain((refs) =>
    fc.tuple(
      ...refs.map((ref, index) =>
        fc.record({
          agent: nameArbitrary(32),
          dependsOn: fc.subarray(refs.slice(0, index)),
        }).map(({ agent, dependsOn }): PlanStep => ({ ref, title: `step ${index + 1}`, agent, request: `do ${index + 1}`, dependsOn, expectedOutputs: [] })),
      ),
    ),
  );

/** What each task must be handed: exactly its dependencies' outputs, keyed by their refs. */
const expectedHanded = (steps: readonly PlanStep[]): Handed =>
  steps
    .map((step): Handed[number] => [step.ref, (step.dependsOn ?? []).map((ref: string): [string, TaskOutput] => [ref, outputOf(ref)]).sort(byKey), Object.prototype])
    .sort(byKey);

describe('refs and agents named like prototype keys', () => {
  test.each(makers)('on %s, a task is handed its __proto__, constructor and toString dependencies as own keys', async (name, make) => {
    const store = await storeOf(name, make);
    const steps: PlanStep[] = [
      { ref: '__proto__', title: 'a', agent: '__proto__', request: 'a', expectedOutputs: [] },
      { ref: 'constructor', title: 'b', agent: 'constructor', request: 'b', expectedOutputs: [] },
      { ref: 'toString', title: 'c', agent: 'toString', request: 'c', expectedOutputs: [] },
      { ref: 'join', title: 'd', agent: 'hasOwnProperty', request: 'd', dependsOn: ['__proto__', 'constructor', 'toString'], expectedOutputs: [] },
    ];
    const handed = await runPlan(store, steps, 4, false);
    const join = handed.find(([ref]) => ref === 'join');
    expect(join?.[1]).toEqual([['__proto__', outputOf('__proto__')], ['constructor', outputOf('constructor')], ['toString', outputOf('toString')]]);
    expect(join?.[2]).toBe(Object.prototype);
    expect(handed).toEqual(expectedHanded(steps));
  });

  test(
    'property: on every store, each task is handed exactly its dependencies\' outputs (own keys, plain prototype), the same on every store',
    { timeout: 120_000 },
    async () => {
      const opened = await Promise.all(makers.map(async ([name, make]) => [name, await storeOf(name, make)] as const));
      await fc.assert(
        fc.asyncProperty(planArbitrary, fc.integer({ min: 1, max: 4 }), fc.boolean(), async (steps, limit, chained) => {
          const expected = expectedHanded(steps);
          for (const [, store] of opened) expect(await runPlan(store, steps, limit, chained)).toEqual(expected);
        }),
        { numRuns: 60 },
      );
    },
  );
});
