import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sharedStores } from './__fixtures__/store-makers';
import { createDispatcher } from './dispatcher';
import { createWorker } from './worker';
import { PlanError } from './plan-error';
import type { ResolvedStep } from './plan';
import type { ClaimedTask, Task } from './task';
import { terminalStates } from './task';
import type { TaskStore } from './task-store';

// Nothing waits forever: after any dispatches (new plans, the same plan dispatched again with more,
// repeated or changed steps), runs, failures, cancels and prunes, once the work is drained every
// task is finished; each ran only when every step it depends on was done; and a task is skipped
// exactly when a step it depends on failed, was cancelled or was skipped. A step added by a later
// dispatch may depend on a step that is already done, failed, cancelled, skipped or running: only
// the dispatch itself can decide its state then, since no completion is coming to promote it.

const { makers, storeOf } = sharedStores('parley_nostuck');

const lease = { leaseMilliseconds: 600_000 };
const once = { maxAttempts: 1, backoff: () => 0 };

/** One thing done to the store. Indexes pick among what exists (modulo its size). */
type Operation =
  | { readonly kind: 'dispatch'; readonly plan: number; readonly added: ReadonlyArray<readonly number[]>; readonly changed: readonly number[] }
  | { readonly kind: 'claim'; readonly count: number }
  | { readonly kind: 'complete'; readonly pick: number }
  | { readonly kind: 'fail'; readonly pick: number }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'retry'; readonly pick: number }
  | { readonly kind: 'prune' }
  | { readonly kind: 'together'; readonly dispatch: Dispatch; readonly prune: boolean };
type Dispatch = Extract<Operation, { kind: 'dispatch' }>;

/** Steps added by a dispatch: each depends on some of the plan's steps so far, or on the ones added before it. */
const added = fc.array(fc.array(fc.nat(40), { maxLength: 3 }), { minLength: 1, maxLength: 4 });
const dispatch: fc.Arbitrary<Dispatch> = fc.record({ kind: fc.constant('dispatch' as const), plan: fc.nat(1), added, changed: fc.array(fc.nat(40), { maxLength: 2 }) });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: dispatch },
  // A dispatch again at the same time as the completion of every held task (and a prune): on
  // Postgres they race, each in its own transaction.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('together' as const), dispatch, prune: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('claim' as const), count: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('complete' as const), pick: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), pick: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(40) }) },
  // A retry of any task (only a failed one changes anything): its skipped dependents come back.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('prune' as const) }) },
);

let runs = 0;

/**
 * Plays `operations` on `store`, drains the work, and checks the invariant. Returns nothing; throws
 * on a violation.
 */
