import type { CommandContext } from './command';
import { UsageError } from './usage-error';

/** The largest count an option takes: 15 digits, well inside a safe integer. */
const maximum = 999_999_999_999_999;

/**
 * The value of a whole-number option (`--max-listed 50`), or `fallback` when it is not given;
 * anything but digits (`1e3`, `0x20`, `-1`, ` 5`), or a number below `minimum` or above
 * 999,999,999,999,999, is a usage error.
 */
export function countOption(values: CommandContext['values'], name: string, fallback: number, minimum: number): number {
  const value = values[name];
  if (value === undefined) return fallback;
  const count = typeof value === 'string' && /^\d{1,15}$/u.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < minimum) {
    throw new UsageError({ message: `--${name} must be a whole number from ${minimum} to ${maximum.toLocaleString('en-US')}` });
  }
  return count;
}
