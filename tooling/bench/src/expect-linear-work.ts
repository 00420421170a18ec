import { countWork, countWorkAsync } from './count-work.ts';
import { NonLinearWorkError } from './non-linear-work-error.ts';
import type { WorkGrowth } from './work-growth.ts';

/** Options of {@link measureWorkGrowth} and {@link expectLinearWork}. */
export interface WorkGrowthOptions {
  /** The smallest input size `n` (characters); the input is also built at `2n` and `4n`. Default 4,000. */
  readonly size?: number;
  /**
   * The largest ratio allowed between the work at one size and at half of it. Linear work (with
   * any constant part) gives at most 2, `n log n` a little more, quadratic work 4. Default 2.5.
   */
  readonly maxRatio?: number;
}


const sizesOf = (options: WorkGrowthOptions): [number, number, number] => {
  const size = options.size ?? 4_000;
  return [size, size * 2, size * 4];
};
const growthOf = (sizes: [number, number, number], units: [number, number, number]): WorkGrowth => ({
  sizes,
  units,
  ratios: [units[1] / Math.max(units[0], 1), units[2] / Math.max(units[1], 1)],
});

/**
 * Builds the input at `n`, `2n` and `4n` with `make` (outside the count), runs `run` on each with
 * {@link countWork} and returns the work done. `run` is run once on the smallest input first, so
 * that one-time set-up (compiling patterns, filling caches) is not counted.
 */
export function measureWorkGrowth(make: (size: number) => string, run: (text: string) => unknown, options: WorkGrowthOptions = {}): WorkGrowth {
  const sizes = sizesOf(options);
  const inputs = sizes.map(make);
  run(inputs[0] ?? '');
  const units = inputs.map((input) => countWork(() => run(input))) as [number, number, number];
  return growthOf(sizes, units);
}

/** {@link measureWorkGrowth} for an asynchronous `run`, such as a CLI command run in-process. */
export async function measureWorkGrowthAsync(make: (size: number) => string, run: (text: string) => Promise<unknown>, options: WorkGrowthOptions = {}): Promise<WorkGrowth> {
  const sizes = sizesOf(options);
  const inputs = sizes.map(make);
  await run(inputs[0] ?? '');
  const units: number[] = [];
  for (const input of inputs) units.push(await countWorkAsync(() => run(input)));
  return growthOf(sizes, units as [number, number, number]);
}

/** Whether a measured growth stays within `maxRatio` (default 2.5) at both doublings. */
export function isLinearWork(growth: WorkGrowth, maxRatio = 2.5): boolean {
  return growth.ratios.every((ratio) => ratio <= maxRatio);
}

/**
 * Asserts that `run` does work that grows linearly with its input: counted without a clock (see
 * {@link countWork}), at `n`, `2n` and `4n`, neither doubling may multiply the work by more than
 * `maxRatio`. Throws a {@link NonLinearWorkError} with the figures; returns them otherwise.
 */
export function expectLinearWork(label: string, make: (size: number) => string, run: (text: string) => unknown, options: WorkGrowthOptions = {}): WorkGrowth {
  const growth = measureWorkGrowth(make, run, options);
  const maxRatio = options.maxRatio ?? 2.5;
  if (!isLinearWork(growth, maxRatio)) throw new NonLinearWorkError(label, growth, maxRatio);
  return growth;
}

/** {@link expectLinearWork} for an asynchronous `run`. */
export async function expectLinearWorkAsync(label: string, make: (size: number) => string, run: (text: string) => Promise<unknown>, options: WorkGrowthOptions = {}): Promise<WorkGrowth> {
  const growth = await measureWorkGrowthAsync(make, run, options);
  const maxRatio = options.maxRatio ?? 2.5;
  if (!isLinearWork(growth, maxRatio)) throw new NonLinearWorkError(label, growth, maxRatio);
  return growth;
}
