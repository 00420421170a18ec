import { accessSync, constants, copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteTaskStore, StoreUnavailableError, type TaskStore, TaskStoreOpenError } from '@parley/dispatch';
import { quoteArgument } from './quote-argument';
import { firstLine } from './unexpected-error-line';
import { UsageError } from './usage-error';

/** A task store opened for reading, and how to let it go. */
export interface StoreForReading {
  readonly store: TaskStore;
  /** Closes the store and removes the private copy, if one was made. */
  close(): Promise<void>;
}

/** The files SQLite keeps beside a database while a connection has it open (or after a crash). */
const sideFileSuffixes = ['-wal', '-shm', '-journal'] as const;

const hasSideFiles = (path: string): boolean => sideFileSuffixes.some((suffix) => existsSync(`${path}${suffix}`));

/** What identifies one state of a file: a copy is trusted only if this did not change while it was made. */
const fingerprint = (path: string): string => {
  const stats = statSync(path, { bigint: true });
  return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
};

/**
 * The error a store that cannot be read becomes: one line naming `--store`. A store another
 * process holds locked (a store in rollback-journal mode in the middle of a write) is refused
 * after the store's short busy wait instead of blocking.
 */
export function storeReadError(path: string, error: unknown): UsageError {
  if (UsageError.isInstance(error)) return error;
  const name = quoteArgument(path);
  if (TaskStoreOpenError.isInstance(error)) {
    const messages: Readonly<Record<TaskStoreOpenError['code'], string>> = {
      STORE_NOT_FOUND: `no task store at ${name}`,
      NOT_A_STORE: `${name} is not a Parley task store (--store reads an existing store and never creates one)`,
      STORE_SCHEMA_MISMATCH: `the task store ${name} has another schema version than this parley reads (a check never migrates a store)`,
    };
    return new UsageError({ message: messages[error.code], cause: error });
  }
  const errcode = (error as { errcode?: unknown } | undefined)?.errcode;
  // SQLITE_BUSY and SQLITE_LOCKED, with any extended code.
  if (StoreUnavailableError.isInstance(error) || (typeof errcode === 'number' && (errcode % 256 === 5 || errcode % 256 === 6))) {
    return new UsageError({ message: `the task store ${name} is locked by another process: try again when it has finished writing`, cause: error });
  }
  return new UsageError({ message: `cannot read the task store ${name}: ${firstLine(error instanceof Error ? error.message : String(error))}`, cause: error });
}

/** Opens `path` read-only with the dispatch package, or throws the one-line error it deserves. */
function openReadOnly(path: string, shownPath: string): TaskStore {
  try {
    return createSqliteTaskStore({ path, readOnly: true });
  } catch (error) {
    throw storeReadError(shownPath, error);
  }
}

/**
 * Opens `--store` for reading without changing anything beside it. SQLite opens a store in WAL
 * mode read-only only by creating `-wal` and `-shm` files next to it, which it cannot do in a
 * read-only directory and which a read-only check must not leave behind. So when no connection has
 * the store open (no side files), its single file is self-contained: it is copied into a private
 * temporary directory and the copy is read; the copy is removed on close. When side files exist
 * (another process has the store open) or the store changed while it was copied, the store is
 * opened in place, where SQLite reuses the side files that are there.
 */
export function openStoreForReading(path: string): StoreForReading {
  const name = quoteArgument(path);
  // SQLite would call a directory or an unreadable file "not a database": say what it is instead.
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) throw new UsageError({ message: `--store ${name} is a directory, not a Parley task store` });
    // A FIFO would block the read forever and a device (/dev/zero) never ends: a store is a file.
    if (!stats.isFile()) throw new UsageError({ message: `--store ${name} is not a regular file, not a Parley task store` });
    accessSync(path, constants.R_OK);
  } catch (error) {
    if (UsageError.isInstance(error)) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError({ message: `cannot read --store ${name}: permission denied`, cause: error });
    if (code === 'ENOENT') throw new UsageError({ message: `no task store at ${name}`, cause: error });
  }
  const inPlace = (): StoreForReading => {
    const store = openReadOnly(path, path);
    return { store, close: () => store.close() };
  };
  if (hasSideFiles(path)) return inPlace();
  let directory: string;
  try {
    directory = mkdtempSync(join(tmpdir(), 'parley-store-copy-'));
  } catch {
    return inPlace();
  }
  const removeCopy = (): void => rmSync(directory, { recursive: true, force: true });
  const copy = join(directory, 'store.db');
  try {
    const before = fingerprint(path);
    copyFileSync(path, copy);
    if (fingerprint(path) !== before || hasSideFiles(path)) {
      removeCopy();
      return inPlace();
    }
  } catch {
    removeCopy();
    return inPlace();
  }
  let store: TaskStore;
  try {
    store = openReadOnly(copy, path);
  } catch (error) {
    removeCopy();
    throw error;
  }
  return {
    store,
    close: async () => {
      try {
        await store.close();
      } finally {
        removeCopy();
      }
    },
  };
}
