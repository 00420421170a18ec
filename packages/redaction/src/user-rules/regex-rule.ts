import { translateGoRegex } from './go-regex';
import { InvalidRuleError } from './invalid-rule-error';
import { superLinearReason } from './regex-safety';

/** When a finding of a {@link RegexSecretRule} is left alone, as a gitleaks `[rules.allowlist]` says. */
export interface RegexRuleAllowlist {
  /** Patterns (RE2 syntax as a string, or a `RegExp`); a finding whose target one matches is left alone. */
  readonly regexes?: ReadonlyArray<string | RegExp>;
  /** What `regexes` are tested against: the secret (default), the whole match, or the line. */
  readonly regexTarget?: 'secret' | 'match' | 'line';
  /** Words (any case) that leave a finding alone when its secret contains one. */
  readonly stopwords?: readonly string[];
  /** `"OR"` (default): any check leaves the finding alone; `"AND"`: every check given must. */
  readonly condition?: 'OR' | 'AND';
}

/**
 * A rule as gitleaks writes it: a regular expression matched line by line. A string `regex` is
 * read as Go's RE2 syntax (translated, see the README); a `RegExp` is used as it is.
 */
export interface RegexSecretRule {
  /** Upper-case type shown in the placeholder, such as `"ACME_API_KEY"`. */
  readonly type: string;
  /** Names the rule in errors (a gitleaks `id`); the type when left out. */
  readonly id?: string;
  readonly regex: string | RegExp;
  /** A line is searched only from the first of these (any case); without keywords, every line is held whole. */
  readonly keywords?: readonly string[];
  /** The capture group that is the secret; default the first group that matched something, else the whole match. */
  readonly secretGroup?: number;
  /** Shannon entropy (bits per character) the secret must exceed. */
  readonly entropy?: number;
  readonly allow?: RegexRuleAllowlist | readonly RegexRuleAllowlist[];
}

interface CompiledAllowlist {
  readonly regexes: readonly RegExp[];
  readonly target: 'secret' | 'match' | 'line';
  readonly stopwords: readonly string[];
  readonly every: boolean;
}

/** A checked {@link RegexSecretRule}, ready to run on lines. */
export interface CompiledRegexRule {
  readonly type: string;
  /** With the `g` and `d` flags. */
  readonly regex: RegExp;
  /** Lower case; empty when every line is searched. */
  readonly keywords: readonly string[];
  readonly secretGroup: number | undefined;
  readonly entropy: number | undefined;
  readonly allowlists: readonly CompiledAllowlist[];
}

const TYPE = /^[A-Z][A-Z0-9_]{0,63}$/u;
const ruleFields = new Set(['type', 'id', 'regex', 'keywords', 'secretGroup', 'entropy', 'allow']);
const allowlistFields = new Set(['regexes', 'regexTarget', 'stopwords', 'condition']);

/** Compiles a user's pattern (RE2 string or `RegExp`), refusing ones that could backtrack super-linearly. */
export function compileUserRegex(pattern: unknown, rule: string, field: string, extraFlags: string): RegExp {
  let source: string;
  let flags: string;
  if (pattern instanceof RegExp) {
    source = pattern.source;
    flags = pattern.flags.replaceAll(/[dgy]/gu, '');
  } else if (typeof pattern === 'string' && pattern !== '') {
    const translated = translateGoRegex(pattern);
    if ('problem' in translated) throw new InvalidRuleError({ rule, field, problem: translated.problem });
    ({ source, flags } = translated);
  } else {
    throw new InvalidRuleError({ rule, field, problem: `must be a non-empty regular expression (a string in RE2 syntax or a RegExp); got ${describe(pattern)}` });
  }
  let regex: RegExp;
  try {
    regex = new RegExp(source, flags + extraFlags);
  } catch (error) {
    throw new InvalidRuleError({ rule, field, problem: `is not a valid regular expression (${(error as Error).message})`, cause: error });
  }
  const reason = superLinearReason(source, flags);
  if (reason !== undefined) throw new InvalidRuleError({ rule, field, problem: reason });
  return regex;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

function stringList(value: unknown, rule: string, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    throw new InvalidRuleError({ rule, field, problem: `must be a list of non-empty strings; got ${describe(value)}` });
  }
  return value as string[];
}

function compileAllowlist(value: unknown, rule: string, field: string): CompiledAllowlist {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidRuleError({ rule, field, problem: `must be a table of regexes, regexTarget, stopwords and condition; got ${describe(value)}` });
  }
  for (const key of Object.keys(value)) {
    if (!allowlistFields.has(key)) throw new InvalidRuleError({ rule, field: `${field}.${key}`, problem: `is not a field this allowlist knows (${[...allowlistFields].join(', ')})` });
  }
  const allowlist = value as RegexRuleAllowlist;
  const regexes = allowlist.regexes ?? [];
  if (!Array.isArray(regexes)) throw new InvalidRuleError({ rule, field: `${field}.regexes`, problem: `must be a list of regular expressions; got ${describe(regexes)}` });
  const target = allowlist.regexTarget ?? 'secret';
  if (target !== 'secret' && target !== 'match' && target !== 'line') {
    throw new InvalidRuleError({ rule, field: `${field}.regexTarget`, problem: `must be "secret", "match" or "line"; got ${describe(target)}` });
  }
  const condition = allowlist.condition ?? 'OR';
  if (typeof condition !== 'string' || (condition.toUpperCase() !== 'OR' && condition.toUpperCase() !== 'AND')) {
    throw new InvalidRuleError({ rule, field: `${field}.condition`, problem: `must be "OR" or "AND"; got ${describe(condition)}` });
  }
  return {
    regexes: regexes.map((pattern, index) => compileUserRegex(pattern, rule, `${field}.regexes[${index}]`, '')),
    target,
    stopwords: stringList(allowlist.stopwords, rule, `${field}.stopwords`).map((word) => word.toLowerCase()),
    every: condition.toUpperCase() === 'AND',
  };
}

