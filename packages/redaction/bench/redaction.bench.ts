// `pnpm bench` for @parley/redaction: streaming cost beside core's no-op session, hold-back in
// prose, bulk throughput and recall beside secretlint on the same log, and peak memory.
//
// Environment: PARLEY_BENCH_BULK_MB (the bulk log's size, 50 by default); PARLEY_BENCH_ONLY=adversarial
// (stop after the adversarial tables); PARLEY_BENCH_BEFORE=<another checkout's root, built> (its
// redactSecretsStream and `parley redact` run beside this one's, interleaved, in the in-process
// and bulk tables: a before/after in the same run, on a machine that other work shares).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { printTable, runBench, splitIntoChunks, streamChunks, writeResults } from '@parley/bench';
import { passthroughStream } from '@parley/core';
import { findSecrets, redactSecretsStream } from '@parley/redaction';
import { buildCorpus, recall } from './corpus.ts';

const here = import.meta.dirname;
const cli = join(here, '..', '..', 'cli', 'dist', 'bin.js');
const secretlint = join(here, '..', 'node_modules', '.bin', 'secretlint');
const bulkMegabytes = Number(process.env['PARLEY_BENCH_BULK_MB'] ?? 50);
const beforeRoot = process.env['PARLEY_BENCH_BEFORE'];
const before = beforeRoot === undefined ? undefined : { cli: join(beforeRoot, 'packages', 'cli', 'dist', 'bin.js'), redaction: (await import(pathToFileURL(join(beforeRoot, 'packages', 'redaction', 'dist', 'index.js')).href)) as typeof import('@parley/redaction') };
/**
 * CPU seconds (user and system) of the children waited for so far, from /proc (Linux; undefined
 * elsewhere): a whole process's cost that other work on the machine does not stretch as it does
 * wall-clock time.
 */
const childrenCpuSeconds = (): number | undefined => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command's name: cutime and cstime are fields 14 and 15, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
};
const work = mkdtempSync(join(tmpdir(), 'parley-redaction-bench-'));
const median = (values: readonly number[]): number => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? 0;

// --- Streaming: 4-character chunks, beside core's no-op session -----------------------------
const stream = buildCorpus(10 * 1024 * 1024).text;
const chunks = splitIntoChunks(stream, 4);
let sink = 0;
const streaming = await runBench({
  package: 'redaction',
  input: `10 MB of agent logs with planted secrets, ${chunks.length.toLocaleString('en-US')} chunks of 4 characters`,
  bytes: stream.length,
  chunks: chunks.length,
  baseline: { name: 'core no-op session', run: () => (sink += streamChunks(passthroughStream(), chunks)) },
  cases: [{ name: 'redactSecretsStream session', run: () => (sink += streamChunks(redactSecretsStream(), chunks)) }],
  rounds: 3,
});

// --- In-process throughput (issue 24's bar: >= 30 MB/s in 4-character writes) -----------------
// The same 10 MB through a session in 4-character writes and in one write, interleaved, median of 5.
// With PARLEY_BENCH_BEFORE, the other build's rows beside, interleaved.
const throughputRuns: Record<string, number[]> = { '4-character writes': [], 'one write': [], ...(before === undefined ? {} : { 'before: 4-character writes': [], 'before: one write': [] }) };
for (let round = 0; round < 5; round += 1) {
  for (const [name, pieces] of [['4-character writes', chunks], ['one write', [stream]]] as const) {
    for (const [label, redactor] of [['', redactSecretsStream], ...(before === undefined ? [] : [['before: ', before.redaction.redactSecretsStream] as const])] as const) {
      const started = performance.now();
      sink += streamChunks(redactor(), pieces);
      throughputRuns[`${label}${name}`]?.push((performance.now() - started) / 1000);
    }
  }
}
const throughput = Object.entries(throughputRuns).map(([writes, seconds]) => ({ writes, 'MB/s': (stream.length / 1e6 / median(seconds)).toFixed(1), 'seconds (median of 5)': median(seconds).toFixed(2) }));
printTable('in process: redactSecretsStream over 10 MB of agent logs', throughput);

