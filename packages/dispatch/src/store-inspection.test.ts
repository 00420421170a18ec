import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import * as fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { storeMakers } from './__fixtures__/store-makers';
import { createPostgresTaskStore } from './postgres-task-store';
import { postgresInspectionQueries } from './postgres-store-inspection';
import { createSqliteTaskStore } from './sqlite-task-store';
import { sqliteInspectionQueries } from './sqlite-store-inspection';
import type { PlanSummary, SessionSummary } from './store-inspection';
import type { Task, TaskState } from './task';
import type { TaskStore } from './task-store';

const { postgresUrl, makers, dropSchemas } = storeMakers('parley_inspection');
afterAll(dropSchemas);

const retry = { maxAttempts: 1, backoff: () => 0 };

/** A generated plan: its id, session, creation time (ties on purpose), size and what happens to it. */
interface PlanSpec {
  readonly id: string;
  readonly session: string | undefined;
  readonly at: number;
  readonly steps: number;
  readonly fate: 'open' | 'done-first' | 'fail-first' | 'cancel-first';
}

const planSpecs = fc.uniqueArray(
  fc.record({
    // Ids that share prefixes with each other and with session ids, so searches overlap.
    id: fc.stringMatching(/^(?:p|plan|s)[0-9ab]{1,3}$/),
    session: fc.option(fc.constantFrom('s1', 's10', 'sa', 'plan', 'other'), { nil: undefined }),
    // Few distinct times, so that many plans tie on creation time and the id must break the tie.
    at: fc.integer({ min: 1, max: 4 }),
    steps: fc.integer({ min: 1, max: 3 }),
    fate: fc.constantFrom('open', 'done-first', 'fail-first', 'cancel-first'),
  }),
  { selector: (spec) => spec.id, minLength: 0, maxLength: 14 },
);

/** Creates each plan and applies its fate; returns every task. */
const build = async (store: TaskStore, specs: readonly PlanSpec[]): Promise<Task[]> => {
  for (const spec of specs) {
    const agent = `agent-${spec.id}`;
    const steps = Array.from({ length: spec.steps }, (_, step) => ({ ref: `r${step}`, title: `${spec.id} step ${step}`, agent, request: 'do it', dependsOn: step === 0 ? [] : [`r${step - 1}`], expectedOutputs: [] }));
    const { tasks } = await store.createPlan(spec.id, steps, { ...(spec.session === undefined ? {} : { sessionId: spec.session }), now: spec.at });
    if (spec.fate === 'open') continue;
    if (spec.fate === 'cancel-first') {
      await store.cancel(tasks[0]?.id ?? '', { now: spec.at });
      continue;
    }
    const claimed = await store.claim({ now: spec.at, leaseMilliseconds: 60_000, agents: [agent] });
    if (claimed === undefined) continue;
    if (spec.fate === 'done-first') await store.complete(claimed.id, claimed.leaseToken, { summary: 'ok' }, { now: spec.at });
    else await store.fail(claimed.id, claimed.leaseToken, 'boom', { now: spec.at, retry });
  }
  const all: Task[] = [];
  for (const spec of specs) all.push(...(await store.listPlan(spec.id)));
  return all;
};

/** Compares like both stores order text: by code unit for the ASCII ids generated here. */
const newestFirst = (left: { at: number; id: string }, right: { at: number; id: string }): number => right.at - left.at || (left.id < right.id ? 1 : left.id > right.id ? -1 : 0);

/** What `listPlans` must list for `search`, newest first, from the tasks themselves. */
const expectedPlans = (specs: readonly PlanSpec[], tasks: readonly Task[], search: string): PlanSummary[] =>
  specs
    .filter((spec) => search === '' || spec.id.startsWith(search) || (spec.session ?? '').startsWith(search) || tasks.some((task) => task.id === search && task.planId === spec.id))
    .map((spec) => ({ at: spec.at, id: spec.id, spec }))
    .sort(newestFirst)
    .map(({ spec }) => {
      const mine = tasks.filter((task) => task.planId === spec.id);
      const counts: Partial<Record<TaskState, number>> = {};
      for (const task of mine) counts[task.state] = (counts[task.state] ?? 0) + 1;
      return { planId: spec.id, sessionId: spec.session, title: `${spec.id} step 0`, createdAt: spec.at, counts, total: mine.length };
    });

/** Every page of plans, following `next` (at most `bound` pages, so a cursor that loops fails instead of hanging). */
const allPlans = async (store: TaskStore, limit: number, search: string | undefined, bound: number): Promise<PlanSummary[]> => {
  const plans: PlanSummary[] = [];
  let before: string | undefined;
  for (let page = 0; page < bound; page += 1) {
    const result = await store.listPlans?.({ limit, ...(before === undefined ? {} : { before }), ...(search === undefined ? {} : { search }) });
    if (result === undefined) throw new Error('store has no listPlans');
    expect(result.plans.length).toBeLessThanOrEqual(limit);
    plans.push(...result.plans);
    if (result.next === undefined) return plans;
    before = result.next;
  }
  throw new Error('pagination did not end');
};

