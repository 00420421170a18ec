// The changelog page (site/changelog.md) from the changesets in .changeset/. Run by scripts/build.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changelogPage, parseChangeset } from '../src/changelog-page.ts';
import { repositoryRoot } from '../src/entry-points.ts';

const folder = join(repositoryRoot, '.changeset');
const changesets = readdirSync(folder)
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .sort()
  .map((file) => parseChangeset(file.slice(0, -3), readFileSync(join(folder, file), 'utf8')));
writeFileSync(join(import.meta.dirname, '..', 'site', 'changelog.md'), changelogPage(changesets));
console.log(`changelog: ${changesets.length} changesets`);
