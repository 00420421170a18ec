/**
 * The benchmark harness behind `pnpm bench`.
 *
 * Every case of a package runs in the same process as its baseline, interleaved round by round
 * so that a noisy neighbour slows all of them alike; the median round is reported, with the
 * ratio to the baseline. Results are printed as a table and written to
 * `bench/results/<package>.json` at the repository root.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export { bumpWork, countWork, countWorkAsync } from './count-work.ts';
export {
  expectLinearWork,
  expectLinearWorkAsync,
  isLinearWork,
  measureWorkGrowth,
  measureWorkGrowthAsync,
  type WorkGrowthOptions,
} from './expect-linear-work.ts';
export { type HistoryCaller, type HistoryOverhead, historyMessage, historyOverhead } from './history-overhead.ts';
export { NonLinearWorkError } from './non-linear-work-error.ts';
export type { WorkGrowth } from './work-growth.ts';

/** One measured workload. */
export interface BenchCase {
  /** A short label, such as `"compose of three no-op sessions"`. */
  readonly name: string;
  /** Processes the whole input once. */
  readonly run: () => unknown;
}

/** Options of {@link runBench}. */
export interface RunBenchOptions {
  /** The package name without scope, such as `"core"`; heads the table. */
  readonly package: string;
  /** What the input is, such as `"10 MB in 4-character chunks"`. */
  readonly input: string;
  /** Input size in bytes (UTF-8), for MB/s. */
  readonly bytes: number;
  /** Number of chunks in the input, for ns per chunk. */
  readonly chunks: number;
  /** The reference every case is divided by. */
  readonly baseline: BenchCase;
  /** The workloads to compare with the baseline. */
  readonly cases: readonly BenchCase[];
  /** Measured rounds after one warm-up round. Default 5. */
  readonly rounds?: number;
}

/** One row of the results. */
export interface BenchResult {
  readonly name: string;
  readonly baseline: boolean;
  readonly medianMilliseconds: number;
  readonly nanosecondsPerChunk: number;
  readonly megabytesPerSecond: number;
  readonly ratioToBaseline: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Measures the cases side by side with the baseline and prints a table; {@link writeResults} saves them. */
export async function runBench(options: RunBenchOptions): Promise<readonly BenchResult[]> {
  const all = [options.baseline, ...options.cases];
  const samples = all.map((): number[] => []);
  const rounds = options.rounds ?? 5;
  for (let round = 0; round <= rounds; round += 1) {
    for (const [index, benchCase] of all.entries()) {
      const started = performance.now();
      await benchCase.run();
      const elapsed = performance.now() - started;
      if (round > 0) samples[index]?.push(elapsed);
    }
  }
  const baselineMilliseconds = median(samples[0] ?? []);
  const results = all.map((benchCase, index): BenchResult => {
    const milliseconds = median(samples[index] ?? []);
    return {
      name: benchCase.name,
      baseline: index === 0,
      medianMilliseconds: Number(milliseconds.toFixed(2)),
      nanosecondsPerChunk: Number(((milliseconds * 1e6) / options.chunks).toFixed(1)),
      megabytesPerSecond: Number((options.bytes / 1e6 / (milliseconds / 1e3)).toFixed(1)),
      ratioToBaseline: Number((milliseconds / baselineMilliseconds).toFixed(2)),
    };
  });

  const label = (result: BenchResult): string => (result.baseline ? `${result.name} (baseline)` : result.name);
  const nameWidth = Math.max(...results.map((result) => label(result).length)) + 2;
  const lines = [
    `@parley/${options.package}: ${options.input}, median of ${rounds} rounds (Node ${process.versions.node})`,
    `${'case'.padEnd(nameWidth)}${'ns/chunk'.padStart(10)}${'MB/s'.padStart(10)}${'× baseline'.padStart(12)}`,
    ...results.map(
      (result) =>
        label(result).padEnd(nameWidth) +
        `${result.nanosecondsPerChunk.toFixed(1).padStart(10)}${result.megabytesPerSecond.toFixed(1).padStart(10)}` +
        `${result.ratioToBaseline.toFixed(2).padStart(12)}`,
    ),
  ];
  console.log(`${lines.join('\n')}\n`);

  return results;
}

/**
 * Writes `bench/results/<package>.json` at the repository root: the sections a package's
 * benchmark measured, with the Node version and time of the run.
 */
export function writeResults(packageName: string, sections: Readonly<Record<string, unknown>>): void {
  const directory = join(import.meta.dirname, '..', '..', '..', 'bench', 'results');
  mkdirSync(directory, { recursive: true });
  const report = { package: `@parley/${packageName}`, node: process.versions.node, measuredAt: new Date().toISOString(), ...sections };
  writeFileSync(join(directory, `${packageName}.json`), `${JSON.stringify(report, null, 2)}\n`);
}

/** Prints a small table of rows (objects with the same keys), for sections that are not ratios. */
export function printTable(title: string, rows: ReadonlyArray<Readonly<Record<string, string | number>>>): void {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)) + 2);
  const line = (cells: readonly string[]): string => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join('');
  console.log(`${title}\n${line(columns)}\n${rows.map((row) => line(columns.map((column) => String(row[column])))).join('\n')}\n`);
}

