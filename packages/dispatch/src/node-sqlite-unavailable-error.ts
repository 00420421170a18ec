import { ParleyError } from '@parley/core';

const marker = 'parley.error.NodeSqliteUnavailableError';

/**
 * Thrown by `createSqliteTaskStore` when this Node has no `node:sqlite` module (Node 20 and older,
 * or 22.5–22.12 without `--experimental-sqlite`): the message names the versions that have it and
 * the Postgres store as the other way.
 */
export class NodeSqliteUnavailableError extends ParleyError {
  override readonly code: 'NODE_SQLITE_UNAVAILABLE' = 'NODE_SQLITE_UNAVAILABLE';

  /** The Node version that was running, such as `"v20.18.0"`. */
  readonly nodeVersion: string;

  constructor(options: { readonly nodeVersion: string; readonly cause?: unknown }) {
    super({
      code: 'NODE_SQLITE_UNAVAILABLE',
      message:
        `The embedded task store needs Node's built-in node:sqlite module, which Node ${options.nodeVersion} does not provide. ` +
        'Run Node 22.18+ or 24.11+ (the versions @parley/dispatch supports; node:sqlite came in 22.5 behind --experimental-sqlite, without the flag from 22.13), ' +
        'or use the Postgres store: createPostgresTaskStore from @parley/dispatch/postgres.',
      cause: options.cause,
    });
    this.name = 'NodeSqliteUnavailableError';
    this.mark(marker);
    this.nodeVersion = options.nodeVersion;
  }

  /** Whether `error` is a {@link NodeSqliteUnavailableError} from any installed copy of `@parley/dispatch`. */
  static override isInstance(error: unknown): error is NodeSqliteUnavailableError {
    return ParleyError.hasMarker(error, marker);
  }
}
