/**
 * The published entry points of the workspace's packages, read from each `package.json`'s
 * `exports` (the `@parley/source` condition names the source file behind each one).
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One published import path, such as `@parley/core/testing`, and the source file behind it. */
export interface EntryPoint {
  /** The import specifier a user writes, such as `@parley/core/testing`. */
  readonly specifier: string;
  /** The package's name, such as `@parley/core`. */
  readonly packageName: string;
  /** The package's folder under `packages/`, such as `core`. */
  readonly folder: string;
  /** The source file, absolute. */
  readonly source: string;
  /** The API page's slug: `core` for `@parley/core`, `core-testing` for `@parley/core/testing`. */
  readonly slug: string;
}

/** The repository's root folder. */
export const repositoryRoot: string = join(import.meta.dirname, '..', '..', '..');

interface PackageJson {
  readonly name: string;
  readonly private?: boolean;
  readonly exports?: Record<string, Record<string, unknown> | string>;
}

/** Every published entry point of every package under `packages/`, sorted by specifier. */
export function entryPoints(root: string = repositoryRoot): EntryPoint[] {
  const found: EntryPoint[] = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    let manifest: PackageJson;
    try {
      manifest = JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')) as PackageJson;
    } catch {
      continue;
    }
    if (manifest.private === true) continue;
    for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
      const source = typeof conditions === 'object' ? conditions['@parley/source'] : undefined;
      if (typeof source !== 'string') continue;
      const suffix = subpath === '.' ? '' : subpath.slice(2);
      found.push({
        specifier: suffix === '' ? manifest.name : `${manifest.name}/${suffix}`,
        packageName: manifest.name,
        folder,
        source: join(root, 'packages', folder, source),
        slug: suffix === '' ? folder : `${folder}-${suffix.replaceAll('/', '-')}`,
      });
    }
  }
  return found.sort((left, right) => left.specifier.localeCompare(right.specifier));
}
