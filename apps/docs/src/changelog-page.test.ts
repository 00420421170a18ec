import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { changelogPage, parseChangeset } from './changelog-page.ts';
import { repositoryRoot } from './entry-points.ts';

describe('the changelog page', () => {
  test('reads front matter and body, and groups by package and bump', () => {
    const first = parseChangeset('a', '---\n"@parley/core": minor\n\'@parley/cli\': patch\n---\n\nAdded `x`.\n');
    const second = parseChangeset('b', '---\r\n"@parley/core": patch\r\n---\r\nFixed y\r\nover two lines.\r\n');
    expect(first).toEqual({ name: 'a', releases: [{ packageName: '@parley/core', bump: 'minor' }, { packageName: '@parley/cli', bump: 'patch' }], summary: 'Added `x`.' });
    const page = changelogPage([first, second]);
    expect(page.indexOf('## @parley/cli')).toBeLessThan(page.indexOf('## @parley/core'));
    expect(page).toContain('### Minor changes\n\n- Added `x`.');
    expect(page).toContain('### Patch changes\n\n- Fixed y\n  over two lines.');
  });

  test('refuses a changeset it cannot read', () => {
    expect(() => parseChangeset('c', 'no front matter')).toThrow('.changeset/c.md has no front matter');
    expect(() => parseChangeset('d', '---\n"@parley/core": huge\n---\nx')).toThrow('cannot read');
  });

  test('every changeset in the repository is read, each under every package it names', () => {
    const folder = join(repositoryRoot, '.changeset');
    const changesets = readdirSync(folder)
      .filter((file) => file.endsWith('.md') && file !== 'README.md')
      .map((file) => parseChangeset(file, readFileSync(join(folder, file), 'utf8')));
    const page = changelogPage(changesets);
    for (const changeset of changesets) for (const release of changeset.releases) expect(page).toContain(`## ${release.packageName}`);
    expect(changesets.length).toBeGreaterThan(0);
  });
});
