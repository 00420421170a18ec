import * as fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { storeMakers } from './__fixtures__/store-makers';
import { createDispatcher } from './dispatcher';
import { createSqliteTaskStore } from './sqlite-task-store';
import type { ClaimedTask, Task, TaskOutput } from './task';
import type { CompleteItem, CompleteOutcome, TaskStore } from './task-store';
import { createWorker } from './worker';

/** Every store runs these: the embedded one always, Postgres when PARLEY_PG_URL is set. */
const { makers, dropSchemas } = storeMakers('parley_batch');
const opened: TaskStore[] = [];
const open = async (make: () => Promise<TaskStore>): Promise<TaskStore> => {
  const store = await make();
  opened.push(store);
  return store;
};
afterAll(async () => {
  for (const store of opened) await store.close();
  await dropSchemas();
});

const lease = { leaseMilliseconds: 60_000 };
/** An outcome as comparable data: completed, which task, and the refs it promoted (in any order). */
const summary = (outcome: CompleteOutcome | undefined): [boolean, string | undefined, string[]] => [outcome?.completed ?? false, outcome?.task?.ref, (outcome?.promoted ?? []).map((task) => task.ref).sort()];
const completeAndClaimOf = (store: TaskStore): NonNullable<TaskStore['completeAndClaim']> => {
  const method = store.completeAndClaim;
  if (method === undefined) throw new Error('this store has no completeAndClaim');
  return method.bind(store);
};

describe.each(makers)('completeAndClaim on %s', (_name, make) => {
  test('completes, promotes and claims the dependent in one call: the claim sees what the completion made ready, with its inputs', async () => {
    const store = await open(make);
    await createDispatcher({ store, now: () => 1000 }).dispatchPlan({
      id: 'chain',
      steps: [
        { ref: 'load', title: 'load', agent: 'coding_agent', request: 'load' },
        { ref: 'report', title: 'report', agent: 'ba_agent', request: 'report' },
      ],
    });
    const [load] = await store.claimMany!({ now: 1000, ...lease, limit: 4 });
    expect(load?.ref).toBe('load');
    const output: TaskOutput = { paths: ['/data/wine.csv'], values: { rows: 178 } };
    const { outcomes, claimed } = await completeAndClaimOf(store)([{ id: load!.id, leaseToken: load!.leaseToken, output }], { now: 2000, claim: { ...lease, limit: 3 } });
    expect(outcomes.map(summary)).toEqual([[true, 'load', ['report']]]);
    expect(outcomes[0]?.task).toMatchObject({ state: 'done', output, updatedAt: 2000 });
    expect(claimed.map((task) => [task.ref, task.state, task.attempt, task.inputs])).toEqual([['report', 'running', 1, { load: output }]]);
    expect(claimed[0]?.idempotencyKey).toBe(`${claimed[0]?.id}#1`);
    // The claim holds a lease like any other: the token completes the task, and nothing is left.
    const last = await completeAndClaimOf(store)([{ id: claimed[0]!.id, leaseToken: claimed[0]!.leaseToken, output: {} }], { now: 3000, claim: { ...lease, limit: 4 } });
    expect(last.outcomes.map(summary)).toEqual([[true, 'report', []]]);
    expect(last.claimed).toEqual([]);
  });

  test('claims the oldest ready tasks first, of its agents only, and nothing with a limit of 0', async () => {
    const store = await open(make);
    const dispatcher = createDispatcher({ store, now: () => 1000 });
    await dispatcher.dispatchPlan({ id: 'old', sequential: false, steps: [{ ref: 'x', title: 'x', agent: 'a', request: 'x' }, { ref: 'y', title: 'y', agent: 'b', request: 'y' }] });
    await createDispatcher({ store, now: () => 2000 }).dispatchPlan({ id: 'new', steps: [{ ref: 'p', title: 'p', agent: 'a', request: 'p' }, { ref: 'q', title: 'q', agent: 'a', request: 'q' }] });
    const [p] = await store.claimMany!({ now: 3000, ...lease, limit: 1, agents: ['a'] }).then(async (first) => {
      // x is older than p: take it out of the way first, then p.
      expect(first.map((task) => task.ref)).toEqual(['x']);
      return store.claimMany!({ now: 3000, ...lease, limit: 1, agents: ['a'] });
    });
    expect(p?.ref).toBe('p');
    const none = await completeAndClaimOf(store)([{ id: p!.id, leaseToken: p!.leaseToken, output: {} }], { now: 4000, claim: { ...lease, limit: 0, agents: ['a'] } });
    expect(none.outcomes.map(summary)).toEqual([[true, 'p', ['q']]]);
    expect(none.claimed).toEqual([]);
    const [q] = await store.claimMany!({ now: 4000, ...lease, limit: 4, agents: ['a'] });
    const again = await completeAndClaimOf(store)([{ id: q!.id, leaseToken: q!.leaseToken, output: {} }], { now: 5000, claim: { ...lease, limit: 4, agents: ['a'] } });
    expect(again.claimed).toEqual([]); // y is b's
    const other = await completeAndClaimOf(store)([], { now: 5000, claim: { ...lease, limit: 4, agents: ['b'] } });
    expect(other.claimed.map((task) => task.ref)).toEqual(['y']);
  });

  test('a stale token, a duplicate and an unknown task are refused as complete refuses them one by one; a join of two items is promoted once, by the later', async () => {
    const store = await open(make);
    await createDispatcher({ store, now: () => 1000 }).dispatchPlan({
      id: 'diamond',
      sequential: false,
      steps: [
        { ref: 'a', title: 'a', agent: 'a', request: 'a' },
        { ref: 'b', title: 'b', agent: 'a', request: 'b' },
        { ref: 'join', title: 'join', agent: 'a', request: 'join', dependsOn: ['a', 'b'] },
      ],
    });
    const [a, b] = await store.claimMany!({ now: 1000, ...lease, limit: 2 });
    const { outcomes, claimed } = await completeAndClaimOf(store)(
      [
        { id: b!.id, leaseToken: 'stale', output: {} },
        { id: b!.id, leaseToken: b!.leaseToken, output: { values: { from: 'b' } } },
        { id: '00000000-0000-4000-8000-000000000000', leaseToken: 'x', output: {} },
        { id: a!.id, leaseToken: a!.leaseToken, output: { values: { from: 'a' } } },
        { id: a!.id, leaseToken: a!.leaseToken, output: { values: { from: 'again' } } },
      ],
      { now: 2000, claim: { ...lease, limit: 1 } },
    );
    expect(outcomes.map(summary)).toEqual([
      [false, undefined, []],
      [true, 'b', []],
      [false, undefined, []],
      [true, 'a', ['join']],
      [false, undefined, []],
    ]);
    expect(claimed.map((task) => [task.ref, task.inputs])).toEqual([['join', { a: { values: { from: 'a' } }, b: { values: { from: 'b' } } }]]);
  });
});

