import { InvalidArgumentError } from '@parley/core';

/**
 * Reads a size or count limit option: `fallback` when it is absent, else a whole number, 0 or
 * more. Anything else (NaN, a negative or fractional number, Infinity, a string) is an
 * `InvalidArgumentError` naming the option — a comparison with NaN is always false, so such a
 * limit would otherwise silently stop limiting.
 *
 * @internal The envelope's options (`maxEnvelopeLength`, the YAML limits) are read through it.
 */
export function readLimit(value: unknown, argument: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    const shown = typeof value === 'number' ? String(value) : value === null ? 'null' : typeof value;
    throw new InvalidArgumentError({ argument, message: `${argument} must be a whole number, 0 or more; got ${shown}` });
  }
  return value;
}
