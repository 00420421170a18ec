// Fails when a package's src has an import cycle (type-only imports and re-exports count).
// Usage: node scripts/check-import-cycles.ts [package folder …] — every folder under packages/,
// tooling/ and apps/ by default. Prints each cycle as a → b → a and exits 1 when there is one.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { findImportCycles } from './find-import-cycles.ts';

const repository = resolve(import.meta.dirname, '..');
const requested = process.argv.slice(2);
const packages =
  requested.length > 0
    ? requested.map((folder) => resolve(folder))
    : ['packages', 'tooling', 'apps'].flatMap((group) =>
        readdirSync(join(repository, group), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(repository, group, entry.name)),
      );

let found = 0;
for (const folder of packages) {
  const source = join(folder, 'src');
  if (!existsSync(source)) continue;
  for (const cycle of findImportCycles(source)) {
    found += 1;
    console.log(`${relative(repository, source)}: ${[...cycle, cycle[0]].join(' → ')}`);
  }
}
if (found > 0) {
  console.error(`${found} import cycle${found === 1 ? '' : 's'}: move the shared types or helpers into a file both sides import.`);
  process.exitCode = 1;
} else {
  console.log(`no import cycles in ${packages.length} package${packages.length === 1 ? '' : 's'}`);
}
