/**
 * Whether a key's body (separators removed) is a placeholder rather than random: one character
 * for two thirds of it or more (`AAAA…`, `xxxx…`, `0000…1`, or `0000…` with a few words the
 * fail-closed extension took), or a run that counts up or down (`0123456789…`, `abcdef…`, three
 * quarters of its steps; `9` to `a` and `f` or `z` back to `0` count as steps, as hex and base36
 * digits run). A random body of sixteen or more characters is neither but with a
 * vanishing chance (for 16 characters from 10 digits, about one in 10⁷ is two thirds one digit). A short unit repeated (`abab…`) is not judged: a flood of
 * one prefix (`xoxb-xoxb-…`) is such a body, and dropping it would have the scan read it again
 * from every prefix.
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
  let up = 0;
  let down = 0;
  for (let index = 1; index < length; index += 1) {
    const previous = lower(body.charCodeAt(index - 1));
    const next = lower(body.charCodeAt(index));
    if (next - previous === 1 || (previous === NINE && next === LOWER_A) || (next === ZERO && (previous === LOWER_F || previous === LOWER_Z))) up += 1;
    else if (next - previous === -1 || (previous === LOWER_A && next === NINE)) down += 1;
  }
  return Math.max(up, down) * 4 >= (length - 1) * 3;
}

const ZERO = 48;
const NINE = 57;
const LOWER_A = 97;
const LOWER_F = 102;
const LOWER_Z = 122;

/** ASCII letters compared without case, so `abcdEFGH` counts up throughout. */
const lower = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);
