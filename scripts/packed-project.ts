// Packs every published package the way it will be published (`pnpm pack`; built `dist/`
// required) into a directory, and writes there a package.json that depends on all the tarballs:
// the start of a fresh npm project that installs what users get. Shared by check-lazy-loading.ts
// and check-input-guards.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What {@link packPublicPackages} made: the tarballs' file names and the dependencies on them by package name. */
export interface PackedPackages {
  readonly tarballs: readonly string[];
  readonly dependencies: Readonly<Record<string, string>>;
}

/** The package name a tarball holds: `parley-mcp-0.0.0.tgz` is `@parley/mcp`. */
export const packageOfTarball = (file: string): string => file.replace(/^parley-(.+)-\d+\.\d+\.\d+\.tgz$/, '@parley/$1');

/** Packs every public package under `root`/packages into `project` and writes `project`/package.json (named `name`, with `extra` dependencies too). */
export function packPublicPackages(root: string, project: string, name: string, extra: Readonly<Record<string, string>> = {}): PackedPackages {
  const packagesDirectory = join(root, 'packages');
  const packages = readdirSync(packagesDirectory)
    .sort()
    .map((entry) => join(packagesDirectory, entry))
    .filter((directory) => existsSync(join(directory, 'package.json')))
    .filter((directory) => (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { private?: boolean }).private !== true);
  for (const directory of packages) {
    if (!existsSync(join(directory, 'dist'))) throw new Error(`${directory} has no dist/: build the packages first (pnpm build)`);
    execFileSync('pnpm', ['pack', '--pack-destination', project], { cwd: directory, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const tarballs = readdirSync(project).filter((file) => file.endsWith('.tgz'));
  const dependencies = { ...extra, ...Object.fromEntries(tarballs.map((file) => [packageOfTarball(file), `file:./${file}`])) };
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module', dependencies }, null, 2));
  return { tarballs, dependencies };
}
