import { createHash, randomUUID } from 'node:crypto';
import { InvalidArgumentError } from '@parley/core';
import pg from 'pg';
import type { ResolvedStep } from './plan';
import { type InitialState, initialStates, type StoredStep } from './initial-states';
import { refuseMissingIterationTargets } from './missing-iteration-target';
import { storeSteps } from './store-steps';
import { checkPruneOptions, pruneBatch } from './prune-plans';
import type { PostgresPool } from './postgres-pool';
import { checkOutConnection } from './check-out-connection';
import { postgresInspectionMigration, postgresStoreInspection } from './postgres-store-inspection';
import { dependentsOf, restoredBy, skipReason } from './plan-transitions';
import { type ClaimedTask, type Task, type TaskOutput, type TaskState, terminalStates } from './task';
import { StoreUnavailableError } from './store-unavailable-error';
import { type TaskRow, taskFromRow } from './task-row';
import { attemptKeys } from './task';
import type { ClaimRequest, CompleteItem, CompleteOutcome, FailOutcome, RetryPolicy, TaskStore } from './task-store';
import { translateStoreErrors } from './translate-store-errors';

/** Postgres decodes the JSON columns itself: a row is a {@link TaskRow} as it comes. */
type Row = TaskRow;
const toTask = taskFromRow;

/** The versioned migrations of the Postgres store; each runs once, in order, under an advisory lock. */
const migrations = (schema: string): readonly string[] => [
  `create table ${schema}.parley_tasks (
     id uuid primary key,
     plan_id text not null,
     ref text not null,
     position integer not null,
     session_id text,
     title text not null,
     agent text not null,
     request text not null,
     depends_on jsonb not null,
     expected_outputs jsonb not null,
     state text not null,
     attempt integer not null default 0,
     lease_token text,
     lease_expires_at double precision,
     available_at double precision not null default 0,
     output jsonb,
     error text,
     created_at double precision not null,
     updated_at double precision not null,
     unique (plan_id, ref)
   );
   create index on ${schema}.parley_tasks (state, available_at, created_at);
   create index on ${schema}.parley_tasks (session_id, created_at);`,
  `alter table ${schema}.parley_tasks add column iteration_of text`,
  // Claims walk the queue in order; promotion looks only at a plan's backlog.
  `create index parley_tasks_queue on ${schema}.parley_tasks (created_at, position) where state = 'queued';
   create index parley_tasks_backlog on ${schema}.parley_tasks (plan_id) where state = 'backlog'`,
  // Prune follows iteration references backwards.
  `create index parley_tasks_iteration on ${schema}.parley_tasks (iteration_of) where iteration_of is not null`,
  // The first (state, …) index covers every row, finished ones too: in a store of mostly finished
  // tasks the planner reads its statistics as "running and backlog rows are rare" and walks that
  // index over every running or backlog row instead of the primary key or the backlog index. The
  // partial indexes above serve the queue and the backlog; expired leases get one of their own.
  `drop index if exists ${schema}.parley_tasks_state_available_at_created_at_idx;
   create index parley_tasks_leases on ${schema}.parley_tasks (lease_expires_at) where state = 'running'`,
  // The inspector lists plans and sessions newest first by key.
  postgresInspectionMigration(schema),
  // Who waits on whom: one row per dependency, keyed by the upstream step, so a completion finds
  // its dependents through the key (as many rows as it has children) instead of reading its
  // plan's whole backlog for each finished task. Rows are written with their tasks and removed
  // with their plans; the waiting tasks that exist now get theirs here. The backlog index goes: a
  // completion reaches its dependents by id now, and on a fresh table (no statistics yet) the
  // planner took that small-looking partial index and walked the plan's whole backlog with it.
  `drop index if exists ${schema}.parley_tasks_backlog;
   create table ${schema}.parley_task_dependencies (
     plan_id text not null,
     ref text not null,
     dependent uuid not null,
     dependencies integer not null,
     primary key (plan_id, ref, dependent)
   );
   insert into ${schema}.parley_task_dependencies (plan_id, ref, dependent, dependencies)
     select task.plan_id, dependency.ref, task.id, jsonb_array_length(task.depends_on)
     from ${schema}.parley_tasks as task cross join lateral jsonb_array_elements_text(task.depends_on) as dependency(ref)
     where task.state = 'backlog'
     on conflict do nothing`,
];

/**
 * The table of dependencies beside a tasks table: a row (plan, upstream ref, dependent task id, how
 * many steps the dependent waits for) per dependency of every task.
 */
export const dependencyTableOf = (table: string): string => `${table.slice(0, table.lastIndexOf('.') + 1)}parley_task_dependencies`;

/** Whether a task (of alias `task`) is unfinished or changed at or after the cutoff $1, so its plan stays. */
const stays = (alias: string): string => `(${alias}.state in ('backlog', 'queued', 'running') or ${alias}.updated_at >= $1)`;

/** Prune's queries on `table` (the query-plan test checks that each one uses an index). */
export const postgresPruneQueries = (
  table: string,
): { readonly scan: string; readonly references: string; readonly lock: string; readonly staying: string; readonly referencesInto: string; readonly delete: string } => ({
  scan: `select task.plan_id as plan, not bool_or(${stays('task')}) as qualifies from ${table} as task where task.plan_id > $2 group by task.plan_id order by task.plan_id limit $3`,
  references: `select distinct referrer.plan_id as "from", target.plan_id as "to",
      not exists (select 1 from ${table} as other where other.plan_id = referrer.plan_id and ${stays('other')}) as "fromQualifies"
    from ${table} as target join ${table} as referrer on referrer.iteration_of = target.id::text
    where target.plan_id = any($2::text[]) and referrer.plan_id <> target.plan_id`,
  lock: `select task.id from ${table} as task where task.plan_id = any($1::text[]) order by task.id for update of task`,
  staying: `select distinct other.plan_id as plan from ${table} as other where other.plan_id = any($2::text[]) and ${stays('other')}`,
  referencesInto: `select distinct referrer.plan_id as "from", target.plan_id as "to"
    from ${table} as target join ${table} as referrer on referrer.iteration_of = target.id::text
    where target.plan_id = any($1::text[]) and referrer.plan_id <> target.plan_id`,
  delete: `with deleted as (
      delete from ${table} as task where task.plan_id = any($2::text[])
        and not exists (select 1 from ${table} as other where other.plan_id = task.plan_id and ${stays('other')}) returning task.plan_id),
    dependencies as (
      delete from ${dependencyTableOf(table)} as dependency where dependency.plan_id = any($2::text[]) and dependency.plan_id in (select deleted.plan_id from deleted))
    select deleted.plan_id from deleted`,
});

