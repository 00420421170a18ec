import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createDispatcher } from './dispatcher';
import { createPostgresTaskStore } from './postgres-task-store';

// Idle workers wait on LISTEN; a dispatch that creates tasks must wake them (it now notifies inside
// its insert statement, one round trip less), and one that creates nothing must not.

const postgresUrl = process.env['PARLEY_PG_URL'];
const schema = `parley_notify_${Math.random().toString(36).slice(2, 10)}`;

describe.skipIf(postgresUrl === undefined)('Postgres notifications', () => {
  const listener = new pg.Client({ connectionString: postgresUrl });
  afterAll(async () => {
    await listener.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await listener.end();
  });

  test('a dispatch that creates tasks notifies the channel once; dispatching the same plan again notifies nothing', async () => {
    const store = await createPostgresTaskStore({ connectionString: postgresUrl ?? '', schema });
    await listener.connect();
    const received: string[] = [];
    listener.on('notification', (message) => received.push(`${message.channel} ${message.payload ?? ''}`));
    await listener.query(`listen ${schema}_parley_tasks`);
    try {
      const dispatcher = createDispatcher({ store });
      const plan = { id: 'p', steps: [{ ref: 'a', title: 'a', agent: 'x', request: 'a' }, { ref: 'b', title: 'b', agent: 'x', request: 'b' }] };
      expect((await dispatcher.dispatchPlan(plan)).created).toBe(2);
      // A notification is delivered before the listener's next answer: a query after the commit
      // returns only once the notifications sent before it were read.
      await listener.query('select 1');
      expect(received).toEqual([`${schema}_parley_tasks ready`]);
      const again = await dispatcher.dispatchPlan(plan);
      expect([again.created, again.tasks.map((task) => task.ref)]).toEqual([0, ['a', 'b']]);
      await listener.query('select 1');
      expect(received).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
