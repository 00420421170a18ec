/**
 * Runs a ```sh block of the site as a reader would paste it: in bash, in a scratch folder, with
 * `parley` meaning the CLI of this checkout (run from its TypeScript source, no build needed).
 * Install lines (`npm install …`) are not run (no registry in tests); the suite checks instead
 * that they name real packages.
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from './entry-points.ts';

/** What a block did: its exit status (or the signal that ended it) and what it printed. */
export interface ShellRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** True when a long-running block was still running at its first output and was stopped then. */
  readonly stoppedWhileRunning: boolean;
}

/** Options of {@link runShellExample}. */
export interface RunShellExampleOptions {
  /** The folder it runs in. */
  readonly directory: string;
  /** A server-like block (info string `sh long-running`): stopped once it has printed a line. */
  readonly longRunning?: boolean;
}

const cli = join(repositoryRoot, 'packages', 'cli', 'src');
const isInstallLine = (line: string): boolean => /^\s*(?:npm (?:install|i)|pnpm add)\s/.test(line);

/** The block as a bash script: `parley` defined, install lines commented out, stop on the first failure. */
export function shellScript(code: string): string {
  const body = code
    .split('\n')
    .map((line) => (isInstallLine(line) ? `# (install line checked, not run) ${line}` : line))
    .join('\n');
  const parley = `parley() { node --conditions=@parley/source --import '${join(cli, 'source-hooks.ts')}' '${join(cli, 'bin.ts')}' "$@"; }`;
  return `set -euo pipefail\n${parley}\n${body}\n`;
}

/** Runs `code` and resolves when it ends (or, long-running, once it printed its first line). */
export function runShellExample(code: string, options: RunShellExampleOptions): Promise<ShellRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', shellScript(code)], { cwd: options.directory, stdio: ['ignore', 'pipe', 'pipe'], detached: options.longRunning === true });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (options.longRunning === true && !stopped && stdout.includes('\n')) {
        stopped = true;
        // The block's whole process group: bash and the server it started.
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, stoppedWhileRunning: stopped }));
  });
}
