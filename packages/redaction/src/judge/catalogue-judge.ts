import { type CatalogueRule } from '../rules/catalogue';
import { bodyLengths, holdsSeparator, prefixSkeletons, skeletonOf } from './catalogue-index';
import { verifyChecksum } from '../rules/checksum';
import { characterSet, foldAt, isAlphanumeric, isSeparator } from '../text/fold';
import { isNearConstant, isSkewed } from './near-constant';
import { isPatterned } from './patterned-text';
import { RANDOM_EVIDENCE, randomnessEvidence } from './randomness-judge';
import { publicExampleKeys } from '../rules/public-shapes';
import { WordShape } from '../text/word-shape';
import { isSourceMapMappings } from './source-map-mappings';

/**
 * The last word of a catalogue row on a whole match (see `PatternRule.accept`): a key whose
 * checksum is right is always the row's; otherwise a key is dropped when it is a provider's
 * published example or, spaced out, a stretch of a source map's `mappings` (`isSourceMapMappings`) or a list of its prefixes (`isPrefixList`),
 * or when its body, no longer than twice what the format allows, was written by
 * a rule (`AKIA` + `AAAA…`, `ghp_` + `xxxx…`, `0123…`, a unit repeated: `isPatterned`) or, written
 * contiguously, reads as words (`…-SlackAppConfigurationAccessTokenHere`); when, written contiguously, it is longer than a
 * fixed-length format (`AKIA` + 17); or when it is a format's first part at a paragraph's end
 * joined to the next paragraph (`SG.…`, a blank line, then text; see `splitByBlankLine`). A
 * wrong checksum alone does not drop a key: a token with one character garbled still gives most
 * of a real one away, and its checksum tells the reader which repair is right.
 */
export function catalogueJudge(rule: CatalogueRule): (key: string, separated: boolean) => boolean {
  const prefixes = rule.prefixes.map((written) => ({ written, skeleton: skeletonOf(written) })).sort((left, right) => right.skeleton.length - left.skeleton.length);
  const algorithm = rule.checksumAlgorithm;
  // Only a key within twice its format's longest body is judged near-constant: a longer one is a run
  // the fail-closed extension took, and dropping it would have the scan read it again from every prefix inside.
  const { least, most: longest, fixed: fixedRuns } = bodyLengths(rule);
  // One run of a fixed length and no separators (`AKIA` + 16): a contiguous key longer than that is another string.
  const fixed = fixedRuns && rule.body.every((part) => !('alphabet' in part) || !holdsSeparator(part.alphabet));
  // The shortest placeholder body before a white space that is judged alone: a whole key's worth, or PLACEHOLDER_GROUP.
  const shortestGroup = Math.min(PLACEHOLDER_GROUP, least);
  const skewed = skewJudge(rule);
  return (key, separated) => {
    if (splitByBlankLine(key)) return false;
    const skeleton = skeletonOf(key);
    const prefix = prefixes.find((option) => skeleton.startsWith(option.skeleton));
    // A longer prefix of another row that this row's match took in (`sk-` taking `sk-helicone-…`) is not body either.
    const longer = prefixSkeletons.find((option) => option.length > (prefix?.skeleton.length ?? 0) && skeleton.startsWith(option));
    const body = skeleton.slice(longer?.length ?? prefix?.skeleton.length ?? 0);
    if (algorithm !== undefined && prefix !== undefined && verifyChecksum(algorithm, prefix.written + body, prefix.written)) return true;
    if (publicExampleKeys.has(key)) return false;
    if (separated && (isSourceMapMappings(key) || (prefix !== undefined && isPrefixList(key, prefix.written)))) return false;
    if (fixed && !separated && body.length > longest) return false;
    if (isPlaceholderBeforeText(key, skeleton.length - body.length, shortestGroup)) return false;
    const repeated = prefix !== undefined && body.startsWith(prefix.skeleton);
    if (!repeated && skewed(body)) return false;
    if (body.length > 2 * longest) return true;
    if (isNearConstant(body)) return false;
    // A body that starts with its own prefix again (`AKIA` or `eyJ.` repeated) is keys written one after
    // another, or hostile text: read as the keys it holds (declining it would have the scan read it
    // again from every prefix inside), never judged written.
    if (repeated) return true;
    return !(isPatterned(body) || (!separated && readsAsWords(key, skeleton.length - body.length)));
  };
}

/**
 * Whether a spaced-out key is a list of its format's prefixes (a scanner's pattern, `AKIA|AGPA|AIDA|AROA|AIPA`):
 * three groups or more, each of the prefix's length, in capitals or lower case as it is, and
 * beginning with its first character. A random body's group is so about once in a hundred
 * (`A` and three capitals of 36 characters), four of them once in a hundred million.
 */
