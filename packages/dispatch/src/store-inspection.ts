import { InvalidArgumentError } from '@parley/core';
import type { TaskState } from './task';

/** One plan as a list shows it: who dispatched it, when, and how many of its tasks are in each state. */
export interface PlanSummary {
  readonly planId: string;
  readonly sessionId: string | undefined;
  /** The title of the plan's first step. */
  readonly title: string;
  /** When the plan's first step was created (milliseconds since the epoch). */
  readonly createdAt: number;
  /** Tasks by state; a state with no task is absent. */
  readonly counts: Readonly<Partial<Record<TaskState, number>>>;
  /** All of the plan's tasks. */
  readonly total: number;
}

/** A page of plans, newest first. */
export interface PlanPage {
  readonly plans: readonly PlanSummary[];
  /** Pass as `before` for the next (older) page; undefined on the last page. */
  readonly next: string | undefined;
}

/** Options of {@link StoreInspection.listPlans}. */
export interface ListPlansOptions {
  /** Plans per page, 1 to 500. */
  readonly limit: number;
  /** The `next` of the previous page: only plans older than its last one. */
  readonly before?: string;
  /**
   * Only plans whose id or session id starts with this text, or the plan of the task with exactly
   * this id.
   */
  readonly search?: string;
}

/** A session as a list shows it. */
export interface SessionSummary {
  readonly sessionId: string;
  /** How many plans the session dispatched. */
  readonly plans: number;
  /** When its newest plan was created. */
  readonly latestAt: number;
}

/** A page of sessions, the most recently active first. */
export interface SessionPage {
  readonly sessions: readonly SessionSummary[];
  /** Pass as `before` for the next page; undefined on the last page. */
  readonly next: string | undefined;
}

/** Options of {@link StoreInspection.listSessions}. */
export interface ListSessionsOptions {
  /** Sessions per page, 1 to 500. */
  readonly limit: number;
  /** The `next` of the previous page. */
  readonly before?: string;
}

/**
 * The reads an inspector needs beyond {@link TaskStore}'s: plans and sessions newest first,
 * paginated by key (never by offset, so a page costs the same however deep it is), and a cheap
 * marker that changes whenever the store may have changed. Both built-in stores have them.
 */
export interface StoreInspection {
  /** Plans newest first (by their first step's creation, then plan id), with state counts. */
  listPlans(options: ListPlansOptions): Promise<PlanPage>;
  /** Sessions whose newest plan is newest first. */
  listSessions(options: ListSessionsOptions): Promise<SessionPage>;
  /**
   * An opaque text that differs from the previous call's whenever a write may have committed
   * since (it may also change when nothing did): poll it to learn when to read again.
   */
  changeMarker(): Promise<string>;
}

/** A position in a newest-first list: a time and an id that breaks ties. */
export interface ListCursor {
  readonly at: number;
  readonly id: string;
}

/** The `next` text of a page that ended at `cursor`. */
export const encodeCursor = (cursor: ListCursor): string => `${cursor.at}:${cursor.id}`;

/** The cursor a `before` text stands for; an unreadable one is an {@link InvalidArgumentError}. */
export function decodeCursor(text: string): ListCursor {
  const colon = text.indexOf(':');
  const at = colon > 0 ? Number(text.slice(0, colon)) : Number.NaN;
  if (!Number.isFinite(at)) throw new InvalidArgumentError({ argument: 'before', message: 'before must be the next of a previous page.' });
  return { at, id: text.slice(colon + 1) };
}

/** The page size asked for, checked. */
export function checkPageLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new InvalidArgumentError({ argument: 'limit', message: `limit must be a whole number from 1 to 500, not ${limit}.` });
  return limit;
}

/** A plan's first step as the list query returns it. */
export interface PlanHead {
  readonly planId: string;
  readonly sessionId: string | undefined;
  readonly title: string;
  readonly createdAt: number;
}

/**
 * The page of `limit` plans from `heads` (read with one row more than `limit`, which only says
 * that there is a next page) and the state counts of their tasks.
 */
export function planPage(heads: readonly PlanHead[], counts: ReadonlyArray<{ readonly planId: string; readonly state: TaskState; readonly n: number }>, limit: number): PlanPage {
  const page = heads.slice(0, limit);
  const byPlan = new Map<string, Partial<Record<TaskState, number>>>(page.map((head) => [head.planId, {}]));
  for (const row of counts) {
    const planCounts = byPlan.get(row.planId);
    if (planCounts !== undefined) planCounts[row.state] = Number(row.n);
  }
  const plans = page.map((head): PlanSummary => {
    const planCounts = byPlan.get(head.planId) ?? {};
    return { ...head, counts: planCounts, total: Object.values(planCounts).reduce((sum, n) => sum + n, 0) };
  });
  const last = page.at(-1);
  return { plans, next: heads.length > limit && last !== undefined ? encodeCursor({ at: last.createdAt, id: last.planId }) : undefined };
}

/** The page of `limit` sessions from `rows` (read with one row more than `limit`). */
export function sessionPage(rows: readonly SessionSummary[], limit: number): SessionPage {
  const sessions = rows.slice(0, limit).map((row) => ({ sessionId: row.sessionId, plans: Number(row.plans), latestAt: Number(row.latestAt) }));
  const last = sessions.at(-1);
  return { sessions, next: rows.length > limit && last !== undefined ? encodeCursor({ at: last.latestAt, id: last.sessionId }) : undefined };
}
