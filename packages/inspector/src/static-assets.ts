import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of the page, read once at start. */
export interface StaticAsset {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The content type of each kind of file the page is made of; nothing else is ever served. */
const contentTypes: ReadonlyMap<string, string> = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
]);

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

/**
 * Reads the page's files from `directory` once, by request path (`index.html` is `/`): the HTML,
 * scripts (the entry and its chunks), stylesheet and icon at its top level, and nothing else. An empty
 * map when it has none: the server then says the page is not built.
 */
export function loadStaticAssets(directory: string | undefined): ReadonlyMap<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  if (directory === undefined || !existsSync(directory)) return assets;
  for (const file of readdirSync(directory, { withFileTypes: true })) {
    const contentType = contentTypes.get(extname(file.name));
    if (!file.isFile() || contentType === undefined) continue;
    assets.set(file.name === 'index.html' ? '/' : `/${file.name}`, { body: readFileSync(join(directory, file.name)), contentType });
  }
  return assets;
}
