import { afterEach, describe, expect, test, vi } from 'vitest';
import { NodeSqliteUnavailableError } from './node-sqlite-unavailable-error';
import { createSqliteTaskStore } from './sqlite-task-store';

const thrownBy = (call: () => unknown): unknown => {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

const expectUnavailable = (error: unknown): void => {
  expect(NodeSqliteUnavailableError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ code: 'NODE_SQLITE_UNAVAILABLE', nodeVersion: process.version });
  expect((error as Error).message).toContain(`Node ${process.version} does not provide`);
  expect((error as Error).message).toContain('Node 22.18+ or 24.11+');
  expect((error as Error).message).toContain('@parley/dispatch/postgres');
};

describe('createSqliteTaskStore on a Node without node:sqlite', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('Node 20.16+: getBuiltinModule answers undefined', () => {
    const load = process.getBuiltinModule.bind(process);
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) => (id === 'node:sqlite' ? undefined : load(id))) as typeof process.getBuiltinModule);
    expectUnavailable(thrownBy(() => createSqliteTaskStore()));
    // Read-only too: not "not a Parley task store".
    expectUnavailable(thrownBy(() => createSqliteTaskStore({ path: import.meta.filename, readOnly: true })));
  });

  test('before Node 20.16: there is no getBuiltinModule', () => {
    const original = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');
    Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true });
    try {
      expectUnavailable(thrownBy(() => createSqliteTaskStore()));
    } finally {
      if (original !== undefined) Object.defineProperty(process, 'getBuiltinModule', original);
    }
  });

  test('a Node with it opens the store', async () => {
    const store = createSqliteTaskStore();
    expect(await store.listPlan('none')).toEqual([]);
    await store.close();
  });
});
