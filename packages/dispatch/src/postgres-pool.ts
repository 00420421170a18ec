/**
 * What the Postgres store needs of a connection pool: node-postgres's `pg.Pool` fits, and so does
 * anything shaped like it (an adapter over PGlite, say). Spelled out here so that this package's
 * type declarations never name `pg`, whose types live in `@types/pg`, which a consumer need not
 * have installed.
 */
export interface PostgresPool {
  /** The settings the pool connects with; the store opens its `LISTEN` connection with the same. */
  readonly options: object;
  /**
   * Checks a connection out. The store passes a callback, which a pool that takes one (as `pg.Pool`
   * does) calls the moment it hands the connection over, so the store listens for its errors
   * before anything else can happen; a pool that ignores the callback answers with the promise.
   */
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
  end(): Promise<void>;
}
