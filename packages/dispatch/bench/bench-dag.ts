// The plan every dispatch benchmark runs, so their figures measure the same work.

/** One step of {@link benchDag}. */
export interface BenchStep {
  readonly ref: string;
  readonly title: string;
  readonly agent: 'noop';
  readonly request: string;
  readonly dependsOn: string[];
}

/** A `total`-task DAG of no-op steps: a tree where each step waits for one parent, four children each. */
export function benchDag(total: number): BenchStep[] {
  return Array.from({ length: total }, (_, index) => ({
    ref: `t${index}`,
    title: `task ${index}`,
    agent: 'noop',
    request: `r${index}`,
    dependsOn: index === 0 ? [] : [`t${Math.floor((index - 1) / 4)}`],
  }));
}
