// Checks that the published packages load only what is used. Packs every package the way it will
// be published (`pnpm pack`, built `dist/` required: build first; see packed-project.ts), installs
// all the tarballs together into a fresh npm project in a temporary directory (from npm's cache when it can:
// `--prefer-offline`; optional peers such as `pg` are not installed), then runs small programs
// there under a Node `--import` hook that records every module resolved and every built-in
// loaded, and asserts:
//
// - importing `@parley/redaction`, `@parley/telegram` or `@parley/dispatch` (ESM and CJS) loads
//   neither `pg` nor `node:sqlite`; `@parley/dispatch` and `@parley/dispatch/guards` load no
//   Markdown parser (`markdown-it`, `@parley/telegram`: plan presentation is
//   `@parley/telegram/plans`);
// - creating a SQLite store does load `node:sqlite` (the check can see it), and
//   `@parley/dispatch/postgres` reaches for `pg` (and is the only entry that does);
// - `parley redact` loads neither, nor the dispatch engine, nor `parley mcp`'s MCP SDK and zod;
// - the packages' declarations type-check in a consumer with `skipLibCheck: false` and no
//   `@types/pg`, with the peers installed (the AI SDK, `@langchain/core`, `langchain`): every
//   entry but those that name an optional peer (`@parley/langchain/agent` needs `langchain`)
//   type-checks without reading that peer's files, and those entries type-check on their own.
//   The AI SDK's `@ai-sdk/provider` imports `json-schema` types it lists only as a dev dependency,
//   so the consumer installs `@types/json-schema` as an AI SDK user must (their problem, not ours).
//
//   node scripts/check-lazy-loading.ts     (root: `pnpm check:lazy-loading`)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { packageOfTarball, packPublicPackages } from './packed-project.ts';

const root = resolve(import.meta.dirname, '..');
const started = performance.now();
const project = mkdtempSync(join(tmpdir(), 'parley-lazy-'));
const failures: string[] = [];

/** What a program loaded, as the hook reports it on stderr. */
interface Loaded {
  readonly resolved: readonly string[];
  readonly builtins: readonly string[];
}

// Records every specifier resolved (ESM and CJS, through the synchronous module hooks) and, at
// exit, the built-ins Node loaded (`process.moduleLoadList` also sees `process.getBuiltinModule`).
const hook = `import { registerHooks } from 'node:module';
const resolved = new Set();
registerHooks({ resolve(specifier, context, nextResolve) { resolved.add(specifier); return nextResolve(specifier, context); } });
process.on('exit', () => {
  const builtins = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length));
  process.stderr.write('\\n@@loaded ' + JSON.stringify({ resolved: [...resolved], builtins }) + '\\n');
});
`;

function run(label: string, args: readonly string[], input = ''): Loaded | undefined {
  const result = spawnSync(process.execPath, ['--no-warnings', '--import', './record-loads.mjs', ...args], { cwd: project, input, encoding: 'utf8' });
  const line = result.stderr.split('\n').find((text) => text.startsWith('@@loaded '));
  if (line === undefined) {
    failures.push(`${label}: no load report (exit ${result.status}): ${result.stderr.trim().slice(0, 500)}`);
    return undefined;
  }
  return JSON.parse(line.slice('@@loaded '.length)) as Loaded;
}

const loadsPg = (loaded: Loaded): boolean => loaded.resolved.some((specifier) => specifier === 'pg' || specifier.startsWith('pg/'));
const loadsSqlite = (loaded: Loaded): boolean => loaded.builtins.includes('sqlite') || loaded.resolved.includes('node:sqlite');

function expectLoads(label: string, loaded: Loaded | undefined, expected: { pg: boolean; sqlite: boolean; also?: readonly string[]; never?: readonly string[] }): void {
  if (loaded === undefined) return;
  if (loadsPg(loaded) !== expected.pg) failures.push(`${label}: ${expected.pg ? 'did not reach for' : 'loaded'} pg`);
  if (loadsSqlite(loaded) !== expected.sqlite) failures.push(`${label}: ${expected.sqlite ? 'did not load' : 'loaded'} node:sqlite`);
  for (const name of expected.never ?? []) {
    if (loaded.resolved.some((specifier) => specifier === name || specifier.startsWith(`${name}/`))) failures.push(`${label}: loaded ${name}`);
  }
}

