/**
 * The Postgres task store, `@parley/dispatch/postgres`: an entry of its own so that only those who
 * use it load `pg` (an optional peer dependency: install it next to this package).
 *
 * @module
 */
export type { PostgresPool } from '../postgres-pool';
export { createPostgresTaskStore, type PostgresTaskStore, type PostgresTaskStoreOptions } from '../postgres-task-store';
