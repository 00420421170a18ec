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
    // 60 s, not vitest's 5 s: a test's budget is for a busy 2-core CI machine (property tests that
    // take 1 s alone took 6–8 s beside a CPU hog), while a hang still fails within a minute. Tests
    // never time themselves; heavy ones still declare their own budget beside the test.
    testTimeout: 60_000,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
