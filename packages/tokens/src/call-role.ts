import type { RoleRegistry } from './role-registry';
import { foldRole } from './token-head';

/** At most this many words of a target are looked up one by one (a job title, `the cfo`). */
const maxWords = 16;
/** The longest run of adjacent words read as one role. */
const maxRunLength = 32;
/** The longest name a BLOCKED line gives a target the registry does not know. */
const maxNameLength = 32;

const letterOrDigit = /^[\p{L}\p{N}]$/u;

/** The letters and digits of `text`, lower case, in any script: what is left when spaces, punctuation and marks are read past. */
function squeeze(text: string): string {
  let out = '';
  for (const character of text.toLowerCase()) if (letterOrDigit.test(character)) out += character;
  return out;
}

/** The words of `text` (runs of letters and digits), lower case, the first {@link maxWords}. */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const character of text.toLowerCase()) {
    if (letterOrDigit.test(character)) word += character;
    else if (word !== '') {
      words.push(word);
      word = '';
      if (words.length >= maxWords) return words;
    }
  }
  if (word !== '') words.push(word);
  return words.slice(0, maxWords);
}

/** `name` as a role: a role token in any case, or an alias the registry resolves. */
function asRole(name: string, registry: RoleRegistry): string | undefined {
  if (registry.isRole(name)) return name;
  const lower = name.toLowerCase();
  if (registry.isRole(lower)) return lower;
  return name.trim() === '' ? undefined : registry.resolve(name);
}

/**
 * The role a call's target names, as a lenient reader routes it: the role folded as
 * {@link foldRole} does (compatibility forms, accents, look-alikes, invisible characters,
 * decorations, letters spelled apart), in any case, through the registry's aliases; then with every
 * space, punctuation mark and symbol read past (`c fo`, `cfo:`, `«cfo»`, `[cfo]`); then runs of
 * adjacent words read as one (`the cfo`, `the c ro`), then word by word and two words at a time
 * through the aliases (`Chief Finance Officer`). A role of `chain` wins over the registry at each step
 * after the first, so a loop is found whatever else the target says. `undefined` when no role fits.
 *
 * The validator, the guard (on every line, overlong ones too), the council and the chain option all
 * read a target through this one function, so what one reads as a call to a role, all do.
 *
 * @internal
 */
export function resolveCallRole(written: string, registry: RoleRegistry, chain: readonly string[] = []): string | undefined {
  const folded = foldRole(written);
  const direct = asRole(folded, registry);
  if (direct !== undefined) return direct;
  const squeezed = squeeze(folded);
  if (squeezed === '') return undefined;
  for (const member of chain) if (squeeze(member) === squeezed) return member;
  const whole = asRole(squeezed, registry);
  if (whole !== undefined) return whole;
  const words = wordsOf(folded);
  if (words.length < 2) return undefined;
  // Runs of adjacent words read as one (`the c ro`): a chain member first, then a role token.
  const members = chain.map(squeeze);
  let token: string | undefined;
  for (let first = 0; first < words.length; first += 1) {
    let run = '';
    for (let last = first; last < words.length && run.length <= maxRunLength; last += 1) {
      run += words[last] as string;
      const member = members.indexOf(run);
      if (member >= 0) return chain[member];
      if (token === undefined && registry.isRole(run)) token = run;
    }
  }
  if (token !== undefined) return token;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const pair = index + 1 < words.length ? asRole(`${word} ${words[index + 1] as string}`, registry) : undefined;
    const role = pair ?? asRole(word, registry);
    if (role !== undefined) return role;
  }
  return undefined;
}

/**
 * A call's target and question when no pipe parts them: the target ends at the first white space,
 * comma, colon, semicolon, slash, backslash or `>` (`[INVOKE:cfo:burn?]`, `[INVOKE:cfo burn?]`), and
 * the question is what follows those separators.
 *
 * @internal
 */
export function splitWithoutPipe(body: string): { readonly written: string; readonly question: string } {
  const from = body.length - body.trimStart().length;
  const separator = /[\s,:;/\\>\uFF1A\u2236]/u.exec(body.slice(from));
  if (separator === null) return { written: body, question: '' };
  return { written: body.slice(0, from + separator.index), question: body.slice(from + separator.index + 1).replace(/^[\s,:;/\\>]+/u, '') };
}

/**
 * A name for a target no role fits, for the BLOCKED line that replaces it in an isolation phase:
 * the target written as one lower-case word (`astrologer`, `data-science`), else its letters and
 * digits in any script, at most 32 of them, else `unknown`. It holds no bracket, pipe or space.
 *
 * @internal
 */
export function unknownRoleName(written: string): string {
  const lower = foldRole(written).toLowerCase();
  let plain = lower.length > 0 && lower.length <= maxNameLength;
  for (const character of lower) if (!((character >= 'a' && character <= 'z') || (character >= '0' && character <= '9') || character === '_' || character === '-')) plain = false;
  if (plain) return lower;
  // As written (not read as Latin), so a name in another script stays legible.
  const squeezed = [...squeeze(written.normalize('NFKC'))].slice(0, maxNameLength).join('');
  return squeezed === '' ? 'unknown' : squeezed;
}