const play = async (store: TaskStore, operations: readonly Operation[], workerSlots: number): Promise<void> => {
  runs += 1;
  let clock = 1000;
  const agent = `nostuck-${runs}`;
  const dispatcher = createDispatcher({ store, now: () => clock });
  /** What each plan was dispatched with so far, by ref (the steps a new dispatch repeats). */
  const plans = new Map<string, Map<string, readonly string[]>>();
  const held: ClaimedTask[] = [];
  /** Violations seen when a task was claimed: a dependency that was not done. */
  const early: string[] = [];
  const claim = async (count: number): Promise<void> => {
    for (let index = 0; index < count; index += 1) {
      const task = await store.claim({ now: clock, ...lease, agents: [agent] });
      if (task === undefined) return;
      const rows = new Map((await store.listPlan(task.planId)).map((row) => [row.ref, row]));
      for (const ref of task.dependsOn) if (rows.get(ref)?.state !== 'done') early.push(`${task.planId}/${task.ref} claimed while ${ref} was ${rows.get(ref)?.state ?? 'missing'}`);
      held.push(task);
    }
  };
  const take = (pick: number): ClaimedTask | undefined => (held.length === 0 ? undefined : held.splice(pick % held.length, 1)[0]);
  /** Reads back what the store holds of each plan (what a later dispatch repeats); forgets pruned plans. */
  const reread = async (): Promise<void> => {
    for (const id of [...plans.keys()]) {
      const rows = await store.listPlan(id);
      if (rows.length === 0) plans.delete(id);
      else plans.set(id, new Map(rows.map((row) => [row.ref, row.dependsOn])));
    }
  };
  const dispatchAgain = async (op: Dispatch): Promise<void> => {
    const id = `nostuck-${runs}-plan${op.plan}`;
    const known = plans.get(id) ?? new Map<string, readonly string[]>();
    const before = [...known.keys()];
    const steps: Array<{ ref: string; dependsOn: readonly string[] }> = [...known].map(([ref, dependsOn]) => ({ ref, dependsOn }));
    // A repeated step may come back changed (no dependencies now): the stored one stands.
    for (const change of op.changed) if (steps.length > 0) steps[change % steps.length] = { ref: steps[change % steps.length]!.ref, dependsOn: [] };
    op.added.forEach((picks, index) => {
      const available = [...before, ...op.added.slice(0, index).map((_, earlier) => `s${before.length + earlier}`)];
      const ref = `s${before.length + index}`;
      steps.push({ ref, dependsOn: available.length === 0 ? [] : [...new Set(picks.map((pick) => available[pick % available.length]!))] });
    });
    if (!plans.has(id)) plans.set(id, known);
    await dispatcher.dispatchPlan({ id, sequential: false, steps: steps.map((step) => ({ ...step, dependsOn: [...step.dependsOn], title: step.ref, agent, request: 'r' })) });
  };
  for (const op of operations) {
    clock += 10;
    if (op.kind === 'dispatch') {
      await dispatchAgain(op);
      await reread();
    } else if (op.kind === 'together') {
      const completing = held.splice(0);
      await Promise.all([
        dispatchAgain(op.dispatch),
        ...completing.map((task) => store.complete(task.id, task.leaseToken, { summary: task.ref }, { now: clock })),
        op.prune ? store.prune?.({ finishedBefore: clock }) : undefined,
      ]);
      await reread();
    } else if (op.kind === 'claim') await claim(op.count);
    else if (op.kind === 'complete') {
      const task = take(op.pick);
      if (task !== undefined) await store.complete(task.id, task.leaseToken, { summary: task.ref }, { now: clock });
    } else if (op.kind === 'fail') {
      const task = take(op.pick);
      if (task !== undefined) await store.fail(task.id, task.leaseToken, 'boom', { now: clock, retry: once });
    } else if (op.kind === 'cancel' || op.kind === 'retry') {
      const every = (await Promise.all([...plans.keys()].map((id) => store.listPlan(id)))).flat();
      const failed = every.filter((task) => task.state === 'failed');
      const target = op.kind === 'retry' && failed.length > 0 ? failed[op.pick % failed.length] : every[op.pick % Math.max(1, every.length)];
      if (target !== undefined && op.kind === 'cancel') await dispatcher.cancel(target.id);
      if (target !== undefined && op.kind === 'retry') await store.retry?.(target.id, { now: clock });
    } else {
      await store.prune?.({ finishedBefore: clock });
      await reread();
    }
  }
  // Drain: finish what is held, then let a worker run what is ready (its rounds complete and
  // claim together: the round function on Postgres) until nothing is.
  clock += 10;
  for (let task = take(0); task !== undefined; task = take(0)) await store.complete(task.id, task.leaseToken, { summary: task.ref }, { now: clock });
  const worker = createWorker({
    dispatcher,
    concurrency: workerSlots,
    now: () => clock,
    agents: {
      [agent]: async (task) => {
        const rows = new Map((await store.listPlan(task.planId)).map((row) => [row.ref, row]));
        for (const ref of task.dependsOn) if (rows.get(ref)?.state !== 'done') early.push(`${task.planId}/${task.ref} ran while ${ref} was ${rows.get(ref)?.state ?? 'missing'}`);
        return { summary: task.ref };
      },
    },
  });
  await worker.drain();
  expect(early).toEqual([]);
  for (const id of plans.keys()) {
    const tasks = await store.listPlan(id);
    const byRef = new Map(tasks.map((task) => [task.ref, task]));
    const problems = tasks.flatMap((task): string[] => {
      if (!terminalStates.has(task.state)) return [`${task.ref} is ${task.state} (depends on ${task.dependsOn.map((ref) => `${ref}: ${byRef.get(ref)?.state ?? 'missing'}`).join(', ')})`];
      const blocked = task.dependsOn.some((ref) => ['failed', 'cancelled', 'skipped'].includes(byRef.get(ref)?.state ?? ''));
      if (task.state === 'skipped' && !blocked) return [`${task.ref} skipped with no failed, cancelled or skipped dependency`];
      if (task.state === 'done' && blocked) return [`${task.ref} done though a dependency did not finish`];
      return [];
    });
    expect(problems, id).toEqual([]);
  }
};

