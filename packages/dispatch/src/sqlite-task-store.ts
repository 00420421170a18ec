import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { InvalidArgumentError } from '@parley/core';
import type { ResolvedStep } from './plan';
import { dependentsOf, skipReason } from './plan-transitions';
import { attemptKeys, type ClaimedTask, type Task, type TaskOutput, terminalStates } from './task';
import { type TaskRow, taskFromRow } from './task-row';
import { initialStates } from './initial-states';
import { loadNodeSqlite } from './load-node-sqlite';
import { refuseMissingIterationTargets } from './missing-iteration-target';
import { storeSteps } from './store-steps';
import { checkPruneOptions, pruneBatch } from './prune-plans';
import { ReadOnlyStoreError } from './read-only-store-error';
import { sqliteInspectionMigration, sqliteStoreInspection } from './sqlite-store-inspection';
import { StoreUnavailableError } from './store-unavailable-error';
import type { CompleteOutcome, FailOutcome, RetryPolicy, TaskStore } from './task-store';
import { TaskStoreOpenError } from './task-store-open-error';
import type { NodeSqliteUnavailableError } from './node-sqlite-unavailable-error';
import { translateStoreErrors } from './translate-store-errors';

/** Opens a `node:sqlite` database; the module loads with the first store opened, not with this file. */
const openDatabase = (path: string, options: ConstructorParameters<typeof DatabaseSync>[1]): DatabaseSync => new (loadNodeSqlite().DatabaseSync)(path, options);

/** A row as SQLite returns it: the JSON columns are text. */
interface Row extends Omit<TaskRow, 'depends_on' | 'expected_outputs' | 'output'> {
  depends_on: string;
  expected_outputs: string;
  output: string | null;
  lease_expires_at: number | null;
  available_at: number;
}

/** The versioned migrations of the embedded store; each runs once, in order. */
const migrations: readonly string[] = [
  `create table parley_tasks (
     id text primary key,
     plan_id text not null,
     ref text not null,
     position integer not null,
     session_id text,
     title text not null,
     agent text not null,
     request text not null,
     depends_on text not null,
     expected_outputs text not null,
     state text not null,
     attempt integer not null default 0,
     lease_token text,
     lease_expires_at integer,
     available_at integer not null default 0,
     output text,
     error text,
     created_at integer not null,
     updated_at integer not null,
     unique (plan_id, ref)
   );
   create index parley_tasks_claim on parley_tasks (state, available_at, created_at);
   create index parley_tasks_session on parley_tasks (session_id, created_at);`,
  'alter table parley_tasks add column iteration_of text',
  // Claims walk the queue in order however many finished tasks the table holds; prune follows
  // iteration references backwards.
  `create index parley_tasks_queue on parley_tasks (created_at, position) where state = 'queued';
   create index parley_tasks_iteration on parley_tasks (iteration_of) where iteration_of is not null;`,
  // The inspector lists plans and sessions newest first by key.
  sqliteInspectionMigration,
];

/** Whether a task is unfinished or changed at or after the cutoff `?` (so its plan stays). */
const staysSql = "(state in ('backlog', 'queued', 'running') or updated_at >= ?)";

/**
 * The store's hot queries and prune's, by name (the query-plan test checks that each one uses an
 * index). `claim` takes the agent filter, empty or `and agent in (…)`.
 */