/**
 * A claimed task's inputs (of alias `alias`): one lookup per dependency through the (plan, ref)
 * key, in a subquery the planner cannot flatten (it made a hash join over the plan's every row,
 * once per claimed task).
 */
const postgresRoundInputs = (table: string, alias: string): string => `coalesce((
    select jsonb_object_agg(dependency.ref, upstream.output)
    from jsonb_array_elements_text(${alias}.depends_on) as dependency(ref)
      cross join lateral (
        select output from ${table} as upstream where upstream.plan_id = ${alias}.plan_id and upstream.ref = dependency.ref limit 1) as upstream
    where upstream.output is not null), '{}'::jsonb)`;

/**
 * The statements of a worker's round on `table` that read by plan (the query-plan test checks that
 * each reaches its rows through an index): `complete` marks a batch done ($1 ids, $2 lease tokens,
 * $3 outputs, $4 the time); `promote`, a statement after it, queues the dependents that wait on one
 * of them only and locks the joins they may make ready, finding them through the dependency table;
 * `ready` queues the locked joins
 * whose every dependency is done; `claim` takes the next tasks with their inputs; `inputs` reads a
 * claimed task's upstream outputs. The round function ({@link postgresRoundFunction}) runs them.
 */
export const postgresRoundQueries = (table: string): { readonly complete: string; readonly promote: string; readonly ready: string; readonly claim: string; readonly inputs: (alias: string) => string } => ({
  // A round's claim: $1 the lease's expiry, $2 the time, $3 the limit, $4 the agents (null: any),
  // $5 the caller's lease tokens. Rows still held under those tokens are taken back (a round
  // repeated after its answer was lost), and the n-th newly claimed row gets the n-th token left.
  claim: `with held as (
      update ${table} set lease_expires_at = $1, updated_at = $2 where state = 'running' and lease_token = any($5) returning *),
    picked as (
      select id, row_number() over (order by created_at, position) as n from (
        select id, created_at, position from ${table} where state = 'queued' and available_at <= $2 and ($4::text[] is null or agent = any($4))
        order by created_at, position limit greatest(0, $3 - (select count(*) from held)) for update skip locked) as ready),
    token as (
      select token, row_number() over (order by position) as n from unnest($5::text[]) with ordinality as token(token, position)
      where token not in (select lease_token from held)),
    fresh as (
      update ${table} as task set state = 'running', attempt = task.attempt + 1, lease_token = token.token, lease_expires_at = $1, updated_at = $2
      from picked join token using (n) where task.id = picked.id
      returning task.*),
    claim as (select * from held union all select * from fresh)
    select claim.id, to_jsonb(claim) as task, ${postgresRoundInputs(table, 'claim')} as inputs from claim order by claim.created_at, claim.position`,
  // The joins a batch locked ($2) whose every dependency is done now ($1 the time), queued.
  ready: `update ${table} as task set state = 'queued', available_at = $1, updated_at = $1
    where task.id = any($2::uuid[]) and task.state = 'backlog'
      and not exists (
        select 1 from jsonb_array_elements_text(task.depends_on) as dependency(ref)
        where not exists (select 1 from ${table} as upstream where upstream.plan_id = task.plan_id and upstream.ref = dependency.ref and upstream.state = 'done'))
    returning task.*`,
  inputs: (alias) => postgresRoundInputs(table, alias),
  complete: `with item as (
           select * from unnest($1::uuid[], $2::text[], $3::jsonb[]) with ordinality as item(id, token, output, position)),
         winner as (
           select distinct on (item.id) item.* from item join ${table} as task on task.id = item.id and task.lease_token = item.token and task.state = 'running'
           order by item.id, item.position),
         done as (
           update ${table} as task set state = 'done', output = winner.output, error = null, lease_token = null, lease_expires_at = null, updated_at = $4
           from winner where task.id = winner.id and task.lease_token = winner.token and task.state = 'running'
           returning task.*, winner.position as item)
         select 'done' as kind, done.item::integer as item, to_jsonb(done) - 'item' as task, null::uuid as id from done`,
  // A separate statement, so its snapshot is taken after the batch's rows were locked and updated:
  // a dispatch that added a dependent of one of them and held its row until it committed is seen.
  // $1 the done tasks' plans, $2 their refs, $3 their items, $4 the time.
  promote: `with done as (
           select * from unnest($1::text[], $2::text[], $3::integer[]) as done(plan_id, ref, item)),
         dependent as (
           select edge.dependent as id, edge.dependencies, done.item from done join ${dependencyTableOf(table)} as edge on edge.plan_id = done.plan_id and edge.ref = done.ref),
         single as (
           update ${table} as task set state = 'queued', available_at = $4, updated_at = $4
           from dependent where task.id = dependent.id and dependent.dependencies = 1 and task.state = 'backlog'
           returning task.*, dependent.item as by),
         joining as (
           select task.id from ${table} as task
           where task.state = 'backlog' and task.id in (select dependent.id from dependent where dependent.dependencies > 1)
           order by task.id for update of task)
         select 'promoted' as kind, single.by::integer as item, to_jsonb(single) - 'by' as task, null::uuid as id from single
         union all
         select 'join', null, null, joining.id from joining`,
});

/**
 * A worker's whole round as one server-side function, so a round is one round trip and one commit
 * (the statement's own) instead of `begin`, the completion, the claim and `commit`: the
 * completion statement, the promotion of the dependents it reaches, then (when it locked joins) the count of their dependencies, then the
 * claim, each with a fresh snapshot as separate statements in a transaction would have, then the
 * notification when a promoted task was left unclaimed. It returns rows of four kinds: `done` and
 * `promoted` (by item, as the completion statement), `ready` (a join made ready) and `claimed`
 * (with its inputs). Named after a hash of its text, so stores of different versions on one
 * database each call their own; it is created when a store opens.
 */
