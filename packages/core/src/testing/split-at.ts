/**
 * Splits `text` at the given offsets (in UTF-16 code units). Offsets are sorted, clamped to the
 * text and may repeat, which yields empty chunks: middlewares must accept those too.
 *
 * @example
 * ```ts
 * import { splitAt } from '@parley/core/testing';
 *
 * console.log(JSON.stringify(splitAt('[INVOKE:cfo]', [3, 3, 8]))); // ["[IN","","VOKE:","cfo]"]
 * ```
 */
export function splitAt(text: string, offsets: Iterable<number>): string[] {
  const cuts = [...offsets]
    .map((offset) => Math.min(Math.max(Math.trunc(offset), 0), text.length))
    .sort((left, right) => left - right);
  const chunks: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  chunks.push(text.slice(from));
  return chunks;
}
