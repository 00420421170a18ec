// Packs the current package the way it will be published (pnpm applies `publishConfig`), then
// runs publint --strict and arethetypeswrong on the tarball, and type-checks the built
// declarations without @types/node (check-declarations.ts). Run from a package directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const destination = mkdtempSync(join(tmpdir(), 'parley-pack-'));
const run = (command: string, args: string[]): void => {
  execFileSync(command, args, { stdio: 'inherit' });
};

try {
  execFileSync('pnpm', ['pack', '--pack-destination', destination], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(destination).find((file) => file.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`pnpm pack wrote no tarball to ${destination}`);
  const path = join(destination, tarball);
  run('publint', ['--strict', path]);
  run('attw', ['--profile', 'node16', path]);
  run('node', [join(import.meta.dirname, 'check-declarations.ts')]);
} finally {
  rmSync(destination, { recursive: true, force: true });
}
