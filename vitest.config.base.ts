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
    // Minutes, not vitest's 5 s: a budget is a hang guard, not a speed test. A property that takes
    // 1–2 s alone has taken 40–60 s on this project's shared 2-core machines beside a full
    // parallel test run (load 20–30), and failed there with 60 s budgets. Heavy tests still declare
    // their own budget beside the test (120–180 s); tests never time themselves.
    testTimeout: 180_000,
    // The same for hooks: dropping a test run's Postgres schemas took over vitest's 10 s default
    // beside a loaded CI run (the store-inspection suite's afterAll, stop 29).
    hookTimeout: 180_000,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
