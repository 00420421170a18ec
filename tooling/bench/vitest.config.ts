import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import { baseTestConfig } from '../../vitest.config.base.ts';

// @parley/bench is private and depends on no package (the packages depend on it for their
// benchmarks), so its tests reach the packages' sources through aliases instead of node_modules.
const packages = fileURLToPath(new URL('../../packages/', import.meta.url));

const config: ViteUserConfig = mergeConfig(
  baseTestConfig as ViteUserConfig,
  defineConfig({
    resolve: {
      alias: [
        { find: /^@parley\/core\/testing$/, replacement: `${packages}core/src/testing/index.ts` },
        { find: /^@parley\/dispatch\/guards$/, replacement: `${packages}dispatch/src/guards/index.ts` },
        { find: /^@parley\/(core|tokens|envelope|negotiation|redaction|dispatch|telegram|cli)$/, replacement: `${packages}$1/src/index.ts` },
      ],
    },
  }),
);

export default config;
