/**
 * The links of the built site: every `href` of every page, resolved against the page, and
 * whether it reaches a file (and, with a `#fragment`, an element with that id there).
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { resolveSitePath } from './serve-site.ts';

/** A link that does not reach its target. */
export interface BrokenLink {
  /** The page it is on, relative to the built site. */
  readonly page: string;
  readonly href: string;
  readonly reason: string;
}

/** Every `.html` file under `root`, relative and sorted. */
export function builtPages(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

/** The values of an attribute in HTML text, entities `&amp;` decoded. */
export function attributeValues(html: string, attribute: 'href' | 'id'): string[] {
  const values: string[] = [];
  const pattern = new RegExp(`\\s${attribute}="([^"]*)"`, 'g');
  for (const match of html.matchAll(pattern)) values.push((match[1] ?? '').replaceAll('&amp;', '&'));
  return values;
}

/** Whether `href` leaves the site (another scheme or host), so it is not ours to check offline. */
export const isExternal = (href: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//');

/** The internal links of every built page that miss their page or their fragment. */
export function brokenLinks(root: string): { readonly checked: number; readonly broken: readonly BrokenLink[]; readonly targets: ReadonlyMap<string, number> } {
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string): Set<string> => {
    let found = ids.get(file);
    if (found === undefined) {
      found = new Set(attributeValues(readFileSync(file, 'utf8'), 'id'));
      ids.set(file, found);
    }
    return found;
  };
  const broken: BrokenLink[] = [];
  const targets = new Map<string, number>();
  let checked = 0;
  for (const page of builtPages(root)) {
    const pageUrl = new URL(`http://site/${page}`);
    for (const href of attributeValues(readFileSync(join(root, page), 'utf8'), 'href')) {
      if (isExternal(href) || href === '') continue;
      checked += 1;
      const url = new URL(href, pageUrl);
      const file = resolveSitePath(root, url.pathname);
      if (file === undefined) {
        broken.push({ page, href, reason: 'no such page' });
        continue;
      }
      const target = relative(root, file);
      targets.set(target, (targets.get(target) ?? 0) + 1);
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment !== '' && file.endsWith('.html') && !idsOf(file).has(fragment)) broken.push({ page, href, reason: `no element with id "${fragment}" on ${target}` });
    }
  }
  return { checked, broken, targets };
}
