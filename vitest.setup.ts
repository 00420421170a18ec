// fast-check: random seeds locally (more inputs explored over time), a fixed seed in CI (so a
// landing never depends on luck). FC_SEED=<n> reproduces any run; fast-check prints the seed of
// a failure.
import * as fc from 'fast-check';

const seed = process.env['FC_SEED'] ?? (process.env['CI'] === undefined ? undefined : '20261129');
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
