import { InvalidArgumentError } from '../invalid-argument-error';
import type { TextEdit } from './text-edit';

/**
 * Applies `edits` to `input`: what a lossless middleware's output must be. The edits must lie
 * inside the input and must not overlap; they may come in any order (insertions at one offset
 * keep their order).
 *
 * @example
 * ```ts
 * import { applyEdits } from '@parley/core/testing';
 *
 * console.log(applyEdits('key sk-123 here', [{ start: 4, end: 10, replacement: '<REDACTED>' }])); // key <REDACTED> here
 * ```
 */
export function applyEdits(input: string, edits: readonly TextEdit[]): string {
  const sorted = edits
    .map((edit, index) => ({ edit, index }))
    .sort((left, right) => left.edit.start - right.edit.start || left.edit.end - right.edit.end || left.index - right.index)
    .map(({ edit }) => edit);
  let output = '';
  let offset = 0;
  for (const edit of sorted) {
    const { start, end, replacement } = edit;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > input.length) {
      throw new InvalidArgumentError({
        argument: 'edits',
        message: `The edit ${JSON.stringify(edit)} does not lie inside an input of ${input.length} characters.`,
      });
    }
    if (start < offset) {
      throw new InvalidArgumentError({
        argument: 'edits',
        message: `The edit ${JSON.stringify(edit)} overlaps the one before it, which ends at ${offset}.`,
      });
    }
    output += input.slice(offset, start) + replacement;
    offset = end;
  }
  return output + input.slice(offset);
}
