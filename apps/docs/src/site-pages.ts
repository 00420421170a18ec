/**
 * The site's Markdown pages: the hand-written ones (whose code blocks the tests run) and the
 * generated ones (the API reference and the changelog, made by scripts/build.ts).
 *
 * @module
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The site's source folder. */
export const siteDirectory: string = join(import.meta.dirname, '..', 'site');

/** Pages the build generates (relative to the site folder): not hand-written, not committed. */
export const isGeneratedPage = (page: string): boolean => page.startsWith('api/') || page === 'changelog.md';

/** Every Markdown page under `site` (relative paths, sorted), VitePress's own folder left out. */
export function sitePages(site: string = siteDirectory): string[] {
  const pages: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(relative(site, path));
    }
  };
  walk(site);
  return pages.sort();
}

/** The page a sidebar link (`/guides/x`, `/start/`) names, relative to the site folder. */
export const pageOfLink = (link: string): string => (link.endsWith('/') ? `${link.slice(1)}index.md` : `${link.slice(1)}.md`);
