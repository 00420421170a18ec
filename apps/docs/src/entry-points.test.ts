import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { entryPoints, repositoryRoot } from './entry-points.ts';

test('every published export of every package is an entry point, with a slug of its own', () => {
  const entries = entryPoints();
  expect(entries.map((entry) => entry.specifier)).toContain('@parley/core/testing');
  expect(entries.find((entry) => entry.specifier === '@parley/core/testing')?.slug).toBe('core-testing');
  expect(new Set(entries.map((entry) => entry.slug)).size).toBe(entries.length);
  for (const entry of entries) {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'packages', entry.folder, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const subpath = entry.specifier === entry.packageName ? '.' : `./${entry.specifier.slice(entry.packageName.length + 1)}`;
    expect(Object.keys(manifest.exports), entry.specifier).toContain(subpath);
  }
});
