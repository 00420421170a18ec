// `pnpm bench` for @parley/otel: what the bridge costs when OpenTelemetry is installed but no SDK
// is (the API's no-op tracer and meter), on the core benchmark's workload: 10 MB in 4-character
// chunks through a no-op session, a compose of three, and replaceTextStream, which emits an event every
// 64 characters (about 164,000 events, each through the bridge). Runs against the built packages.
import { metrics, trace } from '@opentelemetry/api';
import { type BenchCase, printTable, runBench, splitIntoChunks, streamChunks, writeResults } from '@parley/bench';
import { compose, passthroughStream, replaceTextStream, type TextMiddleware } from '@parley/core';
import { traceMiddleware } from '@parley/otel';

const chunkLength = 4;
const totalBytes = 10 * 1024 * 1024;
const alphabet = 'The council weighs revenue, risk and runway before it answers. ';
const text = alphabet.repeat(Math.ceil(totalBytes / alphabet.length)).slice(0, totalBytes);
const chunks = splitIntoChunks(text, chunkLength);

let sink = 0;
const bridge = { tracer: trace.getTracer('parley-bench'), meter: metrics.getMeter('parley-bench') };
/** The same workload without and with the bridge, as two bench cases. */
const pair = <Events extends object>(name: string, make: () => TextMiddleware<Events>): BenchCase[] => {
  const plain = make();
  const traced = traceMiddleware(make(), bridge);
  return [
    { name, run: () => void (sink += streamChunks(plain, chunks)) },
    { name: `${name} through traceMiddleware (no-op tracer and meter)`, run: () => void (sink += streamChunks(traced, chunks)) },
  ];
};
const workloads = [
  'no-op session',
  'compose of three no-op sessions',
  'replaceTextStream session (an event every 64 characters)',
] as const;
const cases = [
  ...pair(workloads[0], () => passthroughStream()),
  ...pair(workloads[1], () => compose(passthroughStream(), passthroughStream(), passthroughStream())),
  ...pair(workloads[2], () => replaceTextStream({ search: 'runway before', replacement: 'cash runway before' })),
];

const results = await runBench({
  package: 'otel',
  input: `10 MB in ${chunks.length.toLocaleString('en-US')} chunks of ${chunkLength} characters`,
  bytes: totalBytes,
  chunks: chunks.length,
  baseline: { name: 'plain loop over the chunks', run: () => chunks.forEach((chunk) => void (sink += chunk.length)) },
  cases,
  rounds: 15,
});
if (sink === 0) throw new Error('the benchmark consumed nothing');

// The ratio per workload, measured in pairs: each round runs both back to back, in alternating
// order, and the median of the rounds' ratios is reported. Each run is measured in CPU time of
// this process (user + system), not wall time: on a shared machine a neighbour's load stretches
// wall time by whole time slices, while the CPU time of our own work barely moves.
const pairedRounds = 21;
const time = (run: () => void): number => {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
const overhead = workloads.map((name, index) => {
  const plain = cases[index * 2];
  const traced = cases[index * 2 + 1];
  const ratios: number[] = [];
  for (let round = 0; round < pairedRounds; round += 1) {
    const [first, second] = round % 2 === 0 ? [plain, traced] : [traced, plain];
    const firstTime = time(() => first?.run());
    const secondTime = time(() => second?.run());
    ratios.push(round % 2 === 0 ? secondTime / firstTime : firstTime / secondTime);
  }
  ratios.sort((left, right) => left - right);
  const ratio = ratios[Math.floor(ratios.length / 2)] ?? Number.NaN;
  return {
    workload: name,
    'without (ms, median)': String(results[1 + index * 2]?.medianMilliseconds),
    'with bridge (ms, median)': String(results[2 + index * 2]?.medianMilliseconds),
    'paired ratio (median)': ratio.toFixed(3),
    overhead: `${((ratio - 1) * 100).toFixed(1)}%`,
  };
});
printTable(`traceMiddleware with the no-op tracer vs the same middleware without it, median of ${pairedRounds} paired rounds in CPU time (goal: ≤ 5% overhead)`, overhead);
writeResults('otel', { input: '10 MB in 4-character chunks', sessions: results, overhead });
