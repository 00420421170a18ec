import type { WorkGrowth } from './work-growth.ts';

/** Thrown by {@link expectLinearWork} when the work grows faster than the bound allows. */
export class NonLinearWorkError extends Error {
  /** A stable code, like the `ParleyError` codes of the packages. */
  readonly code: 'NONLINEAR_WORK' = 'NONLINEAR_WORK';
  /** What was measured. */
  readonly growth: WorkGrowth;

  constructor(label: string, growth: WorkGrowth, maxRatio: number) {
    const figures = growth.sizes.map((size, index) => `${size.toLocaleString('en-US')} → ${growth.units[index]?.toLocaleString('en-US')}`).join(', ');
    super(`${label}: work grows faster than linearly (${figures} units; ratios ${growth.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}, allowed ${maxRatio})`);
    this.name = 'NonLinearWorkError';
    this.growth = growth;
  }
}
