import type { CommandContext } from './command';
import { UsageError } from './usage-error';

/**
 * The value of a whole-number option (`--max-listed 50`), or `fallback` when it is not given;
 * anything but digits, or a number below `minimum`, is a usage error.
 */
export function countOption(values: CommandContext['values'], name: string, fallback: number, minimum: number): number {
  const value = values[name];
  if (value === undefined) return fallback;
  const count = typeof value === 'string' && /^\d{1,15}$/u.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < minimum) throw new UsageError({ message: `--${name} must be a whole number of at least ${minimum}` });
  return count;
}
