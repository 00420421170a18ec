#!/usr/bin/env node
import { ExitCode } from './exit-code';
import { OutputClosedError } from './output-closed-error';
import { stderrLine } from './stderr-line';
import { unexpectedErrorLine } from './unexpected-error-line';
import { watchOutput } from './watch-output';

declare const PARLEY_CLI_VERSION: string;

// Without a listener, a closed pipe's EPIPE is an unhandled 'error' event: a stack trace and exit 1.
const output = watchOutput(process.stdout);
watchOutput(process.stderr);

// node:sqlite (the task store of `check reply --store`) is experimental on Node 22 and says so on
// stderr when it loads, on every command; a script reading parley's stderr expects parley's own
// line only. That one warning is dropped; any other still prints.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  if (text.startsWith('SQLite is an experimental feature')) return;
  (emitWarning as (warning: string | Error, ...rest: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

// Whatever escapes (a stray asynchronous error, a broken install) is still one line and exit 2.
const crash = (error: unknown): void => {
  process.stderr.write(stderrLine(`parley: ${unexpectedErrorLine(error)}`));
  if (process.env['PARLEY_DEBUG'] !== undefined && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(ExitCode.Usage);
};
process.on('uncaughtException', crash);

process.on('unhandledRejection', crash);

process.on('exit', (code) => {
  // The output may fail after the command finished (its last write is flushed asynchronously).
  if (!output.closed || code === ExitCode.OutputClosed || code === ExitCode.Usage) return;
  const error = new OutputClosedError({ cause: output.error });
  if (!error.closedByReader) process.stderr.write(stderrLine(`parley: ${error.message}`));
  process.exitCode = error.closedByReader ? ExitCode.OutputClosed : ExitCode.Usage;
});

// Loaded after the handlers above, so that even a failure to load the commands is one line.
void import('./run-cli')
  .then(({ runCli }) =>
    runCli({
      argv: process.argv.slice(2),
      io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env },
      // Defined by the build; running the source (node --conditions=@parley/source) has no version.
      version: typeof PARLEY_CLI_VERSION === 'string' ? PARLEY_CLI_VERSION : '0.0.0-source',
    }),
  )
  .then((exitCode) => {
    process.exitCode = exitCode;
  }, crash);
