/**
 * The reader of the public shapes (`rules/public-shapes.ts`) for the entropy rule: the first shape
 * a token run holds, as the span it covers. Internal: not exported from the package.
 */
import { publicShapes } from '../rules/public-shapes';

/** A public shape in a run: `text[from, to)`, and whether it is exact (`PublicShape.exact`). */
export interface PublicShapeSpan {
  readonly from: number;
  readonly to: number;
  readonly exact: boolean;
}

/**
 * The first public shape the token run `text[start, last)` holds, or undefined: at its end (`from`
 * before `start` when the shape takes in text before the run, go.sum's `h1:`) or at its start.
 */
export function publicShapeIn(text: string, start: number, last: number): PublicShapeSpan | undefined {
  for (const { read, where, exact } of publicShapes) {
    const at = read(text, start, last);
    if (at >= 0) return where === 'end' ? { from: at, to: last, exact } : { from: start, to: at, exact };
  }
  return undefined;
}
