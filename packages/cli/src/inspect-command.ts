import { existsSync } from 'node:fs';
import type { TaskStore } from '@parley/dispatch';
import type { Command } from './command';
import { ExitCode } from './exit-code';
import { quoteArgument } from './quote-argument';
import { firstLine } from './unexpected-error-line';
import { UsageError } from './usage-error';
import { writeText } from './write-text';

/** The port `parley inspect` listens on unless told otherwise. */
const defaultPort = 4141;

/** Whether `host` is this machine only: a loopback address or name. */
const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** Resolves at the first SIGINT or SIGTERM (the handlers exist only while it waits). */
const untilInterrupted = (): Promise<NodeJS.Signals> =>
  new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

/** Opens `--store` (read and write: cancel writes) or `--pg`, or throws the one-line error it deserves. */
async function openStore(values: Readonly<Record<string, string | boolean | undefined>>): Promise<TaskStore> {
  const path = values['store'];
  const url = values['pg'];
  if ((typeof path === 'string') === (typeof url === 'string')) throw new UsageError({ message: 'give one of --store <file> or --pg <url>' });
  if (typeof path === 'string') {
    // An inspector never creates a store: a mistyped path would show an empty one.
    if (!existsSync(path)) throw new UsageError({ message: `no task store at ${quoteArgument(path)}` });
    const { createSqliteTaskStore } = await import('@parley/dispatch');
    try {
      return createSqliteTaskStore({ path });
    } catch (error) {
      throw new UsageError({ message: `cannot open the task store ${quoteArgument(path)}: ${firstLine(error instanceof Error ? error.message : String(error))}`, cause: error });
    }
  }
  let postgres: typeof import('@parley/dispatch/postgres');
  try {
    postgres = await import('@parley/dispatch/postgres');
  } catch (error) {
    throw new UsageError({ message: '--pg needs the pg package: npm install pg', cause: error });
  }
  const schema = typeof values['schema'] === 'string' ? values['schema'] : undefined;
  try {
    return await postgres.createPostgresTaskStore({ connectionString: String(url), ...(schema === undefined ? {} : { schema }) });
  } catch (error) {
    throw new UsageError({ message: `cannot open the Postgres task store: ${firstLine(error instanceof Error ? error.message : String(error))}`, cause: error });
  }
}

/** `parley inspect`: serves the inspector for a task store until interrupted. */
export const inspectCommand: Command = {
  path: ['inspect'],
  summary: 'Serve a live web inspector for a task store: plans, tasks, events, cancel.',
  description: [
    'Starts a local web app onto a task store (--store, a SQLite file, or --pg, a Postgres URL) and',
    'prints its address, which carries a random access token after #token= (open it in a browser;',
    'with --json, one line {"url","origin","token","port"}). It listens on 127.0.0.1 unless --host',
    'says otherwise, shows plans and sessions newest first, each plan as a live graph, task details',
    'and the middleware events applications send (inspect(middleware, { url }) from',
    '@parley/inspector/reporter), and can cancel a task or a plan after a confirmation. The store is',
    'opened for writing (cancel writes) and migrated if needed; a missing file is refused, never',
    'created. Runs until Ctrl-C or SIGTERM, then closes the server and the store and exits 0.',
  ].join('\n'),
  options: {
    store: { type: 'string', valueName: '<file>', description: 'The SQLite task store to inspect.' },
    pg: { type: 'string', valueName: '<url>', description: 'The Postgres task store to inspect (needs the pg package).' },
    schema: { type: 'string', valueName: '<name>', description: 'With --pg: the schema holding the tables.', default: 'public' },
    host: { type: 'string', valueName: '<address>', description: 'The interface to listen on.', default: '127.0.0.1' },
    port: { type: 'string', valueName: '<n>', description: 'The port to listen on (0: any free port).', default: String(defaultPort) },
    json: { type: 'boolean', description: 'Print the address as one JSON line.' },
  },
  examples: ['parley inspect --store tasks.db', 'parley inspect --pg postgres://localhost/app --port 0 --json'],
  async run({ positionals, values, io }) {
    if (positionals[0] !== undefined) throw new UsageError({ message: `unexpected argument ${quoteArgument(positionals[0])} (inspect reads no input)` });
    const portText = typeof values['port'] === 'string' ? values['port'] : String(defaultPort);
    const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
    if (!(port >= 0 && port <= 65_535)) throw new UsageError({ message: `--port must be a number from 0 to 65535, not ${quoteArgument(portText)}` });
    const host = typeof values['host'] === 'string' ? values['host'] : '127.0.0.1';
    // Loaded here, not at the top: `parley` loads only what the command it runs uses.
    const store = await openStore(values);
    const { startInspectorServer } = await import('@parley/inspector');
    let server: Awaited<ReturnType<typeof startInspectorServer>>;
    try {
      server = await startInspectorServer({ store, host, port });
    } catch (error) {
      await store.close();
      const code = (error as { code?: unknown }).code;
      if (code === 'EADDRINUSE') throw new UsageError({ message: `port ${port} is in use: pick another with --port (0: any free port)`, cause: error });
      throw new UsageError({ message: `cannot listen on ${host}:${port}: ${firstLine(error instanceof Error ? error.message : String(error))}`, cause: error });
    }
    const interrupted = untilInterrupted();
    // Beyond this machine the token travels in plain HTTP: say so once, where logs keep warnings.
    if (!isLoopback(host)) await writeText(io.stderr, `parley inspect: warning: listening on ${quoteArgument(host)} over plain HTTP: anyone on the network who sees the token can read the store and cancel its tasks\n`);
    await writeText(io.stdout, values['json'] === true ? `${JSON.stringify({ url: server.url, origin: server.origin, token: server.token, port: server.port })}\n` : `Parley Inspector: ${server.url}\nOpen it in a browser; Ctrl-C stops it.\n`);
    await interrupted;
    await server.close();
    await store.close();
    return ExitCode.Clean;
  },
};