/** Cuts `text` into chunks of `length` characters (the last may be shorter): a model's text deltas. */
export function splitIntoChunks(text: string, length: number): string[] {
  const chunks: string[] = [];
  for (let offset = 0; offset < text.length; offset += length) chunks.push(text.slice(offset, offset + length));
  return chunks;
}

/** What `streamChunks` needs of a middleware: `@parley/core`'s `TextMiddleware` fits. */
export interface ChunkSink {
  open(context: { readonly streamId: string }): { write(chunk: string): string; end(): string };
}

/** Streams `chunks` through one session of `middleware`; returns how many characters came out. */
export function streamChunks(middleware: ChunkSink, chunks: readonly string[]): number {
  const session = middleware.open({ streamId: 'bench' });
  let released = 0;
  for (const chunk of chunks) released += session.write(chunk).length;
  return released + session.end().length;
}

/**
 * Runs timed workloads side by side, interleaved round by round after `warmup` rounds, and
 * returns each one's median time in milliseconds. Each workload returns its own measured time.
 */
export async function medianOfInterleaved<Name extends string>(
  workloads: Readonly<Record<Name, () => Promise<number>>>,
  options: { readonly rounds?: number; readonly warmup?: number } = {},
): Promise<Record<Name, number>> {
  const names = Object.keys(workloads) as Name[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  const warmup = options.warmup ?? 2;
  for (let round = 0; round < warmup + (options.rounds ?? 10); round += 1) {
    for (const name of names) {
      const milliseconds = await workloads[name]();
      if (round >= warmup) samples[name].push(milliseconds);
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(samples[name])])) as Record<Name, number>;
}

/**
 * Times `run` on inputs of 10 KB, 100 KB and 1 MB made by each `make` (best of 3 each) and
 * returns one table row per input with the 1 MB / 100 KB ratio: about 10 when time grows
 * linearly, which is what adversarial inputs must show.
 */
export function timeGrowth(inputs: Readonly<Record<string, (size: number) => string>>, run: (text: string) => unknown): Array<Record<string, string>> {
  const time = (text: string): number => {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round += 1) {
      const started = performance.now();
      run(text);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  return Object.entries(inputs).map(([name, make]) => {
    const [small = 0, medium = 1, large = 0] = [10_000, 100_000, 1_000_000].map((size) => time(make(size)));
    return {
      input: name,
      '10 KB (ms)': small.toFixed(2),
      '100 KB (ms)': medium.toFixed(2),
      '1 MB (ms)': large.toFixed(2),
      '1 MB / 100 KB': (large / medium).toFixed(1),
    };
  });
}