export const sqliteQueries: {
  readonly claim: (filter: string) => string;
  readonly history: string;
  readonly promoteCandidates: string;
  readonly countDone: (refs: number) => string;
  readonly expired: string;
  readonly pruneScan: string;
  readonly pruneReferences: string;
  readonly pruneDelete: string;
} = {
  claim: (filter: string): string => `select * from parley_tasks where state = 'queued' and available_at <= ? ${filter} order by created_at, position limit 1`,
  history: 'select * from parley_tasks where session_id = ? order by created_at, position',
  promoteCandidates: "select * from parley_tasks where plan_id = ? and state = 'backlog' and exists (select 1 from json_each(depends_on) where value = ?)",
  countDone: (refs: number): string => `select count(*) as n from parley_tasks where plan_id = ? and state = 'done' and ref in (${Array.from({ length: refs }, () => '?').join(', ')})`,
  expired: "select * from parley_tasks where state = 'running' and lease_expires_at < ?",
  pruneScan: `select plan_id as plan, max(${staysSql}) = 0 as qualifies from parley_tasks where plan_id > ? group by plan_id order by plan_id limit ?`,
  pruneReferences: `select distinct referrer.plan_id as "from", target.plan_id as "to",
      not exists (select 1 from parley_tasks as other where other.plan_id = referrer.plan_id and (other.state in ('backlog', 'queued', 'running') or other.updated_at >= ?)) as fromQualifies
    from parley_tasks as target join parley_tasks as referrer on referrer.iteration_of = target.id
    where target.plan_id in (select value from json_each(?)) and referrer.plan_id <> target.plan_id`,
  pruneDelete: `delete from parley_tasks where plan_id in (select value from json_each(?))
    and plan_id not in (select plan_id from parley_tasks where plan_id in (select value from json_each(?)) and ${staysSql}) returning plan_id`,
};

const toTask = (row: Row): Task =>
  taskFromRow({
    ...row,
    depends_on: JSON.parse(row.depends_on) as string[],
    expected_outputs: JSON.parse(row.expected_outputs) as string[],
    output: row.output === null ? null : (JSON.parse(row.output) as TaskOutput),
  });

/** Options of {@link createSqliteTaskStore}. */
export interface SqliteTaskStoreOptions {
  /** The database file (created and migrated when missing, unless `readOnly`). Default: memory. */
  readonly path?: string;
  /**
   * Opens an existing store for reading only: nothing is created, migrated or written. A path that
   * does not exist, is not a SQLite file, is not a Parley store or has another schema version is
   * refused with a {@link TaskStoreOpenError}; every method that would write rejects with a
   * {@link ReadOnlyStoreError}.
   */
  readonly readOnly?: boolean;
  /**
   * How long one statement waits for another process's write lock before the operation rejects
   * with a {@link StoreUnavailableError} (which workers and the dispatcher retry with backoff).
   * node:sqlite waits synchronously, holding up this process's event loop, so keep it short.
   * Default 1,000 ms.
   */
  readonly busyTimeoutMilliseconds?: number;
}

/** SQLite's primary result codes for "another connection holds the lock": SQLITE_BUSY, SQLITE_LOCKED. */
const busyCodes: ReadonlySet<number> = new Set([5, 6]);

/** Whether a node:sqlite error means the file is locked by another connection for now (any extended BUSY/LOCKED code). */
export function isSqliteBusy(error: unknown): boolean {
  const errcode = typeof error === 'object' && error !== null ? (error as { errcode?: unknown }).errcode : undefined;
  return typeof errcode === 'number' && busyCodes.has(errcode % 256);
}

/** SQLite's "file is not a database" result code. */
const notADatabase = 26;

