import { defineConfig } from 'vitest/config';

/** Tests run against source through the `@parley/source` export condition: no build needed. */
const conditions = ['@parley/source', 'module', 'node', 'default'];

/** The test setup every package shares: source-first resolution and type tests. */
export const baseTestConfig: ReturnType<typeof defineConfig> = defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@parley/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: [new URL('./vitest.setup.ts', import.meta.url).pathname],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