describe.each(makers)('store inspection (%s)', (_name, make) => {
  // Invariant: following `next` from the first page lists every plan matching the search exactly
  // once, newest first (ties by plan id), with the counts of its tasks' states, whatever the
  // page size; sessions likewise. Generated stores tie on creation time and share id prefixes.
  test('pages list every plan once, newest first, with its state counts; search by plan, session or task id', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(planSpecs, fc.integer({ min: 1, max: 5 }), fc.constantFrom('', 'p', 'plan', 's1', 'sa', 'p1', 'task'), async (specs, limit, search) => {
        const store = await make();
        try {
          const tasks = await build(store, specs);
          const term = search === 'task' ? (tasks[tasks.length >> 1]?.id ?? 'none') : search;
          expect(await allPlans(store, limit, term === '' ? undefined : term, specs.length + 2)).toEqual(expectedPlans(specs, tasks, term));

          const sessions: SessionSummary[] = [];
          let before: string | undefined;
          for (let page = 0; page < specs.length + 2; page += 1) {
            const result = await store.listSessions?.({ limit, ...(before === undefined ? {} : { before }) });
            sessions.push(...(result?.sessions ?? []));
            before = result?.next;
            if (before === undefined) break;
          }
          const bySession = new Map<string, { plans: number; latestAt: number }>();
          for (const spec of specs) {
            if (spec.session === undefined) continue;
            const entry = bySession.get(spec.session) ?? { plans: 0, latestAt: 0 };
            bySession.set(spec.session, { plans: entry.plans + 1, latestAt: Math.max(entry.latestAt, spec.at) });
          }
          const expectedSessions = [...bySession]
            .map(([sessionId, entry]) => ({ at: entry.latestAt, id: sessionId, sessionId, ...entry }))
            .sort(newestFirst)
            .map(({ sessionId, plans, latestAt }) => ({ sessionId, plans, latestAt }));
          expect(sessions).toEqual(expectedSessions);
        } finally {
          await store.close();
        }
      }),
      { numRuns: postgresUrl === undefined ? 60 : 25 },
    );
  });

  test('a plan dispatched again with another first step is listed once', async () => {
    const store = await make();
    try {
      const step = (ref: string) => ({ ref, title: ref, agent: 'a', request: 'r', dependsOn: [], expectedOutputs: [] });
      await store.createPlan('p', [step('b')], { now: 1 });
      await store.createPlan('p', [step('a')], { now: 2 });
      const page = await store.listPlans?.({ limit: 10 });
      expect(page?.plans.map((plan) => [plan.planId, plan.title, plan.total])).toEqual([['p', 'a', 2]]);
    } finally {
      await store.close();
    }
  });

  test('a bad cursor or page size is an InvalidArgumentError', async () => {
    const store = await make();
    try {
      await expect(store.listPlans?.({ limit: 10, before: 'nonsense' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'before' });
      await expect(store.listPlans?.({ limit: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'limit' });
      await expect(store.listSessions?.({ limit: 501 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'limit' });
    } finally {
      await store.close();
    }
  });

  // Invariant: a search is a prefix, never a pattern, and a cursor is data, never SQL. Ids and
  // search terms are drawn from LIKE's wildcards, quotes, backslashes and SQL punctuation: every
  // plan listed starts with the term (its id or its session id) and every such plan is listed;
  // any `before` text lists only plans older than it, or is an InvalidArgumentError.
  test('search terms and cursors made of wildcards, quotes and SQL are taken literally', { timeout: 120_000 }, async () => {
    const tricky = fc.stringMatching(/^[%_'"\\;a -]{1,4}$/);
    const cursor = fc.oneof(
      fc.tuple(fc.oneof(fc.integer({ min: -1, max: 4 }).map(String), fc.constantFrom('NaN', '1e999', '-0', ' 2', '0x2', '', '2.5')), fc.oneof(tricky, fc.constantFrom('', ':', "' or 1=1 --"))).map(([at, id]) => `${at}:${id}`),
      fc.constantFrom('nonsense', ':', '', '%', "1' or '1'='1"),
    );
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.record({ id: tricky, session: fc.option(tricky, { nil: undefined }), at: fc.integer({ min: 1, max: 3 }) }), { selector: (plan) => plan.id, maxLength: 8 }), tricky, cursor, async (plans, search, before) => {
        const store = await make();
        try {
          for (const plan of plans) await store.createPlan(plan.id, [{ ref: 'r', title: 't', agent: 'a', request: 'r', dependsOn: [], expectedOutputs: [] }], { ...(plan.session === undefined ? {} : { sessionId: plan.session }), now: plan.at });
          const term = search.trim();
          const listed = await allPlans(store, 3, search, plans.length + 2);
          const expected = plans.filter((plan) => term === '' || plan.id.startsWith(term) || (plan.session ?? '').startsWith(term)).map((plan) => plan.id);
          expect(listed.map((plan) => plan.planId).sort()).toEqual(expected.sort());
          let page: Awaited<ReturnType<NonNullable<TaskStore['listPlans']>>> | undefined;
          try {
            page = await store.listPlans?.({ limit: 10, before });
          } catch (error) {
            expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'before' });
            return;
          }
          const colon = before.indexOf(':');
          const at = Number(before.slice(0, colon));
          const id = before.slice(colon + 1);
          for (const plan of page?.plans ?? []) expect(plan.createdAt < at || (plan.createdAt === at && plan.planId < id)).toBe(true);
        } finally {
          await store.close();
        }
      }),
      { numRuns: postgresUrl === undefined ? 100 : 40 },
    );
  });

  test('the change marker moves after every kind of write, by this connection or another', async () => {
    const store = await make();
    try {
      const marks: string[] = [await store.changeMarker!()];
      const mark = async (): Promise<void> => {
        const marker = await store.changeMarker!();
        expect(marks).not.toContain(marker);
        marks.push(marker);
      };
      const { tasks } = await store.createPlan('p', [{ ref: 'a', title: 'a', agent: 'x', request: 'r', dependsOn: [], expectedOutputs: [] }, { ref: 'b', title: 'b', agent: 'x', request: 'r', dependsOn: ['a'], expectedOutputs: [] }], { now: 1 });
      await mark();
      const claimed = await store.claim({ now: 2, leaseMilliseconds: 1000 });
      await mark();
      await store.complete(claimed?.id ?? '', claimed?.leaseToken ?? '', {}, { now: 3 });
      await mark();
      await store.cancel(tasks[1]?.id ?? '', { now: 4 });
      await mark();
    } finally {
      await store.close();
    }
  });
});

