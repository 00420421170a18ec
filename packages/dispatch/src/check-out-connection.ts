import type pg from 'pg';

/** `connect` as node-postgres's pool spells it: a callback when given one, else a promise. */
type ConnectEitherWay = (callback?: (error: Error | undefined, client?: pg.PoolClient) => void) => Promise<pg.PoolClient> | undefined;

/**
 * Checks a connection out of `pool` with `onError` listening from the moment the pool hands it
 * over, and resolves with it.
 *
 * node-postgres's pool gives a freed connection to the next waiting `connect()` while it is still
 * reading the answer that freed it. When that same read also holds the server's word that it ended
 * the connection (a restart or `pg_terminate_backend`: 57P01), the connection emits `'error'`
 * before any promise continuation can listen, and an `'error'` event nobody hears ends the
 * process. A pool whose `connect` takes a callback (as `pg.Pool`'s does) calls it inside that read,
 * so the listener is attached first. A pool that only returns a promise (an adapter over an
 * in-process database, which has no such read) is served through the promise.
 */
export function checkOutConnection(pool: pg.Pool, onError: (error: Error) => void): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const take = (client: pg.PoolClient): void => {
      if (settled) return;
      settled = true;
      client.on('error', onError);
      resolve(client);
    };
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    let returned: Promise<pg.PoolClient> | undefined;
    try {
      returned = (pool.connect as ConnectEitherWay).call(pool, (error, client) => (error !== undefined && error !== null ? fail(error) : take(client as pg.PoolClient)));
    } catch (error) {
      fail(error);
      return;
    }
    if (returned !== undefined && typeof returned.then === 'function') returned.then(take, fail);
  });
}
