// fast-check: random seeds locally (more inputs explored over time), a fixed seed in CI (so a
// landing never depends on luck). FC_SEED=<n> reproduces any run. The seed is chosen here, not by
// fast-check, so that it can be printed for any failed test — a property that times out (a hang,
// or a case far slower than the rest) ends without fast-check's own report of its seed.
import * as fc from 'fast-check';
import { beforeEach } from 'vitest';

const seed = Number(
  process.env['FC_SEED'] ?? (process.env['CI'] === undefined ? Math.floor(Math.random() * 2 ** 31) : '20261129'),
);
fc.configureGlobal({ seed });

beforeEach(({ task, onTestFailed }) => {
  // A `test.fails` (a known limit kept visible) is expected to fail: no seed to report.
  if (task.fails === true) return;
  onTestFailed(() => {
    console.error(`fast-check seed for this file's properties: FC_SEED=${seed}`);
  });
});
