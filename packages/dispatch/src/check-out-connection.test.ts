import { EventEmitter } from 'node:events';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { checkOutConnection } from './check-out-connection';

/**
 * A connection that answers when the test says so, for node-postgres's real pool: its last read
 * can hold a query's answer and the server's notice that it ended the connection (57P01), which
 * the driver reports in that order, in one go.
 */
class ScriptedConnection extends EventEmitter {
  static made: ScriptedConnection[] = [];
  _queryable = true;
  _ending = false;
  #answer: ((error: Error | undefined, result?: unknown) => void) | undefined;

  constructor() {
    super();
    ScriptedConnection.made.push(this);
  }

  connect(callback: (error?: Error) => void): void {
    setImmediate(() => callback());
  }

  query(_text: string, _values: unknown, callback: (error: Error | undefined, result?: unknown) => void): void {
    this.#answer = callback;
  }

  get waiting(): boolean {
    return this.#answer !== undefined;
  }

  end(callback?: () => void): void {
    this._ending = true;
    callback?.();
  }

  /** The query's answer, then the connection ended by the server, in one read. */
  answerThenTerminated(): void {
    const answer = this.#answer;
    this.#answer = undefined;
    answer?.(undefined, { rows: [] });
    this._queryable = false;
    this.emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
  }
}

const until = async (condition: () => boolean): Promise<void> => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};

/** node-postgres's pool of one scripted connection, which a query holds: what checks out next waits for it. */
async function poolWithItsOnlyConnectionBusy(): Promise<{ readonly pool: pg.Pool; readonly first: Promise<unknown>; readonly connection: ScriptedConnection }> {
  ScriptedConnection.made = [];
  const pool = new pg.Pool({ Client: ScriptedConnection as unknown as typeof pg.Client, max: 1 });
  pool.on('error', () => {});
  const first = pool.query('select 1');
  await until(() => ScriptedConnection.made[0]?.waiting === true);
  return { pool, first, connection: ScriptedConnection.made[0] as ScriptedConnection };
}

describe('checkOutConnection', () => {
  test('a connection the server ends in the read that hands it over is heard by the new holder, not thrown', async () => {
    const { pool, first, connection } = await poolWithItsOnlyConnectionBusy();
    const heard: Error[] = [];
    // Waits in the pool's queue for the only connection.
    const checkedOut = checkOutConnection(pool, (error) => heard.push(error));
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => connection.answerThenTerminated()).not.toThrow();
    await first;
    const client = await checkedOut;
    expect(client).toBe(connection);
    expect(heard.map((error) => (error as { code?: string }).code)).toEqual(['57P01']);
    client.release(heard[0]);
    await pool.end();
  });

  test('the same hand-over through a promise alone is the hazard it guards against', async () => {
    const { pool, first, connection } = await poolWithItsOnlyConnectionBusy();
    const checkedOut = pool.connect();
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => connection.answerThenTerminated()).toThrow('terminating connection');
    await first;
    (await checkedOut).release(true);
    await pool.end();
  });

  test('a pool that only returns a promise is served through it, with the listener attached', async () => {
    const connection = Object.assign(new EventEmitter(), { release: () => {} }) as unknown as pg.PoolClient;
    const pool = { connect: async () => connection } as unknown as pg.Pool;
    const heard: Error[] = [];
    const client = await checkOutConnection(pool, (error) => heard.push(error));
    expect(client).toBe(connection);
    client.emit('error', new Error('gone'));
    expect(heard.map((error) => error.message)).toEqual(['gone']);
  });

  test("a pool's refusal rejects, whichever way it answers", async () => {
    const refusing = new pg.Pool({ Client: ScriptedConnection as unknown as typeof pg.Client });
    await refusing.end();
    await expect(checkOutConnection(refusing, () => {})).rejects.toThrow('Cannot use a pool after calling end on the pool');
    const rejecting = { connect: async () => Promise.reject(new Error('no room')) } as unknown as pg.Pool;
    await expect(checkOutConnection(rejecting, () => {})).rejects.toThrow('no room');
    const throwing = {
      connect: () => {
        throw new Error('broken');
      },
    } as unknown as pg.Pool;
    await expect(checkOutConnection(throwing, () => {})).rejects.toThrow('broken');
  });
});
