// Checks that the published packages load only what is used. Packs every package the way it will
// be published (`pnpm pack`, built `dist/` required: build first), installs all the tarballs
// together into a fresh npm project in a temporary directory (from npm's cache when it can:
// `--prefer-offline`; optional peers such as `pg` are not installed), then runs small programs
// there under a Node `--import` hook that records every module resolved and every built-in
// loaded, and asserts:
//
// - importing `@parley/redaction`, `@parley/telegram` or `@parley/dispatch` (ESM and CJS) loads
//   neither `pg` nor `node:sqlite`;
// - creating a SQLite store does load `node:sqlite` (the check can see it), and
//   `@parley/dispatch/postgres` reaches for `pg` (and is the only entry that does);
// - `parley redact` loads neither, nor the dispatch engine;
// - the packages' declarations type-check in a consumer with `skipLibCheck: false` and no
//   `@types/pg`.
//
//   node scripts/check-lazy-loading.ts     (root: `pnpm check:lazy-loading`)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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
  const packagesDirectory = join(root, 'packages');
  const packages = readdirSync(packagesDirectory)
    .sort()
    .map((name) => join(packagesDirectory, name))
    .filter((directory) => existsSync(join(directory, 'package.json')))
    .filter((directory) => (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { private?: boolean }).private !== true);
  for (const directory of packages) {
    if (!existsSync(join(directory, 'dist'))) throw new Error(`${directory} has no dist/: build the packages first (pnpm build)`);
    execFileSync('pnpm', ['pack', '--pack-destination', project], { cwd: directory, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const tarballs = readdirSync(project).filter((file) => file.endsWith('.tgz'));
  const dependencies = Object.fromEntries(tarballs.map((file) => [file.replace(/^parley-(.+)-\d+\.\d+\.\d+\.tgz$/, '@parley/$1'), `file:./${file}`]));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'lazy-loading-check', private: true, type: 'module', dependencies }, null, 2));
  const packed = performance.now();
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', '@types/node@24'], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
  const installed = performance.now();
  writeFileSync(join(project, 'record-loads.mjs'), hook);
  if (existsSync(join(project, 'node_modules', 'pg'))) failures.push('npm installed pg, an optional peer dependency, though nothing asked for it');

  for (const name of ['@parley/redaction', '@parley/telegram', '@parley/dispatch']) {
    expectLoads(`import('${name}')`, run(`import('${name}')`, ['--input-type=module', '-e', `await import('${name}');`]), { pg: false, sqlite: false });
    expectLoads(`require('${name}')`, run(`require('${name}')`, ['--input-type=commonjs', '-e', `require('${name}');`]), { pg: false, sqlite: false });
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
    never: ['@parley/dispatch', '@parley/telegram', '@parley/negotiation', '@parley/envelope', '@parley/tokens'],
  });

  // A consumer that checks every declaration file, without @types/pg. Packages whose declarations
  // name a peer dependency (the AI SDK, LangChain) need that peer installed to type-check, which is
  // their users' case and not what this check is about: they are left out, and named.
  const leftOut: string[] = [];
  const entries = tarballs.flatMap((file) => {
    const name = file.replace(/^parley-(.+)-\d+\.\d+\.\d+\.tgz$/, '@parley/$1');
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { exports?: Record<string, unknown>; peerDependencies?: Record<string, string> };
    if (Object.keys(manifest.peerDependencies ?? {}).some((peer) => peer !== 'pg')) {
      leftOut.push(name);
      return [];
    }
    return Object.keys(manifest.exports ?? {})
      .filter((key) => key !== './package.json')
      .map((key) => name + key.slice(1));
  });
  writeFileSync(join(project, 'consumer.ts'), entries.map((entry, index) => `export * as entry${index} from '${entry}';\n`).join(''));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'nodenext', target: 'es2023', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] }, files: ['consumer.ts'] }),
  );
  const typecheck = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
  if (typecheck.status !== 0) failures.push(`the declarations do not type-check with skipLibCheck: false:\n${typecheck.stdout.trim()}`);

  const seconds = (to: number, from: number): string => ((to - from) / 1000).toFixed(1);
  console.log(
    `check-lazy-loading: ${tarballs.length} tarballs, ${entries.length} entry points type-checked (left out, for their peers: ${leftOut.join(', ')}); pack ${seconds(packed, started)} s, install ${seconds(installed, packed)} s, checks ${seconds(performance.now(), installed)} s`,
  );
} finally {
  rmSync(project, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(failures.map((failure) => `✗ ${failure}`).join('\n'));
  process.exit(1);
}
console.log('check-lazy-loading: every entry loads only what it uses');
