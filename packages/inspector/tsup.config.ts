import { packageBuild } from '../../tsup.config.base';
import { buildUi } from './scripts/build-ui';

// The server and the reporter (which loads no server code), and the page bundled into dist/ui.
export default packageBuild({ index: 'src/index.ts', reporter: 'src/reporter.ts' }, { shims: true, onSuccess: () => buildUi() });
