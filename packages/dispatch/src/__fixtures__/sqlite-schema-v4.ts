/**
 * The embedded store's schema as its first four migrations left it (before the dependency table
 * and the per-task count of unfinished dependencies): a file made by that version, for the test
 * that opens one with this version. Written out here, not imported, so that it stays what old
 * files hold whatever the migrations become.
 */
export const sqliteSchemaV4 = `
  create table parley_migrations (version integer primary key);
  create table parley_tasks (
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
  create index parley_tasks_session on parley_tasks (session_id, created_at);
  alter table parley_tasks add column iteration_of text;
  create index parley_tasks_queue on parley_tasks (created_at, position) where state = 'queued';
  create index parley_tasks_iteration on parley_tasks (iteration_of) where iteration_of is not null;
  create index parley_tasks_plans on parley_tasks (created_at, plan_id) where position = 0;
  create index parley_tasks_session_plans on parley_tasks (session_id, created_at) where position = 0 and session_id is not null;
  insert into parley_migrations (version) values (1), (2), (3), (4);`;