try {
  const { tarballs } = packPublicPackages(root, project, 'lazy-loading-check');
  const packed = performance.now();
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', '@types/node@24'], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
  const installed = performance.now();
  writeFileSync(join(project, 'record-loads.mjs'), hook);
  if (existsSync(join(project, 'node_modules', 'pg'))) failures.push('npm installed pg, an optional peer dependency, though nothing asked for it');

  const noMarkdown: Readonly<Record<string, readonly string[]>> = { '@parley/dispatch': ['markdown-it', '@parley/telegram'], '@parley/dispatch/guards': ['markdown-it', '@parley/telegram'] };
  for (const name of ['@parley/redaction', '@parley/telegram', '@parley/dispatch', '@parley/dispatch/guards']) {
    const never = noMarkdown[name] ?? [];
    expectLoads(`import('${name}')`, run(`import('${name}')`, ['--input-type=module', '-e', `await import('${name}');`]), { pg: false, sqlite: false, never });
    expectLoads(`require('${name}')`, run(`require('${name}')`, ['--input-type=commonjs', '-e', `require('${name}');`]), { pg: false, sqlite: false, never });
  }
  expectLoads(
    'createSqliteTaskStore()',
    run('createSqliteTaskStore()', ['--input-type=module', '-e', `const { createSqliteTaskStore } = await import('@parley/dispatch'); await createSqliteTaskStore().close();`]),
    { pg: false, sqlite: true },
  );
  // pg is not installed, so the import fails; what matters is that this entry is the one that asks for it.
  expectLoads(
    "import('@parley/dispatch/postgres')",
    run("import('@parley/dispatch/postgres')", ['--input-type=module', '-e', `await import('@parley/dispatch/postgres').catch(() => {});`]),
    { pg: true, sqlite: false },
  );
  expectLoads('parley redact', run('parley redact', ['node_modules/@parley/cli/dist/bin.js', 'redact'], 'nothing secret here\n'), {
    pg: false,
    sqlite: false,
    never: ['@parley/dispatch', '@parley/telegram', '@parley/negotiation', '@parley/envelope', '@parley/tokens', '@parley/mcp', '@modelcontextprotocol/sdk', 'zod'],
  });

  // A consumer that checks every declaration file, without @types/pg. Peers are installed at the
  // versions the packages develop against (their dev dependencies), so npm's cache serves them.
  // An entry that names an optional peer is only for users who install it: it is checked on its
  // own, and the other entries must type-check without reading that peer.
  const entryNeeds: Readonly<Record<string, string>> = { '@parley/langchain/agent': 'langchain' };
  const required = new Map<string, string>([['@types/json-schema', '7.0.15']]);
  const optional = new Map<string, string>();
  const entries = tarballs.flatMap((file) => {
    const name = packageOfTarball(file);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as {
      exports?: Record<string, unknown>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
      devDependencies?: Record<string, string>;
    };
    for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {})) {
      // A peer that is one of ours (`@parley/telegram/plans` peers on `@parley/dispatch`) is among
      // the tarballs installed and type-checked here anyway.
      if (peer === 'pg' || peer.startsWith('@parley/')) continue;
      (manifest.peerDependenciesMeta?.[peer]?.optional === true ? optional : required).set(peer, manifest.devDependencies?.[peer] ?? range);
    }
    return Object.keys(manifest.exports ?? {})
      .filter((key) => key !== './package.json')
      .map((key) => name + key.slice(1));
  });
  // Each consumer gets its own directory (beside node_modules, so resolution is the same) and the
  // two compilers run side by side.
  const typecheckConsumer = async (label: string, directory: string, consumerEntries: readonly string[], absentPeers: readonly string[]): Promise<void> => {
    mkdirSync(join(project, directory));
    writeFileSync(join(project, directory, 'consumer.ts'), consumerEntries.map((entry, index) => `export * as entry${index} from '${entry}';\n`).join(''));
    writeFileSync(
      join(project, directory, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', target: 'es2023', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] }, files: ['consumer.ts'] }),
    );
    const compiler = spawn(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--listFiles'], { cwd: join(project, directory), stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    compiler.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    const [status] = (await once(compiler, 'close')) as [number | null];
    const lines = output.trim().split('\n');
    if (status !== 0) failures.push(`${label}: the declarations do not type-check with skipLibCheck: false:\n${lines.filter((line) => !line.startsWith('/')).join('\n')}`);
    // The optional peers are installed, so an entry that needed one would still compile: the proof
    // that these entries do not need it is that none of its files is in their program.
    for (const peer of absentPeers) {
      if (lines.some((line) => line.includes(`/node_modules/${peer}/`))) failures.push(`${label}: the program reads ${peer}'s declarations, so a user without ${peer} cannot type-check`);
    }
  };
  const peersStarted = performance.now();
  const needing = entries.filter((entry) => entryNeeds[entry] !== undefined);
  const peers = [...required, ...[...optional].filter(([peer]) => needing.some((entry) => entryNeeds[entry] === peer))].map(([name, version]) => `${name}@${version}`);
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...peers], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
  const peersInstalled = performance.now();
  await Promise.all([
    typecheckConsumer(
      `without the optional peers (${[...optional.keys()].join(', ')})`,
      'without-optional-peers',
      entries.filter((entry) => entryNeeds[entry] === undefined),
      [...optional.keys()],
    ),
    typecheckConsumer(`with the optional peers, ${needing.join(', ')}`, 'with-optional-peers', needing, []),
  ]);
  const typechecked = performance.now();

  const seconds = (to: number, from: number): string => ((to - from) / 1000).toFixed(1);
  console.log(
    `check-lazy-loading: ${tarballs.length} tarballs, ${entries.length} entry points type-checked (${needing.length} on its own, for its optional peer); pack ${seconds(packed, started)} s, install ${seconds(installed, packed)} s, loading checks ${seconds(peersStarted, installed)} s, peers ${seconds(peersInstalled, peersStarted)} s, type checks ${seconds(typechecked, peersInstalled)} s`,
  );
} finally {
  rmSync(project, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(failures.map((failure) => `✗ ${failure}`).join('\n'));
  process.exit(1);
}
console.log('check-lazy-loading: every entry loads only what it uses');
