import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, test } from 'vitest';
import { sqliteSchemaV4 } from './__fixtures__/sqlite-schema-v4';
import { createDispatcher } from './dispatcher';
import { createSqliteTaskStore } from './sqlite-task-store';
import { createWorker } from './worker';

// A store file made before the dependency table (schema version 4) is migrated when it is opened:
// its waiting tasks get their dependency rows and their counts of unfinished dependencies, so the
// completions that follow promote them exactly as they would have before.

const directory = mkdtempSync(join(tmpdir(), 'parley-sqlite-migration-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const columns = 'id, plan_id, ref, position, title, agent, request, depends_on, expected_outputs, state, attempt, output, created_at, updated_at';

/** A version-4 store file: plan `p` mid-run (a done, b queued, c waits on b, d joins a and c), plan `old` finished. */
const versionFourStore = (path: string): void => {
  const database = new DatabaseSync(path);
  database.exec(sqliteSchemaV4);
  const insert = database.prepare(`insert into parley_tasks (${columns}) values (?, ?, ?, ?, 't', 'noop', 'r', ?, '[]', ?, ?, ?, 1, 1)`);
  insert.run('id-a', 'p', 'a', 0, '[]', 'done', 1, '{"values":{"from":"a"}}');
  insert.run('id-b', 'p', 'b', 1, '[]', 'queued', 0, null);
  insert.run('id-c', 'p', 'c', 2, '["b"]', 'backlog', 0, null);
  insert.run('id-d', 'p', 'd', 3, '["a","c"]', 'backlog', 0, null);
  insert.run('id-x', 'old', 'x', 0, '[]', 'done', 1, '{}');
  insert.run('id-y', 'old', 'y', 1, '["x"]', 'done', 1, '{}');
  database.close();
};

describe('the embedded store migrates a file of schema version 4', () => {
  test('waiting tasks get their dependency rows and counts, and the plan runs to the end in order', async () => {
    const path = join(directory, 'v4.db');
    versionFourStore(path);
    const store = createSqliteTaskStore({ path });
    const database = new DatabaseSync(path, { readOnly: true });
    try {
      expect((database.prepare('select version from parley_migrations order by version').all() as Array<{ version: number }>).map((row) => row.version)).toEqual([1, 2, 3, 4, 5]);
      expect(database.prepare('select plan_id, ref, dependent from parley_task_dependencies order by dependent, ref').all().map((row) => ({ ...row }))).toEqual([
        { plan_id: 'p', ref: 'b', dependent: 'id-c' },
        { plan_id: 'p', ref: 'a', dependent: 'id-d' },
        { plan_id: 'p', ref: 'c', dependent: 'id-d' },
      ]);
      // d waits on c only: a is done.
      expect(database.prepare("select ref, unfinished_dependencies as n from parley_tasks where state = 'backlog' order by ref").all().map((row) => ({ ...row }))).toEqual([
        { ref: 'c', n: 1 },
        { ref: 'd', n: 1 },
      ]);
    } finally {
      database.close();
    }
    const dispatcher = createDispatcher({ store });
    const ran: string[] = [];
    const inputs: string[][] = [];
    const worker = createWorker({
      dispatcher,
      agents: {
        noop: async (task) => {
          ran.push(task.ref);
          inputs.push(Object.keys(task.inputs).sort());
          return { values: { from: task.ref } };
        },
      },
    });
    expect(await worker.drain()).toBe(3);
    expect(ran).toEqual(['b', 'c', 'd']);
    expect(inputs).toEqual([[], ['b'], ['a', 'c']]);
    expect((await store.listPlan('p')).map((task) => task.state)).toEqual(['done', 'done', 'done', 'done']);
    await store.close();
    // Opened again: nothing to migrate, and a read-only open accepts the migrated file.
    await createSqliteTaskStore({ path }).close();
    const readOnly = createSqliteTaskStore({ path, readOnly: true });
    expect((await readOnly.listPlan('old')).length).toBe(2);
    await readOnly.close();
  });
});
