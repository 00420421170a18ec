// Serves the inspector for the SQLite store at argv[2] (or the Postgres schema argv[3] of
// PARLEY_PG_URL) in a process of its own, so the benchmark can read the server's memory alone
// (and src/inspector-retry.test.ts can act through it from another process); the page from
// PARLEY_INSPECTOR_ASSETS when set.
// Prints one JSON line {url, origin, token}; SIGTERM stops it.
import { createSqliteTaskStore, type TaskStore } from '@parley/dispatch';
import { createPostgresTaskStore } from '@parley/dispatch/postgres';
import { startInspectorServer } from '@parley/inspector';

const [, , path, schema] = process.argv;
const url = process.env['PARLEY_PG_URL'];
const store: TaskStore = schema !== undefined && url !== undefined ? await createPostgresTaskStore({ connectionString: url, schema }) : createSqliteTaskStore({ path: path ?? '' });
const assetsDirectory = process.env['PARLEY_INSPECTOR_ASSETS'];
const server = await startInspectorServer({ store, ...(assetsDirectory === undefined ? {} : { assetsDirectory }) });
process.stdout.write(`${JSON.stringify({ url: server.url, origin: server.origin, token: server.token })}\n`);
process.on('SIGTERM', () => void server.close().then(() => store.close()).then(() => process.exit(0)));
