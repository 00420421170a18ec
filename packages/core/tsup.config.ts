import { packageBuild } from '../../tsup.config.base';

export default packageBuild({ index: 'src/index.ts', testing: 'src/testing/index.ts', guard: 'src/guard/index.ts' });
