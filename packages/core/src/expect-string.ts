import { InvalidArgumentError } from './invalid-argument-error';

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/**
 * Throws an {@link InvalidArgumentError} (code `INVALID_ARGUMENT`) unless `value` is a string, so
 * a function that takes text answers a caller passing a `Buffer` or `undefined` with a coded error
 * naming the argument, never a bare `TypeError` from deep inside.
 *
 * @example
 * ```ts
 * import { expectString, ParleyError } from '@parley/core';
 *
 * function shout(text: unknown): string {
 *   expectString(text, 'text');
 *   return text.toUpperCase();
 * }
 * let code = '';
 * try {
 *   shout(42);
 * } catch (error) {
 *   if (ParleyError.isInstance(error)) code = error.code;
 *   else throw error;
 * }
 * console.log(code); // INVALID_ARGUMENT
 * ```
 */
export function expectString(value: unknown, argument: string): asserts value is string {
  if (typeof value !== 'string') throw new InvalidArgumentError({ argument, message: `${argument} must be a string; got ${kindOf(value)}` });
}
