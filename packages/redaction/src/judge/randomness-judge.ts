/**
 * The randomness judge: whether a token run was drawn at random (a key, a token, a password) or
 * written by a person (an identifier, a path, a word, a version). It weighs two explanations of
 * the run's characters and reports the evidence, in bits, for the first:
 *
 * - **random**: each character drawn uniformly from the smallest common key alphabet that holds the
 *   run (digits; hex of one case or both; lower-case, capital or both letters, with or without
 *   digits; plus each of `- _ + / = ~` the run uses), so `log2(alphabet size)` bits a character;
 *   a structure character no key alphabet holds (`.`, `%`) costs {@link STRUCTURE_BITS};
 * - **written**: a character bigram model of code and prose, with a model of how letters are cased
 *   after the two characters before them (camelCase humps, CONSTANTS, snake_case), trained on real
 *   source text nobody in this project wrote (`randomness-model.ts`, made by
 *   `scripts/train-randomness-model.ts`).
 *
 * The evidence is `log2 P(run | random) − log2 P(run | written)`: a likelihood ratio, so it adds
 * up along the run and reads the same for every alphabet. `X448KeyPairKeyObjectOptions` costs
 * about 3 bits a character under the model of code against 6 at random (evidence −80);
 * `hf_QWxkfbaEHhPrQyAkiGwkPnTJOMKvDhuqcWn` costs 8 against 5.7 (evidence +70). Linear in the run,
 * no allocation. Internal: not exported from the package.
 */
import { CASE_COSTS, PAIR_COSTS } from './randomness-model';
import { alphabetFlag, alphanumericSize, CASE_CONTEXTS, caseClass, caseContext, decodeCosts, nextWrittenState, previousSymbol, SYMBOLS, symbolOf, WRITTEN_START, type WrittenState } from './randomness-symbols';

const pairCosts = decodeCosts(PAIR_COSTS);
const caseCosts = decodeCosts(CASE_COSTS);
if (pairCosts.length !== SYMBOLS * SYMBOLS || caseCosts.length !== CASE_CONTEXTS * 2) throw new Error('randomness-model.ts does not match randomness-symbols.ts: run scripts/train-randomness-model.ts');

/**
 * The evidence (bits) a run must carry to be judged random: a likelihood ratio of 2^20, about a
 * million to one, the odds against which a run of ordinary text is a secret. Measured on 45 MB of
 * installed packages' code (bench/false-positive-corpora.ts) and on uniform draws of 20 characters
 * from every common key alphabet (src/judge/randomness-judge.test.ts): see the README.
 */
export const RANDOM_EVIDENCE = 20;

/**
 * The punctuation a key alphabet may hold, one bit each: `-` and `_` (base64url), `+`, `/` and `=`
 * (base64), `~` (generated passwords, OpenShift's tokens). Any other character of a run (`.`,
 * `%`) is structure: a dotted name's or a file's joint, a URL escape. No common key alphabet
 * holds it, so the random explanation pays
 * {@link STRUCTURE_BITS} for each, outside the alphabet.
 */
function keyPunctuationBit(code: number): number {
  switch (code) {
    case 45: return 1;
    case 95: return 2;
    case 43: return 4;
    case 47: return 8;
    case 61: return 16;
    case 126: return 32;
    default: return 0;
  }
}

/** What a structure character (see {@link keyPunctuationBit}) costs the random explanation: as likely as one byte value in 256. */
const STRUCTURE_BITS = 8;

/**
 * Bits per character of a uniform draw from the smallest common key alphabet holding the letters,
 * digits and key punctuation of `text[start..end)`: digits; hex of one case or both; lower-case,
 * capital or both letters, with or without digits; plus each of `- _ + / = ~` the run uses.
 */
export function alphabetBits(text: string, start: number, end: number): number {
  let flags = 0;
  let seen = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    flags |= alphabetFlag(code);
    seen |= keyPunctuationBit(code);
  }
  return bitsOf(flags, seen);
}

/** Bits per character of the alphabet of the kinds `flags` names (see `alphabetFlag`) and the key punctuation bits `seen` holds. */
function bitsOf(flags: number, seen: number): number {
  let symbols = 0;
  for (let rest = seen; rest !== 0; rest &= rest - 1) symbols += 1;
  return Math.log2(Math.max(alphanumericSize(flags) + symbols, 2));
}

