import { defineConfig, mergeConfig } from 'vitest/config';
import { baseTestConfig } from '../../vitest.config.base.ts';

// The browser test and the link check read the built site; scripts/build.ts makes it (turbo runs
// `build` before `test` here).
export default mergeConfig(baseTestConfig, defineConfig({ test: { typecheck: { enabled: false } } }));
