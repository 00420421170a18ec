import { InvalidArgumentError } from '@parley/core';

const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

/**
 * Throws core's {@link InvalidArgumentError} unless `value` is a string, naming the function and the
 * argument, so a caller that passes a buffer or `undefined` gets a coded error, never a bare `TypeError`.
 *
 * @internal
 */
export function requireText(value: unknown, argument: string, caller: string): asserts value is string {
  if (typeof value !== 'string') throw new InvalidArgumentError({ argument, message: `${caller} takes a string as ${argument}, not ${describe(value)}.` });
}

/**
 * Like {@link requireText}, for a list of role tokens such as a chain.
 *
 * @internal
 */
export function requireTextList(value: unknown, argument: string, caller: string): asserts value is readonly string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new InvalidArgumentError({ argument, message: `${caller} takes an array of strings as ${argument}, not ${Array.isArray(value) ? 'an array holding something else' : describe(value)}.` });
  }
}
