import { InvalidArgumentError } from '@parley/core';

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/**
 * Throws an {@link InvalidArgumentError} (code `INVALID_ARGUMENT`) unless `value` is a string: the
 * text functions take text, and a caller passing something else (a Buffer, undefined) gets a
 * clear error naming the argument rather than a bare `TypeError` from deep inside.
 */
export function expectString(value: unknown, argument: string): asserts value is string {
  if (typeof value !== 'string') throw new InvalidArgumentError({ argument, message: `${argument} must be a string; got ${kindOf(value)}` });
}
