import { baseTestConfig } from '../../vitest.config.base';

export default baseTestConfig;
