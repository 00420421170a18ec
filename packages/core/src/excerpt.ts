/**
 * At most about `limit` characters of `text` for quoting input in a message: its start and end
 * around an ellipsis, followed by its full length. Messages stay short whatever the input.
 *
 * @example
 * ```ts
 * import { excerpt } from '@parley/core';
 *
 * console.log(excerpt('x'.repeat(400_000), 20)); // xxxxxxxxx…xxxxxxxxx (400000 characters)
 * ```
 */
export function excerpt(text: string, limit = 80): string {
  if (text.length <= limit) return text;
  const half = Math.floor((limit - 1) / 2);
  return `${text.slice(0, half)}…${text.slice(text.length - half)} (${text.length} characters)`;
}
