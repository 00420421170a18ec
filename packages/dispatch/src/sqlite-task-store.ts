import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { InvalidArgumentError } from '@parley/core';
import type { ResolvedStep } from './plan';
import { dependentsOf, restoredBy, skipReason } from './plan-transitions';
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
  // Claim, completion and promotion by key, however deep the queue, the backlog and the history.
  // A claim for a worker's agents reads each agent's queue in order (the (state, available_at, …)
  // index made it sort every queued row, and drew the dependency check onto every done row); a
  // completion reaches the steps that wait on it through the dependency table, keyed by the
  // upstream step, and counts down each one's unfinished dependencies, queuing it at zero. The
  // waiting tasks that exist now get their rows and counts here.
  `drop index parley_tasks_claim;
   create index parley_tasks_ready on parley_tasks (agent, created_at, position) where state = 'queued';
   create index parley_tasks_leases on parley_tasks (lease_token) where state = 'running';
   create index parley_tasks_expiry on parley_tasks (lease_expires_at) where state = 'running';
   alter table parley_tasks add column unfinished_dependencies integer not null default 0;
   create table parley_task_dependencies (
     plan_id text not null,
     ref text not null,
     dependent text not null,
     primary key (plan_id, ref, dependent)
   ) without rowid;
   insert or ignore into parley_task_dependencies (plan_id, ref, dependent)
     select task.plan_id, dependency.value, task.id from parley_tasks as task, json_each(task.depends_on) as dependency
     where task.state = 'backlog';
   update parley_tasks set unfinished_dependencies = (
       select count(distinct dependency.value) from json_each(parley_tasks.depends_on) as dependency
       where not exists (select 1 from parley_tasks as upstream where upstream.plan_id = parley_tasks.plan_id and upstream.ref = dependency.value and upstream.state = 'done'))
     where state = 'backlog';`,
];

/** Whether a task is unfinished or changed at or after the cutoff `?` (so its plan stays). */
const staysSql = "(state in ('backlog', 'queued', 'running') or updated_at >= ?)";

/**
 * The store's hot queries and prune's, by name (the query-plan test checks that each one reaches
 * its rows through an index, in order, without a sort). `claim` takes the oldest ready tasks of any
 * agent, `claimForAgent` those of one agent (a claim for several agents merges theirs);
 * `promote` counts down the unfinished dependencies of the steps waiting on a finished one and
 * queues those that reach zero; `inputs` reads a claimed task's upstream outputs.
 */
