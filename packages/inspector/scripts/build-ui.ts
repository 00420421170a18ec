import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles the page (src/ui/main.ts with the graph layout library) into one minified script,
 * and copies its HTML and stylesheet beside it, into `outDirectory` (default `dist/ui`).
 */
export async function buildUi(outDirectory: string = join(packageDirectory, 'dist/ui')): Promise<void> {
  mkdirSync(outDirectory, { recursive: true });
  await build({
    entry: { app: join(packageDirectory, 'src/ui/main.ts') },
    outDir: outDirectory,
    format: ['iife'],
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    dts: false,
    clean: false,
    silent: true,
    noExternal: ['@dagrejs/dagre', '@dagrejs/graphlib'],
    outExtension: () => ({ js: '.js' }),
    config: false,
  });
  for (const file of ['index.html', 'app.css']) copyFileSync(join(packageDirectory, 'src/ui', file), join(outDirectory, file));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await buildUi();
