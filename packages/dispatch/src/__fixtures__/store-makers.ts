import pg from 'pg';
import { afterAll } from 'vitest';
import { createPostgresTaskStore } from '../postgres-task-store';
import { createSqliteTaskStore } from '../sqlite-task-store';
import type { TaskStore } from '../task-store';

/** The stores a suite runs on, and how to drop the Postgres schemas it made. */
export interface StoreMakers {
  /** `PARLEY_PG_URL`, when set. */
  readonly postgresUrl: string | undefined;
  /** The embedded store always; Postgres, in a fresh schema per store, when `PARLEY_PG_URL` is set. */
  readonly makers: Array<[name: string, make: () => Promise<TaskStore>]>;
  /** Drops every schema the Postgres maker made (for `afterAll`). */
  dropSchemas(): Promise<void>;
}

/** Store makers for a suite; Postgres schemas are named `<schemaPrefix>_<random>`. */
export function storeMakers(schemaPrefix: string): StoreMakers {
  const postgresUrl = process.env['PARLEY_PG_URL'];
  const schemas: string[] = [];
  const makers: Array<[name: string, make: () => Promise<TaskStore>]> = [['sqlite', async () => createSqliteTaskStore()]];
  if (postgresUrl !== undefined) {
    makers.push([
      'postgres',
      async () => {
        const schema = `${schemaPrefix}_${Math.random().toString(36).slice(2, 10)}`;
        schemas.push(schema);
        return createPostgresTaskStore({ connectionString: postgresUrl, schema });
      },
    ]);
  }
  return {
    postgresUrl,
    makers,
    async dropSchemas() {
      if (postgresUrl === undefined || schemas.length === 0) return;
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** One store per maker, made on first use and shared by a file's tests: closed, and its schemas dropped, after them. */
export interface SharedStores {
  readonly makers: StoreMakers['makers'];
  /** The store of the maker `name`, made by `make` the first time. */
  storeOf(name: string, make: () => Promise<TaskStore>): Promise<TaskStore>;
}

/** {@link storeMakers} whose stores a test file shares; call it at the file's top level (it registers `afterAll`). */
export function sharedStores(schemaPrefix: string): SharedStores {
  const { makers, dropSchemas } = storeMakers(schemaPrefix);
  const stores = new Map<string, TaskStore>();
  afterAll(async () => {
    for (const store of stores.values()) await store.close();
    await dropSchemas();
  });
  return {
    makers,
    async storeOf(name, make) {
      const existing = stores.get(name);
      if (existing !== undefined) return existing;
      const store = await make();
      stores.set(name, store);
      return store;
    },
  };
}
