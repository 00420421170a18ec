/**
 * The one index of the catalogue every judge reads: its prefixes (as written, longest first, and
 * as skeletons), each row's body lengths, whether a value begins a provider's key (written whole
 * or spaced out) and how many characters it lacks to be the shortest one, built once from the
 * catalogue's rows. Internal: not exported from the package.
 */
import { catalogue, type CataloguePart, type CatalogueRule } from '../rules/catalogue';
import { characterSet, fold, foldAt, isSeparator } from '../text/fold';

/** Every row's prefixes as written, each once, longest first (a prefix is met before a shorter one it begins with). */
export const cataloguePrefixes: readonly string[] = [...new Set(catalogue.flatMap((rule) => rule.prefixes))].sort((left, right) => right.length - left.length);

/** The prefixes that are labels, not keys (`AccountKey=`: see `CatalogueRule.labelled`). */
const labels: readonly string[] = catalogue.flatMap((rule) => (rule.labelled === true ? rule.prefixes : []));

/** Whether `value` begins with a labelled row's prefix (`AccountKey=…`): what follows is that row's, or an assignment's to the label, to judge. */
export const startsWithLabel = (value: string): boolean => labels.some((label) => value.startsWith(label));

/** `text` folded, with every separator character left out (the skeleton the pattern matcher compares). */
export function skeletonOf(text: string): string {
  let skeleton = '';
  for (let index = 0; index < text.length; index += 1) {
    const folded = foldAt(text, index);
    if (folded > 2 && folded < 128 && !isSeparator(folded)) skeleton += String.fromCharCode(folded);
  }
  return skeleton;
}

/** Every row's prefixes in skeleton form, each once, longest first. */
export const prefixSkeletons: readonly string[] = [...new Set(cataloguePrefixes.map(skeletonOf))].sort((left, right) => right.length - left.length);

/** Whether an alphabet spec holds a separator character (`-`, `_`, `/`, …): its keys go on across them, and spaced out count a quarter fewer. */
export function holdsSeparator(spec: string): boolean {
  const set = characterSet(spec);
  for (let code = 0; code < 128; code += 1) if (set[code] === 1 && isSeparator(code)) return true;
  return false;
}

/** The fewest characters of a run a key spaced out needs: a quarter fewer when its alphabet holds separators (which the skeleton leaves out). */
export const spacedMinimum = (part: Extract<CataloguePart, { readonly alphabet: string }>): number => (holdsSeparator(part.alphabet) ? Math.floor((part.min * 3) / 4) : part.min);

/** What a row's body (after its prefix) holds, in characters. */
export interface BodyLengths {
  /** The shortest body written whole, its literals included. */
  readonly least: number;
  /** The longest body, its literals included. */
  readonly most: number;
  /** The shortest body's runs spaced out (see {@link spacedMinimum}), its literals left out. */
  readonly spacedLeast: number;
  /** Whether every run is of one fixed length. */
  readonly fixed: boolean;
}

/** The lengths of a row's body (see {@link BodyLengths}). */
export function bodyLengths(rule: CatalogueRule): BodyLengths {
  const runs = rule.body.filter((part) => 'alphabet' in part);
  const literals = rule.body.reduce((sum, part) => sum + ('literal' in part ? part.literal.length : 0), 0);
  return {
    least: literals + runs.reduce((sum, part) => sum + part.min, 0),
    most: literals + runs.reduce((sum, part) => sum + part.max, 0),
    spacedLeast: runs.reduce((sum, part) => sum + spacedMinimum(part), 0),
    fixed: runs.every((part) => part.min === part.max),
  };
}

/** The characters a spaced-out key puts between its own: a separator as folded ({@link isSeparator}: punctuation separators, white space, invisible characters), or half of an astral character. */
export const isSpacing = (code: number): boolean => (code >= 0xd800 && code <= 0xdfff) || isSeparator(fold(code));

/** What the catalogue's rows say of the keys that begin with one prefix as written. */
interface PrefixKeys {
  /**
   * The shortest key written whole (the prefix and the least body any of its rows takes): a value
   * shorter than that is no provider's key, so the provider's rule would leave it in clear
   * (crates.io's `cio` and 7 characters after `acmeToken=`, FC_SEED=771507485).
   */
  shortest: number;
  /** The one length of its keys when every row is of one fixed length (`AKIA` + 16), else Infinity. */
  fixed: number;
  /** The characters its rows' bodies are made of (folded ASCII), their literals' included. */
  readonly alphabet: Uint8Array;
}

