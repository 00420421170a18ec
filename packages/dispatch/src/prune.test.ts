import * as fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { storeMakers } from './__fixtures__/store-makers';
import type { Task } from './task';
import type { TaskStore } from './task-store';

/** Both stores: the embedded one always, Postgres when PARLEY_PG_URL is set. */
const { postgresUrl, makers, dropSchemas } = storeMakers('parley_prune');

afterAll(dropSchemas);

const retry = { maxAttempts: 1, backoff: () => 0 };

/** How a generated plan ends up: finished one way or another, or still open. */
type Fate = 'done' | 'failed' | 'cancelled' | 'queued' | 'running' | 'half-done';
interface PlanSpec {
  readonly steps: number;
  readonly fate: Fate;
  /** When its tasks last change. */
  readonly at: number;
  /** An earlier plan (index) whose first task this plan's first step iterates on. */
  readonly iterates: number | undefined;
}

/** Creates the plan `p<index>` (agent `a<index>`, so claims pick its tasks) and drives it to its fate at `at`. */
const build = async (store: TaskStore, index: number, spec: PlanSpec, firstTaskOf: Map<number, string>): Promise<void> => {
  const agent = `a${index}`;
  const iterationOf = spec.iterates === undefined ? undefined : firstTaskOf.get(spec.iterates);
  const steps = Array.from({ length: spec.steps }, (_, step) => ({
    ref: `s${step}`,
    title: `step ${step}`,
    agent,
    request: `do ${step}`,
    dependsOn: step === 0 ? [] : [`s${step - 1}`],
    expectedOutputs: [],
    ...(step === 0 && iterationOf !== undefined ? { iterationOf } : {}),
  }));
  const { tasks } = await store.createPlan(`p${String(index).padStart(3, '0')}`, steps, { sessionId: `session${index % 3}`, now: spec.at });
  firstTaskOf.set(index, tasks[0]?.id ?? '');
  const now = spec.at;
  const claimAndComplete = async (): Promise<void> => {
    const claimed = await store.claim({ now, leaseMilliseconds: 60_000, agents: [agent] });
    if (claimed !== undefined) await store.complete(claimed.id, claimed.leaseToken, { summary: 'ok' }, { now });
  };
  if (spec.fate === 'done') for (let step = 0; step < spec.steps; step += 1) await claimAndComplete();
  else if (spec.fate === 'half-done') await claimAndComplete();
  else if (spec.fate === 'running') await store.claim({ now, leaseMilliseconds: 60_000, agents: [agent] });
  else if (spec.fate === 'failed') {
    const claimed = await store.claim({ now, leaseMilliseconds: 60_000, agents: [agent] });
    if (claimed !== undefined) await store.fail(claimed.id, claimed.leaseToken, 'boom', { now, retry });
  } else if (spec.fate === 'cancelled') await store.cancel(tasks[0]?.id ?? '', { now });
};

const finished = new Set(['done', 'failed', 'skipped', 'cancelled']);

/** What prune must remove: qualifying plans, less those a staying plan points at (transitively). */
const expectedRemoved = (plans: Map<string, Task[]>, cutoff: number): Set<string> => {
  const qualifies = (tasks: Task[]): boolean => tasks.every((task) => finished.has(task.state) && task.updatedAt < cutoff);
  const planOfTask = new Map([...plans.values()].flat().map((task) => [task.id, task.planId]));
  const staying = new Set([...plans].filter(([, tasks]) => !qualifies(tasks)).map(([plan]) => plan));
  for (let changed = true; changed; ) {
    changed = false;
    for (const plan of staying) {
      for (const task of plans.get(plan) ?? []) {
        const target = task.iterationOf === undefined ? undefined : planOfTask.get(task.iterationOf);
        if (target !== undefined && !staying.has(target)) {
          staying.add(target);
          changed = true;
        }
      }
    }
  }
  return new Set([...plans.keys()].filter((plan) => !staying.has(plan)));
};

const snapshot = async (store: TaskStore, count: number): Promise<Map<string, Task[]>> => {
  const plans = new Map<string, Task[]>();
  for (let index = 0; index < count; index += 1) {
    const plan = `p${String(index).padStart(3, '0')}`;
    const tasks = await store.listPlan(plan);
    if (tasks.length > 0) plans.set(plan, tasks);
  }
  return plans;
};

const planSpecs = (size: number): fc.Arbitrary<PlanSpec[]> =>
  fc.array(
    fc.record({
      steps: fc.integer({ min: 1, max: 3 }),
      // Biased to finished plans, where prune has decisions to make.
      fate: fc.constantFrom<Fate>('done', 'done', 'done', 'failed', 'cancelled', 'queued', 'running', 'half-done'),
      at: fc.integer({ min: 1, max: 10 }).map((tick) => tick * 1000),
      iterates: fc.option(fc.nat(), { nil: undefined, freq: 2 }),
    }),
    { minLength: 1, maxLength: size },
  ).map((specs) => specs.map((spec, index) => ({ ...spec, iterates: spec.iterates === undefined || index === 0 ? undefined : spec.iterates % index })));

