/** The work done at `n`, `2n` and `4n`, and the ratios between neighbours. */
export interface WorkGrowth {
  readonly sizes: readonly [number, number, number];
  readonly units: readonly [number, number, number];
  /** `units(2n) / units(n)` and `units(4n) / units(2n)`. */
  readonly ratios: readonly [number, number];
}