/** Opens an existing store read-only, or says precisely why it cannot. */
function openReadOnly(path: string, busyTimeout: number): DatabaseSync {
  if (!existsSync(path)) throw new TaskStoreOpenError({ code: 'STORE_NOT_FOUND', path });
  let database: DatabaseSync;
  try {
    database = openDatabase(path, { readOnly: true, timeout: busyTimeout });
  } catch (error) {
    throw new TaskStoreOpenError({ code: 'NOT_A_STORE', path, detail: error instanceof Error ? error.message : String(error), cause: error });
  }
  try {
    let tables: number;
    try {
      tables = (database.prepare("select count(*) as n from sqlite_master where type = 'table' and name in ('parley_tasks', 'parley_migrations')").get() as { n: number }).n;
    } catch (error) {
      if ((error as { errcode?: unknown }).errcode !== notADatabase) throw error;
      throw new TaskStoreOpenError({ code: 'NOT_A_STORE', path, detail: 'not a SQLite database', cause: error });
    }
    if (tables !== 2) throw new TaskStoreOpenError({ code: 'NOT_A_STORE', path, detail: 'no Parley tables' });
    const versions = (database.prepare('select version from parley_migrations order by version').all() as Array<{ version: number }>).map((row) => row.version);
    if (versions.length !== migrations.length || versions.some((version, index) => version !== index + 1)) {
      throw new TaskStoreOpenError({ code: 'STORE_SCHEMA_MISMATCH', path, detail: `schema version ${versions.at(-1) ?? 0}, this version reads ${migrations.length}` });
    }
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}

/** The store methods that change the store: a read-only store refuses each. */
const writeMethods = ['createPlan', 'claim', 'claimMany', 'heartbeat', 'complete', 'completeMany', 'completeAndClaim', 'fail', 'cancel', 'recoverExpired', 'prune'] as const;

/**
 * The embedded task store: a SQLite file (or memory) through Node's built-in `node:sqlite`, no
 * server and no native addon. Every operation is one transaction; a process-wide writer lock
 * (SQLite's own) makes claims exclusive across processes sharing the file. With `readOnly`, an
 * existing store is opened for reading only (history, plans, tasks). On a Node without
 * `node:sqlite` it throws a {@link NodeSqliteUnavailableError} naming the versions that have it.
 */
export function createSqliteTaskStore(options: SqliteTaskStoreOptions = {}): TaskStore {
  // First, so that a Node without node:sqlite is told so (not "not a Parley task store").
  loadNodeSqlite();
  const busyTimeout = options.busyTimeoutMilliseconds ?? 1000;
  if (options.readOnly === true) {
    if (options.path === undefined || options.path === ':memory:') throw new InvalidArgumentError({ argument: 'path', message: 'A read-only task store needs the path of an existing store file.' });
    const store = storeOn(openReadOnly(options.path, busyTimeout));
    const refuse = (operation: string) => (): Promise<never> => Promise.reject(new ReadOnlyStoreError({ operation }));
    return translateStoreErrors({ ...store, ...Object.fromEntries(writeMethods.map((method) => [method, refuse(method)])) }, isSqliteBusy);
  }
  const database = openDatabase(options.path ?? ':memory:', { timeout: busyTimeout });
  try {
    database.exec('pragma journal_mode = wal; create table if not exists parley_migrations (version integer primary key)');
    const applied = new Set((database.prepare('select version from parley_migrations').all() as Array<{ version: number }>).map((row) => row.version));
    migrations.forEach((sql, index) => {
      if (applied.has(index + 1)) return;
      database.exec('begin immediate');
      try {
        database.exec(sql);
        database.prepare('insert into parley_migrations (version) values (?)').run(index + 1);
        database.exec('commit');
      } catch (error) {
        if (database.isTransaction) database.exec('rollback');
        throw error;
      }
    });
  } catch (error) {
    database.close();
    throw isSqliteBusy(error) ? new StoreUnavailableError({ operation: 'open', cause: error }) : error;
  }
  return translateStoreErrors(storeOn(database), isSqliteBusy);
}

/** The store's operations on an open, migrated database. */
function storeOn(database: DatabaseSync): TaskStore {
  /** Compiled statements by text: the hot ones are compiled once, not on every call (bounded: the text varies with list lengths). */
  const statements = new Map<string, StatementSync>();
  const prepare = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      if (statements.size >= 256) statements.clear();
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  function transaction<Result>(run: () => Result): Result {
    database.exec('begin immediate');
    try {
      const result = run();
      database.exec('commit');
      return result;
    } catch (error) {
      if (database.isTransaction) database.exec('rollback');
      throw error;
    }
  }

  const byId = prepare('select * from parley_tasks where id = ?');
  const byPlan = prepare('select * from parley_tasks where plan_id = ? order by position');
  const get = (id: string): Row | undefined => byId.get(id) as Row | undefined;

  const planRows = (planId: string): Task[] => (byPlan.all(planId) as unknown as Row[]).map(toTask);

  /** Queues each backlog dependent of `ref` whose dependencies are now all done (reads only those rows). */
  const promote = (planId: string, ref: string, now: number): Task[] => {
    const candidates = prepare(sqliteQueries.promoteCandidates)
      .all(planId, ref) as unknown as Row[];
    const promoted: Task[] = [];
    for (const row of candidates) {
      const dependsOn = JSON.parse(row.depends_on) as string[];
      const done = prepare(sqliteQueries.countDone(dependsOn.length))
        .get(planId, ...dependsOn) as { n: number };
      if (done.n !== dependsOn.length) continue;
      prepare("update parley_tasks set state = 'queued', available_at = ?, updated_at = ? where id = ?").run(now, now, row.id);
      promoted.push(toTask({ ...row, state: 'queued', updated_at: now }));
    }
    return promoted;
  };

  /** Skips every task that depends, directly or not, on `failedRef`. */
  const skipDependents = (planId: string, failedRef: string, now: number, cause: 'failed' | 'cancelled' = 'failed'): Task[] =>
    dependentsOf(planRows(planId), failedRef).map((task) => {
      prepare("update parley_tasks set state = 'skipped', error = ?, updated_at = ? where id = ?").run(skipReason(failedRef, cause), now, task.id);
      return { ...task, state: 'skipped', error: skipReason(failedRef, cause), updatedAt: now };
    });

  const failRow = (row: Row, error: string, now: number, retry: RetryPolicy): FailOutcome => {
    if (row.attempt < retry.maxAttempts) {
      prepare("update parley_tasks set state = 'queued', lease_token = null, lease_expires_at = null, available_at = ?, error = ?, updated_at = ? where id = ?")
        .run(now + retry.backoff(row.attempt), error, now, row.id);
      return { result: 'retry', skipped: [] };
    }
    prepare("update parley_tasks set state = 'failed', lease_token = null, lease_expires_at = null, error = ?, updated_at = ? where id = ?").run(error, now, row.id);
    return { result: 'failed', skipped: skipDependents(row.plan_id, row.ref, now) };
  };

  /** Completes one held task inside the caller's transaction. */
  const completeOne = (id: string, leaseToken: string, output: TaskOutput, now: number): CompleteOutcome => {
    const result = prepare("update parley_tasks set state = 'done', output = ?, error = null, lease_token = null, lease_expires_at = null, updated_at = ? where id = ? and lease_token = ? and state = 'running'")
      .run(JSON.stringify(output), now, id, leaseToken);
    if (Number(result.changes) !== 1) return { completed: false, promoted: [] };
    const row = get(id) as Row;
    return { completed: true, promoted: promote(row.plan_id, row.ref, now), task: toTask(row) };
  };

  /** The claimed task of a row leased with `leaseToken` at attempt `attempt`, with its inputs (its dependencies' outputs). */
  const claimedFrom = (row: Row, leaseToken: string, attempt: number, now: number): ClaimedTask => {
    const dependsOn = JSON.parse(row.depends_on) as string[];
    const dependencies = dependsOn.length === 0 ? [] : (prepare(`select ref, output from parley_tasks where plan_id = ? and ref in (${dependsOn.map(() => '?').join(', ')})`)
      .all(row.plan_id, ...dependsOn) as Array<{ ref: string; output: string | null }>);
    // Refs are model-written: `fromEntries` makes each an own key, `__proto__` and `constructor`
    // included (`inputs[ref] = …` made a `__proto__` dependency the object's prototype).
    const inputs: Record<string, TaskOutput> = Object.fromEntries(
      dependencies.flatMap((dependency) => (dependency.output === null ? [] : [[dependency.ref, JSON.parse(dependency.output) as TaskOutput]])),
    );
    return { ...toTask({ ...row, state: 'running', attempt, lease_token: leaseToken, updated_at: now }), ...attemptKeys(row.id, attempt), leaseToken, inputs } satisfies ClaimedTask;
  };

  /** Claims the oldest ready task inside the caller's transaction, leased with `leaseToken`. */
  const claimOne = (now: number, leaseMilliseconds: number, agents: readonly string[] | undefined, leaseToken: string = randomUUID()): ClaimedTask | undefined => {
    const filter = agents === undefined || agents.length === 0 ? '' : `and agent in (${agents.map(() => '?').join(', ')})`;
    const row = prepare(sqliteQueries.claim(filter))
      .get(now, ...(agents ?? [])) as Row | undefined;
    if (row === undefined) return undefined;
    prepare("update parley_tasks set state = 'running', attempt = attempt + 1, lease_token = ?, lease_expires_at = ?, updated_at = ? where id = ?")
      .run(leaseToken, now + leaseMilliseconds, now, row.id);
    return claimedFrom(row, leaseToken, row.attempt + 1, now);
  };

  /**
   * Claims up to `limit` of the oldest ready tasks inside the caller's transaction. With the
   * caller's lease tokens, tasks still running under one of them are taken back first (a repeated
   * claim whose answer was lost), their leases renewed.
   */
  const claimUpTo = (now: number, leaseMilliseconds: number, agents: readonly string[] | undefined, limit: number, leaseTokens?: readonly string[]): ClaimedTask[] => {
    if (leaseTokens !== undefined && leaseTokens.length < limit) throw new InvalidArgumentError({ argument: 'leaseTokens', message: `A claim of ${limit} task(s) needs as many lease tokens (got ${leaseTokens.length}).` });
    const claimed: ClaimedTask[] = [];
    /** Claim order is queue order (created, then step position), taken-back tasks included. */
    const positions = new Map<string, number>();
    const free: string[] = [];
    for (const token of leaseTokens ?? []) {
      const row = prepare("select * from parley_tasks where state = 'running' and lease_token = ?").get(token) as Row | undefined;
      if (row === undefined) {
        free.push(token);
        continue;
      }
      prepare('update parley_tasks set lease_expires_at = ?, updated_at = ? where id = ?').run(now + leaseMilliseconds, now, row.id);
      positions.set(row.id, row.position);
      claimed.push(claimedFrom(row, token, row.attempt, now));
    }
    while (claimed.length < limit) {
      const task = claimOne(now, leaseMilliseconds, agents, leaseTokens === undefined ? randomUUID() : free.shift());
      if (task === undefined) break;
      claimed.push(task);
    }
    if (positions.size === 0) return claimed;
    const positionOf = (task: ClaimedTask): number => positions.get(task.id) ?? (get(task.id) as Row).position;
    return claimed.sort((a, b) => a.createdAt - b.createdAt || positionOf(a) - positionOf(b));
  };

  return {
    async createPlan(planId, given, { sessionId, now }) {
      const steps = storeSteps(given);
      return transaction(() => {
        // The originals of iterations are checked again here, in the transaction that inserts
        // them: a prune that ran since the dispatcher looked cannot leave an orphan behind.
        const present = new Set(steps.flatMap((step) => (step.iterationOf !== undefined && byId.get(step.iterationOf) !== undefined ? [step.iterationOf] : [])));
        refuseMissingIterationTargets(steps, present);
        const insert = prepare(
          `insert into parley_tasks (id, plan_id, ref, position, session_id, title, agent, request, depends_on, expected_outputs, iteration_of, state, error, available_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (plan_id, ref) do nothing`,
        );
        // A new step's state comes from its dependencies as they are now: one that depends on steps
        // already done (a plan dispatched again with more steps) is queued, one behind a failed,
        // cancelled or skipped step is skipped; no completion is coming to decide it later. The
        // write lock this transaction holds keeps every dependency as read until it commits.
        const stored = new Map((byPlan.all(planId) as unknown as Row[]).map((row) => [row.ref, { ref: row.ref, state: row.state, dependsOn: JSON.parse(row.depends_on) as string[] }]));
        const states = initialStates(steps, stored);
        const inserted = new Set<string>();
        steps.forEach((step, position) => {
          const initial = states.get(step.ref);
          if (initial === undefined) return;
          const id = randomUUID();
          const result = insert.run(id, planId, step.ref, position, sessionId ?? null, step.title, step.agent, step.request, JSON.stringify(step.dependsOn), JSON.stringify(step.expectedOutputs), step.iterationOf ?? null, initial.state, initial.error, now, now, now);
          if (Number(result.changes) === 1) inserted.add(id);
        });
        const tasks = (byPlan.all(planId) as unknown as Row[]).map(toTask);
        return { tasks, created: inserted.size, createdTasks: tasks.filter((task) => inserted.has(task.id)) };
      });
    },

    async claim({ now, leaseMilliseconds, agents }) {
      return transaction(() => claimOne(now, leaseMilliseconds, agents));
    },

    async claimMany({ now, leaseMilliseconds, agents, limit, leaseTokens }) {
      return transaction(() => claimUpTo(now, leaseMilliseconds, agents, Math.max(leaseTokens === undefined ? 1 : 0, limit), leaseTokens));
    },

    async heartbeat(id, leaseToken, { now, leaseMilliseconds }) {
      const result = prepare("update parley_tasks set lease_expires_at = ?, updated_at = ? where id = ? and lease_token = ? and state = 'running'").run(now + leaseMilliseconds, now, id, leaseToken);
      return Number(result.changes) === 1;
    },

    async complete(id, leaseToken, output, { now }) {
      return transaction(() => completeOne(id, leaseToken, output, now));
    },

    async completeMany(items, { now }) {
      return transaction(() => items.map((item) => completeOne(item.id, item.leaseToken, item.output, now)));
    },

    async completeAndClaim(items, { now, claim }) {
      return transaction(() => {
        const outcomes = items.map((item) => completeOne(item.id, item.leaseToken, item.output, now));
        return { outcomes, claimed: claimUpTo(now, claim.leaseMilliseconds, claim.agents, claim.limit, claim.leaseTokens) };
      });
    },

    async fail(id, leaseToken, error, { now, retry }) {
      return transaction(() => {
        const row = get(id);
        if (row === undefined || row.state !== 'running' || row.lease_token !== leaseToken) return { result: 'stale', skipped: [] };
        return failRow(row, error, now, retry);
      });
    },

    async cancel(id, { now, reason }) {
      return transaction(() => {
        const row = get(id);
        if (row === undefined || terminalStates.has(row.state)) return { cancelled: undefined, skipped: [] };
        const error = reason ?? 'cancelled';
        prepare("update parley_tasks set state = 'cancelled', lease_token = null, lease_expires_at = null, error = ?, updated_at = ? where id = ?").run(error, now, id);
        return { cancelled: { ...toTask(row), state: 'cancelled', error, updatedAt: now }, skipped: skipDependents(row.plan_id, row.ref, now, 'cancelled') };
      });
    },

    async recoverExpired({ now, retry }) {
      return transaction(() => {
        const expired = prepare(sqliteQueries.expired).all(now) as unknown as Row[];
        const skipped: Task[] = [];
        for (const row of expired) skipped.push(...failRow(row, 'lease expired: the worker stopped answering', now, retry).skipped);
        return { recovered: expired.length, skipped };
      });
    },

    async get(id) {
      const row = get(id);
      return row === undefined ? undefined : toTask(row);
    },

    async listPlan(planId) {
      return (byPlan.all(planId) as unknown as Row[]).map(toTask);
    },

    async history(sessionId) {
      return (prepare(sqliteQueries.history).all(sessionId) as unknown as Row[]).map(toTask);
    },

    async prune(options) {
      const limit = checkPruneOptions(options);
      const cutoff = options.finishedBefore;
      let total = { plans: 0, tasks: 0, kept: 0 };
      let after: string | undefined;
      do {
        // One short write transaction per batch: other writers wait for one batch at most.
        const batch = transaction(() => {
          const run = pruneBatch(after, limit);
          let step = run.next();
          while (step.done !== true) {
            const query = step.value;
            if (query.kind === 'scan') {
              const rows = prepare(sqliteQueries.pruneScan).all(cutoff, query.after ?? '', query.limit) as Array<{ plan: string; qualifies: number }>;
              step = run.next(rows.map((row) => ({ plan: row.plan, qualifies: row.qualifies === 1 })));
            } else if (query.kind === 'references') {
              const rows = prepare(sqliteQueries.pruneReferences).all(cutoff, JSON.stringify(query.plans)) as Array<{ from: string; to: string; fromQualifies: number }>;
              step = run.next(rows.map((row) => ({ from: row.from, to: row.to, fromQualifies: row.fromQualifies === 1 })));
            } else {
              const plans = JSON.stringify(query.plans);
              const deleted = prepare(sqliteQueries.pruneDelete).all(plans, plans, cutoff) as Array<{ plan_id: string }>;
              step = run.next({ plans: new Set(deleted.map((row) => row.plan_id)).size, tasks: deleted.length });
            }
          }
          return step.value;
        });
        total = { plans: total.plans + batch.plans, tasks: total.tasks + batch.tasks, kept: total.kept + batch.kept };
        after = batch.next;
      } while (after !== undefined);
      return total;
    },

    async close() {
      database.close();
    },
    ...sqliteStoreInspection(database),
  };
}
