import type { EntryPoint } from './entry-points.ts';

/** The API reference's index page: one line per entry point, linking to its page. */
export function apiIndexPage(entries: readonly EntryPoint[]): string {
  const lines = entries.map((entry) => `| [\`${entry.specifier}\`](./${entry.slug}.md) | \`import … from '${entry.specifier}'\` |`);
  return [
    '---',
    'title: API reference',
    '---',
    '',
    '# API reference',
    '',
    'Generated from the types of every published entry point (TypeDoc reads the same source the packages build from), one page per import path. Every export is listed with its TSDoc.',
    '',
    '| entry point | import |',
    '| --- | --- |',
    ...lines,
    '',
  ].join('\n');
}
