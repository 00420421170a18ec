// The built site's links: every internal link of every page reaches a page, and every #fragment
// an element on it, including every link into and within the API reference. (VitePress itself
// refuses to build with a link to a missing page; fragments it does not check.)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { entryPoints } from './entry-points.ts';
import { apiSection, sections } from './navigation.ts';
import { distDirectory } from './serve-site.ts';
import { attributeValues, brokenLinks, isExternal } from './site-links.ts';
import { isGeneratedPage, pageOfLink, sitePages } from './site-pages.ts';

describe('the built site', () => {
  test('exists (turbo runs the build before these tests; alone: pnpm docs:build)', () => {
    expect(existsSync(join(distDirectory, 'index.html'))).toBe(true);
  });

  test('has 0 broken internal links, and the guides link into the API reference', () => {
    const { checked, broken, targets } = brokenLinks(distDirectory);
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    // Every API page is reached, by the sidebar at least, and the guides point at API pages too.
    for (const entry of entryPoints()) expect(targets.get(`api/${entry.slug}.html`) ?? 0, entry.specifier).toBeGreaterThan(0);
    const guide = readFileSync(join(distDirectory, 'guides', 'redact-secrets.html'), 'utf8');
    expect(attributeValues(guide, 'href').filter((href) => !isExternal(href) && href.includes('/api/') && href.includes('#'))).not.toEqual([]);
  });

  test('one API page per published entry point, each export with a heading', () => {
    for (const entry of entryPoints()) {
      const html = readFileSync(join(distDirectory, 'api', `${entry.slug}.html`), 'utf8');
      expect(html, entry.specifier).toContain(`${entry.specifier}`);
      expect(attributeValues(html, 'id').length, entry.specifier).toBeGreaterThan(3);
    }
  });
});

describe('the navigation', () => {
  test('lists every hand-written page, and every page it lists exists', () => {
    const listed = [...sections.flatMap((section) => section.items), ...apiSection().items].map((item) => pageOfLink(item.link));
    const pages = sitePages();
    expect(listed.filter((page) => !pages.includes(page) && !isGeneratedPage(page))).toEqual([]);
    expect(pages.filter((page) => page !== 'index.md' && !isGeneratedPage(page) && !listed.includes(page))).toEqual([]);
  });
});