// --- Adversarial: rule prefixes repeated, beside prose, at 1, 2 and 4 MB (64 KB writes) -------
// Each size runs the hostile inputs side by side with prose (the baseline: × baseline is the
// slowdown against prose); the growth table shows time ratios between doubling sizes (2.0 is linear).
const hostileUnits: Readonly<Record<string, string>> = {
  'sk- repeated': 'sk-',
  'A K I A  repeated': 'A K I A ',
  'ghp_ repeated': 'ghp_',
  'g h p _  repeated': 'g h p _ ',
  'xoxb- repeated': 'xoxb-',
  'AKIA repeated': 'AKIA',
  'eyJ. repeated': 'eyJ.',
  'eyJ1  repeated': 'eyJ1 ',
  '-----BEGIN  repeated': '-----BEGIN ',
};
const proseUnit = 'The council agreed to ship the plan; the CFO asked for the Q3 numbers. ';
const streamWhole = (text: string): number => {
  const session = redactSecretsStream().open({ streamId: 'bench' });
  let released = 0;
  for (let offset = 0; offset < text.length; offset += 65_536) released += session.write(text.slice(offset, offset + 65_536)).length;
  return released + session.end().length;
};
const adversarial: Record<string, Record<string, number>> = {};
for (const megabytesIn of [1, 2, 4]) {
  const size = megabytesIn * 1_000_000;
  const make = (unit: string): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const proseText = make(proseUnit);
  const inputs = Object.entries(hostileUnits).map(([name, unit]) => [name, make(unit)] as const);
  const results = await runBench({
    package: 'redaction',
    input: `adversarial inputs of ${megabytesIn} MB in 64 KB writes`,
    bytes: size,
    chunks: Math.ceil(size / 65_536),
    baseline: { name: 'prose', run: () => (sink += streamWhole(proseText)) },
    cases: inputs.map(([name, text]) => ({ name, run: () => (sink += streamWhole(text)) })),
    rounds: 3,
  });
  for (const result of results) (adversarial[result.name] ??= {})[`${megabytesIn} MB`] = result.medianMilliseconds;
}
printTable(
  'adversarial growth: MB/s at 1, 2 and 4 MB, and time ratios between doubling sizes (2.0 = linear)',
  Object.entries(adversarial).map(([name, times]) => ({
    input: name,
    '1 MB (MB/s)': (1000 / (times['1 MB'] ?? 1)).toFixed(1),
    '2 MB (MB/s)': (2000 / (times['2 MB'] ?? 1)).toFixed(1),
    '4 MB (MB/s)': (4000 / (times['4 MB'] ?? 1)).toFixed(1),
    '2 MB / 1 MB': ((times['2 MB'] ?? 0) / (times['1 MB'] ?? 1)).toFixed(2),
    '4 MB / 2 MB': ((times['4 MB'] ?? 0) / (times['2 MB'] ?? 1)).toFixed(2),
  })),
);
// --- Hostile streams in one-character writes (issue 24): 4, 16 and 64 KB ------------------------
// A rule that waits is asked again as the text grows; the time per character must stay flat.
const oneCharacterUnits: Readonly<Record<string, string>> = { 'JWT header and . repeated': 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.', 'sk-ant-api03- repeated': 'sk-ant-api03-' };
const streamOneByOne = (text: string): number => {
  const session = redactSecretsStream().open({ streamId: 'bench' });
  let released = 0;
  for (let offset = 0; offset < text.length; offset += 1) released += session.write(text[offset] as string).length;
  return released + session.end().length;
};
const oneCharacter = Object.entries(oneCharacterUnits).map(([name, unit]) => {
  const row: Record<string, string> = { input: name };
  for (const kilobytes of [4, 16, 64]) {
    const text = unit.repeat(Math.ceil((kilobytes * 1024) / unit.length)).slice(0, kilobytes * 1024);
    const started = performance.now();
    sink += streamOneByOne(text);
    row[`${kilobytes} KB (ms)`] = (performance.now() - started).toFixed(0);
  }
  return row;
});
printTable('hostile streams, one character per write (ms; linear: ×4 per step)', oneCharacter);
if (process.env['PARLEY_BENCH_ONLY'] === 'adversarial') {
  rmSync(work, { recursive: true, force: true });
  process.exit(sink === 0 ? 1 : 0);
}

// --- Hold-back: characters held after each write, in ordinary prose ---------------------------
const prose = ['README.md', 'CONTRIBUTING.md'].map((file) => readFileSync(join(here, '..', '..', '..', file), 'utf8')).join('\n').repeat(20);
const held: number[] = [];
const word: number[] = [];
{
  const session = redactSecretsStream().open();
  let written = 0;
  let released = 0;
  for (let offset = 0; offset < prose.length; offset += 4) {
    const chunk = prose.slice(offset, offset + 4);
    written += chunk.length;
    released += session.write(chunk).length;
    held.push(written - released);
    const seen = prose.slice(0, written);
    word.push(seen.length - Math.max(seen.lastIndexOf(' '), seen.lastIndexOf('\n')) - 1);
  }
  session.end();
}
const percentile = (values: readonly number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
const holdBack = {
  writes: held.length,
  medianHeld: percentile(held, 0.5),
  p99Held: percentile(held, 0.99),
  maxHeld: Math.max(...held),
  medianCurrentWord: percentile(word, 0.5),
  p99CurrentWord: percentile(word, 0.99),
  writesHoldingMoreThanTheWord: held.filter((value, index) => value > (word[index] ?? 0)).length,
};
printTable('hold-back in prose (characters held after each 4-character write)', [holdBack]);

// --- Bulk: parley redact and secretlint on the same log ---------------------------------------
const bulk = buildCorpus(bulkMegabytes * 1024 * 1024);
const bulkFile = join(work, 'agents.log');
writeFileSync(bulkFile, bulk.text);
const megabytes = bulk.text.length / 1e6;
const time = (run: () => void): number => {
  const started = performance.now();
  run();
  return (performance.now() - started) / 1000;
};
const rcFile = join(work, 'secretlintrc.json');
writeFileSync(rcFile, JSON.stringify({ rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] }));
let secretlintOutput = '';
// Whole processes, interleaved, median of 3: parley redact, secretlint, and the limit — the
// prefilter's pass alone over the same file, no rule asked (read, pass, write; bench/native-limit.ts).
const runs = { parley: [] as number[], secretlint: [] as number[], limit: [] as number[], before: [] as number[] };
const cpu = { parley: [] as number[], secretlint: [] as number[], before: [] as number[] };
/** Runs `run`, keeping the CPU seconds its child took in `into` (when the system tells them). */
const withCpu = <T>(into: number[], run: () => T): T => {
  const started = childrenCpuSeconds();
  const result = run();
  const ended = childrenCpuSeconds();
  if (started !== undefined && ended !== undefined) into.push(ended - started);
  return result;
};
for (let round = 0; round < 3; round += 1) {
  runs.parley.push(withCpu(cpu.parley, () => time(() => execFileSync(process.execPath, [cli, 'redact', bulkFile], { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 2 ** 30 }))));
  if (before !== undefined) runs.before.push(withCpu(cpu.before, () => time(() => execFileSync(process.execPath, [before.cli, 'redact', bulkFile], { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 2 ** 30 }))));
  runs.limit.push(
    time(() => execFileSync(process.execPath, ['--import', join(here, 'source-imports.mjs'), join(here, 'native-limit.ts'), bulkFile], { stdio: ['ignore', 'ignore', 'ignore'] })),
  );
  runs.secretlint.push(
    withCpu(cpu.secretlint, () =>
      time(() => {
        const result = spawnSync(secretlint, ['--secretlintrc', rcFile, '--format', 'json', '--no-color', '--maskSecrets', bulkFile], { encoding: 'utf8', maxBuffer: 2 ** 31 });
        secretlintOutput = result.stdout;
      }),
    ),
  );
}
// The machine may be shared: each round's ratio is taken from runs side by side, and its median reported.
const ratios = runs.parley.map((seconds, round) => (runs.secretlint[round] ?? 0) / seconds);
const parleySeconds = median(runs.parley);
const secretlintSeconds = median(runs.secretlint);
const limitSeconds = median(runs.limit);
const parleyRecall = recall(bulk.planted, findSecrets(bulk.text));
const secretlintFindings = (JSON.parse(secretlintOutput || '[]') as Array<{ messages: Array<{ range: [number, number] }> }>).flatMap(
  (file) => file.messages.map(({ range: [start, end] }) => ({ start, end })),
);
const cpuSeconds = (values: readonly number[]): string => (values.length === 0 ? '-' : median(values).toFixed(2));
const bulkRows = [
  { tool: 'parley redact', seconds: parleySeconds.toFixed(2), 'CPU s': cpuSeconds(cpu.parley), 'MB/s': (megabytes / parleySeconds).toFixed(1), recall: parleyRecall.toFixed(3) },
  ...(before === undefined ? [] : [{ tool: 'before: parley redact', seconds: median(runs.before).toFixed(2), 'CPU s': cpuSeconds(cpu.before), 'MB/s': (megabytes / median(runs.before)).toFixed(1), recall: '-' }]),
  {
    tool: 'secretlint (recommend preset)',
    seconds: secretlintSeconds.toFixed(2),
    'CPU s': cpuSeconds(cpu.secretlint),
    'MB/s': (megabytes / secretlintSeconds).toFixed(1),
    recall: recall(bulk.planted, secretlintFindings).toFixed(3),
  },
  { tool: "limit: the prefilter's pass alone", seconds: limitSeconds.toFixed(2), 'CPU s': '-', 'MB/s': (megabytes / limitSeconds).toFixed(1), recall: '-' },
];
// Per round, secretlint's CPU time over parley's: the same comparison as the wall-clock ratio, which
// other work on a shared machine stretches for one tool and not the other.
const cpuRatios = cpu.parley.map((seconds, round) => (cpu.secretlint[round] ?? 0) / seconds);
const beforeRatios = runs.before.map((seconds, round) => (runs.secretlint[round] ?? 0) / seconds);
printTable(
  `bulk: ${megabytes.toFixed(1)} MB log, ${bulk.planted.length} planted secrets of ${new Set(bulk.planted.map((secret) => secret.type)).size} types, whole process, median of 3; parley is ${median(ratios).toFixed(2)}× secretlint's throughput (median of the rounds' ratios: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}) and ${(limitSeconds / parleySeconds).toFixed(2)}× the limit's${cpuRatios.length === 0 ? '' : `; in CPU time ${median(cpuRatios).toFixed(2)}× (${cpuRatios.map((ratio) => ratio.toFixed(2)).join(', ')})`}${beforeRatios.length === 0 ? '' : `; before: ${median(beforeRatios).toFixed(2)}× (${beforeRatios.map((ratio) => ratio.toFixed(2)).join(', ')})`}`,
  bulkRows,
);

// --- Memory: peak RSS of parley redact on 10 MB and 200 MB --------------------------------------
const peakRss = (megabytesIn: number): number => {
  const file = join(work, `rss-${megabytesIn}.log`);
  const unit = buildCorpus(10 * 1024 * 1024).text;
  writeFileSync(file, unit.repeat(megabytesIn / 10));
  const result = spawnSync(process.execPath, ['--import', join(here, 'report-rss.mjs'), cli, 'redact', file], {
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  rmSync(file);
  return Math.round(Number(String(result.output[3]).trim()) / 1024);
};
const memory = [10, 200].map((size) => ({ input: `${size} MB`, 'peak RSS (MB)': peakRss(size) }));
printTable('memory: parley redact <file> > /dev/null', memory);

rmSync(work, { recursive: true, force: true });
if (sink === 0) throw new Error('the benchmark consumed nothing');
writeResults('redaction', { streaming, throughput, bulkRatio: median(ratios), ...(cpuRatios.length === 0 ? {} : { bulkCpuRatio: median(cpuRatios) }), adversarial, oneCharacter, holdBack, bulk: bulkRows, memory });
