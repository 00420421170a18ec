/**
 * Whether a key's body (separators removed) is a placeholder rather than random: one character
 * for two thirds of it or more (`AAAA…`, `xxxx…`, `0000…1`, or `0000…` with a few words the
 * fail-closed extension took), or a period of one or two characters for two thirds of it
 * (`abab…`, `a1a1…`, `0x0x…` with a few changed). A random body of sixteen or more characters is
 * neither but with a vanishing chance (for 16 characters from 10 digits, about one in 10⁷ is two
 * thirds one digit).
 *
 * The cheap check for short bodies with a few characters changed (`AKIA0001000200000000`), which
 * carry too few bits for the pattern judge (`patterned-text.ts`) to win by its margin; counting
 * bodies and longer periods are that judge's.
 */
export function isNearConstant(body: string): boolean {
  const length = body.length;
  if (length < 4) return false;
  const counts = new Map<number, number>();
  let most = 0;
  for (let index = 0; index < length; index += 1) {
    const code = body.charCodeAt(index);
    const count = (counts.get(code) ?? 0) + 1;
    counts.set(code, count);
    if (count > most) most = count;
  }
  if (most * 3 >= length * 2) return true;
  // A period of two: each character the same as the one two before it.
  let repeats = 0;
  for (let index = 2; index < length; index += 1) if (body.charCodeAt(index) === body.charCodeAt(index - 2)) repeats += 1;
  return repeats * 3 >= (length - 2) * 2;
}
