import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { paletteCss } from '../src/ui/state-palette.ts';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles the page (src/ui/main.ts, and the graph layout library as a lazily loaded chunk) into
 * minified scripts, and copies its HTML, stylesheet (after the palette) and icon beside them, into `outDirectory` (default
 * `dist/ui`, emptied first so that no stale chunk is served).
 */
export async function buildUi(outDirectory: string = join(packageDirectory, 'dist/ui')): Promise<void> {
  rmSync(outDirectory, { recursive: true, force: true });
  mkdirSync(outDirectory, { recursive: true });
  await build({
    entry: { app: join(packageDirectory, 'src/ui/main.ts') },
    outDir: outDirectory,
    // ES modules with splitting: the graph layout library is a chunk of its own, loaded when a
    // plan is first opened, so the plans list does not wait for it.
    format: ['esm'],
    splitting: true,
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    dts: false,
    clean: false,
    silent: true,
    // @parley/core is read from its source (the `@parley/source` condition), so the page builds
    // without the core package's own build; only what the page imports is kept.
    noExternal: ['@dagrejs/dagre', '@dagrejs/graphlib', '@parley/core'],
    esbuildOptions: (options) => {
      options.conditions = ['@parley/source', 'browser', 'module', 'import', 'default'];
    },
    outExtension: () => ({ js: '.js' }),
    config: false,
  });
  // The stylesheet starts with the palette (state-palette.ts: the colours its contrast test checks).
  writeFileSync(join(outDirectory, 'app.css'), `${paletteCss()}\n${readFileSync(join(packageDirectory, 'src/ui/app.css'), 'utf8')}`);
  copyFileSync(join(packageDirectory, 'src/ui/favicon.svg'), join(outDirectory, 'favicon.svg'));
  // The entry imports its shared chunks: preloading them saves a round trip before the page runs.
  const entry = readFileSync(join(outDirectory, 'app.js'), 'utf8');
  const chunks = readdirSync(outDirectory).filter((file) => file.startsWith('chunk-') && file.endsWith('.js') && entry.includes(`./${file}`));
  const html = readFileSync(join(packageDirectory, 'src/ui/index.html'), 'utf8');
  const preloads = chunks.map((file) => `<link rel="modulepreload" href="/${file}" />`).join('\n    ');
  writeFileSync(join(outDirectory, 'index.html'), preloads === '' ? html : html.replace('<script type="module"', `${preloads}\n    <script type="module"`));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await buildUi();
