/**
 * At most about `limit` characters of `text`, for quoting input in a message: the start and the end
 * around an ellipsis, with the full length. Messages stay short whatever the input.
 */
export function excerpt(text: string, limit = 80): string {
  if (text.length <= limit) return text;
  const half = Math.floor((limit - 1) / 2);
  return `${text.slice(0, half)}…${text.slice(text.length - half)} (${text.length} characters)`;
}
