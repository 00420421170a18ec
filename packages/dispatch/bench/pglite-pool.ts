// Just enough of a node-postgres pool over PGlite (Postgres in WebAssembly, one connection) for
// the Postgres store to run on it in the benchmark: checkouts are serialized, since one
// connection cannot hold two transactions at once.
import type { PGlite } from '@electric-sql/pglite';

export function pglitePool(database: PGlite): unknown {
  let queue: Promise<void> = Promise.resolve();
  const query = async (sql: string, params?: unknown[]) => {
    if (params === undefined || params.length === 0) {
      const results = await database.exec(sql);
      const last = results.at(-1);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    }
    const result = await database.query(sql, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  };
  return {
    query,
    connect: async () => {
      let release: () => void = () => {};
      const previous = queue;
      queue = new Promise((resolve) => (release = resolve));
      await previous;
      // The store listens for connection errors on a checked-out client; PGlite's one never has any.
      return { query, release, on: () => {}, removeListener: () => {} };
    },
    on: () => {},
    removeListener: () => {},
    end: async () => {},
  };
}
