import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { ParleyError } from '@parley/core';
import type { CliIo } from './cli-io';
import type { Command, CommandOption } from './command';
import { commands as builtInCommands } from './commands';
import { ExitCode } from './exit-code';
import { formatCommandHelp, formatOverview } from './help';
import { OutputClosedError } from './output-closed-error';
import { createStyler } from './style';
import { quoteArgument } from './quote-argument';
import { stderrLine } from './stderr-line';
import { unexpectedErrorLine } from './unexpected-error-line';
import { UsageError } from './usage-error';
import { watchOutput } from './watch-output';
import { writeText } from './write-text';

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** The arguments after `parley`, such as `['check', 'tokens', 'reply.txt']`. */
  readonly argv: readonly string[];
  readonly io: CliIo;
  /** The version `--version` prints. */
  readonly version: string;
  /** The commands to offer; the built-in ones by default. */
  readonly commands?: readonly Command[];
}

const isWord = (argument: string): boolean => !argument.startsWith('-');

function findCommand(commands: readonly Command[], argv: readonly string[]): Command | undefined {
  let found: Command | undefined;
  for (const command of commands) {
    const matches = command.path.every((word, index) => argv[index] === word);
    if (matches && command.path.length > (found?.path.length ?? 0)) found = command;
  }
  return found;
}

function toParseOptions(options: Readonly<Record<string, CommandOption>>): ParseArgsOptionsConfig {
  return Object.fromEntries(
    Object.entries(options).map(([name, option]) => [
      name,
      {
        type: option.type,
        ...(option.short === undefined ? {} : { short: option.short }),
        ...(option.default === undefined ? {} : { default: option.default }),
      },
    ]),
  );
}

/** A multi-line message of `parseArgs` as one line. */
const parseErrorLine = (message: string): string =>
  message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');

/** The first option in `args` that `command` does not have, as it was written (`--frob`, `-x`). */
function unknownOption(command: Command, args: readonly string[]): string | undefined {
  const options = { ...command.options, help: { type: 'boolean', short: 'h', description: '' } } as const;
  const { tokens } = parseArgs({ args: args as string[], options: toParseOptions(options), allowPositionals: true, strict: false, tokens: true });
  const known = new Set(Object.keys(options));
  for (const token of tokens) if (token.kind === 'option' && !known.has(token.name)) return token.rawName;
  return undefined;
}

async function dispatch(options: RunCliOptions): Promise<ExitCode> {
  const { argv, io } = options;
  const commands = options.commands ?? builtInCommands;
  const command = findCommand(commands, argv);
  if (command === undefined) {
    const words: string[] = [];
    for (const argument of argv) {
      if (!isWord(argument)) break;
      words.push(argument);
    }
    const flags = argv.slice(words.length);
    const isGroup = words.length > 0 && commands.some((candidate) => words.every((word, index) => candidate.path[index] === word));
    if (words.length > 0 && !isGroup) {
      throw new UsageError({ message: `unknown command ${quoteArgument(words.join(' '))} (see parley --help)` });
    }
    if (flags.includes('--version') || flags.includes('-V')) {
      await writeText(io.stdout, `${options.version}\n`);
      return ExitCode.Clean;
    }
    const unknownFlag = flags.find((flag) => !['--help', '-h'].includes(flag));
    if (unknownFlag !== undefined) throw new UsageError({ message: `unknown option ${quoteArgument(unknownFlag)} (see parley --help)` });
    if (isGroup && flags.length === 0) {
      const choices = commands.filter((candidate) => words.every((word, index) => candidate.path[index] === word));
      throw new UsageError({
        message: `"${words.join(' ')}" needs a subcommand: ${choices.map((choice) => choice.path.slice(words.length).join(' ')).join(', ')} (see parley ${words.join(' ')} --help)`,
      });
    }
    await writeText(io.stdout, formatOverview(commands, words, createStyler(io.stdout, io.env)));
    return ExitCode.Clean;
  }

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(command.path.length) as string[],
      options: toParseOptions({ ...command.options, help: { type: 'boolean', short: 'h', description: '' } }),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const unknown = (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? unknownOption(command, argv.slice(command.path.length)) : undefined;
    throw new UsageError({
      // Node's own message may take several lines to explain itself ("argument is ambiguous. Did
      // you forget…? To specify…"): all of it, joined into the one line.
      message: unknown === undefined ? parseErrorLine((error as Error).message) : `unknown option ${quoteArgument(unknown)} (see parley ${command.path.join(' ')} --help)`,
      cause: error,
    });
  }
  const style = createStyler(io.stdout, io.env);
  if (parsed.values['help'] === true) {
    await writeText(io.stdout, formatCommandHelp(command, style));
    return ExitCode.Clean;
  }
  return command.run({
    positionals: parsed.positionals,
    values: parsed.values as Record<string, string | boolean | undefined>,
    io,
    style,
  });
}

/**
 * Runs `parley` in-process and resolves to its exit code. Usage, input and output errors become
 * one line on stderr and exit code 2 (an unexpected error too, with a hint to report it); a
 * standard output closed by its reader stops the command quietly with
 * {@link ExitCode.OutputClosed}. Nothing throws.
 */
export async function runCli(options: RunCliOptions): Promise<ExitCode> {
  const output = watchOutput(options.io.stdout);
  let failure: unknown;
  try {
    const exitCode = await dispatch(options);
    if (!output.closed) return exitCode;
    failure = await output.failure();
  } catch (error) {
    failure = error;
  }
  if (OutputClosedError.isInstance(failure) && failure.closedByReader) return ExitCode.OutputClosed;
  const where = findCommand(options.commands ?? builtInCommands, options.argv);
  const prefix = `parley${where === undefined ? '' : ` ${where.path.join(' ')}`}: `;
  const message = ParleyError.isInstance(failure)
    ? failure.message
    : unexpectedErrorLine(failure);
  options.io.stderr.write(stderrLine(`${prefix}${message}`));
  if (options.io.env['PARLEY_DEBUG'] !== undefined && failure instanceof Error) options.io.stderr.write(`${failure.stack}\n`);
  return ExitCode.Usage;
}
