/**
 * Every way to cut `text` into two non-empty chunks, one per offset, in order.
 *
 * @example
 * ```ts
 * import { everySplit } from '@parley/core/testing';
 *
 * console.log(JSON.stringify([...everySplit('abc')])); // [["a","bc"],["ab","c"]]
 * ```
 */
export function* everySplit(text: string): Generator<[string, string], void, undefined> {
  for (let offset = 1; offset < text.length; offset += 1) yield [text.slice(0, offset), text.slice(offset)];
}
