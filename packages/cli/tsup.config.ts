import { readFileSync } from 'node:fs';
import { packageBuild } from '../../tsup.config.base';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default packageBuild(
  { index: 'src/index.ts', bin: 'src/bin.ts' },
  { define: { PARLEY_CLI_VERSION: JSON.stringify(version) } },
);
