// `pnpm bench`'s adversarial growth table: every public entry point that takes text (each CLI
// command, each exported text function of core, tokens, envelope, negotiation, redaction,
// telegram and dispatch) on inputs built to be slow for it, timed at n, 2n and 4n characters on the built
// packages, beside the work counted without a clock at 2 K / 4 K / 8 K (what the tests assert).
// PARLEY_GROWTH_SIZE sets n (default 100,000); PARLEY_GROWTH_FILTER keeps the entry points whose
// name contains it. A single run over PARLEY_GROWTH_BUDGET_MS (default 5,000) stops its row.
import { performance } from 'node:perf_hooks';
import { measureWorkGrowth, measureWorkGrowthAsync } from './expect-linear-work.ts';
import { type GrowthModules, growthCases } from './growth-cases.ts';
import { printTable, writeResults } from './index.ts';

const built = async <Module>(name: string, entry = 'index'): Promise<Module> => (await import(new URL(`../../../packages/${name}/dist/${entry}.js`, import.meta.url).href)) as Module;
const modules: GrowthModules = {
  core: await built('core'),
  tokens: await built('tokens'),
  envelope: await built('envelope'),
  negotiation: await built('negotiation'),
  redaction: await built('redaction'),
  dispatch: await built('dispatch', 'guards'),
  telegram: await built('telegram'),
  cli: await built('cli'),
};

const size = Number(process.env['PARLEY_GROWTH_SIZE'] ?? 100_000);
const budget = Number(process.env['PARLEY_GROWTH_BUDGET_MS'] ?? 5_000);
const filter = process.env['PARLEY_GROWTH_FILTER'] ?? '';
const maxWorkRatio = 2.5;
// Time is noisy on a shared machine: flag a doubling only well above 2.
const maxTimeRatio = 3;

const timeOnce = async (run: () => unknown): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
/** Best of up to three runs, fewer when one run is already long. */
const time = async (run: () => unknown): Promise<number> => {
  let best = await timeOnce(run);
  for (let round = 1; round < 3 && best < 500; round += 1) best = Math.min(best, await timeOnce(run));
  return best;
};

const rows: Array<Record<string, string>> = [];
let flagged = 0;
for (const growthCase of growthCases(modules)) {
  if (!growthCase.entry.includes(filter)) continue;
  const run = (text: string) => () => growthCase.run(text);
  await growthCase.run(growthCase.make(1_000)); // warm up
  const times: number[] = [];
  for (const multiple of [1, 2, 4]) {
    const text = growthCase.make(size * multiple);
    const milliseconds = await time(run(text));
    times.push(milliseconds);
    if (milliseconds > budget) break;
  }
  const work = growthCase.async === true ? await measureWorkGrowthAsync(growthCase.make, async (text) => growthCase.run(text), { size: 2_000 }) : measureWorkGrowth(growthCase.make, growthCase.run, { size: 2_000 });
  const timeRatios = [times[1] === undefined ? undefined : times[1] / Math.max(times[0] ?? 0, 0.01), times[2] === undefined ? undefined : times[2] / Math.max(times[1] ?? 0, 0.01)];
  // The counted work decides (the clock is noisy on a shared machine); time alone only asks for a second look.
  const superLinear = work.ratios.some((ratio) => ratio > maxWorkRatio) || times.length < 3;
  const slowToo = (timeRatios[1] ?? 0) > maxTimeRatio;
  if (superLinear) flagged += 1;
  const cell = (value: number | undefined, digits: number): string => (value === undefined ? '> budget' : value.toFixed(digits));
  rows.push({
    'entry point': growthCase.entry,
    input: growthCase.input,
    'n (ms)': cell(times[0], 1),
    '2n (ms)': cell(times[1], 1),
    '4n (ms)': cell(times[2], 1),
    '×2n': cell(timeRatios[0], 2),
    '×4n': cell(timeRatios[1], 2),
    'work ×': work.ratios.map((ratio) => ratio.toFixed(2)).join(' '),
    flag: superLinear ? (growthCase.knownDefect === undefined ? 'SUPER-LINEAR (new)' : 'SUPER-LINEAR (known)') : slowToo ? 'time ×4n > 3: rerun' : '',
  });
}

printTable(
  `adversarial growth, n = ${size.toLocaleString('en-US')} characters (Node ${process.versions.node}); time best of 3; "work ×" is the counted work's growth at 2 K → 4 K → 8 K (linear: ≤ ${maxWorkRatio})`,
  rows,
);
console.log(`${flagged} of ${rows.length} rows grow faster than linearly.\n`);
writeResults('growth', { size, rows });