/** Whether `code` is a structure character: in a run, but in no key alphabet (see {@link keyPunctuationBit}). */
function isStructure(code: number): boolean {
  return keyPunctuationBit(code) === 0 && caseClass(code) === 0;
}

/**
 * The evidence, in bits, that `text[start..end)` was drawn at random rather than written (see the
 * file's header): positive favours random, negative written.
 */
export function randomnessEvidence(text: string, start: number, end: number): number {
  let written = 0;
  let structure = 0;
  let flags = 0;
  let seen = 0;
  let state = WRITTEN_START;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    written += writtenCost(state, code);
    state = nextWrittenState(state, code);
    flags |= alphabetFlag(code);
    seen |= keyPunctuationBit(code);
    if (isStructure(code)) structure += 1;
  }
  return written - (end - start - structure) * bitsOf(flags, seen) - structure * STRUCTURE_BITS;
}

/** What the character `code` costs, in bits, under the written model in `state`. */
export function writtenCost(state: WrittenState, code: number): number {
  const kind = caseClass(code);
  return (pairCosts[previousSymbol(state) * SYMBOLS + symbolOf(code)] ?? 0) + (kind >= 2 ? (caseCosts[caseContext(state) * 2 + kind - 2] ?? 0) : 0);
}

/** Whether `text[start..end)` carries {@link RANDOM_EVIDENCE} bits or more that it was drawn at random. */
export function isRandomText(text: string, start: number, end: number): boolean {
  return randomnessEvidence(text, start, end) >= RANDOM_EVIDENCE;
}

/**
 * The longest stretch of `text[start..end)` without a structure character (`.`, `%`): a
 * generic secret's characters stay within one such stretch (a key crosses a dot only in formats
 * the catalogue knows, such as a JWT), so two short hashes in a file name
 * (`pathe.M-eThtNZ.zq3TM4NT.js`) are no key however random each is.
 */
export function longestPlainStretch(text: string, start: number, end: number): number {
  let longest = 0;
  let from = start;
  for (let index = start; index <= end; index += 1) {
    if (index < end && !isStructure(text.charCodeAt(index))) continue;
    if (index - from > longest) longest = index - from;
    from = index + 1;
  }
  return longest;
}

/** Whether `text[start..end)` holds `/` and also `-` or `_`: characters of base64 and of base64url together. */
function mixesBase64Alphabets(text: string, start: number, end: number): boolean {
  let seen = 0;
  for (let index = start; index < end; index += 1) seen |= keyPunctuationBit(text.charCodeAt(index));
  return (seen & 8) !== 0 && (seen & 3) !== 0;
}

/**
 * Whether `text[start..end)` reads as a generic secret to the judge: it, or a piece of it between
 * `/` (a key as a file or folder name in a path that reads as written as a whole), is
 * {@link isRandomText} and holds a stretch of `minLength` characters or more without structure
 * (see {@link longestPlainStretch}). A run that holds structure (`.`, `%`) is no base64, so its `/`
 * are a path's joints too: it is judged by its pieces alone (`mpn/x86/k7/mod_34lsub1.asm`); so is
 * one that mixes `/` with `-` or `_`, which no common key alphabet holds together (base64 has `+`
 * and `/`, base64url `-` and `_`): `ld-x86-64/property-x86-shstk1a-x32`.
 */
export function judgesRandom(text: string, start: number, end: number, minLength: number): boolean {
  const plain = longestPlainStretch(text, start, end);
  const structured = plain < end - start || mixesBase64Alphabets(text, start, end);
  if (!structured && isRandomText(text, start, end)) return true;
  if (plain < minLength) return false;
  let from = start;
  for (let index = start; index <= end; index += 1) {
    if (index < end && text.charCodeAt(index) !== 47) continue;
    // A run without structure was judged whole above; its pieces are judged only when it has `/`.
    const judgedAlready = !structured && from === start && index === end;
    if (!judgedAlready && index - from >= minLength && isRandomText(text, from, index) && longestPlainStretch(text, from, index) >= minLength) return true;
    from = index + 1;
  }
  return false;
}
