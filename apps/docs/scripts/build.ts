// `pnpm docs:build`: the API reference from the types, the changelog from the changesets, then
// VitePress's static build into site/.vitepress/dist. Offline: nothing is fetched.
import { join } from 'node:path';
import { build } from 'vitepress';

const started = performance.now();
await import('./generate-api.ts');
await import('./generate-changelog.ts');
await build(join(import.meta.dirname, '..', 'site'));
console.log(`docs built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