describe.each(makers)('claims with the caller\'s lease tokens on %s', (_name, make) => {
  test('a repeated claim (its answer was lost) takes back what its tokens hold, renewed, and claims only what is left of the limit', async () => {
    const store = await open(make);
    await createDispatcher({ store, now: () => 1000 }).dispatchPlan({ id: 'three', sequential: false, steps: ['x', 'y', 'z'].map((ref) => ({ ref, title: ref, agent: 'a', request: ref })) });
    const tokens = ['token-1', 'token-2', 'token-3'];
    const first = await store.claimMany!({ now: 1000, leaseMilliseconds: 100, limit: 2, leaseTokens: tokens });
    expect(first.map((task) => [task.ref, task.leaseToken, task.attempt])).toEqual([
      ['x', 'token-1', 1],
      ['y', 'token-2', 1],
    ]);
    // The same claim again, as a worker retries it after a lost answer: the same two tasks, the same attempt, leases renewed.
    const again = await store.claimMany!({ now: 1050, leaseMilliseconds: 100, limit: 2, leaseTokens: tokens });
    expect(again.map((task) => [task.ref, task.leaseToken, task.attempt, task.inputs])).toEqual([
      ['x', 'token-1', 1, {}],
      ['y', 'token-2', 1, {}],
    ]);
    expect((await store.recoverExpired({ now: 1120, retry: { maxAttempts: 3, backoff: () => 0 } })).recovered).toBe(0); // renewed to 1150
    // A larger limit takes back the two and claims the third with the token left.
    const more = await completeAndClaimOf(store)([], { now: 1100, claim: { leaseMilliseconds: 100, limit: 3, leaseTokens: tokens } });
    expect(more.claimed.map((task) => [task.ref, task.leaseToken, task.attempt])).toEqual([
      ['x', 'token-1', 1],
      ['y', 'token-2', 1],
      ['z', 'token-3', 1],
    ]);
    // A completed task is not taken back: its token no longer holds it.
    await store.complete(more.claimed[0]!.id, 'token-1', {}, { now: 1100 });
    expect((await store.claimMany!({ now: 1100, leaseMilliseconds: 100, limit: 3, leaseTokens: tokens })).map((task) => task.ref)).toEqual(['y', 'z']);
    await expect(store.claimMany!({ now: 1100, leaseMilliseconds: 100, limit: 4, leaseTokens: tokens })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  test('completeAndClaim whose answer was lost, repeated: the completion is refused (it landed) and the claimed dependent is taken back, not stranded', async () => {
    const store = await open(make);
    await createDispatcher({ store, now: () => 1000 }).dispatchPlan({ id: 'chain', steps: ['load', 'report'].map((ref) => ({ ref, title: ref, agent: 'a', request: ref })) });
    const [load] = await store.claimMany!({ now: 1000, ...lease, limit: 1 });
    const call = () => completeAndClaimOf(store)([{ id: load!.id, leaseToken: load!.leaseToken, output: { summary: 'ok' } }], { now: 2000, claim: { ...lease, limit: 1, leaseTokens: ['t-1'] } });
    const lost = await call();
    const repeated = await call();
    expect(lost.outcomes.map(summary)).toEqual([[true, 'load', ['report']]]);
    expect(repeated.outcomes.map(summary)).toEqual([[false, undefined, []]]);
    expect(repeated.claimed.map((task) => [task.ref, task.leaseToken, task.attempt, task.inputs])).toEqual([['report', 't-1', 1, { load: { summary: 'ok' } }]]);
  });
});

/** A plan of up to `size` steps, each depending on a random set of earlier ones, two agents. */
const plans = (size: number): fc.Arbitrary<Array<{ readonly agent: 'a' | 'b'; readonly dependsOn: readonly number[] }>> =>
  fc.integer({ min: 1, max: size }).chain((length) =>
    fc.tuple(
      ...Array.from({ length }, (_, index) =>
        fc.record({
          agent: fc.constantFrom<'a' | 'b'>('a', 'a', 'b'),
          // Biased to the hard cases: joins of two or three upstream steps, chains, roots.
          dependsOn: index === 0 ? fc.constant<readonly number[]>([]) : fc.uniqueArray(fc.nat(index - 1), { maxLength: Math.min(3, index) }),
        }),
      ),
    ),
  );
/** One round: claim a few, then complete a batch (held tasks picked by index, repeats and stale tokens included) and claim into it. */
const rounds = fc.array(
  fc.record({
    claim: fc.nat(3),
    picks: fc.array(fc.nat(), { maxLength: 6 }),
    stale: fc.option(fc.nat(), { nil: undefined }),
    limit: fc.nat(4),
    agents: fc.constantFrom<readonly string[] | undefined>(undefined, undefined, ['a'], ['b']),
  }),
  { minLength: 1, maxLength: 10 },
);

describe.each(makers)('batch completion on %s', (name, make) => {
  test(
    'property: completeAndClaim of any batch ≡ complete of each item in order, then claimMany (against the embedded store one by one)',
    { timeout: 120_000 },
    async () => {
      const store = await open(make);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(plans(9), rounds, async (plan, schedule) => {
          run += 1;
          const planId = `plan-${run}`;
          const reference = createSqliteTaskStore();
          try {
            // Agents named per run: a run never claims another's tasks (a failed run leaves some behind).
            const agentOf = (agent: string): string => `${agent}-${run}`;
            const steps = plan.map((step, index) => ({ ref: `s${index}`, title: `s${index}`, agent: agentOf(step.agent), request: `s${index}`, dependsOn: step.dependsOn.map((upstream) => `s${upstream}`) }));
            for (const target of [store, reference]) await createDispatcher({ store: target, now: () => 1000 }).dispatchPlan({ id: planId, sequential: false, steps });
            const held = { subject: new Map<string, ClaimedTask>(), reference: new Map<string, ClaimedTask>() };
            const take = (side: keyof typeof held, tasks: readonly ClaimedTask[]): string[] => {
              for (const task of tasks) held[side].set(task.ref, task);
              return tasks.map((task) => task.ref);
            };
            const inputsOf = (tasks: readonly ClaimedTask[]): unknown[] => tasks.map((task) => [task.ref, task.attempt, task.inputs]);
            let now = 2000;
            const step = async (picks: readonly number[], stale: number | undefined, limit: number, only: readonly string[] | undefined): Promise<void> => {
              now += 10;
              const agents = (only ?? ['a', 'b']).map(agentOf);
              const refs = [...held.subject.keys()].sort();
              const chosen = refs.length === 0 ? [] : picks.map((pick) => refs[pick % refs.length] as string);
              if (stale !== undefined && refs.length > 0) chosen.splice(stale % (chosen.length + 1), 0, `stale:${refs[stale % refs.length]}`);
              const itemsOf = (side: keyof typeof held): CompleteItem[] =>
                chosen.map((choice) => {
                  const ref = choice.replace(/^stale:/, '');
                  const task = held[side].get(ref) as ClaimedTask;
                  return { id: task.id, leaseToken: choice.startsWith('stale:') ? 'stale' : task.leaseToken, output: { values: { ref, at: now } } };
                });
              const batch = await completeAndClaimOf(store)(itemsOf('subject'), { now, claim: { ...lease, limit, agents } });
              const expected: CompleteOutcome[] = [];
              for (const item of itemsOf('reference')) expected.push(await reference.complete(item.id, item.leaseToken, item.output, { now }));
              const expectedClaims = limit < 1 ? [] : await reference.claimMany!({ now, ...lease, limit, agents });
              expect(batch.outcomes.map(summary)).toEqual(expected.map(summary));
              expect(batch.outcomes.map((outcome) => outcome.task?.output)).toEqual(expected.map((outcome) => outcome.task?.output));
              expect(inputsOf(batch.claimed)).toEqual(inputsOf(expectedClaims));
              for (const outcome of batch.outcomes) if (outcome.task !== undefined) held.subject.delete(outcome.task.ref);
              for (const outcome of expected) if (outcome.task !== undefined) held.reference.delete(outcome.task.ref);
              take('subject', batch.claimed);
              take('reference', expectedClaims);
            };
            for (const round of schedule) {
              if (round.claim > 0) {
                const claims = { now, ...lease, limit: round.claim, agents: ['a', 'b'].map(agentOf) };
                expect(take('subject', await store.claimMany!(claims))).toEqual(take('reference', await reference.claimMany!(claims)));
              }
              await step(round.picks, round.stale, round.limit, round.agents);
            }
            // Finish the plan the same way on both (so the next run's claims see only its own plan).
            let guard = 0;
            do await step([...held.subject.keys()].map((_, index) => index), undefined, 4, undefined);
            while (held.subject.size > 0 && ++guard < 100);
            const final = async (target: TaskStore): Promise<unknown[]> => (await target.listPlan(planId)).map((task: Task) => [task.ref, task.state, task.attempt, task.output]);
            expect(await final(store)).toEqual(await final(reference));
            expect((await store.listPlan(planId)).every((task) => task.state === 'done')).toBe(true);
          } finally {
            await reference.close();
          }
        }),
        { numRuns: name === 'postgres' ? 60 : 150 },
      );
    },
  );

  test(
    'property: any number of workers, any concurrency, any agent timing: every task of any DAG runs and completes once, after all its inputs, is promoted once, and no worker runs more agents than its concurrency',
    { timeout: 120_000 },
    async () => {
      const store = await open(make);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          plans(12),
          fc.array(fc.record({ concurrency: fc.integer({ min: 1, max: 4 }), delays: fc.array(fc.constantFrom(0, 0, 1, 2), { minLength: 1, maxLength: 5 }) }), { minLength: 1, maxLength: 3 }),
          async (plan, workerSpecs) => {
            run += 1;
            const planId = `workers-${run}`;
            const dispatcher = createDispatcher({ store });
            const events: string[] = [];
            const doneRefs = new Set<string>();
            const violations: string[] = [];
            dispatcher.on('started', (task) => {
              if (task.planId !== planId) return;
              events.push(`started ${task.ref}`);
              // Two workers' events are not ordered with each other: one emits `done` after its
              // commit, which another's claim may see first (on Postgres, under load). What a task
              // started after is what it started with: every upstream's output among its inputs.
              const { inputs } = task as ClaimedTask;
              for (const upstream of task.dependsOn) if (!Object.hasOwn(inputs, upstream)) violations.push(`${task.ref} started without ${upstream}'s output`);
            });
            dispatcher.on('done', (task) => {
              if (task.planId !== planId) return;
              events.push(`done ${task.ref}`);
              doneRefs.add(task.ref);
            });
            dispatcher.on('promoted', (task) => task.planId === planId && events.push(`promoted ${task.ref}`));
            const steps = plan.map((step, index) => ({ ref: `s${index}`, title: `s${index}`, agent: `${step.agent}-${run}`, request: `s${index}`, dependsOn: step.dependsOn.map((upstream) => `s${upstream}`) }));
            await dispatcher.dispatchPlan({ id: planId, sequential: false, steps });
            const workers = workerSpecs.map(({ concurrency, delays }, index) => {
              let calls = 0;
              let active = 0;
              const agent = async (task: ClaimedTask): Promise<TaskOutput> => {
                active += 1;
                if (active > concurrency) violations.push(`worker ${index} ran ${active} agents at once (concurrency ${concurrency})`);
                try {
                  const delay = delays[calls++ % delays.length] ?? 0;
                  if (delay === 1) await new Promise((resolve) => setImmediate(resolve));
                  if (delay === 2) await new Promise((resolve) => setTimeout(resolve, 1));
                  return { values: { ref: task.ref, inputs: Object.keys(task.inputs).sort(), worker: index } };
                } finally {
                  active -= 1;
                }
              };
              return createWorker({ dispatcher, concurrency, agents: { [`a-${run}`]: agent, [`b-${run}`]: agent } });
            });
            for (let guard = 0; guard < 50 && doneRefs.size < steps.length; guard += 1) await Promise.all(workers.map((worker) => worker.drain()));
            expect(violations).toEqual([]);
            const count = (kind: string, ref: string): number => events.filter((event) => event === `${kind} ${ref}`).length;
            for (const step of steps) {
              expect([step.ref, count('started', step.ref), count('done', step.ref), count('promoted', step.ref)]).toEqual([step.ref, 1, 1, step.dependsOn.length === 0 ? 0 : 1]);
            }
            const tasks = await store.listPlan(planId);
            expect(tasks.map((task) => [task.ref, task.state, task.attempt])).toEqual(steps.map((step) => [step.ref, 'done', 1]));
            for (const task of tasks) expect((task.output?.values as { inputs: string[] }).inputs).toEqual([...task.dependsOn].sort());
          },
        ),
        { numRuns: name === 'postgres' ? 40 : 100 },
      );
    },
  );
});