function isPrefixList(key: string, prefix: string): boolean {
  const groups = key.split(/[^A-Za-z0-9]+/u);
  const letters = prefix === prefix.toUpperCase() ? /^[A-Z]+$/u : /^[a-z]+$/u;
  return groups.length >= 3 && groups.every((group) => group.length === prefix.length && group[0] === prefix[0] && letters.test(group));
}

/**
 * Whether a body (a skeleton: separators left out) is far from a uniform draw over its row's
 * alphabet ({@link isSkewed}): not a key a provider drew, but bytes encoded (base64 of a
 * WebAssembly binary read as `EAAC…`), a placeholder or a few characters repeated. Filler the
 * body starts or ends with — one character repeated (`ghp_` + `AAAA…` + a random tail) — is left
 * out first: what stays is judged, so a key glued inside filler is still found. Of a longer body,
 * the first characters of the row's shortest body alone are judged: the same ones however much
 * of the run a stream had read when it judged the key. Rows whose body is not one uniform draw
 * (several runs and literals: a UUID's groups, `SG.<22>.<43>`) or encodes structured data
 * (`encoded`: base64 of JSON, a macaroon) are never skewed.
 */
export function skewJudge(rule: CatalogueRule): (body: string) => boolean {
  const [part, ...others] = rule.body;
  if (rule.encoded === true || others.length > 0 || part === undefined || !('alphabet' in part)) return () => false;
  const alphabet = characterSet(part.alphabet);
  for (let code = 0; code < 128; code += 1) if (isSeparator(code)) alphabet[code] = 0;
  return (body) => {
    let from = 0;
    let to = body.length;
    while (from + 1 < to && body[from] === body[from + 1]) from += 1;
    if (from > 0) from += 1;
    while (to - 1 > from && body[to - 1] === body[to - 2]) to -= 1;
    if (to < body.length) to -= 1;
    return isSkewed(body.slice(from, Math.min(to, from + part.min)), alphabet, RANDOM_EVIDENCE);
  };
}

/**
 * Whether a key written contiguously has a body that reads as words: a piece of letters alone (as
 * written, between digits and separators) of half the body or more that the randomness judge
 * finds written by {@link RANDOM_EVIDENCE} bits or more (`xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere`).
 * Uniform draws from every row's alphabet never come near (the lowest of 243,000: about -2 bits).
 */
function readsAsWords(key: string, prefixLength: number): boolean {
  let from = 0;
  for (let seen = 0; from < key.length && seen < prefixLength; from += 1) {
    const folded = foldAt(key, from);
    if (folded > 2 && folded < 128 && !isSeparator(folded)) seen += 1;
  }
  const body = key.length - from;
  for (let start = from; start < key.length; ) {
    let end = start;
    while (end < key.length && isAsciiLetter(key.charCodeAt(end))) end += 1;
    if ((end - start) * 2 >= body && randomnessEvidence(key, start, end) <= -RANDOM_EVIDENCE) return true;
    start = end + 1;
  }
  return false;
}

/** From this many characters on, a placeholder body before a white space is judged alone (see `isPatterned`). */
const PLACEHOLDER_GROUP = 14;

/**
 * Whether a key is a placeholder followed by text: it holds a white space, and its body as written
 * before the first one (`prefixLength` skeleton characters of prefix left out) is near-constant and
 * `shortest` characters or more (the row's shortest body, or {@link PLACEHOLDER_GROUP} when that is
 * longer). What follows the white space is text that a longer reading took in — the fail-closed
 * extension (`xoxa-0000000000 for the 2024`: a number after words goes on a key) or another row
 * reading the rest of a key spaced out (`sk-` taking `proj-0000000l000000000000 and more text`,
 * which the `sk-proj-` row declined) — and it would make the whole body look random. It is not
 * the key's: the placeholder is judged alone.
 */
function isPlaceholderBeforeText(key: string, prefixLength: number, shortest: number): boolean {
  let end = 0;
  while (end < key.length && !isBlank(key.charCodeAt(end))) end += 1;
  if (end === key.length) return false;
  const body = skeletonOf(key.slice(0, end)).slice(prefixLength);
  return body.length >= shortest && (isNearConstant(body) || isPatterned(body));
}

/** The shortest prefix, holding a character that is not a letter (`xoxb-`, `glpat-`, `sk-ant-`), that is strong on its own. */
const DISTINCTIVE_PREFIX = 5;
/** The shortest fixed body, after a four-character prefix that starts with a capital (`AKIA` + 16), that makes the prefix strong. */
const DISTINCTIVE_FIXED_BODY = 16;

/**
 * The prefixes of a row whose keys stand inside a word whatever their body (see
 * {@link midWordJudge}): where the row's shape is strong enough that text which is not a key
 * cannot take it by chance. Every prefix of a row whose checksum is verified (`ghp_`, `npm_`); a
 * prefix of five or more characters with a digit or punctuation in it (`xoxb-`, `glpat-`,
 * `sk-ant-`, `github_pat_`, `dop_v1_`); and a prefix of four characters or more starting with a
 * capital before one fixed run of {@link DISTINCTIVE_FIXED_BODY} or more characters without
 * separators (`AKIA` + 16 capitals and digits).
 */
