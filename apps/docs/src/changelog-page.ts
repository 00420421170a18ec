/**
 * The changelog page, made from the pending changesets (`.changeset/*.md`): what the next release
 * of each package will say, grouped by package and by bump, as `changeset version` would.
 *
 * @module
 */

/** One changeset file: the bump it asks of each package, and its text for users. */
export interface Changeset {
  readonly name: string;
  readonly releases: ReadonlyArray<{ readonly packageName: string; readonly bump: 'major' | 'minor' | 'patch' }>;
  readonly summary: string;
}

/** Reads one changeset file's front matter (`"@parley/x": minor` lines) and body. */
export function parseChangeset(name: string, text: string): Changeset {
  const normalised = text.replaceAll('\r\n', '\n');
  const close = normalised.indexOf('\n---\n', 3);
  if (!normalised.startsWith('---\n') || close === -1) throw new Error(`.changeset/${name}.md has no front matter`);
  const releases = normalised
    .slice(4, close)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const colon = line.lastIndexOf(':');
      const packageName = line.slice(0, colon).trim().replaceAll('"', '').replaceAll("'", '');
      const bump = line.slice(colon + 1).trim();
      if (colon === -1 || packageName === '' || (bump !== 'major' && bump !== 'minor' && bump !== 'patch')) throw new Error(`.changeset/${name}.md: cannot read "${line}"`);
      return { packageName, bump } as const;
    });
  return { name, releases, summary: normalised.slice(close + 5).trim() };
}

const bumps = [
  ['major', 'Major changes'],
  ['minor', 'Minor changes'],
  ['patch', 'Patch changes'],
] as const;

/** The Markdown page: one section per package (alphabetical), one list per bump, one item per changeset. */
export function changelogPage(changesets: readonly Changeset[]): string {
  const packages = [...new Set(changesets.flatMap((changeset) => changeset.releases.map((release) => release.packageName)))].sort();
  const lines = [
    '---',
    'title: Changelog',
    '---',
    '',
    '# Changelog',
    '',
    `Made from the ${changesets.length} changesets waiting in \`.changeset/\` for the next release: what each package's CHANGELOG will say when \`pnpm version-packages\` applies them. A change that touches several packages is listed under each.`,
    '',
    // Changesets quote template syntax such as `{{`; Vue must not read the page as a template.
    '::: v-pre',
    '',
  ];
  for (const packageName of packages) {
    lines.push(`## ${packageName}`, '');
    for (const [bump, heading] of bumps) {
      const entries = changesets.filter((changeset) => changeset.releases.some((release) => release.packageName === packageName && release.bump === bump));
      if (entries.length === 0) continue;
      lines.push(`### ${heading}`, '');
      for (const entry of entries) lines.push(`- ${entry.summary.split('\n').join('\n  ')}`);
      lines.push('');
    }
  }
  lines.push(':::', '');
  return lines.join('\n');
}
