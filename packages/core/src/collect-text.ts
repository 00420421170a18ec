import { InvalidArgumentError } from './invalid-argument-error';
import { iterateSource, type Source } from './source';

/** Options of {@link collectText}. */
export interface CollectTextOptions {
  /** The most characters kept, a whole number 0 or more (or `Infinity`); reading stops there. Default unlimited. */
  readonly maxLength?: number;
}

/**
 * Reads a whole reply — a string, a promise of one, or a stream of text (async iterable,
 * `ReadableStream`, array) — into one string, stopping at `maxLength` characters.
 *
 * @example
 * ```ts
 * import { collectText } from '@parley/core';
 *
 * // An agent that streams its reply; collectText accepts a string, a promise or any stream of text.
 * async function* agent(message: string): AsyncGenerator<string> {
 *   yield 'You asked: ';
 *   yield message;
 * }
 * const text = await collectText(agent('ship it?'), { maxLength: 1024 * 1024 });
 * console.log(text); // You asked: ship it?
 * ```
 */
export async function collectText(reply: string | Promise<string> | Source<string>, options: CollectTextOptions = {}): Promise<string> {
  const maxLength: unknown = options.maxLength === undefined ? Number.POSITIVE_INFINITY : options.maxLength;
  // NaN compares false with every length, so it would keep everything: refused, like any non-count.
  if (typeof maxLength !== 'number' || !(Number.isSafeInteger(maxLength) || maxLength === Number.POSITIVE_INFINITY) || maxLength < 0) {
    throw new InvalidArgumentError({ argument: 'maxLength', message: `maxLength must be a whole number, 0 or more, or Infinity; got ${typeof maxLength === 'number' ? String(maxLength) : typeof maxLength}` });
  }
  const value = await reply;
  if (typeof value === 'string') return value.length > maxLength ? value.slice(0, maxLength) : value;
  let text = '';
  for await (const chunk of iterateSource(value)) {
    text += chunk;
    if (text.length >= maxLength) return text.slice(0, maxLength);
  }
  return text;
}