/** Checks and compiles a {@link RegexSecretRule}; throws {@link InvalidRuleError} naming the rule and the field. */
export function compileRegexRule(rule: RegexSecretRule): CompiledRegexRule {
  const name = typeof rule.id === 'string' ? rule.id : typeof rule.type === 'string' ? rule.type : '?';
  for (const key of Object.keys(rule)) {
    if (!ruleFields.has(key)) throw new InvalidRuleError({ rule: name, field: key, problem: `is not a field of a regex rule (${[...ruleFields].join(', ')})` });
  }
  if (typeof rule.type !== 'string' || !TYPE.test(rule.type)) {
    throw new InvalidRuleError({ rule: name, field: 'type', problem: `must be upper-case letters, digits and _, such as "ACME_API_KEY"; got ${describe(rule.type)}` });
  }
  const regex = compileUserRegex(rule.regex, name, 'regex', 'gd');
  const groups = (new RegExp(`${regex.source}|`, regex.flags.replaceAll(/[dgy]/gu, '')).exec('') as RegExpExecArray).length - 1;
  const { secretGroup, entropy } = rule;
  if (secretGroup !== undefined && (!Number.isInteger(secretGroup) || secretGroup < 0 || secretGroup > groups)) {
    throw new InvalidRuleError({ rule: name, field: 'secretGroup', problem: `must be a group of the regex, 0 to ${groups}; got ${String(secretGroup)}` });
  }
  if (entropy !== undefined && (typeof entropy !== 'number' || !Number.isFinite(entropy) || entropy < 0 || entropy > 16)) {
    throw new InvalidRuleError({ rule: name, field: 'entropy', problem: `must be a number of bits per character from 0 to 16; got ${String(entropy)}` });
  }
  const keywords = stringList(rule.keywords, name, 'keywords').map((keyword) => keyword.toLowerCase());
  const allow = rule.allow === undefined ? [] : Array.isArray(rule.allow) ? rule.allow : [rule.allow];
  const allowlists = (allow as unknown[]).map((item, index) => compileAllowlist(item, name, allow === rule.allow ? `allow[${index}]` : 'allow'));
  return { type: rule.type, regex, keywords, secretGroup, entropy, allowlists };
}

function entropyOf(text: string): number {
  const counts = new Map<number, number>();
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

const anyMatches = (patterns: readonly RegExp[], target: string): boolean =>
  patterns.some((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(target);
  });

/** `lineResults` caches each allowlist's answer for the line, which is the same for every finding on it. */
function isAllowed(allowlist: CompiledAllowlist, index: number, secret: string, match: string, line: string, lineResults: Array<boolean | undefined>): boolean {
  const checks: boolean[] = [];
  if (allowlist.regexes.length > 0) {
    if (allowlist.target === 'line') checks.push((lineResults[index] ??= anyMatches(allowlist.regexes, line)));
    else checks.push(anyMatches(allowlist.regexes, allowlist.target === 'secret' ? secret : match));
  }
  if (allowlist.stopwords.length > 0) {
    const lowered = secret.toLowerCase();
    checks.push(allowlist.stopwords.some((word) => lowered.includes(word)));
  }
  if (checks.length === 0) return false;
  return allowlist.every ? checks.every(Boolean) : checks.some(Boolean);
}

/** A finding of a regex rule, in the offsets of the text searched. */
export interface RegexFinding {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Runs `rule` over `line` (a line's text without its terminator) from `from` on, and appends
 * the secrets it finds that no allowlist, and not `isAllowed`, leaves alone.
 */
export function findRegexSecrets(
  rule: CompiledRegexRule,
  line: string,
  from: number,
  isAllowedSecret: (secret: string) => boolean,
  findings: RegexFinding[],
): void {
  const { regex } = rule;
  const lineResults: Array<boolean | undefined> = [];
  regex.lastIndex = from;
  for (let match = regex.exec(line); match !== null; match = regex.exec(line)) {
    if (match[0] === '') {
      regex.lastIndex += 1;
      continue;
    }
    let group = rule.secretGroup;
    if (group === undefined) {
      group = 0;
      for (let index = 1; index < match.length; index += 1) {
        if (match[index] !== undefined && match[index] !== '') {
          group = index;
          break;
        }
      }
    }
    const range = match.indices?.[group];
    if (range === undefined || range[0] === range[1]) continue;
    const secret = line.slice(range[0], range[1]);
    if (rule.entropy !== undefined && entropyOf(secret) <= rule.entropy) continue;
    if (rule.allowlists.some((allowlist, index) => isAllowed(allowlist, index, secret, match[0], line, lineResults))) continue;
    if (isAllowedSecret(secret)) continue;
    findings.push({ type: rule.type, start: range[0], end: range[1] });
  }
}
