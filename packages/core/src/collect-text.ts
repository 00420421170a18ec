import { iterateSource, type Source } from './source';

/** Options of {@link collectText}. */
export interface CollectTextOptions {
  /** The most characters kept; reading stops there. Default unlimited. */
  readonly maxLength?: number;
}

/**
 * Reads a whole reply — a string, a promise of one, or a stream of text (async iterable,
 * `ReadableStream`, array) — into one string, stopping at `maxLength` characters.
 *
 * @example
 * ```ts
 * const text = await collectText(agent(message), { maxLength: 1024 * 1024 });
 * ```
 */
export async function collectText(reply: string | Promise<string> | Source<string>, options: CollectTextOptions = {}): Promise<string> {
  const maxLength = options.maxLength ?? Number.POSITIVE_INFINITY;
  const value = await reply;
  if (typeof value === 'string') return value.length > maxLength ? value.slice(0, maxLength) : value;
  let text = '';
  for await (const chunk of iterateSource(value)) {
    text += chunk;
    if (text.length >= maxLength) return text.slice(0, maxLength);
  }
  return text;
}
