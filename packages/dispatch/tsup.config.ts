import { packageBuild } from '../../tsup.config.base';

// Three entries sharing one copy of the engine (split chunks in both formats), so that an error
// class thrown by the Postgres store is the one `@parley/dispatch` exports, in ESM and in CJS, and
// the dispatcher and the guards share their path rules.
export default packageBuild({ index: 'src/index.ts', guards: 'src/guards/index.ts', postgres: 'src/postgres/index.ts' }, { splitting: true });
