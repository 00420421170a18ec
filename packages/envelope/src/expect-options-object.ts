import { InvalidArgumentError } from '@parley/core';

/**
 * Throws an `InvalidArgumentError` naming `argument` unless `value` is an options object (not
 * `null`, not an array), so `detectEnvelope(text, null)` is a coded error, never a `TypeError`
 * from reading an option.
 *
 * @internal The envelope's functions that take options check them with it.
 */
export function expectOptionsObject(value: unknown, argument: string): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidArgumentError({ argument, message: `${argument} must be an options object; got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` });
  }
}