describe.skipIf(process.env['PARLEY_PG_URL'] === undefined)('Postgres statements', () => {
  test('a pool that is not a pg.Pool gets plain text and values (no prepared statements), and a round works on it', async () => {
    const { default: pg } = await import('pg');
    const { createPostgresTaskStore } = await import('./postgres-task-store');
    const real = new pg.Pool({ connectionString: process.env['PARLEY_PG_URL'] });
    const textOnly = (query: (text: string, values?: unknown[]) => Promise<unknown>) => (text: unknown, values?: unknown[]) => {
      if (typeof text !== 'string') throw new TypeError('this pool takes text only');
      return query(text, values);
    };
    const schema = `parley_textpool_${Math.random().toString(36).slice(2, 10)}`;
    const pool = {
      options: real.options,
      query: textOnly((text, values) => real.query(text, values)),
      connect: async () => {
        const client = await real.connect();
        return { query: textOnly((text, values) => client.query(text, values)), release: (error?: Error) => client.release(error), on: client.on.bind(client), removeListener: client.removeListener.bind(client) };
      },
      on: real.on.bind(real),
      removeListener: real.removeListener.bind(real),
      end: () => real.end(),
    };
    const store = await createPostgresTaskStore({ pool, schema });
    try {
      await createDispatcher({ store, now: () => 1000 }).dispatchPlan({ id: 'chain', steps: ['one', 'two'].map((ref) => ({ ref, title: ref, agent: 'a', request: ref })) });
      const [one] = await store.claimMany({ now: 1000, ...lease, limit: 1 });
      const round = await store.completeAndClaim([{ id: one!.id, leaseToken: one!.leaseToken, output: {} }], { now: 2000, claim: { ...lease, limit: 1 } });
      expect(round.claimed.map((task) => task.ref)).toEqual(['two']);
      expect(await store.heartbeat(round.claimed[0]!.id, round.claimed[0]!.leaseToken, { now: 2000, ...lease })).toBe(true);
      expect((await store.get(round.claimed[0]!.id))?.state).toBe('running');
    } finally {
      await store.close();
      await real.query(`drop schema if exists ${schema} cascade`);
      await real.end();
    }
  });
});
