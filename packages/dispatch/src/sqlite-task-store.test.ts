import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { createDispatcher } from './dispatcher';
import { ReadOnlyStoreError } from './read-only-store-error';
import { createSqliteTaskStore } from './sqlite-task-store';
import { TaskStoreOpenError } from './task-store-open-error';

const directory = mkdtempSync(join(tmpdir(), 'parley-sqlite-store-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A real store file with one dispatched plan in session `s1`, closed. */
const realStore = async (name: string): Promise<string> => {
  const path = join(directory, name);
  const store = createSqliteTaskStore({ path });
  await createDispatcher({ store }).dispatchPlan({ id: 'p1', steps: [{ ref: 'a', title: 'Step 1', agent: 'coding_agent', request: 'Write /data/a.csv' }] }, { sessionId: 's1' });
  await store.close();
  return path;
};

const openError = (path: string): TaskStoreOpenError | undefined => {
  try {
    createSqliteTaskStore({ path, readOnly: true });
  } catch (error) {
    if (TaskStoreOpenError.isInstance(error)) return error;
    throw error;
  }
  return undefined;
};

describe('createSqliteTaskStore({ readOnly: true })', () => {
  test('reads a real store, and refuses every write with STORE_READ_ONLY', async () => {
    const path = await realStore('real.db');
    const store = createSqliteTaskStore({ path, readOnly: true });
    const history = await store.history('s1');
    expect(history.map((task) => [task.ref, task.state])).toEqual([['a', 'queued']]);
    expect((await store.listPlan('p1')).length).toBe(1);
    expect((await store.get(history[0]?.id ?? ''))?.title).toBe('Step 1');
    const now = Date.now();
    const retry = { maxAttempts: 1, backoff: () => 0 };
    const writes = [
      store.createPlan('p2', [], { now }),
      store.claim({ now, leaseMilliseconds: 1000 }),
      store.heartbeat('x', 'y', { now, leaseMilliseconds: 1000 }),
      store.complete('x', 'y', {}, { now }),
      store.fail('x', 'y', 'e', { now, retry }),
      store.cancel(history[0]?.id ?? '', { now }),
      store.recoverExpired({ now, retry }),
    ];
    for (const write of writes) {
      const error = await write.then(() => undefined, (reason: unknown) => reason);
      expect(ReadOnlyStoreError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'STORE_READ_ONLY' });
    }
    await store.close();
    // Nothing was written: the task is still queued when the store is opened for writing.
    const writable = createSqliteTaskStore({ path });
    expect((await writable.history('s1')).map((task) => task.state)).toEqual(['queued']);
    await writable.close();
  });

  test('a path that does not exist is STORE_NOT_FOUND, and no file is created', () => {
    const path = join(directory, 'missing.db');
    expect(openError(path)?.code).toBe('STORE_NOT_FOUND');
    expect(() => new DatabaseSync(path, { readOnly: true })).toThrow(); // still missing
  });

  test('a text file, an empty file and a foreign SQLite database are NOT_A_STORE', () => {
    const text = join(directory, 'notes.txt');
    writeFileSync(text, 'These are notes, not a database.\n'.repeat(40));
    const empty = join(directory, 'empty.db');
    writeFileSync(empty, '');
    const foreign = join(directory, 'foreign.db');
    const database = new DatabaseSync(foreign);
    database.exec('create table parley_tasks (id text); create table other (x)');
    database.close();
    for (const path of [text, empty, foreign]) {
      const error = openError(path);
      expect(error?.code, path).toBe('NOT_A_STORE');
      expect(error?.path).toBe(path);
    }
    expect(openError(directory)?.code).toBe('NOT_A_STORE');
  });

  test('a store with another schema version is STORE_SCHEMA_MISMATCH', async () => {
    const newer = await realStore('newer.db');
    const database = new DatabaseSync(newer);
    database.exec('insert into parley_migrations (version) values (99)');
    database.close();
    expect(openError(newer)?.code).toBe('STORE_SCHEMA_MISMATCH');
    expect(openError(newer)?.message).toMatch(/schema version 99, this version reads \d+/);
    const older = await realStore('older.db');
    const olderDatabase = new DatabaseSync(older);
    olderDatabase.exec('delete from parley_migrations where version = (select max(version) from parley_migrations)');
    olderDatabase.close();
    expect(openError(older)?.code).toBe('STORE_SCHEMA_MISMATCH');
  });

  test('read-only needs a file path', () => {
    expect(() => createSqliteTaskStore({ readOnly: true })).toThrow(/needs the path/);
  });
});

describe('createSqliteTaskStore({ synchronous })', () => {
  test("'full' and 'normal' open a working store; anything else is an InvalidArgumentError naming the option", async () => {
    for (const synchronous of ['full', 'normal'] as const) {
      const store = createSqliteTaskStore({ path: join(directory, `synchronous-${synchronous}.db`), synchronous });
      await store.createPlan('p', [{ ref: 'a', title: 'a', agent: 'x', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
      expect((await store.claim({ now: 1, leaseMilliseconds: 10 }))?.ref).toBe('a');
      await store.close();
    }
    expect(() => createSqliteTaskStore({ synchronous: 'off' as 'full' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'synchronous' }));
  });
});

describe('createSqliteTaskStore({ cacheMegabytes })', () => {
  test('sets the connection\'s page cache (64 MB by default); anything but an integer from 1 to 4,096 is an InvalidArgumentError naming the option', async () => {
    for (const [cacheMegabytes, expected] of [[undefined, -65_536], [2, -2048], [4096, -4_194_304]] as const) {
      const path = join(directory, `cache-${String(cacheMegabytes)}.db`);
      // The pragma is per connection, and the store keeps its connection: watch what it runs.
      const exec = vi.spyOn(DatabaseSync.prototype, 'exec');
      const store = createSqliteTaskStore(cacheMegabytes === undefined ? { path } : { path, cacheMegabytes });
      const pragmas = exec.mock.calls.map(([sql]) => /pragma cache_size = (-?\d+)/.exec(sql)?.[1]).filter((value) => value !== undefined);
      exec.mockRestore();
      expect(pragmas).toEqual([String(expected)]);
      await store.createPlan('p', [{ ref: 'a', title: 'a', agent: 'x', request: 'r', dependsOn: [], expectedOutputs: [] }], { now: 1 });
      expect((await store.claim({ now: 1, leaseMilliseconds: 10 }))?.ref).toBe('a');
      await store.close();
    }
    for (const bad of [0, -1, 1.5, 4097, Number.NaN, '64' as unknown as number]) {
      expect(() => createSqliteTaskStore({ cacheMegabytes: bad })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'cacheMegabytes' }));
    }
  });
});

// createPlan writes a plan's rows as JSON unpacked by SQLite (issue 26, item 1: bulk creation);
// what is stored must be what binding each value stored: text exactly, a lone surrogate as U+FFFD.
describe('what createPlan stores, written as JSON', () => {
  test('titles, requests, agents and outputs come back as written; a lone surrogate as one U+FFFD; a step more than a statement holds is still stored', async () => {
    const store = createSqliteTaskStore();
    const odd = ['quote " and \\ backslash', 'nul \u0000 inside', 'emoji 😀 and 中文', 'lone \ud800 surrogate', '{"looks":["like json"]}', '  spaces  '];
    const steps = Array.from({ length: 2100 }, (_, index) => {
      const text = odd[index % odd.length] ?? '';
      return { ref: `r${index}`, title: text, agent: `agent ${text}`, request: text, dependsOn: index === 0 ? [] : [`r${index - 1}`], expectedOutputs: [`/out/${text}`] };
    });
    const { tasks, createdTasks } = await store.createPlan('plan', steps, { now: 5 });
    expect(tasks).toHaveLength(2100);
    const stored = await store.listPlan('plan');
    const expected = (text: string): string => text.replace('\ud800', '\ufffd');
    expect(stored.map((task) => [task.ref, task.title, task.agent, task.request, task.state, task.dependsOn, task.expectedOutputs])).toEqual(
      steps.map((step, index) => [step.ref, expected(step.title), expected(step.agent), expected(step.request), index === 0 ? 'queued' : 'backlog', step.dependsOn, step.expectedOutputs]),
    );
    expect(stored.map((task) => task.id)).toEqual(createdTasks.map((task) => task.id));
    // The dependency rows went in too: finishing each step queues the next, to the end of the chain.
    for (let index = 0; index < 2100; index += 1) {
      const claimed = await store.claim({ now: 10 + index, leaseMilliseconds: 60_000 });
      expect(claimed?.ref).toBe(`r${index}`);
      if (claimed === undefined) break;
      await store.complete(claimed.id, claimed.leaseToken, {}, { now: 10 + index });
    }
    expect((await store.listPlan('plan')).every((task) => task.state === 'done')).toBe(true);
    await store.close();
  });
});