/** For each catalogue prefix as written, what its rows say of its keys. */
const prefixKeys = new Map<string, PrefixKeys>();
/** For each catalogue prefix without its separators (`sk-ant-` is `skant`), the shortest key spaced out that begins with it (a class's minimum drops by a quarter once its own separators are left out). */
const shortestSpacedKey = new Map<string, number>();
// One walk of the catalogue fills both.
for (const rule of catalogue) {
  const { least, most, spacedLeast, fixed } = bodyLengths(rule);
  for (const prefix of rule.prefixes) {
    const entry = prefixKeys.get(prefix) ?? { shortest: Infinity, fixed: prefix.length + most, alphabet: new Uint8Array(128) };
    entry.shortest = Math.min(entry.shortest, prefix.length + least);
    entry.fixed = fixed && entry.fixed === prefix.length + most ? entry.fixed : Infinity;
    for (const part of rule.body) {
      if ('alphabet' in part) characterSet(part.alphabet).forEach((member, code) => (entry.alphabet[code] = entry.alphabet[code] === 1 || member === 1 ? 1 : 0));
      else for (const character of part.literal) if (character.charCodeAt(0) < 128) entry.alphabet[character.charCodeAt(0)] = 1;
    }
    prefixKeys.set(prefix, entry);
    const bare = skeletonOf(prefix);
    shortestSpacedKey.set(bare, Math.min(shortestSpacedKey.get(bare) ?? Infinity, bare.length + spacedLeast));
  }
}

/** Letters and digits: the alphabet a spaced-out prefix's key is read with (its row is not known). */
const alphanumeric: Uint8Array = characterSet('A-Za-z0-9');

/** The characters of the keys of the longest catalogue prefix `value` begins with (letters and digits when none: a spaced-out prefix's row is not known). */
export function providerAlphabet(value: string): Uint8Array {
  const prefix = cataloguePrefixes.find((candidate) => value.startsWith(candidate));
  return (prefix === undefined ? undefined : prefixKeys.get(prefix)?.alphabet) ?? alphanumeric;
}

/** The catalogue prefixes without their own separators (`sk-ant-` is `skant`, `SG.` is `SG`). */
const spacedPrefixes: readonly string[] = prefixSkeletons.filter((prefix) => prefix.length >= 2);
/** A spaced-out key has its first gap within this many characters. */
const EARLY_GAP = 6;

/**
 * Whether a value is another rule's to judge and type: it begins with a provider's prefix
 * (`fooToken = "ghp_…"`), a provider's prefix spaced out (`A-KIA-E23 G-P…`, which the provider's
 * rule follows across the gaps this rule stops at), or holds a URL (`credentials: postgres://…`) —
 * unless it is shorter than that provider's shortest key and no more of one can follow
 * (`goesOn` false, see {@link providerShortfall}): then this rule's.
 */
export function startsWithProviderPrefix(value: string, goesOn = true): boolean {
  const shortfall = providerShortfall(value);
  return shortfall === 0 || (shortfall > 0 && goesOn);
}

/** Where the run of spacing and `alphabet` characters (folded) from `from` in `value` ends (no alphabet known: the value's end). */
function alphabetRun(value: string, from: number, alphabet: Uint8Array | undefined): number {
  if (alphabet === undefined) return value.length;
  let index = from;
  for (; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const folded = fold(code);
    if (!isSpacing(code) && (folded >= 128 || alphabet[folded] !== 1)) break;
  }
  return index;
}

/**
 * How many key characters a value that begins with a provider's prefix lacks to be that
 * provider's shortest key (0: none, it is the provider's to judge as it is; a URL or a JWT's
 * `eyJ` too), or -1 when it is no provider's: it begins with no provider's prefix, or holds a
 * character outside every alphabet of the rows its prefix begins (`dapi` and capital hex).
 */
export function providerShortfall(value: string, spaced = false): number {
  if (value.includes('://')) return 0;
  // Written whole from its prefix on (`spaced`: counted as a key spaced out from here on would be,
  // its separators left out and its classes' shorter minimum).
  let shortfall = -1;
  let written = false;
  const skeleton = skeletonOf(value);
  for (const prefix of cataloguePrefixes) {
    if (!value.startsWith(prefix)) continue;
    written = true;
    // A character no row of that prefix has in its body before its shortest key ends (capital hex
    // after `dapi`), or a fixed-length format's run one long (`AKIA` and 17): not the provider's key
    // as written. What follows a whole key (`ghp_…&page=2`) is not judged here.
    const keys = prefixKeys.get(prefix);
    const run = alphabetRun(value, prefix.length, keys?.alphabet);
    if (run < value.length && run < (keys?.shortest ?? 0)) continue;
    if (run > (keys?.fixed ?? Infinity)) continue;
    const missing = spaced ? (shortestSpacedKey.get(skeletonOf(prefix)) ?? 0) - skeleton.length : (keys?.shortest ?? 0) - value.length;
    shortfall = Math.min(shortfall < 0 ? Infinity : shortfall, Math.max(0, missing));
  }
  if (written) return shortfall;
  let gap = 0;
  while (gap < value.length && gap < EARLY_GAP && !isSpacing(value.charCodeAt(gap))) gap += 1;
  if (gap >= EARLY_GAP || gap >= value.length) return -1;
  // A prefix spaced out (`A-KIA-E23 G-P…`): the provider's, whatever its length so far.
  const bare = skeleton.slice(0, 24);
  return spacedPrefixes.some((prefix) => bare.startsWith(prefix)) ? 0 : -1;
}
