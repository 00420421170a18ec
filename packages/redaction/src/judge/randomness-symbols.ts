/**
 * The alphabet of the randomness judge's model (`randomness-model.ts`), shared by the judge and the
 * script that trains it (`scripts/train-randomness-model.ts`): what a character of a token run is
 * to the model, and how its costs are stored. Internal: not exported from the package.
 */

/** Symbols 0–25 are the letters in either case, 26–35 the digits, then `_ - . /`, any other run character, and the start of a run. */
export const SYMBOLS = 42;

/** The symbol before a run's first character. */
export const START = 41;

/** Case contexts: the case classes ({@link caseClass}) of the two characters before a letter, two bits each. */
export const CASE_CONTEXTS = 16;

/** The model's symbol of an ASCII code of a token run. */
export function symbolOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 48 && code <= 57) return code - 22;
  if (code === 95) return 36;
  if (code === 45) return 37;
  if (code === 46) return 38;
  if (code === 47) return 39;
  return 40;
}

/** 0: neither letter nor digit (and a run's start); 1: a digit; 2: a lower-case letter; 3: a capital. */
export function caseClass(code: number): number {
  if (code >= 97 && code <= 122) return 2;
  if (code >= 65 && code <= 90) return 3;
  return code >= 48 && code <= 57 ? 1 : 0;
}

/**
 * The written model's state between two characters, for every reader of the model (the judge, a
 * spaced-out key's reader that saves and restores it, the training script): the previous symbol
 * and the case context, packed in one number (`symbol << 4 | context`).
 */
export type WrittenState = number;

/** The state before a run's first character. */
export const WRITTEN_START: WrittenState = START * CASE_CONTEXTS;

/** The previous symbol a state holds. */
export const previousSymbol = (state: WrittenState): number => state >> 4;

/** The case context a state holds: the case classes of the two characters before. */
export const caseContext = (state: WrittenState): number => state & (CASE_CONTEXTS - 1);

/** The state after the character `code` in `state`. */
export function nextWrittenState(state: WrittenState, code: number): WrittenState {
  return symbolOf(code) * CASE_CONTEXTS + (((caseContext(state) << 2) | caseClass(code)) & (CASE_CONTEXTS - 1));
}

/** Alphabet flags of a character (see {@link alphabetFlag}): a lower-case letter, a capital, a digit, a letter past `f`. */
export const LOWER = 1;
export const UPPER = 2;
export const DIGIT = 4;
export const BEYOND_HEX = 8;

/** The alphabet flags of an ASCII code: {@link LOWER} or {@link UPPER} (with {@link BEYOND_HEX} past `f`), {@link DIGIT}, or 0. */
export function alphabetFlag(code: number): number {
  if (code >= 97 && code <= 122) return code > 102 ? LOWER | BEYOND_HEX : LOWER;
  if (code >= 65 && code <= 90) return code > 70 ? UPPER | BEYOND_HEX : UPPER;
  return code >= 48 && code <= 57 ? DIGIT : 0;
}

/**
 * The size of the smallest common alphanumeric alphabet holding characters of the kinds `flags`
 * names: digits (10); hex of one case or both, letters within a-f (16 or 22); lower-case, capital
 * or both letters, with or without digits (26 to 62).
 */
export function alphanumericSize(flags: number): number {
  const letters = (flags & LOWER ? 1 : 0) + (flags & UPPER ? 1 : 0);
  if ((flags & BEYOND_HEX) === 0) return 10 + 6 * letters;
  return 26 * letters + (flags & DIGIT ? 10 : 0);
}

/** Whether an ASCII code can be part of a token run: letters, digits and `_ . / + ~ % -`. */
export const isRunCharacter = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45 || code === 46 || code === 47 || code === 43 || code === 126 || code === 37;

/** The model's costs (bits) as bytes of eighths of a bit, capped at 255, in base64. */
export function encodeCosts(costs: ArrayLike<number>): string {
  let binary = '';
  for (let index = 0; index < costs.length; index += 1) binary += String.fromCharCode(Math.min(255, Math.round((costs[index] ?? 0) * 8)));
  return btoa(binary);
}

/** The costs {@link encodeCosts} wrote, back in bits. */
export function decodeCosts(encoded: string): Float32Array {
  const binary = atob(encoded);
  const costs = new Float32Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) costs[index] = binary.charCodeAt(index) / 8;
  return costs;
}
