import { NodeSqliteUnavailableError } from './node-sqlite-unavailable-error';

type NodeSqlite = typeof import('node:sqlite');

/**
 * Node's `node:sqlite`, loaded when the first store opens (not when the package is imported), or a
 * {@link NodeSqliteUnavailableError} on a Node without it: `process.getBuiltinModule` is missing
 * before Node 20.16 and answers `undefined` for a module this Node does not have.
 */
export function loadNodeSqlite(): NodeSqlite {
  let sqlite: NodeSqlite | undefined;
  try {
    sqlite = (process.getBuiltinModule as typeof process.getBuiltinModule | undefined)?.('node:sqlite');
  } catch (error) {
    throw new NodeSqliteUnavailableError({ nodeVersion: process.version, cause: error });
  }
  if (typeof sqlite?.DatabaseSync !== 'function') throw new NodeSqliteUnavailableError({ nodeVersion: process.version });
  return sqlite;
}
