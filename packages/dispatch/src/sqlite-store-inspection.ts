import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { checkPageLimit, decodeCursor, type PlanHead, planPage, sessionPage, type SessionSummary, type StoreInspection } from './store-inspection';
import type { TaskState } from './task';

/** The migration that indexes plans and sessions by their first step (only rows of position 0, which never change). */
export const sqliteInspectionMigration = `create index parley_tasks_plans on parley_tasks (created_at, plan_id) where position = 0;
   create index parley_tasks_session_plans on parley_tasks (session_id, created_at) where position = 0 and session_id is not null`;

/**
 * The first step of each plan: position 0, and of two such rows (a plan dispatched again with
 * another first step) the one with the smallest ref, so that each plan is listed once.
 */
const headSql = `from parley_tasks as head where head.position = 0
  and not exists (select 1 from parley_tasks as other where other.plan_id = head.plan_id and other.position = 0 and other.ref < head.ref)`;

/** The inspector's queries (the query-plan test checks that each one uses an index). */
export const sqliteInspectionQueries: {
  readonly plans: (options: { readonly before: boolean; readonly search: boolean }) => string;
  readonly counts: string;
  readonly sessions: (before: boolean) => string;
} = {
  plans: ({ before, search }) =>
    `select head.plan_id as planId, head.session_id as sessionId, head.title, head.created_at as createdAt ${headSql}
     ${before ? 'and (head.created_at < ? or (head.created_at = ? and head.plan_id < ?))' : ''}
     ${search ? "and (substr(head.plan_id, 1, length(?)) = ? or substr(coalesce(head.session_id, ''), 1, length(?)) = ? or head.plan_id = (select plan_id from parley_tasks where id = ?))" : ''}
     order by head.created_at desc, head.plan_id desc limit ?`,
  counts: 'select plan_id as planId, state, count(*) as n from parley_tasks where plan_id in (select value from json_each(?)) group by plan_id, state',
  sessions: (before) =>
    `select session_id as sessionId, count(*) as plans, max(created_at) as latestAt from parley_tasks
     where position = 0 and session_id is not null group by session_id
     ${before ? 'having max(created_at) < ? or (max(created_at) = ? and session_id < ?)' : ''}
     order by latestAt desc, sessionId desc limit ?`,
};

/** The {@link StoreInspection} reads of an open, migrated SQLite store. */
export function sqliteStoreInspection(database: DatabaseSync): StoreInspection {
  const counts = database.prepare(sqliteInspectionQueries.counts);
  const dataVersion = database.prepare('pragma data_version');
  const ownChanges = database.prepare('select total_changes() as n');
  return {
    async listPlans({ limit, before, search }) {
      checkPageLimit(limit);
      const parameters: SQLInputValue[] = [];
      if (before !== undefined) {
        const cursor = decodeCursor(before);
        parameters.push(cursor.at, cursor.at, cursor.id);
      }
      const term = search?.trim() ?? '';
      if (term !== '') parameters.push(term, term, term, term, term);
      const heads = database.prepare(sqliteInspectionQueries.plans({ before: before !== undefined, search: term !== '' })).all(...parameters, limit + 1) as unknown as Array<Omit<PlanHead, 'sessionId'> & { sessionId: string | null }>;
      const page = heads.map((head): PlanHead => ({ ...head, sessionId: head.sessionId ?? undefined }));
      const rows = page.length === 0 ? [] : (counts.all(JSON.stringify(page.slice(0, limit).map((head) => head.planId))) as unknown as Array<{ planId: string; state: TaskState; n: number }>);
      return planPage(page, rows, limit);
    },
    async listSessions({ limit, before }) {
      checkPageLimit(limit);
      const parameters: SQLInputValue[] = [];
      if (before !== undefined) {
        const cursor = decodeCursor(before);
        parameters.push(cursor.at, cursor.at, cursor.id);
      }
      const rows = database.prepare(sqliteInspectionQueries.sessions(before !== undefined)).all(...parameters, limit + 1) as unknown as SessionSummary[];
      return sessionPage(rows, limit);
    },
    async changeMarker() {
      // data_version moves when another connection commits; total_changes counts this one's writes.
      const version = (dataVersion.get() as { data_version: number }).data_version;
      return `${version}:${(ownChanges.get() as { n: number }).n}`;
    },
  };
}
