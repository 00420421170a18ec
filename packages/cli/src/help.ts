import type { Command, CommandOption } from './command';
import type { Styler } from './style';

const globalOptions: Readonly<Record<string, CommandOption>> = {
  help: { type: 'boolean', short: 'h', description: 'Show help for parley or a command.' },
  version: { type: 'boolean', short: 'V', description: 'Print the version of parley.' },
};

function formatOptions(options: Readonly<Record<string, CommandOption>>, style: Styler): string[] {
  const rows = Object.entries(options).map(([name, option]) => {
    const flag = `${option.short === undefined ? '    ' : `-${option.short}, `}--${name}${option.valueName === undefined ? '' : ` ${option.valueName}`}`;
    const fallback = option.default === undefined || option.default === false ? '' : ` (default: ${String(option.default)})`;
    return [flag, `${option.description}${fallback}`] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return rows.map(([flag, text]) => `  ${style('cyan', flag.padEnd(width))}${text}`);
}

/** `parley --help`, or the help of a command group such as `parley check`. */
export function formatOverview(commands: readonly Command[], prefix: readonly string[], style: Styler): string {
  const listed = commands.filter((command) => prefix.every((word, index) => command.path[index] === word));
  const names = listed.map((command) => command.path.join(' '));
  const width = Math.max(0, ...names.map((name) => name.length)) + 2;
  const lines = [
    `${style('bold', 'parley')} — keep multi-agent LLM output on protocol: check, repair and redact text as it streams.`,
    '',
    `${style('bold', 'Usage:')} parley ${prefix.length > 0 ? `${prefix.join(' ')} ` : ''}<command> [options]`,
    '',
    style('bold', 'Commands:'),
    ...(listed.length === 0
      ? ['  (none installed yet)']
      : listed.map((command, index) => `  ${style('cyan', (names[index] ?? '').padEnd(width))}${command.summary}`)),
    '',
    style('bold', 'Options:'),
    ...formatOptions(globalOptions, style),
    '',
    'Inputs are a file path, or - for standard input: UTF-8, or UTF-16 with a byte order mark;',
    'binary data, invalid UTF-8 and UTF-32 are refused. Exit codes: 0 clean, 1 violations found,',
    '2 usage, input or output error (one line on stderr), 141 standard output closed before the',
    'end (parley stops quietly, as a tool killed by SIGPIPE); Ctrl-C or SIGTERM ends it by that signal',
    '(130, 143). Names and model text are shown with control characters escaped, except in the text',
    'redact and present write out. Run `parley <command> --help` for a command.',
  ];
  return `${lines.join('\n')}\n`;
}

/** `parley <command> --help`. */
export function formatCommandHelp(command: Command, style: Styler): string {
  const lines = [
    `${style('bold', `parley ${command.path.join(' ')}`)} — ${command.summary}`,
    '',
    `${style('bold', 'Usage:')} parley ${command.path.join(' ')} [options]${command.arguments === undefined ? '' : ` ${command.arguments}`}`,
  ];
  if (command.description !== undefined) lines.push('', command.description);
  lines.push('', style('bold', 'Options:'), ...formatOptions({ ...command.options, help: globalOptions['help'] as CommandOption }, style));
  if (command.examples !== undefined && command.examples.length > 0) {
    lines.push('', style('bold', 'Examples:'), ...command.examples.map((example) => `  $ ${example}`));
  }
  return `${lines.join('\n')}\n`;
}
