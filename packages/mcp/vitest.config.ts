import { baseTestConfig } from '../../vitest.config.base.ts';

export default baseTestConfig;