describe.each(makers)('prune on %s', (_name, make) => {
  test('removes finished plans before the cutoff, keeps open ones, later ones and iteration targets', async () => {
    const store = await make();
    const firstTaskOf = new Map<number, string>();
    const specs: PlanSpec[] = [
      { steps: 2, fate: 'done', at: 1000, iterates: undefined }, // p000: goes
      { steps: 2, fate: 'done', at: 1000, iterates: undefined }, // p001: an open iteration points at it: stays
      { steps: 1, fate: 'running', at: 1000, iterates: 1 }, // p002: running: stays
      { steps: 3, fate: 'failed', at: 1000, iterates: undefined }, // p003: failed + skipped: goes
      { steps: 2, fate: 'cancelled', at: 1000, iterates: undefined }, // p004: goes
      { steps: 2, fate: 'done', at: 9000, iterates: undefined }, // p005: finished after the cutoff: stays
      { steps: 1, fate: 'done', at: 1000, iterates: 0 }, // p006: finished iteration of p000: both go
      { steps: 2, fate: 'half-done', at: 1000, iterates: undefined }, // p007: a queued step: stays
      { steps: 1, fate: 'done', at: 1000, iterates: undefined }, // p008: target of p009, which finished late: stays
      { steps: 1, fate: 'done', at: 9000, iterates: 8 }, // p009
    ];
    for (const [index, spec] of specs.entries()) await build(store, index, spec, firstTaskOf);
    const outcome = await store.prune?.({ finishedBefore: 5000, plansPerBatch: 2 });
    expect(outcome).toEqual({ plans: 4, tasks: 2 + 3 + 2 + 1, kept: 2 });
    const left = await snapshot(store, specs.length);
    expect([...left.keys()]).toEqual(['p001', 'p002', 'p005', 'p007', 'p008', 'p009']);
    expect(await store.history('session0')).toEqual(expect.not.arrayContaining([expect.objectContaining({ planId: 'p000' })]));
    // Nothing left to do: a second run removes nothing; a later cutoff removes the rest of the finished ones.
    expect(await store.prune?.({ finishedBefore: 5000 })).toEqual({ plans: 0, tasks: 0, kept: 2 });
    expect(await store.prune?.({ finishedBefore: 10_000 })).toEqual({ plans: 3, tasks: 2 + 1 + 1, kept: 1 });
    expect([...(await snapshot(store, specs.length)).keys()]).toEqual(['p001', 'p002', 'p007']);
    await store.close();
  });

  test('refuses a missing or non-finite cutoff and a bad batch size', async () => {
    const store = await make();
    await expect(store.prune?.({ finishedBefore: Number.NaN })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(store.prune?.({ finishedBefore: 1, plansPerBatch: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await store.close();
  });

  // A wall-clock limit only for a hung store: on a loaded machine (two cores, other suites beside
  // it) the 60 Postgres runs took longer than 120 s once.
  test('property: after prune no task points at a missing one, no open plan lost a task, and exactly the removable plans went', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(planSpecs(14), fc.integer({ min: 0, max: 11 }).map((tick) => tick * 1000), fc.integer({ min: 1, max: 5 }), async (specs, cutoff, plansPerBatch) => {
        const store = await make();
        try {
          const firstTaskOf = new Map<number, string>();
          for (const [index, spec] of specs.entries()) await build(store, index, spec, firstTaskOf);
          const before = await snapshot(store, specs.length);
          const removable = expectedRemoved(before, cutoff);
          const outcome = await store.prune?.({ finishedBefore: cutoff, plansPerBatch });
          const after = await snapshot(store, specs.length);
          expect(new Set([...before.keys()].filter((plan) => !after.has(plan)))).toEqual(removable);
          for (const [plan, tasks] of after) expect(tasks).toEqual(before.get(plan));
          const ids = new Set([...after.values()].flat().map((task) => task.id));
          for (const task of [...after.values()].flat()) if (task.iterationOf !== undefined) expect(ids.has(task.iterationOf)).toBe(true);
          expect(outcome?.plans).toBe(removable.size);
          expect(outcome?.tasks).toBe([...removable].reduce((sum, plan) => sum + (before.get(plan)?.length ?? 0), 0));
        } finally {
          await store.close();
        }
      }),
      { numRuns: postgresUrl === undefined ? 150 : 60 },
    );
  });
});