export function strongPrefixes(rule: CatalogueRule): readonly string[] {
  if (rule.checksumAlgorithm !== undefined) return rule.prefixes;
  const [part, ...others] = rule.body;
  const fixedRun = others.length === 0 && part !== undefined && 'alphabet' in part && part.min === part.max && part.min >= DISTINCTIVE_FIXED_BODY && !holdsSeparator(part.alphabet);
  return rule.prefixes.filter((prefix) => {
    const head = prefix.charCodeAt(0);
    if (fixedRun && prefix.length >= 4 && head >= 65 && head <= 90) return true;
    return prefix.length >= DISTINCTIVE_PREFIX && [...prefix].some((character) => !isAsciiLetter(character.charCodeAt(0)));
  });
}

const isAsciiLetter = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * The row's word on a key found inside a word (after a letter or digit: `token=abcghp_…`, a key
 * glued after another run or a placeholder), written contiguously. A key with a strong prefix
 * ({@link strongPrefixes}) stands. A short generic prefix (`sk-`, `SK`, `key-`, `pat`) turns up
 * inside identifiers (`disk-`, `TASK`, `monkey-`, `compat`), so its key stands unless the
 * randomness judge reads its body as written by {@link RANDOM_EVIDENCE} bits or more (the odds it
 * needs to call a run random): a random body of letters and digits, hex, digits or a UUID's
 * digits stand; `PersistentVolumeClaimTemplate1` does not.
 */
export function midWordJudge(rule: CatalogueRule): (key: string) => boolean {
  const strong = strongPrefixes(rule);
  const prefixes = [...rule.prefixes].sort((left, right) => right.length - left.length);
  return (key) => {
    if (strong.some((prefix) => key.startsWith(prefix))) return true;
    const prefix = prefixes.find((option) => key.startsWith(option)) ?? '';
    const body = skeletonOf(key.slice(prefix.length));
    return randomnessEvidence(body, 0, body.length) > -RANDOM_EVIDENCE;
  };
}

/** Characters before the blank line that make it the end of a paragraph, not a gap in a key spaced out throughout. */
const PARAGRAPH_END = 12;
/** Characters of the first group after the blank line that make it text (a word or a run), not the next character of a spaced-out key. */
const NEXT_GROUP = 3;
/** Characters of a run the entropy rule judges on its own: a group after the blank line that is not a word, and the part before it, must both be this long to be split. */
const JUDGED_RUN = 20;

/**
 * Whether the key is a format's first part at the end of a paragraph joined to the next one
 * (`SG.<22>`, a blank line, then text): {@link PARAGRAPH_END} or more characters before its first
 * white space, three quarters of them letters and digits (written together, not one character per
 * gap); that white space holds a blank line; and the group after it reads as text: a word of
 * {@link NEXT_GROUP} characters or more that is not itself followed by another blank line (a
 * paragraph, not one group of a key spaced out with blank lines: `sk-admin-hZv`, a blank line,
 * `yJ5`, a blank line, …), or a run of {@link JUDGED_RUN} characters or more after a first part
 * that long too (each judged by the entropy rule on its own). A key spaced out with blank lines
 * between its characters or groups is none of this and stays one key (fail closed).
 */
function splitByBlankLine(key: string): boolean {
  let index = 0;
  let alphanumeric = 0;
  for (; index < key.length && !isBlank(key.charCodeAt(index)); index += 1) if (isAlphanumeric(key.charCodeAt(index))) alphanumeric += 1;
  const first = index;
  if (first < PARAGRAPH_END || index === key.length || alphanumeric * 4 < first * 3) return false;
  let breaks = 0;
  for (; index < key.length && isBlank(key.charCodeAt(index)); index += 1) if (isLineBreak(key.charCodeAt(index))) breaks += 1;
  if (breaks < 2) return false;
  const shape = new WordShape();
  let group = 0;
  for (; index < key.length && !isBlank(key.charCodeAt(index)); index += 1) {
    group += 1;
    shape.add(foldAt(key, index));
  }
  if (group >= JUDGED_RUN && first >= JUDGED_RUN) return true;
  if (group < NEXT_GROUP || shape.letters === 0 || !shape.isWord()) return false;
  let nextBreaks = 0;
  for (; index < key.length && isBlank(key.charCodeAt(index)); index += 1) if (isLineBreak(key.charCodeAt(index))) nextBreaks += 1;
  return nextBreaks < 2;
}

const isLineBreak = (code: number): boolean => code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
const isBlank = (code: number): boolean => code === 32 || code === 9 || code === 11 || code === 12 || isLineBreak(code);
