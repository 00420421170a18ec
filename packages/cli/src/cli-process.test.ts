// The contract where only a real process shows it: a closed pipe (EPIPE), a closed or odd standard
// input, exit codes as the shell sees them, no stack trace. Each test runs `parley` from its
// TypeScript source in a child process (Node's type stripping; source-hooks.ts resolves the
// extensionless imports), so no build is needed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { contractCases } from './contract-cases';

const here = import.meta.dirname;
const node = process.execPath;
const cliArguments = ['--conditions=@parley/source', '--import', join(here, 'source-hooks.ts'), join(here, 'bin.ts')];

/** How the child's standard input is set up. */
type Stdin = { readonly text: string } | 'dev-null' | 'closed' | 'directory';
/** When the test closes the read end of the child's standard output. */
type CloseStdout = 'never' | 'at-once' | 'after-first-output';

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `parley ...argv` in a child process. A closed or directory stdin goes through `sh`. */
function runProcess(argv: readonly string[], options: { readonly stdin?: Stdin; readonly closeStdout?: CloseStdout } = {}): Promise<Finished> {
  const stdin = options.stdin ?? 'dev-null';
  const viaShell = stdin === 'closed' || stdin === 'directory';
  const child = viaShell
    ? spawn('sh', ['-c', `exec "$@" ${stdin === 'closed' ? '<&-' : '< /'}`, 'sh', node, ...cliArguments, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(node, [...cliArguments, ...argv], { stdio: [typeof stdin === 'object' ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  if (typeof stdin === 'object') child.stdin?.end(stdin.text);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const output = child.stdout;
  if (output === null || child.stderr === null) throw new Error('the child has no output pipes');
  child.stderr.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
  if (options.closeStdout === 'at-once') output.destroy();
  else {
    output.setEncoding('utf8').on('data', (text: string) => {
      stdout.push(text);
      if (options.closeStdout === 'after-first-output') output.destroy();
    });
  }
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: stdout.join(''), stderr: stderr.join('') }));
  });
}

const directory = mkdtempSync(join(tmpdir(), 'parley-process-'));
/** About 1 MB of text with secrets and prose invocations: far more output than a pipe buffers. */
const big = join(directory, 'big.txt');
writeFileSync(big, `Hey CFO, can we afford it? ghp_${'AuanBBo0Zc6kLGh0jprE7o8rQJjBZbZ5aVyO'} and [INVOKE:CFO|runway?]\n`.repeat(12_000));
const binary = join(directory, 'picture.png');
writeFileSync(binary, Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d));

// Spawning Node on TypeScript source costs about a second of CPU each: generous, for a loaded machine.
const budget = { timeout: 180_000 };
const noStackTrace = (stderr: string): void => expect(stderr).not.toMatch(/\n {2,}at |node:internal|Unhandled/u);

describe('parley in a real process', () => {
  test.concurrent('exit codes reach the shell: 0 clean, 1 violations, 2 with one line and no stack trace', budget, async () => {
    const tokens = contractCases[0];
    const [clean, dirty, refused] = await Promise.all([
      runProcess(['check', 'tokens', '-'], { stdin: { text: tokens?.clean ?? '' } }),
      runProcess(['check', 'tokens', '-'], { stdin: { text: tokens?.dirty ?? '' } }),
      runProcess(['check', 'tokens', binary]),
    ]);
    expect([clean.code, clean.stderr]).toEqual([0, '']);
    expect([dirty.code, dirty.stderr]).toEqual([1, '']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^parley check tokens: cannot read ".*picture\.png": not UTF-8 text \(an invalid byte sequence\) at byte offset 0\n$/u);
    expect(refused.stdout).toBe('');
  });

  // `parley redact big.log | head -1`: stop at once, say nothing, exit as a tool killed by SIGPIPE.
  for (const argv of [['redact'], ['check', 'tokens', '--mode', 'repair'], ['check', 'tokens', '--format', 'pretty']]) {
    test.concurrent(`${argv.join(' ')} stops quietly with 141 when its reader goes away mid-stream`, budget, async () => {
      const result = await runProcess([...argv, big], { closeStdout: 'after-first-output' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(141);
    });
  }

  // `parley redact --report big.log 2>&1 >/dev/null | head -1`: the report is output too; losing it
  // silently and exiting 0 would tell the script that every finding was written.
  test.concurrent('redact --report stops with 141 when the reader of its report goes away', budget, async () => {
    const child = spawn(node, [...cliArguments, 'redact', '--report', big], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.once('data', () => child.stderr.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(141);
  });

  test.concurrent('every command stops quietly with 141 when standard output is closed before it writes', budget, async () => {
    const results = await Promise.all(contractCases.map(({ argv, dirty, clean }) => runProcess([...argv, '-'], { stdin: { text: dirty ?? clean }, closeStdout: 'at-once' })));
    expect(results.map(({ code, stderr }) => ({ code, stderr }))).toEqual(contractCases.map(() => ({ code: 141, stderr: '' })));
  });

  test.concurrent('a closed standard input reads as empty, and a directory on it is a one-line error', budget, async () => {
    const [closed, empty, folder] = await Promise.all([
      runProcess(['check', 'tokens', '-'], { stdin: 'closed' }),
      runProcess(['redact', '-'], { stdin: 'dev-null' }),
      runProcess(['redact', '-'], { stdin: 'directory' }),
    ]);
    expect([closed.code, closed.stderr, JSON.parse(closed.stdout).ok]).toEqual([0, '', true]);
    expect([empty.code, empty.stdout, empty.stderr]).toEqual([0, '', '']);
    expect([folder.code, folder.stderr]).toEqual([2, 'parley redact: cannot read standard input: it is a directory\n']);
  });

  // A stdin that never closes (a FIFO whose writer stays) and an interrupt: parley ends as any tool
  // does, by the signal itself (the shell shows 130 or 143 and a loop around parley stops), with
  // nothing on stderr; what it had written stays written.
  test.concurrent('an interrupt or a termination while reading an open stdin ends it by that signal, silently', budget, async () => {
    const interrupted = await Promise.all(
      (['SIGINT', 'SIGTERM'] as const).map(async (signal) => {
        const child = spawn(node, [...cliArguments, 'redact', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
        const stderr: string[] = [];
        child.stderr.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
        // Once the first line has come through, parley is reading and waiting for more.
        child.stdout.once('data', () => child.kill(signal));
        child.stdin.write('first line, then the writer keeps the pipe open\n');
        const [code, received] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (...ended) => resolve(ended)));
        child.stdin.destroy();
        return { code, signal: received, stderr: stderr.join('') };
      }),
    );
    expect(interrupted).toEqual([
      { code: null, signal: 'SIGINT', stderr: '' },
      { code: null, signal: 'SIGTERM', stderr: '' },
    ]);
  });

  test.skipIf(!existsSync('/dev/full')).concurrent('a full disk is one line and exit 2, not a crash', budget, async () => {
    const child = spawn('sh', ['-c', 'exec "$@" > /dev/full', 'sh', node, ...cliArguments, 'redact', big], { stdio: ['ignore', 'ignore', 'pipe'] });
    const stderr: string[] = [];
    child.stderr?.setEncoding('utf8').on('data', (text: string) => stderr.push(text));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr.join('')).toBe('parley redact: cannot write to standard output: no space left on device\n');
    noStackTrace(stderr.join(''));
  });
});