export const postgresRoundFunction = (schema: string): { readonly name: string; readonly create: string } => {
  const table = `${schema}.parley_tasks`;
  const queries = postgresRoundQueries(table);
  const parameters = (sql: string, names: readonly string[]): string => sql.replaceAll(/\$(\d+)\b/g, (_, index: string) => names[Number(index) - 1] ?? '');
  const body = `
declare
  done_plans text[] := '{}';
  done_refs text[] := '{}';
  done_items integer[] := '{}';
  joins uuid[] := '{}';
  promoted uuid[] := '{}';
  claimed uuid[] := '{}';
  part record;
begin
  for part in ${parameters(queries.complete, ['p_ids', 'p_tokens', 'p_outputs', 'p_now'])} loop
    done_plans := done_plans || (part.task->>'plan_id');
    done_refs := done_refs || (part.task->>'ref');
    done_items := done_items || part.item;
    round_kind := part.kind; round_item := part.item; round_task := part.task; round_inputs := null;
    return next;
  end loop;
  if cardinality(done_items) > 0 then
    for part in ${parameters(queries.promote, ['done_plans', 'done_refs', 'done_items', 'p_now'])} loop
      if part.kind = 'join' then
        joins := joins || part.id;
      else
        promoted := promoted || (part.task->>'id')::uuid;
        round_kind := part.kind; round_item := part.item; round_task := part.task; round_inputs := null;
        return next;
      end if;
    end loop;
  end if;
  if cardinality(joins) > 0 then
    for part in with ready as (${parameters(queries.ready, ['p_now', 'joins'])}) select to_jsonb(ready) as task, ready.id from ready loop
      promoted := promoted || part.id;
      round_kind := 'ready'; round_item := null; round_task := part.task; round_inputs := null;
      return next;
    end loop;
  end if;
  for part in ${parameters(queries.claim, ['p_expires', 'p_claim_now', 'p_limit', 'p_agents', 'p_lease_tokens'])} loop
    claimed := claimed || part.id;
    round_kind := 'claimed'; round_item := null; round_task := part.task; round_inputs := part.inputs;
    return next;
  end loop;
  if exists (select 1 from unnest(promoted) as promotion(id) where promotion.id <> all(claimed)) then
    perform pg_notify(p_channel, 'ready');
  end if;
end`;
  const name = `parley_round_${createHash('sha256').update(body).digest('hex').slice(0, 16)}`;
  return {
    name: `${schema}.${name}`,
    create: `create or replace function ${schema}.${name}(
        p_ids uuid[], p_tokens text[], p_outputs jsonb[], p_now double precision,
        p_claim_now double precision, p_expires double precision, p_limit integer, p_agents text[], p_lease_tokens text[], p_channel text)
      returns table (round_kind text, round_item integer, round_task jsonb, round_inputs jsonb)
      language plpgsql volatile as $round$${body}$round$`,
  };
};

/** A row of the completion statement: a done task or a dependent it queued (by item, from 1), or a join it locked. */
interface RoundRow {
  readonly kind: 'done' | 'promoted' | 'join';
  readonly item: number | null;
  readonly task: Row | null;
  readonly id: string | null;
}

/** A task id as the `uuid` column holds it (any other `iterationOf` names no task). */
const uuidPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Network failures that mean "the server cannot be reached right now". */
const networkCodes: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether a node-postgres error means the database is away or overloaded for now rather than that
 * the request is wrong: a network failure, a connection dropped or refused, SQLSTATE classes 08
 * (connection exception), 53 (insufficient resources) and 57P (the server shutting down or
 * starting up), a cancelled statement, a lock or serialization conflict that outlived our retries.
 */
export function isPostgresUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || code.startsWith('08') || code.startsWith('53') || code.startsWith('57P')) return true;
    if (code === '57014' || code === '55P03' || code === '40001' || code === '40P01') return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /^(?:Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/i.test(message);
}

/** The Postgres store: a {@link TaskStore} with batch claims and notifications. */
export type PostgresTaskStore = TaskStore & Required<Pick<TaskStore, 'claimMany' | 'completeMany' | 'completeAndClaim' | 'waitForWork' | 'prune' | 'listPlans' | 'listSessions' | 'changeMarker'>>;

/** Options of {@link createPostgresTaskStore}. */
export interface PostgresTaskStoreOptions {
  /** A `postgres://` URL, or an existing pool. */
  readonly connectionString?: string;
  readonly pool?: PostgresPool;
  /** The schema that holds the tables (created when missing). Default `public`. */
  readonly schema?: string;
  /**
   * Sends the hot statements (claim, complete, promote, heartbeat, notify, get) as named prepared
   * statements, which each connection parses and plans once instead of on every call. Default: on
   * with a pool the store makes or a `pg.Pool`, off with any other {@link PostgresPool} (which may
   * take only text). Turn it off behind a pooler that cannot keep prepared statements (PgBouncer
   * in transaction mode before 1.21).
   */
  readonly preparedStatements?: boolean;
}

/**
 * The Postgres task store, through node-postgres: claims with `FOR UPDATE SKIP LOCKED` so many
 * worker processes on many machines share one queue, plan rows locked while a plan advances,
 * versioned migrations under an advisory lock, and a `NOTIFY` on every change that makes work
 * ready (`waitForWork` listens for it, polling as the fallback).
 */