const step = (ref: string, dependsOn: readonly string[]): ResolvedStep => ({ ref, title: ref, agent: 'a', request: 'r', dependsOn, expectedOutputs: [] });

/** Claims the task of `ref` (the only one ready) and finishes it as `fate`. */
const settle = async (store: TaskStore, planId: string, ref: string, fate: 'done' | 'failed' | 'cancelled' | 'running', now: number): Promise<ClaimedTask | undefined> => {
  const task = (await store.listPlan(planId)).find((row) => row.ref === ref) as Task;
  if (fate === 'cancelled') {
    await store.cancel(task.id, { now });
    return undefined;
  }
  const claimed = await store.claim({ now, ...lease, agents: ['a'] });
  expect(claimed?.ref).toBe(ref);
  if (fate === 'done') await store.complete(claimed!.id, claimed!.leaseToken, { summary: ref }, { now });
  if (fate === 'failed') await store.fail(claimed!.id, claimed!.leaseToken, 'boom', { now, retry: once });
  return claimed;
};

describe.each(makers)('no task waits forever on %s', (name, make) => {
  test('a step added by a later dispatch that depends on a done step is queued at once (issue 15)', async () => {
    const store = await storeOf(name, make);
    const planId = `issue15-${Math.random().toString(36).slice(2)}`;
    await store.createPlan(planId, [step('a', [])], { now: 1 });
    await settle(store, planId, 'a', 'done', 2);
    const { tasks, created } = await store.createPlan(planId, [step('a', []), step('b', ['a']), step('c', ['b'])], { now: 3 });
    expect(created).toBe(2);
    expect(tasks.map((task) => [task.ref, task.state])).toEqual([['a', 'done'], ['b', 'queued'], ['c', 'backlog']]);
    const b = await store.claim({ now: 4, ...lease, agents: ['a'] });
    expect(b).toMatchObject({ ref: 'b', inputs: { a: { summary: 'a' } } });
  });

  test.each(['failed', 'cancelled'] as const)('a step added later that depends on a %s step is skipped, and so is what depends on it', async (fate) => {
    const store = await storeOf(name, make);
    const planId = `issue15-${fate}-${Math.random().toString(36).slice(2)}`;
    await store.createPlan(planId, [step('a', [])], { now: 1 });
    await settle(store, planId, 'a', fate, 2);
    const { tasks } = await store.createPlan(planId, [step('a', []), step('b', ['a']), step('c', ['b'])], { now: 3 });
    expect(tasks.map((task) => [task.ref, task.state, task.error])).toEqual([
      ['a', fate, fate === 'failed' ? 'boom' : 'cancelled'],
      ['b', 'skipped', `skipped: upstream step "a" ${fate === 'failed' ? 'failed' : 'was cancelled'}`],
      ['c', 'skipped', 'skipped: upstream step "b" was skipped'],
    ]);
  });

  test('a step added later that depends on a running step waits for it and is promoted when it is done', async () => {
    const store = await storeOf(name, make);
    const planId = `issue15-running-${Math.random().toString(36).slice(2)}`;
    await store.createPlan(planId, [step('a', [])], { now: 1 });
    const a = (await settle(store, planId, 'a', 'running', 2))!;
    const { tasks } = await store.createPlan(planId, [step('a', []), step('b', ['a'])], { now: 3 });
    expect(tasks.map((task) => task.state)).toEqual(['running', 'backlog']);
    const outcome = await store.complete(a.id, a.leaseToken, { summary: 'a' }, { now: 4 });
    expect(outcome.promoted.map((task) => task.ref)).toEqual(['b']);
  });

  test('a step whose dependency names no step of the plan is refused with a PlanError, not left waiting', async () => {
    const store = await storeOf(name, make);
    const planId = `issue15-unknown-${Math.random().toString(36).slice(2)}`;
    await store.createPlan(planId, [step('a', [])], { now: 1 });
    const refusal = await store.createPlan(planId, [step('b', ['nowhere'])], { now: 2 }).catch((error: unknown) => error);
    expect(PlanError.isInstance(refusal)).toBe(true);
    expect(refusal).toMatchObject({ code: 'INVALID_PLAN', problems: ['step "b" depends on unknown step "nowhere"'] });
    expect((await store.listPlan(planId)).map((task) => task.ref)).toEqual(['a']);
    // A step that names a step of the plan stored earlier, without repeating it, is fine.
    const { tasks } = await store.createPlan(planId, [step('b', ['a'])], { now: 3 });
    expect(tasks.map((task) => [task.ref, task.state])).toEqual([['a', 'queued'], ['b', 'backlog']]);
  });

  test('a cycle through steps stored earlier is refused with a PlanError', async () => {
    const store = await storeOf(name, make);
    const planId = `issue15-cycle-${Math.random().toString(36).slice(2)}`;
    await store.createPlan(planId, [step('a', [])], { now: 1 });
    // Unchecked steps straight to the store: b and c wait on each other.
    const refusal = await store.createPlan(planId, [step('b', ['a', 'c']), step('c', ['b'])], { now: 2 }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'INVALID_PLAN', problems: ['cycle: b -> c -> b'] });
    expect((await store.listPlan(planId)).map((task) => task.ref)).toEqual(['a']);
  });

  test('two dispatches again at once that add the same ref differently: the stored one decides its dependents', async () => {
    const store = await storeOf(name, make);
    for (let round = 0; round < 10; round += 1) {
      const planId = `issue15-twice-${round}-${Math.random().toString(36).slice(2)}`;
      await store.createPlan(planId, [step('a', [])], { now: 1 });
      await settle(store, planId, 'a', 'failed', 2);
      // One adds x behind the failed a (x skipped); the other adds x with no dependency and y behind it.
      await Promise.all([
        store.createPlan(planId, [step('a', []), step('x', ['a'])], { now: 3 }),
        store.createPlan(planId, [step('a', []), step('x', []), step('y', ['x'])], { now: 3 }),
      ]);
      const states = new Map((await store.listPlan(planId)).map((task) => [task.ref, task.state]));
      // Whichever x was stored, y follows it: queued behind a queued x, skipped behind a skipped one.
      expect(states.get('y')).toBe(states.get('x') === 'skipped' ? 'skipped' : 'backlog');
    }
  });

  test(
    'property: after any dispatches (again, with added, repeated and changed steps), runs, failures, cancels, retries and prunes, draining finishes every task, each after its dependencies',
    { timeout: 180_000 },
    async () => {
      const store = await storeOf(name, make);
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), fc.integer({ min: 1, max: 4 }), (operations, slots) => play(store, operations, slots)),
        { numRuns: name === 'sqlite' ? 400 : 100 },
      );
    },
  );
});
