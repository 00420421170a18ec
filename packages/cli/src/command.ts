import type { CliIo } from './cli-io';
import type { ExitCode } from './exit-code';
import type { Styler } from './style';

/** One option of a command, as `node:util` `parseArgs` takes it plus what `--help` shows. */
export interface CommandOption {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** What `--help` says the option does. */
  readonly description: string;
  /** The placeholder shown in `--help`, such as `<format>`. */
  readonly valueName?: string;
  readonly default?: string | boolean;
}

/** What a command receives when it runs. */
export interface CommandContext {
  /** Arguments after the command's name that are not options. */
  readonly positionals: readonly string[];
  /** Parsed option values by long name. */
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly io: CliIo;
  /** Colours for stdout text (none when stdout is not a terminal or `NO_COLOR` is set). */
  readonly style: Styler;
}

/** A `parley` subcommand, such as `parley check tokens`. */
export interface Command {
  /** The words that name it, such as `['check', 'tokens']`. */
  readonly path: readonly string[];
  /** One line for the command list. */
  readonly summary: string;
  /** The positional part of the usage line, such as `[input]`. */
  readonly arguments?: string;
  /** Paragraphs shown by `--help` after the usage line. */
  readonly description?: string;
  readonly options?: Readonly<Record<string, CommandOption>>;
  /** Example command lines shown by `--help`. */
  readonly examples?: readonly string[];
  /** Runs the command; throw a `UsageError` for bad input. */
  run(context: CommandContext): Promise<ExitCode>;
}