export async function createPostgresTaskStore(options: PostgresTaskStoreOptions): Promise<PostgresTaskStore> {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new TypeError(`Invalid schema name "${schema}".`);
  const table = `${schema}.parley_tasks`;
  const channel = `${schema}_parley_tasks`;
  const ownsPool = options.pool === undefined;
  const pool = (options.pool as pg.Pool | undefined) ?? new pg.Pool({ connectionString: options.connectionString, max: 10 });
  const prepared = options.preparedStatements ?? (ownsPool || pool instanceof pg.Pool);
  /**
   * Sends a statement on `client` (the pool or a checked-out connection): named after a hash of its
   * text when statements are prepared (the same text always has the same name, whichever store on
   * a shared pool sends it), as plain text and values otherwise.
   */
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      // The hot statements are a few texts; the bound only guards against a caller's variety.
      if (names.size >= 256) names.clear();
      name = `parley_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const send = <Result extends pg.QueryResultRow>(client: Pick<pg.PoolClient, 'query'>, text: string, values: unknown[]): Promise<pg.QueryResult<Result>> =>
    prepared ? client.query<Result>({ name: nameOf(text), text, values }) : client.query<Result>(text, values);
  const roundQueries = postgresRoundQueries(table);
  // An idle pooled connection that the server drops (a restart: 57P01) is an 'error' event, which
  // would end the process unheard. The pool discards that connection; the next query opens a new
  // one, or rejects, which the store reports as a StoreUnavailableError.
  const onPoolError = (): void => {};
  pool.on('error', onPoolError);

  /** Runs `run` in a transaction; a deadlock or serialization failure (which Postgres resolves by aborting one side) is retried. */
  const transaction = async <Result>(run: (client: pg.PoolClient) => Promise<Result>): Promise<Result> => {
    for (let attempt = 1; ; attempt += 1) {
      // A checked-out connection has no listener of the pool's: one that drops between two of our
      // statements (or in the read that hands it over) would otherwise be an unhandled 'error'.
      let dropped: Error | undefined;
      const onClientError = (error: Error): void => {
        dropped = error;
      };
      const client = await checkOutConnection(pool, onClientError);
      try {
        await client.query('begin');
        const result = await run(client);
        await client.query('commit');
        return result;
      } catch (error) {
        if (dropped === undefined && !isPostgresUnavailable(error)) await client.query('rollback').catch((rollbackError: unknown) => (dropped = rollbackError as Error));
        else dropped ??= error as Error;
        const code = (error as { code?: unknown }).code;
        if ((code !== '40P01' && code !== '40001') || attempt >= 5) throw error;
      } finally {
        client.removeListener('error', onClientError);
        // A broken connection is destroyed, not returned to the pool.
        client.release(dropped);
      }
    }
  };

  const roundFunction = postgresRoundFunction(schema);
  const migrate = transaction(async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`parley-migrations:${schema}`]);
    await client.query(`create schema if not exists ${schema}`);
    await client.query(`create table if not exists ${schema}.parley_migrations (version integer primary key)`);
    const { rows } = await client.query<{ version: number }>(`select version from ${schema}.parley_migrations`);
    const applied = new Set(rows.map((row) => row.version));
    for (const [index, sql] of migrations(schema).entries()) {
      if (applied.has(index + 1)) continue;
      await client.query(sql);
      await client.query(`insert into ${schema}.parley_migrations (version) values ($1)`, [index + 1]);
    }
    // Not a migration: each version of this code has its own, and creates it if it is missing.
    const { rows: functions } = await client.query(`select 1 from pg_proc join pg_namespace on pg_namespace.oid = pg_proc.pronamespace where nspname = $1 and proname = $2`, [schema, roundFunction.name.slice(schema.length + 1)]);
    if (functions.length === 0) await client.query(roundFunction.create);
  });
  try {
    await migrate;
  } catch (error) {
    if (ownsPool) await pool.end().catch(() => {});
    else pool.removeListener('error', onPoolError);
    throw isPostgresUnavailable(error) ? new StoreUnavailableError({ operation: 'open', cause: error }) : error;
  }

  const planRows = async (client: pg.PoolClient, planId: string): Promise<Row[]> =>
    (await client.query<Row>(`select * from ${table} where plan_id = $1 order by position`, [planId])).rows;
  /**
   * Serializes the changes that skip through a plan (fail, cancel, lease recovery): they read the
   * whole plan to find the dependents to skip. Completions do not take it (they lock only the
   * dependents they may promote), nor do claims (they only touch queued rows).
   */
  const lockPlan = (client: pg.PoolClient, planId: string): Promise<unknown> => client.query('select pg_advisory_xact_lock(hashtext($1))', [`parley-plan:${schema}:${planId}`]);
  const planOf = async (client: pg.PoolClient, id: string): Promise<string | undefined> =>
    (await client.query<{ plan_id: string }>(`select plan_id from ${table} where id = $1`, [id])).rows[0]?.plan_id;
  const notify = (client: pg.PoolClient): Promise<unknown> => send(client, 'select pg_notify($1, $2)', [channel, 'ready']);

  /** Skips every backlog task of `row`'s plan that depends on it, directly or not. */
  const skipDependents = async (client: pg.PoolClient, row: Row, now: number, cause: 'failed' | 'cancelled'): Promise<Task[]> => {
    const rows = (await planRows(client, row.plan_id)).map((planRow) => ({ ...planRow, dependsOn: planRow.depends_on }));
    const reason = skipReason(row.ref, cause);
    const skipped = dependentsOf(rows, row.ref);
    for (const task of skipped) await client.query(`update ${table} set state = 'skipped', error = $1, updated_at = $2 where id = $3`, [reason, now, task.id]);
    return skipped.map((task) => toTask({ ...task, state: 'skipped', error: reason, updated_at: now }));
  };

  /** The row of `id`, locked, with its plan's lock taken first; undefined when there is none. */
  const lockRow = async (client: pg.PoolClient, id: string): Promise<Row | undefined> => {
    const plan = await planOf(client, id);
    if (plan === undefined) return undefined;
    await lockPlan(client, plan);
    return (await client.query<Row>(`select * from ${table} where id = $1 for update`, [id])).rows[0];
  };

  const failRow = async (client: pg.PoolClient, row: Row, error: string, now: number, retry: RetryPolicy): Promise<FailOutcome> => {
    if (row.attempt < retry.maxAttempts) {
      await client.query(`update ${table} set state = 'queued', lease_token = null, lease_expires_at = null, available_at = $1, error = $2, updated_at = $3 where id = $4`, [now + retry.backoff(row.attempt), error, now, row.id]);
      await notify(client);
      return { result: 'retry', skipped: [] };
    }
    await client.query(`update ${table} set state = 'failed', lease_token = null, lease_expires_at = null, error = $1, updated_at = $2 where id = $3`, [error, now, row.id]);
    return { result: 'failed', skipped: await skipDependents(client, row, now, 'failed') };
  };

  /**
   * Claims up to `limit` of the oldest ready tasks in one statement, on `client` (the pool, or the
   * caller's transaction): the rows are locked (skipping rows other workers hold) and leased at
   * once, each with a token of its own, and their inputs (the upstream outputs) read in the same
   * statement, by primary key through the (plan, ref) index. (A worker's round claims in the round
   * function instead: {@link postgresRoundFunction}.)
   */
  const claimOn = async (client: Pick<pg.PoolClient, 'query'>, { now, leaseMilliseconds, agents, limit, leaseTokens }: ClaimRequest): Promise<ClaimedTask[]> => {
    if (leaseTokens !== undefined && leaseTokens.length < limit) throw new InvalidArgumentError({ argument: 'leaseTokens', message: `A claim of ${limit} task(s) needs as many lease tokens (got ${leaseTokens.length}).` });
    const parameters: unknown[] = [now + leaseMilliseconds, now, Math.max(leaseTokens === undefined ? 1 : 0, limit)];
    const filter = agents === undefined || agents.length === 0 ? '' : `and agent = any($${parameters.push(agents)})`;
    const tokens = leaseTokens === undefined ? '' : `$${parameters.push(leaseTokens)}::text[]`;
    // With the caller's tokens: the rows they still hold are taken back (a repeated claim whose
    // first answer was lost), and the n-th newly claimed row gets the n-th token left.
    const claimed =
      leaseTokens === undefined
        ? `claimed as (
             update ${table} set state = 'running', attempt = attempt + 1, lease_token = gen_random_uuid()::text, lease_expires_at = $1, updated_at = $2
             where id = any(array(select id from ${table} where state = 'queued' and available_at <= $2 ${filter} order by created_at, position limit $3 for update skip locked))
             returning *)`
        : `held as (
             update ${table} set lease_expires_at = $1, updated_at = $2 where state = 'running' and lease_token = any(${tokens}) returning *),
           picked as (
             select id, row_number() over (order by created_at, position) as n from (
               select id, created_at, position from ${table} where state = 'queued' and available_at <= $2 ${filter}
               order by created_at, position limit greatest(0, $3 - (select count(*) from held)) for update skip locked) as ready),
           token as (
             select token, row_number() over (order by position) as n from unnest(${tokens}) with ordinality as token(token, position)
             where token not in (select lease_token from held)),
           fresh as (
             update ${table} as task set state = 'running', attempt = task.attempt + 1, lease_token = token.token, lease_expires_at = $1, updated_at = $2
             from picked join token using (n) where task.id = picked.id
             returning task.*),
           claimed as (select * from held union all select * from fresh)`;
    const { rows } = await send<Row & { inputs: Record<string, TaskOutput> }>(
      client,
        `with ${claimed}
         select claimed.*, ${roundQueries.inputs('claimed')} as inputs
         from claimed order by created_at, position`,
        parameters,
    );
    return rows.map(({ inputs, ...row }) => ({ ...toTask(row), ...attemptKeys(row.id, row.attempt), leaseToken: row.lease_token as string, inputs }) satisfies ClaimedTask);
  };

  /**
   * The outcomes of a batch from the completion statement's rows (`done` and `promoted` by item,
   * `join` ids) and the joins it made ready: each item completed or not, with the dependents it
   * promoted (a join by the last item, in order, among its upstream steps); and every promoted id.
   */
  const outcomesOf = (items: readonly CompleteItem[], rows: readonly RoundRow[], ready: readonly Row[]): { readonly outcomes: CompleteOutcome[]; readonly promotedIds: readonly string[] } => {
    const outcomes: Array<{ completed: boolean; promoted: Task[]; task?: Task }> = items.map(() => ({ completed: false, promoted: [] }));
    const done = new Map<string, number>();
    const promoted: Array<{ readonly by: number; readonly row: Row }> = [];
    for (const row of rows) {
      if (row.kind === 'done' && row.task !== null && row.item !== null) {
        done.set(`${row.task.plan_id}\u0000${row.task.ref}`, row.item - 1);
        outcomes[row.item - 1] = { completed: true, promoted: [], task: toTask(row.task) };
      } else if (row.kind === 'promoted' && row.task !== null && row.item !== null) promoted.push({ by: row.item - 1, row: row.task });
    }
    for (const row of ready) {
      // The item that, completing last among the join's upstream steps, made it ready.
      let by = -1;
      for (const ref of row.depends_on) by = Math.max(by, done.get(`${row.plan_id}\u0000${ref}`) ?? -1);
      promoted.push({ by, row });
    }
    for (const { by, row } of promoted.sort((a, b) => a.row.position - b.row.position)) outcomes[by]?.promoted.push(toTask(row));
    return { outcomes, promotedIds: promoted.map(({ row }) => row.id) };
  };

  /**
   * Completes held tasks inside the caller's transaction, set-wise (two statements however many;
   * three when a join may become ready), with the outcomes `complete` would give them one by one in
   * order: the first item whose token still holds its task completes it; a dependent queued by the
   * batch is counted as promoted by the last item (in order) among its upstream steps. Returns the
   * ids of the promoted tasks too.
   */
  const completeIn = async (client: pg.PoolClient, items: readonly CompleteItem[], now: number): Promise<{ readonly outcomes: CompleteOutcome[]; readonly promotedIds: readonly string[] }> => {
    if (items.length === 0) return outcomesOf(items, [], []);
    // Marks the tasks done; then, in a statement of its own (whose snapshot sees a dispatch that
    // added a dependent while holding one of these rows), queues at once each backlog dependent
    // that waits on one of them only (no other step can make it ready, and a cancellation that
    // holds its row is waited for and seen); and locks, in one sorted pass (so two batches cannot deadlock), each backlog join they
    // may make ready. A join's dependencies are counted in a second statement, with a fresh
    // snapshot: a completion that committed while we waited for its lock is then seen, so when two
    // upstream steps finish at once exactly one of them promotes the join.
    const { rows: done } = await send<RoundRow>(
      client,
        roundQueries.complete,
        [items.map((item) => item.id), items.map((item) => item.leaseToken), items.map((item) => JSON.stringify(item.output)), now],
    );
    // The dependents are looked for in a statement of their own, after the update (see promote).
    const finished = done.flatMap((row) => (row.task === null || row.item === null ? [] : [{ plan: row.task.plan_id, ref: row.task.ref, item: row.item }]));
    const promotedRows = finished.length === 0 ? [] : (await send<RoundRow>(client, roundQueries.promote, [finished.map((row) => row.plan), finished.map((row) => row.ref), finished.map((row) => row.item), now])).rows;
    const rows = [...done, ...promotedRows];
    const joins = rows.flatMap((row) => (row.kind === 'join' && row.id !== null ? [row.id] : []));
    if (joins.length > 0) {
      const ready = await send<Row>(client, roundQueries.ready, [now, joins]);
      return outcomesOf(items, rows, ready.rows);
    }
    return outcomesOf(items, rows, []);
  };

  /** Completes `items` in the caller's transaction; idle workers are notified of the tasks it promoted. */
  const completeAndNotifyIn = async (client: pg.PoolClient, items: readonly CompleteItem[], now: number): Promise<CompleteOutcome[]> => {
    const { outcomes, promotedIds } = await completeIn(client, items, now);
    if (promotedIds.length > 0) await notify(client);
    return outcomes;
  };

  /** The LISTEN connection, connecting or connected; undefined until needed and after it drops. */
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  /** The first close()'s ending, shared by later calls. */
  let closing: Promise<void> | undefined;
  const waiters = new Set<() => void>();
  const wakeAll = (): void => {
    for (const wake of waiters) wake();
    waiters.clear();
  };
  /**
   * Opens the LISTEN connection with the pool's settings. When it drops (a restart, a network
   * failure) it is forgotten and every waiter woken, so the worker looks for work at once (or
   * learns that the store is away); the next wait connects and listens again.
   */
  const listen = (): Promise<pg.Client> => {
    // A connect that never answers (a server killing backends as they start) times out and is
    // dropped like any other failure; keep-alive notices a peer that vanished without a word.
    const client = new pg.Client({ ...pool.options, connectionTimeoutMillis: pool.options.connectionTimeoutMillis || 10_000, keepAlive: true });
    const connecting = (async () => {
      const drop = (): void => {
        if (listener === connecting) listener = undefined;
        wakeAll();
        client.end().catch(() => {});
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', wakeAll);
      try {
        await client.connect();
        await client.query(`listen ${channel}`);
      } catch (error) {
        drop();
        throw error;
      }
      return client;
    })();
    return connecting;
  };

  const store: PostgresTaskStore = {
    async createPlan(planId, given: readonly ResolvedStep[], { sessionId, now }) {
      const steps = storeSteps(given);
      return transaction(async (client) => {
        // The originals of iterations are checked again in this transaction and locked `for key
        // share` until it commits: prune's delete locks its rows `for update` first, so it either
        // waits for this plan (and then sees its reference) or removed the original before (and
        // this refuses the plan with a PlanError); never an iteration without its original.
        const targets = [...new Set(steps.flatMap((step) => (step.iterationOf !== undefined && uuidPattern.test(step.iterationOf) ? [step.iterationOf] : [])))].sort();
        const locked = targets.length === 0 ? [] : (await client.query<{ id: string }>(`select id::text as id from ${table} where id = any($1::uuid[]) order by id for key share`, [targets])).rows;
        refuseMissingIterationTargets(steps, new Set(locked.map((row) => row.id)));
        // A new step's state comes from its dependencies as they are now (a plan dispatched again may
        // add steps behind steps already finished, which no completion will ever promote). The plan's
        // lock orders this against fail, cancel and lease recovery (they skip through the plan) and
        // against another dispatch of the plan. The stored steps a new one depends on are then
        // locked `for share`, sorted: a completion of one of them either committed first (the lock
        // waits for it, and reads it done) or waits for this commit, and then finds the dependency
        // rows, because the round looks for dependents in a statement after its update (see
        // postgresRoundQueries); prune, which locks a plan's rows `for update` before it deletes
        // them, waits too, then sees the new steps and keeps the plan. A dependency pruned before
        // the lock is read again as missing, and the steps decided again.
        await lockPlan(client, planId);
        let states: Map<string, InitialState>;
        for (;;) {
          const existing = (await client.query<{ ref: string; state: TaskState; depends_on: string[] }>(`select ref, state, depends_on from ${table} where plan_id = $1`, [planId])).rows;
          const stored = new Map<string, StoredStep>(existing.map((row) => [row.ref, { ref: row.ref, state: row.state, dependsOn: row.depends_on }]));
          states = initialStates(steps, stored);
          const needed = [...new Set(steps.flatMap((step) => (states.has(step.ref) ? step.dependsOn.filter((ref) => stored.has(ref)) : [])))];
          if (needed.length === 0) break;
          const { rows: current } = await client.query<{ ref: string; state: TaskState }>(
            `select ref, state from ${table} where plan_id = $1 and ref = any($2::text[]) order by id for share`,
            [planId, needed],
          );
          if (current.length !== needed.length) continue;
          for (const row of current) stored.set(row.ref, { ...(stored.get(row.ref) as StoredStep), state: row.state });
          states = initialStates(steps, stored);
          break;
        }
        const decided = states;
        const fresh = steps.flatMap((step, position) => {
          const initial = decided.get(step.ref);
          return initial === undefined ? [] : [{ step, position, initial }];
        });
        if (fresh.length === 0) return { tasks: (await planRows(client, planId)).map(toTask), created: 0, createdTasks: [] };
        // Every step in one statement (one round trip for a plan of any size), as many rows as were
        // new, with the dependency rows of the new ones and the notification when any was new.
        const column = <Value>(value: (step: ResolvedStep, position: number, initial: InitialState) => Value): Value[] => fresh.map((entry) => value(entry.step, entry.position, entry.initial));
        const result = await client.query<{ created: number; ids: string[] }>(
          `with inserted as (
             insert into ${table} (id, plan_id, ref, position, session_id, title, agent, request, depends_on, expected_outputs, iteration_of, state, error, available_at, created_at, updated_at)
             select step.id, $1, step.ref, step.position, $2, step.title, step.agent, step.request, step.depends_on, step.expected_outputs, step.iteration_of, step.state, step.error, $3, $3, $3
             from unnest($4::uuid[], $5::text[], $6::integer[], $7::text[], $8::text[], $9::text[], $10::jsonb[], $11::jsonb[], $12::text[], $13::text[], $15::text[])
               as step(id, ref, position, title, agent, request, depends_on, expected_outputs, iteration_of, state, error)
             order by step.position
             on conflict (plan_id, ref) do nothing
             returning id, plan_id, depends_on),
           dependencies as (
             insert into ${dependencyTableOf(table)} (plan_id, ref, dependent, dependencies)
             select inserted.plan_id, dependency.ref, inserted.id, jsonb_array_length(inserted.depends_on)
             from inserted cross join lateral jsonb_array_elements_text(inserted.depends_on) as dependency(ref)
             on conflict do nothing),
           -- Idle workers are told in the same round trip (a CTE that is only read runs only if read).
           notified as (select pg_notify($14, 'ready') where exists (select 1 from inserted))
           select (select count(*) from inserted)::integer as created, (select count(*) from notified)::integer as notified,
             (select coalesce(array_agg(id::text), '{}') from inserted) as ids`,
          [
            planId,
            sessionId ?? null,
            now,
            column(() => randomUUID()),
            column((step) => step.ref),
            column((_, position) => position),
            column((step) => step.title),
            column((step) => step.agent),
            column((step) => step.request),
            column((step) => JSON.stringify(step.dependsOn)),
            column((step) => JSON.stringify(step.expectedOutputs)),
            column((step) => step.iterationOf ?? null),
            column((_, __, initial) => initial.state),
            channel,
            column((_, __, initial) => initial.error),
          ],
        );
        const created = result.rows[0]?.created ?? 0;
        // The rows this statement inserted (a concurrent dispatch of the same step inserted the
        // others): the tasks this call created, read back in the same transaction, so in the state
        // they were created in.
        const inserted = new Set(result.rows[0]?.ids ?? []);
        const tasks = (await planRows(client, planId)).map(toTask);
        return { tasks, created, createdTasks: tasks.filter((task) => inserted.has(task.id)) };
      });
    },

    async claim(claimOptions) {
      return (await store.claimMany({ ...claimOptions, limit: 1 }))[0];
    },

    async claimMany(claimOptions) {
      // One statement, no explicit transaction: an empty claim costs one round trip; a claim of n
      // tasks, one commit.
      return claimOn(pool, claimOptions);
    },

    async heartbeat(id, leaseToken, { now, leaseMilliseconds }) {
      const result = await send(pool, `update ${table} set lease_expires_at = $1, updated_at = $2 where id = $3 and lease_token = $4 and state = 'running'`, [now + leaseMilliseconds, now, id, leaseToken]);
      return result.rowCount === 1;
    },

    async complete(id, leaseToken, output, { now }) {
      return (await transaction((client) => completeAndNotifyIn(client, [{ id, leaseToken, output }], now)))[0] ?? { completed: false, promoted: [] };
    },

    async completeMany(items, { now }) {
      // One transaction, one commit, for every task that finished meanwhile.
      return transaction((client) => completeAndNotifyIn(client, items, now));
    },

    async completeAndClaim(items, { now, claim }) {
      // The completions and the next claims in one statement (the round function): one round trip
      // and one commit per worker round, and a dependent that this worker claims itself is handed
      // off without a notification.
      const request: ClaimRequest = { now, ...claim };
      if (request.leaseTokens !== undefined && request.leaseTokens.length < request.limit) throw new InvalidArgumentError({ argument: 'leaseTokens', message: `A claim of ${request.limit} task(s) needs as many lease tokens (got ${request.leaseTokens.length}).` });
      // Tokens made here when the caller has none: a claim is then new tasks only, as claimOn's.
      const leaseTokens = request.leaseTokens ?? Array.from({ length: Math.max(0, request.limit) }, () => randomUUID());
      const parameters = [
        items.map((item) => item.id),
        items.map((item) => item.leaseToken),
        items.map((item) => JSON.stringify(item.output)),
        now,
        request.now,
        request.now + request.leaseMilliseconds,
        Math.max(0, request.limit),
        request.agents === undefined || request.agents.length === 0 ? null : request.agents,
        leaseTokens,
        channel,
      ];
      for (let attempt = 1; ; attempt += 1) {
        try {
          const { rows } = await send<{ kind: 'done' | 'promoted' | 'ready' | 'claimed'; item: number | null; task: Row; inputs: Record<string, TaskOutput> | null }>(
            pool,
            `select round_kind as kind, round_item as item, round_task as task, round_inputs as inputs
             from ${roundFunction.name}($1::uuid[], $2::text[], $3::jsonb[], $4, $5, $6, $7, $8::text[], $9::text[], $10)`,
            parameters,
          );
          const completion: RoundRow[] = [];
          const ready: Row[] = [];
          const claimed: ClaimedTask[] = [];
          for (const row of rows) {
            if (row.kind === 'claimed') claimed.push({ ...toTask(row.task), ...attemptKeys(row.task.id, row.task.attempt), leaseToken: row.task.lease_token as string, inputs: row.inputs ?? {} });
            else if (row.kind === 'ready') ready.push(row.task);
            else completion.push({ kind: row.kind, item: row.item, task: row.task, id: null });
          }
          return { outcomes: outcomesOf(items, completion, ready).outcomes, claimed };
        } catch (error) {
          // A deadlock or serialization failure aborted the whole round: nothing of it happened.
          const code = (error as { code?: unknown }).code;
          if ((code !== '40P01' && code !== '40001') || attempt >= 5) throw error;
        }
      }
    },

    async fail(id, leaseToken, error, { now, retry }) {
      return transaction(async (client) => {
        const row = await lockRow(client, id);
        if (row === undefined || row.state !== 'running' || row.lease_token !== leaseToken) return { result: 'stale', skipped: [] };
        return failRow(client, row, error, now, retry);
      });
    },

    async cancel(id, { now, reason }) {
      return transaction(async (client) => {
        const row = await lockRow(client, id);
        if (row === undefined || terminalStates.has(row.state)) return { cancelled: undefined, skipped: [] };
        const error = reason ?? 'cancelled';
        await client.query(`update ${table} set state = 'cancelled', lease_token = null, lease_expires_at = null, error = $1, updated_at = $2 where id = $3`, [error, now, id]);
        return { cancelled: toTask({ ...row, state: 'cancelled', error, updated_at: now }), skipped: await skipDependents(client, row, now, 'cancelled') };
      });
    },

    async retry(id, { now }) {
      return transaction(async (client) => {
        const row = await lockRow(client, id);
        if (row === undefined || row.state !== 'failed') return { retried: undefined, restored: [] };
        await client.query(`update ${table} set state = 'queued', lease_token = null, lease_expires_at = null, available_at = $1, updated_at = $1 where id = $2`, [now, id]);
        const rows = (await planRows(client, row.plan_id)).map((planRow) => ({ ...planRow, dependsOn: planRow.depends_on }));
        const restored = restoredBy(rows, row.ref);
        for (const task of restored) {
          await client.query(`update ${table} set state = 'backlog', error = null, updated_at = $1 where id = $2`, [now, task.id]);
          // Its rows in the dependency table (a step skipped before that table existed has none), so a completion promotes it as usual.
          await client.query(
            `insert into ${dependencyTableOf(table)} (plan_id, ref, dependent, dependencies) select $1, dependency.ref, $2, $3 from unnest($4::text[]) as dependency(ref) on conflict do nothing`,
            [row.plan_id, task.id, task.depends_on.length, [...new Set(task.depends_on)]],
          );
        }
        await notify(client);
        return { retried: toTask({ ...row, state: 'queued', updated_at: now }), restored: restored.map((task) => toTask({ ...task, state: 'backlog', error: null, updated_at: now })) };
      });
    },

    async recoverExpired({ now, retry }) {
      return transaction(async (client) => {
        const { rows } = await client.query<Row>(`select * from ${table} where state = 'running' and lease_expires_at < $1 for update skip locked`, [now]);
        const skipped: Task[] = [];
        for (const row of rows) {
          await lockPlan(client, row.plan_id);
          skipped.push(...(await failRow(client, row, 'lease expired: the worker stopped answering', now, retry)).skipped);
        }
        return { recovered: rows.length, skipped };
      });
    },

    async get(id) {
      const { rows } = await send<Row>(pool, `select * from ${table} where id = $1`, [id]);
      return rows[0] === undefined ? undefined : toTask(rows[0]);
    },

    async listPlan(planId) {
      return (await pool.query<Row>(`select * from ${table} where plan_id = $1 order by position`, [planId])).rows.map(toTask);
    },

    async history(sessionId) {
      return (await pool.query<Row>(`select * from ${table} where session_id = $1 order by created_at, position`, [sessionId])).rows.map(toTask);
    },

    async prune(pruneOptions) {
      const limit = checkPruneOptions(pruneOptions);
      const cutoff = pruneOptions.finishedBefore;
      const queries = postgresPruneQueries(table);
      let total = { plans: 0, tasks: 0, kept: 0 };
      let after: string | undefined;
      do {
        // One short transaction per batch; the delete checks each plan again in its own snapshot,
        // so a plan dispatched again meanwhile (new steps under the same id) is left alone.
        const batch = await transaction(async (client) => {
          const run = pruneBatch(after, limit);
          let step = run.next();
          while (step.done !== true) {
            const query = step.value;
            if (query.kind === 'scan') {
              const { rows } = await client.query<{ plan: string; qualifies: boolean }>(queries.scan, [cutoff, query.after ?? '', query.limit]);
              step = run.next(rows);
            } else if (query.kind === 'references') {
              const { rows } = await client.query<{ from: string; to: string; fromQualifies: boolean }>(queries.references, [cutoff, query.plans]);
              step = run.next(rows);
            } else {
              // Lock the doomed rows first (waiting for any createPlan that holds an original of
              // them), then look again in a fresh snapshot: a plan that now stays, or that a task
              // outside the doomed set points at, is kept, with whatever kept plans point at.
              await client.query(queries.lock, [query.plans]);
              const { rows: staying } = await client.query<{ plan: string }>(queries.staying, [cutoff, query.plans]);
              const { rows: references } = await client.query<{ from: string; to: string }>(queries.referencesInto, [query.plans]);
              const doomed = new Set(query.plans);
              const kept = new Set(staying.map((row) => row.plan));
              for (const reference of references) if (!doomed.has(reference.from)) kept.add(reference.to);
              for (let changed = true; changed; ) {
                changed = false;
                for (const reference of references) {
                  if (kept.has(reference.from) && !kept.has(reference.to)) {
                    kept.add(reference.to);
                    changed = true;
                  }
                }
              }
              const plans = query.plans.filter((plan) => !kept.has(plan));
              const { rows } = plans.length === 0 ? { rows: [] } : await client.query<{ plan_id: string }>(queries.delete, [cutoff, plans]);
              step = run.next({ plans: new Set(rows.map((row) => row.plan_id)).size, tasks: rows.length });
            }
          }
          return step.value;
        });
        total = { plans: total.plans + batch.plans, tasks: total.tasks + batch.tasks, kept: total.kept + batch.kept };
        after = batch.next;
      } while (after !== undefined);
      return total;
    },

    async waitForWork(timeoutMilliseconds) {
      if (closed) return;
      // The wait never outlasts the timeout, even while the LISTEN connection is still being
      // opened again; a connection that cannot be opened rejects (the worker backs off).
      const opening = (listener ??= listen());
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve();
        }, timeoutMilliseconds);
        const wake = (): void => {
          clearTimeout(timer);
          resolve();
        };
        waiters.add(wake);
        opening.catch((error: unknown) => {
          clearTimeout(timer);
          waiters.delete(wake);
          reject(error as Error);
        });
      });
    },

    close() {
      // A second call shares the first one's ending (pg.Pool's end() throws when called twice).
      closing ??= (async () => {
        closed = true;
        wakeAll();
        const open = listener;
        listener = undefined;
        await open?.then((client) => client.end()).catch(() => {});
        if (ownsPool) await pool.end();
        else pool.removeListener('error', onPoolError);
      })();
      return closing;
    },
    ...postgresStoreInspection(pool, table),
  };
  return translateStoreErrors(store, isPostgresUnavailable);
}
