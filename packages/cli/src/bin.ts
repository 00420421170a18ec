#!/usr/bin/env node
import { runCli } from './run-cli';

declare const PARLEY_CLI_VERSION: string;

void runCli({
  argv: process.argv.slice(2),
  io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env },
  version: PARLEY_CLI_VERSION,
}).then((exitCode) => {
  process.exitCode = exitCode;
});
