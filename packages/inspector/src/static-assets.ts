import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of the page, read once at start. */
export interface StaticAsset {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The page's files by request path; nothing else is ever served from disk. */
const files: ReadonlyArray<[path: string, file: string, contentType: string]> = [
  ['/', 'index.html', 'text/html; charset=utf-8'],
  ['/app.js', 'app.js', 'text/javascript; charset=utf-8'],
  ['/app.css', 'app.css', 'text/css; charset=utf-8'],
];

/**
 * The directory the built page is in: `dist/ui` beside the built server, or, when the server runs
 * from source (tests), the package's `dist/ui`.
 */
export function defaultAssetsDirectory(): string | undefined {
  for (const candidate of ['./ui/', '../dist/ui/']) {
    const directory = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(join(directory, 'app.js'))) return directory;
  }
  return undefined;
}

/** Reads the page's files from `directory` (an empty map when it has none: the server then says the page is not built). */
export function loadStaticAssets(directory: string | undefined): ReadonlyMap<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  if (directory === undefined) return assets;
  for (const [path, file, contentType] of files) {
    const location = join(directory, file);
    if (existsSync(location)) assets.set(path, { body: readFileSync(location), contentType });
  }
  return assets;
}
