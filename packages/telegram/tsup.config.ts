import { packageBuild } from '../../tsup.config.base';

// Two entries sharing one copy of the renderer (split chunks in both formats); `plans` leaves
// `@parley/dispatch` (an optional peer dependency) outside the bundle.
export default packageBuild({ index: 'src/index.ts', plans: 'src/plans/index.ts' }, { splitting: true });
