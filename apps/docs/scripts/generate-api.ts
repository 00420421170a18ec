// `pnpm --filter @parley/docs api`: the API reference, generated from the published entry points'
// types by TypeDoc and typedoc-plugin-markdown: one page per entry point (site/api/<slug>.md),
// every export with its TSDoc, and an index of the entry points. Run by scripts/build.ts.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Application, DeclarationReflection, ReflectionKind } from 'typedoc';
import { entryPoints, repositoryRoot } from '../src/entry-points.ts';
import { apiIndexPage } from '../src/api-index-page.ts';

const site = join(import.meta.dirname, '..', 'site');
const out = join(site, 'api');
const entries = entryPoints();
const scratch = join(tmpdir(), `parley-docs-api-${process.pid}`);
mkdirSync(scratch, { recursive: true });
const tsconfig = join(scratch, 'tsconfig.json');
writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: join(repositoryRoot, 'tsconfig.base.json'),
    compilerOptions: { isolatedDeclarations: false, typeRoots: [join(repositoryRoot, 'node_modules', '@types')] },
    files: entries.map((entry) => entry.source),
  }),
);

try {
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map((entry) => entry.source),
    plugin: ['typedoc-plugin-markdown'],
    tsconfig,
    out: scratch,
    // The packages' own typecheck and tests catch type errors; here only the declarations matter.
    skipErrorChecking: true,
    readme: 'none',
    router: 'module',
    disableSources: true,
    excludePrivate: true,
    excludeInternal: true,
    excludeExternals: true,
    hideBreadcrumbs: true,
    hidePageHeader: true,
    hideGroupHeadings: false,
    // Signatures as Markdown, not highlighted code: thousands of code blocks cost the build most of its time.
    useCodeBlocks: false,
    parametersFormat: 'table',
    // Every heading carries TypeDoc's own anchor, so its links hold whatever ids VitePress makes.
    useHTMLAnchors: true,
    sanitizeComments: true,
    logLevel: 'Warn',
  } as Parameters<typeof Application.bootstrapWithPlugins>[0]);
  const project = await app.convert();
  if (project === undefined) throw new Error('TypeDoc could not convert the entry points (see its errors above)');
  // TypeDoc names each module by its path under packages/; the pages are named by slug instead,
  // and titled with the specifier a user imports.
  const bySourceName = new Map(entries.map((entry) => [relative(join(repositoryRoot, 'packages'), entry.source).replace(/\.ts$/, '').replace(/\/index$/, ''), entry]));
  const modules = project.getChildrenByKind(ReflectionKind.Module);
  for (const module of modules) {
    const entry = bySourceName.get(module.name);
    if (entry === undefined) throw new Error(`TypeDoc made a module "${module.name}" that no entry point explains`);
    module.name = entry.slug;
  }
  if (modules.length !== entries.length) throw new Error(`${entries.length} entry points but ${modules.length} modules`);
  // Members every error inherits from the platform's `Error` (stack, stackTraceLimit, …) are the
  // platform's to document; members inherited from our own classes stay, linked to their source.
  let inherited = 0;
  for (const reflection of Object.values(project.reflections)) {
    if (reflection instanceof DeclarationReflection && reflection.inheritedFrom !== undefined && reflection.inheritedFrom.reflection === undefined) {
      project.removeReflection(reflection);
      inherited += 1;
    }
  }
  await app.generateOutputs(project);
  if (app.logger.hasErrors()) throw new Error('TypeDoc reported errors (above)');

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const entry of entries) {
    const page = readFileSync(join(scratch, `${entry.slug}.md`), 'utf8');
    const body = page.replace(/^# .*\n/, '');
    writeFileSync(join(out, `${entry.slug}.md`), `---\ntitle: "${entry.specifier}"\noutline: [2, 3]\n---\n\n# ${entry.specifier}\n\n\`\`\`sh\nnpm install ${entry.packageName}\n\`\`\`\n\n::: v-pre\n${body}\n:::\n`);
  }
  writeFileSync(join(out, 'index.md'), apiIndexPage(entries));
  const made = readdirSync(out).length;
  console.log(`API reference: ${made - 1} entry-point pages in ${relative(process.cwd(), out) || '.'} (${inherited} members inherited from the platform left out)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
