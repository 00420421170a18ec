// Preloaded by the bench's limit process: lets Node load the package's TypeScript sources, whose
// relative imports name no extension (`./scan`), by trying `.ts`.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && !/\.[cm]?[jt]s$/.test(specifier)) {
      try {
        return nextResolve(`${specifier}.ts`, context);
      } catch {
        // Not a TypeScript module: resolve it as written.
      }
    }
    return nextResolve(specifier, context);
  },
});
