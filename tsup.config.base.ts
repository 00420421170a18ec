import { defineConfig, type Options } from 'tsup';

/**
 * The build every publishable package shares: ESM + CJS with `.d.ts`/`.d.cts`, tree-shakeable,
 * for runtimes with ES2023.
 */
export function packageBuild(entry: Record<string, string>, overrides: Options = {}): ReturnType<typeof defineConfig> {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2023',
    treeshake: true,
    // Keep `node:` prefixes: some built-ins (node:sqlite, node:test) exist only with them.
    removeNodeProtocol: false,
    ...overrides,
  });
}