test('the SQLite marker moves when another connection writes the file', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'parley-marker-'));
  try {
    const path = join(directory, 'tasks.db');
    const watcher = createSqliteTaskStore({ path });
    const writer = createSqliteTaskStore({ path });
    const before = await watcher.changeMarker?.();
    await writer.createPlan('p', [{ ref: 'a', title: 'a', agent: 'x', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
    expect(await watcher.changeMarker?.()).not.toBe(before);
    const reader = createSqliteTaskStore({ path, readOnly: true });
    expect((await reader.listPlans?.({ limit: 5 }))?.plans.map((plan) => plan.planId)).toEqual(['p']);
    await Promise.all([watcher.close(), writer.close(), reader.close()]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

describe('inspection queries use indexes', () => {
  test('SQLite: plans (every filter), counts and sessions', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'parley-inspection-plans-'));
    try {
      const path = join(directory, 'tasks.db');
      await createSqliteTaskStore({ path }).close();
      const database = new DatabaseSync(path);
      const scans = (sql: string, parameters: unknown[]): string[] =>
        (database.prepare(`explain query plan ${sql}`).all(...(parameters as never[])) as Array<{ detail: string }>)
          .map((row) => row.detail)
          .filter((detail) => /^SCAN (?!json_each|CONSTANT)/.test(detail) && !detail.includes(' USING '));
      for (const before of [false, true]) {
        for (const search of [false, true]) {
          const parameters = [...(before ? [1, 1, 'p'] : []), ...(search ? ['s', 's', 's', 's', 's'] : []), 10];
          expect(scans(sqliteInspectionQueries.plans({ before, search }), parameters)).toEqual([]);
        }
        expect(scans(sqliteInspectionQueries.sessions(before), [...(before ? [1, 1, 's'] : []), 10])).toEqual([]);
      }
      expect(scans(sqliteInspectionQueries.counts, ['["p"]'])).toEqual([]);
      // The newest-first walk needs no sort step: the plans index is read in order.
      const plan = (database.prepare(`explain query plan ${sqliteInspectionQueries.plans({ before: true, search: false })}`).all(1, 1, 'p', 10) as Array<{ detail: string }>).map((row) => row.detail);
      expect(plan.join('\n')).not.toContain('USE TEMP B-TREE FOR ORDER BY');
      database.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  test.skipIf(postgresUrl === undefined)('Postgres: plans, counts and sessions read parley_tasks through indexes only', async () => {
    const schema = `parley_inspection_plans_${Math.random().toString(36).slice(2, 10)}`;
    await (await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema })).close();
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query('set enable_seqscan = off');
      const queries = postgresInspectionQueries(`${schema}.parley_tasks`);
      const nodes = (plan: Record<string, unknown>): Array<Record<string, unknown>> => [plan, ...((plan['Plans'] as Array<Record<string, unknown>> | undefined) ?? []).flatMap(nodes)];
      const seqScans = async (sql: string, parameters: unknown[]): Promise<string[]> => {
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(`explain (format json) ${sql}`, parameters);
        return nodes(rows[0]?.['QUERY PLAN'][0]?.Plan ?? {}).filter((node) => node['Node Type'] === 'Seq Scan').map((node) => String(node['Relation Name']));
      };
      const id = '00000000-0000-4000-8000-000000000000';
      expect(await seqScans(queries.plans({ before: false, search: false, taskId: false }), [10])).toEqual([]);
      expect(await seqScans(queries.plans({ before: true, search: true, taskId: true }), [10, 1, 'p', 's', id])).toEqual([]);
      expect(await seqScans(queries.counts, [['p']])).toEqual([]);
      expect(await seqScans(queries.sessions(true), [10, 1, 's'])).toEqual([]);
    } finally {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });
});
