import type { CommandContext } from './command';

/** The comma-separated values of a string option (`--chain cro,cfo`), trimmed, empty ones dropped; undefined when not given. */
export function listOption(values: CommandContext['values'], name: string): string[] | undefined {
  const value = values[name];
  return typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter((item) => item !== '') : undefined;
}
