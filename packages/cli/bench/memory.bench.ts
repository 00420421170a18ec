// `pnpm bench` for @parley/cli: peak memory of the streaming commands as the input grows. Each
// command runs in a process of its own on 10 / 50 / 100 / 200 MB of text (PARLEY_BENCH_CLI_MB
// overrides, e.g. "5,10,20"), output to /dev/null; the process reports its own peak RSS on exit.
// A streaming command's column must stay flat; the whole-document `present` is refused past its
// limit of 16,777,216 characters, which bounds it too.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const here = import.meta.dirname;
const fromSource = process.env['PARLEY_BENCH_FROM_SOURCE'] === '1';
const cli = fromSource
  ? ['--conditions=@parley/source', '--import', join(here, '..', 'src', 'source-hooks.ts'), join(here, '..', 'src', 'bin.ts')]
  : [join(here, '..', 'dist', 'bin.js')];
const sizes = (process.env['PARLEY_BENCH_CLI_MB'] ?? '10,50,100,200').split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'parley-cli-bench-'));

/** Every line has a secret, a prose invocation, a token to repair and a good token. */
const line = `Hey CFO, can we afford it? ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'} and [INVOKE:CFO|runway?] then prose about the pipeline.\n[INVOKE:coo|Capacity?]\n`;
/** The baseline: Node streaming the file to stdout and nothing else, the floor of any command. */
const copy = "require('node:fs').createReadStream(process.argv[1]).pipe(process.stdout)";
const commands: readonly (readonly string[])[] = [['copy'], ['redact'], ['check', 'tokens'], ['check', 'tokens', '--mode', 'repair'], ['present', '--language', 'en']];

const rows: Array<Record<string, string>> = [];
const results: Array<Record<string, number | string>> = [];
for (const megabytes of sizes) {
  const input = join(work, `input-${megabytes}.txt`);
  writeFileSync(input, line.repeat(Math.ceil((megabytes * 1e6) / line.length)));
  const row: Record<string, string> = { input: `${megabytes} MB` };
  for (const command of commands) {
    const rssFile = join(work, 'rss');
    const started = performance.now();
    const program = command[0] === 'copy' ? ['-e', copy] : [...cli, ...command];
    const run = spawnSync(process.execPath, ['--import', join(here, 'report-rss.ts'), ...program, input], {
      stdio: ['ignore', openSync('/dev/null', 'w'), 'pipe'],
      env: { ...process.env, PARLEY_BENCH_RSS_FILE: rssFile },
    });
    const seconds = (performance.now() - started) / 1000;
    const peakMegabytes = Number(readFileSync(rssFile, 'utf8')) / 1024;
    row[command[0] === 'copy' ? 'node copy (baseline)' : command.join(' ')] = `${peakMegabytes.toFixed(0)} MiB${run.status === 2 ? ' (refused)' : ''}`;
    results.push({ input: megabytes, command: command.join(' '), peakMiB: Math.round(peakMegabytes), seconds: Number(seconds.toFixed(2)), exitCode: run.status ?? -1 });
  }
  rows.push(row);
  rmSync(input);
}
rmSync(work, { recursive: true, force: true });

const columns = Object.keys(rows[0] ?? {});
const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)) + 2);
const format = (cells: readonly string[]): string => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join('');
console.log(`cli: peak RSS by input size (${fromSource ? 'source' : 'dist'}, Node ${process.versions.node})\n${format(columns)}\n${rows.map((row) => format(columns.map((column) => row[column] ?? ''))).join('\n')}\n`);

const directory = join(here, '..', '..', '..', 'bench', 'results');
mkdirSync(directory, { recursive: true });
writeFileSync(join(directory, 'cli.json'), `${JSON.stringify({ package: '@parley/cli', node: process.versions.node, measuredAt: new Date().toISOString(), peakMemory: results }, null, 2)}\n`);
