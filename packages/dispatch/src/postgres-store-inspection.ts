import type pg from 'pg';
import { checkPageLimit, decodeCursor, type PlanHead, planPage, sessionPage, type SessionSummary, type StoreInspection } from './store-inspection';
import type { TaskState } from './task';

/** The migration that indexes plans and sessions by their first step (rows of position 0, which never change). */
export const postgresInspectionMigration = (schema: string): string =>
  `create index parley_tasks_plans on ${schema}.parley_tasks (created_at, plan_id) where position = 0;
   create index parley_tasks_session_plans on ${schema}.parley_tasks (session_id, created_at) where position = 0 and session_id is not null`;

/** A task id as the `uuid` column holds it. */
const uuidPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** The inspector's queries on `table` (the query-plan test checks that each one uses an index). */
export const postgresInspectionQueries = (
  table: string,
): {
  readonly plans: (options: { readonly before: boolean; readonly search: boolean; readonly taskId: boolean }) => string;
  readonly counts: string;
  readonly sessions: (before: boolean) => string;
} => ({
  // Parameters in order: limit, then before (at, id), then search, then the task id.
  plans: ({ before, search, taskId }) => {
    let next = 2;
    const parameter = (): string => `$${next++}`;
    const beforeSql = before ? `and (head.created_at, head.plan_id) < (${parameter()}::double precision, ${parameter()}::text)` : '';
    let searchSql = '';
    if (search) {
      const term = parameter();
      searchSql = `and (starts_with(head.plan_id, ${term}) or starts_with(coalesce(head.session_id, ''), ${term})${taskId ? ` or head.plan_id = (select plan_id from ${table} where id = ${parameter()}::uuid)` : ''})`;
    }
    return `select head.plan_id as "planId", head.session_id as "sessionId", head.title, head.created_at as "createdAt" from ${table} as head
      where head.position = 0 and not exists (select 1 from ${table} as other where other.plan_id = head.plan_id and other.position = 0 and other.ref < head.ref)
      ${beforeSql} ${searchSql}
      order by head.created_at desc, head.plan_id desc limit $1`;
  },
  counts: `select plan_id as "planId", state, count(*)::integer as n from ${table} where plan_id = any($1::text[]) group by plan_id, state`,
  sessions: (before) =>
    `select session_id as "sessionId", count(*)::integer as plans, max(created_at) as "latestAt" from ${table}
     where position = 0 and session_id is not null group by session_id
     ${before ? 'having (max(created_at), session_id) < ($2::double precision, $3::text)' : ''}
     order by "latestAt" desc, "sessionId" desc limit $1`,
});

/** The {@link StoreInspection} reads of a migrated Postgres store in `table`. */
export function postgresStoreInspection(pool: pg.Pool, table: string): StoreInspection {
  const queries = postgresInspectionQueries(table);
  return {
    async listPlans({ limit, before, search }) {
      checkPageLimit(limit);
      const parameters: unknown[] = [limit + 1];
      if (before !== undefined) {
        const cursor = decodeCursor(before);
        parameters.push(cursor.at, cursor.id);
      }
      const term = search?.trim() ?? '';
      const taskId = uuidPattern.test(term);
      if (term !== '') parameters.push(term);
      if (taskId) parameters.push(term);
      const { rows: heads } = await pool.query<Omit<PlanHead, 'sessionId'> & { sessionId: string | null }>(queries.plans({ before: before !== undefined, search: term !== '', taskId }), parameters);
      const page = heads.map((head): PlanHead => ({ ...head, sessionId: head.sessionId ?? undefined }));
      const rows = page.length === 0 ? [] : (await pool.query<{ planId: string; state: TaskState; n: number }>(queries.counts, [page.slice(0, limit).map((head) => head.planId)])).rows;
      return planPage(page, rows, limit);
    },
    async listSessions({ limit, before }) {
      checkPageLimit(limit);
      const parameters: unknown[] = [limit + 1];
      if (before !== undefined) {
        const cursor = decodeCursor(before);
        parameters.push(cursor.at, cursor.id);
      }
      const { rows } = await pool.query<SessionSummary>(queries.sessions(before !== undefined), parameters);
      return sessionPage(rows, limit);
    },
    async changeMarker() {
      // The cluster's snapshot moves whenever a transaction that writes starts or ends anywhere
      // (a write in another database moves it too: a spare read, never a missed change).
      const { rows } = await pool.query<{ marker: string }>('select pg_current_snapshot()::text as marker');
      return rows[0]?.marker ?? '';
    },
  };
}
