/**
 * `parley`, the command line of Parley, and the pieces to run it in-process or add commands.
 *
 * @module
 */
export type { CliIo, TextOutput } from './cli-io';
export type { Command, CommandContext, CommandOption } from './command';
export { commands } from './commands';
export { type DecodeInputOptions, decodeInput } from './decode-input';
export { ExitCode } from './exit-code';
export { InputEncodingError, type InputEncodingProblem } from './input-encoding-error';
export { OutputClosedError } from './output-closed-error';
export { readInput } from './read-input';
export { type RunCliOptions, runCli } from './run-cli';
export { UsageError } from './usage-error';
export { writeText } from './write-text';
