// Lets Node run the inspector server from its TypeScript source, for tests that need it in a
// process of its own (the same hook as the CLI's):
//   node --conditions=@parley/source --import ./scripts/source-hooks.ts bench/serve-store.ts …
// The sources import each other without extensions, as the bundler resolution they are written
// for allows; Node needs the `.ts` (or `/index.ts`) spelled out, so this resolve hook adds it.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const relative = specifier.startsWith('./') || specifier.startsWith('../');
      if (!relative || (error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      try {
        return nextResolve(`${specifier}.ts`, context);
      } catch {
        return nextResolve(`${specifier}/index.ts`, context);
      }
    }
  },
});