export const sqliteQueries: {
  readonly claim: string;
  readonly claimForAgent: string;
  readonly held: string;
  readonly complete: string;
  readonly promote: string;
  readonly inputs: (refs: number) => string;
  readonly history: string;
  readonly expired: string;
  readonly pruneDependencies: string;
  readonly pruneScan: string;
  readonly pruneReferences: string;
  readonly pruneDelete: string;
} = {
  claim: "select * from parley_tasks indexed by parley_tasks_queue where state = 'queued' and available_at <= ? order by created_at, position limit ?",
  claimForAgent: "select * from parley_tasks indexed by parley_tasks_ready where state = 'queued' and agent = ? and available_at <= ? order by created_at, position limit ?",
  held: "select * from parley_tasks indexed by parley_tasks_leases where state = 'running' and lease_token = ?",
  complete: "update parley_tasks set state = 'done', output = ?, error = null, lease_token = null, lease_expires_at = null, updated_at = ? where id = ? and lease_token = ? and state = 'running' returning *",
  promote: `update parley_tasks set unfinished_dependencies = unfinished_dependencies - 1,
      state = iif(unfinished_dependencies = 1, 'queued', state),
      available_at = iif(unfinished_dependencies = 1, ?1, available_at),
      updated_at = iif(unfinished_dependencies = 1, ?1, updated_at)
    where id in (select dependent from parley_task_dependencies where plan_id = ?2 and ref = ?3) and state = 'backlog'
    returning *`,
  inputs: (refs: number): string => `select ref, output from parley_tasks where plan_id = ? and ref in (${Array.from({ length: refs }, () => '?').join(', ')})`,
  history: 'select * from parley_tasks where session_id = ? order by created_at, position',
  expired: "select * from parley_tasks indexed by parley_tasks_expiry where state = 'running' and lease_expires_at < ?",
  pruneDependencies: 'delete from parley_task_dependencies where plan_id in (select value from json_each(?))',
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
  /**
   * When a commit reaches the disk (SQLite's `synchronous` in WAL mode). `'full'` (the default)
   * syncs the log at every commit: a dispatch or completion that resolved survives a power loss,
   * and each write waits for the disk (a few milliseconds on many disks, which is then most of
   * what a claim or a completion costs). `'normal'` syncs at checkpoints only: a commit survives
   * the process crashing, but a power loss or an operating-system crash may undo the last ones
   * (the file is never corrupted; a completion undone runs its task again, as after a lost lease).
   */
  readonly synchronous?: 'full' | 'normal';
  /**
   * The most memory SQLite's page cache takes for this store, in megabytes (SQLite's `cache_size`;
   * it grows only as pages are read). A store of millions of tasks inserts each new task's random
   * id at a random place of the id index: with that index cached, creation keeps its pace (with
   * SQLite's own default of 2 MB, a plan dispatched into a store of 1,000,000 tasks cost about a
   * quarter more CPU, and waited on the disk). Default 64; an integer from 1 to 4,096.
   */
  readonly cacheMegabytes?: number;
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
const writeMethods = ['createPlan', 'claim', 'claimMany', 'heartbeat', 'complete', 'completeMany', 'completeAndClaim', 'fail', 'cancel', 'retry', 'recoverExpired', 'prune'] as const;

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
  const synchronous = options.synchronous ?? 'full';
  if (synchronous !== 'full' && synchronous !== 'normal') throw new InvalidArgumentError({ argument: 'synchronous', message: `synchronous is 'full' or 'normal'; got ${JSON.stringify(synchronous)}.` });
  const cacheMegabytes = options.cacheMegabytes ?? 64;
  if (!Number.isInteger(cacheMegabytes) || cacheMegabytes < 1 || cacheMegabytes > 4096) {
    throw new InvalidArgumentError({ argument: 'cacheMegabytes', message: `cacheMegabytes is an integer from 1 to 4,096; got ${typeof cacheMegabytes === 'number' ? String(cacheMegabytes) : typeof cacheMegabytes}.` });
  }
  const database = openDatabase(options.path ?? ':memory:', { timeout: busyTimeout });
  try {
    // cache_size in kibibytes is a negative number.
    database.exec(`pragma journal_mode = wal; pragma synchronous = ${synchronous}; pragma cache_size = ${-cacheMegabytes * 1024}; create table if not exists parley_migrations (version integer primary key)`);
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

/** `text` with each lone surrogate replaced by U+FFFD (`String.prototype.toWellFormed`, which the ES2023 library types lack). */
const wellFormed = (text: string): string => (text as unknown as { toWellFormed(): string }).toWellFormed();

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

  /**
   * A plan's rows go in as one JSON array per statement, unpacked by SQLite (`json_each`): binding
   * each value from JavaScript cost more than SQLite's own work on the row (a 10,000-step plan is
   * 120,000 bound values, or a few JSON texts). Strings are made well-formed first, as binding
   * them would (a lone surrogate becomes U+FFFD, not the three bytes SQLite's JSON reader writes).
   */
  const rowsPerStatement = 2048;
  const taskInsert = database.prepare(
    `insert into parley_tasks (id, ref, position, title, agent, request, depends_on, expected_outputs, iteration_of, state, error, unfinished_dependencies, plan_id, session_id, available_at, created_at, updated_at)
     select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9, value ->> 10, value ->> 11, ?2, ?3, ?4, ?4, ?4
     from json_each(?1)`,
  );
  const dependencyInsert = database.prepare('insert into parley_task_dependencies (plan_id, ref, dependent) select ?2, value ->> 0, value ->> 1 from json_each(?1) where true on conflict do nothing');
  /** Runs `insert` over `rows` in slices of {@link rowsPerStatement}, with `shared` bound after the JSON text. */
  const insertRows = (insert: StatementSync, rows: readonly (readonly unknown[])[], shared: readonly SQLInputValue[]): void => {
    for (let start = 0; start < rows.length; start += rowsPerStatement) insert.run(JSON.stringify(rows.slice(start, start + rowsPerStatement)), ...shared);
  };

  const byId = prepare('select * from parley_tasks where id = ?');
  const byPlan = prepare('select * from parley_tasks where plan_id = ? order by position');
  const get = (id: string): Row | undefined => byId.get(id) as Row | undefined;

  const planRows = (planId: string): Task[] => (byPlan.all(planId) as unknown as Row[]).map(toTask);

  const promoteStatement = prepare(sqliteQueries.promote);
  /**
   * Counts down the unfinished dependencies of each backlog step that waits on the finished step
   * `ref`, found through the dependency table, and queues those left with none: the rows read and
   * written are the step's dependents, however many tasks the store holds.
   */
  const promote = (planId: string, ref: string, now: number): Task[] =>
    (promoteStatement.all(now, planId, ref) as unknown as Row[])
      .filter((row) => row.state === 'queued')
      .sort((a, b) => a.position - b.position)
      .map(toTask);

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
  const completeStatement = prepare(sqliteQueries.complete);
  const completeOne = (id: string, leaseToken: string, output: TaskOutput, now: number): CompleteOutcome => {
    const row = completeStatement.get(JSON.stringify(output), now, id, leaseToken) as Row | undefined;
    if (row === undefined) return { completed: false, promoted: [] };
    return { completed: true, promoted: promote(row.plan_id, row.ref, now), task: toTask(row) };
  };

  /** The claimed task of a row leased with `leaseToken` at attempt `attempt`, with its inputs (its dependencies' outputs). */
  const claimedFrom = (row: Row, leaseToken: string, attempt: number, now: number): ClaimedTask => {
    const dependsOn = JSON.parse(row.depends_on) as string[];
    const dependencies = dependsOn.length === 0 ? [] : (prepare(sqliteQueries.inputs(dependsOn.length)).all(row.plan_id, ...dependsOn) as Array<{ ref: string; output: string | null }>);
    // Refs are model-written: `fromEntries` makes each an own key, `__proto__` and `constructor`
    // included (`inputs[ref] = …` made a `__proto__` dependency the object's prototype).
    const inputs: Record<string, TaskOutput> = Object.fromEntries(
      dependencies.flatMap((dependency) => (dependency.output === null ? [] : [[dependency.ref, JSON.parse(dependency.output) as TaskOutput]])),
    );
    return { ...toTask({ ...row, state: 'running', attempt, lease_token: leaseToken, updated_at: now }), ...attemptKeys(row.id, attempt), leaseToken, inputs } satisfies ClaimedTask;
  };

  const claimAny = prepare(sqliteQueries.claim);
  const claimForAgent = prepare(sqliteQueries.claimForAgent);
  const lease = prepare("update parley_tasks set state = 'running', attempt = attempt + 1, lease_token = ?, lease_expires_at = ?, updated_at = ? where id = ?");
  /**
   * The oldest `limit` ready tasks (of `agents`, when given), in queue order: each agent's queue
   * is read in order through its index and the heads merged, so a claim reads `limit` rows per
   * agent at most, never the whole queue.
   */
  const ready = (now: number, agents: readonly string[] | undefined, limit: number): Row[] => {
    if (agents === undefined || agents.length === 0) return claimAny.all(now, limit) as unknown as Row[];
    const rows = [...new Set(agents)].flatMap((agent) => claimForAgent.all(agent, now, limit) as unknown as Row[]);
    return rows.sort((a, b) => a.created_at - b.created_at || a.position - b.position).slice(0, limit);
  };

  /** Leases a ready row with `leaseToken` inside the caller's transaction. */
  const leaseRow = (row: Row, now: number, leaseMilliseconds: number, leaseToken: string = randomUUID()): ClaimedTask => {
    lease.run(leaseToken, now + leaseMilliseconds, now, row.id);
    return claimedFrom(row, leaseToken, row.attempt + 1, now);
  };

  /** Claims the oldest ready task inside the caller's transaction, leased with `leaseToken`. */
  const claimOne = (now: number, leaseMilliseconds: number, agents: readonly string[] | undefined): ClaimedTask | undefined => {
    const [row] = ready(now, agents, 1);
    return row === undefined ? undefined : leaseRow(row, now, leaseMilliseconds);
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
      const row = prepare(sqliteQueries.held).get(token) as Row | undefined;
      if (row === undefined) {
        free.push(token);
        continue;
      }
      prepare('update parley_tasks set lease_expires_at = ?, updated_at = ? where id = ?').run(now + leaseMilliseconds, now, row.id);
      positions.set(row.id, row.position);
      claimed.push(claimedFrom(row, token, row.attempt, now));
    }
    if (claimed.length < limit) {
      for (const row of ready(now, agents, limit - claimed.length)) claimed.push(leaseRow(row, now, leaseMilliseconds, leaseTokens === undefined ? randomUUID() : free.shift()));
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
        // A new step's state comes from its dependencies as they are now: one that depends on steps
        // already done (a plan dispatched again with more steps) is queued, one behind a failed,
        // cancelled or skipped step is skipped; no completion is coming to decide it later. The
        // write lock this transaction holds keeps every dependency as read until it commits.
        const storedRows = byPlan.all(planId) as unknown as Row[];
        const storedTasks = storedRows.map(toTask);
        const stored = new Map(storedTasks.map((task) => [task.ref, task]));
        const states = initialStates(steps, stored);
        // Each new step once (the first of a repeated ref, as initialStates reads them), with one
        // row per distinct dependency and the count of those not done yet, which completions count
        // down. Written in multi-row statements: a plan of thousands of steps is a few dozen.
        const taskRows: Array<readonly unknown[]> = [];
        const dependencyRows: Array<readonly [string, string]> = [];
        const createdTasks: Task[] = [];
        const inserted = new Set<string>();
        const positions = new Map<string, number>(storedRows.map((row) => [row.ref, row.position]));
        steps.forEach((step, position) => {
          const initial = states.get(step.ref);
          if (initial === undefined || inserted.has(step.ref)) return;
          const id = randomUUID();
          inserted.add(step.ref);
          positions.set(step.ref, position);
          createdTasks.push(
            taskFromRow({
              id, plan_id: planId, ref: step.ref, position, session_id: sessionId ?? null, title: step.title, agent: step.agent, request: step.request,
              depends_on: [...step.dependsOn], expected_outputs: [...step.expectedOutputs], iteration_of: step.iterationOf ?? null,
              state: initial.state, attempt: 0, lease_token: null, output: null, error: initial.error, created_at: now, updated_at: now,
            }),
          );
          const dependencies = new Set(step.dependsOn);
          let unfinished = 0;
          for (const ref of dependencies) {
            dependencyRows.push([wellFormed(ref), id]);
            if (stored.get(ref)?.state !== 'done') unfinished += 1;
          }
          taskRows.push([
            id, wellFormed(step.ref), position, wellFormed(step.title), wellFormed(step.agent), wellFormed(step.request), JSON.stringify(step.dependsOn), JSON.stringify(step.expectedOutputs),
            step.iterationOf === undefined ? null : wellFormed(step.iterationOf), initial.state, initial.error === null ? null : wellFormed(initial.error), unfinished,
          ]);
        });
        insertRows(taskInsert, taskRows, [planId, sessionId ?? null, now]);
        insertRows(dependencyInsert, dependencyRows, [planId]);
        // The plan as stored now, in step order, without reading back what was just written.
        const tasks = [...storedTasks, ...createdTasks].sort((a, b) => (positions.get(a.ref) ?? 0) - (positions.get(b.ref) ?? 0));
        return { tasks, created: createdTasks.length, createdTasks };
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

    async retry(id, { now }) {
      return transaction(() => {
        const row = get(id);
        if (row === undefined || row.state !== 'failed') return { retried: undefined, restored: [] };
        prepare("update parley_tasks set state = 'queued', lease_token = null, lease_expires_at = null, available_at = ?, updated_at = ? where id = ?").run(now, now, id);
        const plan = planRows(row.plan_id);
        const done = new Set(plan.filter((task) => task.state === 'done').map((task) => task.ref));
        const restored = restoredBy(plan, row.ref).map((task) => {
          // Back in the backlog with its count of dependencies not done yet (a skipped step's
          // count is not kept up to date), and its rows in the dependency table (a step skipped
          // before that table existed has none), so a completion promotes it as usual.
          const unfinished = [...new Set(task.dependsOn)].filter((ref) => !done.has(ref)).length;
          insertRows(dependencyInsert, [...new Set(task.dependsOn)].map((dependency) => [wellFormed(dependency), task.id]), [row.plan_id]);
          prepare("update parley_tasks set state = 'backlog', error = null, unfinished_dependencies = ?, updated_at = ? where id = ?").run(unfinished, now, task.id);
          return { ...task, state: 'backlog' as const, error: undefined, updatedAt: now };
        });
        return { retried: { ...toTask(row), state: 'queued' as const, updatedAt: now }, restored };
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
              const deletedPlans = [...new Set(deleted.map((row) => row.plan_id))];
              if (deletedPlans.length > 0) prepare(sqliteQueries.pruneDependencies).run(JSON.stringify(deletedPlans));
              step = run.next({ plans: deletedPlans.length, tasks: deleted.length });
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
      // A second call does nothing (node:sqlite throws when a closed database is closed again).
      if (!database.isOpen) return;
      database.close();
    },
    ...sqliteStoreInspection(database),
  };
}
