/**
 * The shape of one group of key characters (what lies between two separator gaps), read one
 * character at a time: whether it reads as a word of prose or as a piece of a random string.
 * Used to tell a spaced-out key from prose that happens to follow a key prefix, and to find where
 * a recognised key ends and prose begins. Every method is O(1) per character.
 */

const vowels = new Uint8Array(128);
for (const character of 'aeiouyAEIOUY') vowels[character.charCodeAt(0)] = 1;

/** Accumulates one group's letters, digits and case, then answers {@link WordShape.isWord}. */
export class WordShape {
  /** Letters, capitals, lower-case letters and digits in the group. */
  letters = 0;
  upper = 0;
  lower = 0;
  digits = 0;
  /** Whether a letter came after a digit (`4tx`): never a word. */
  private letterAfterDigit = false;
  private firstUpper = false;
  private vowel = false;
  private lastLetter = 0;

  /** Clears the group. */
  reset(): void {
    this.letters = 0;
    this.upper = 0;
    this.lower = 0;
    this.digits = 0;
    this.letterAfterDigit = false;
    this.firstUpper = false;
    this.vowel = false;
    this.lastLetter = 0;
  }

  /** Adds one folded ASCII character. */
  add(code: number): void {
    if (code >= 48 && code <= 57) {
      this.digits += 1;
      return;
    }
    const upper = code >= 65 && code <= 90;
    const lower = code >= 97 && code <= 122;
    if (!upper && !lower) return;
    if (this.digits > 0) this.letterAfterDigit = true;
    if (this.letters === 0) this.firstUpper = upper;
    this.letters += 1;
    if (upper) this.upper += 1;
    else this.lower += 1;
    if (vowels[code] === 1) this.vowel = true;
    this.lastLetter = code;
  }

  /** Characters in the group. */
  get size(): number {
    return this.letters + this.digits;
  }

  /**
   * Whether the group reads as prose: a number of one or two digits (longer runs of digits are
   * key material); or letters then optional digits (`v2`, `Q3`,
   * `utf8`) where the letters are all capitals (`CFO`), or lower-case or Capitalised with a vowel
   * (`rotate`, `Accept`); a single letter only as `a`, `A` or `I` (or before digits). Random
   * strings mix case, put letters after digits, or leave lone consonants.
   */
  isWord(): boolean {
    if (this.letters === 0) return this.digits > 0 && this.digits <= 2;
    if (this.letterAfterDigit) return false;
    if (this.letters === 1) return this.digits > 0 || this.lastLetter === 97 || this.lastLetter === 65 || this.lastLetter === 73;
    if (this.upper === this.letters) return true;
    if (this.lower === this.letters || (this.upper === 1 && this.firstUpper)) return this.vowel;
    return false;
  }
}
