import { InvalidRuleError } from './invalid-rule-error';
import { compileRegexRule, compileUserRegex, type RegexRuleAllowlist, type RegexSecretRule } from './regex-rule';

/** A gitleaks `[[rules.allowlists]]` (or `[rules.allowlist]`, or a global `[[allowlists]]`) table, as a TOML parser returns it. */
export interface GitleaksAllowlist {
  /** Global allowlists only: the ids of the rules it is for (it then works as theirs, any `regexTarget`). */
  readonly targetRules?: readonly string[];
  readonly description?: string;
  readonly regexes?: readonly string[];
  readonly regexTarget?: 'secret' | 'match' | 'line';
  readonly stopwords?: readonly string[];
  readonly condition?: 'OR' | 'AND';
  /** Ignored: a stream has no path or commit (so nothing is let through by them). */
  readonly paths?: readonly string[];
  readonly commits?: readonly string[];
}

/** A gitleaks `[[rules]]` table, as a TOML parser returns it. */
export interface GitleaksRule {
  readonly id: string;
  readonly description?: string;
  readonly regex: string;
  readonly secretGroup?: number;
  readonly entropy?: number;
  readonly keywords?: readonly string[];
  /** Ignored (streams have no paths): the rule applies everywhere. */
  readonly path?: string;
  readonly tags?: readonly string[];
  readonly allowlist?: GitleaksAllowlist;
  readonly allowlists?: readonly GitleaksAllowlist[];
}

/** A parsed gitleaks config (`.gitleaks.toml`): its rules and its global allowlist. */
export interface GitleaksConfig {
  readonly title?: string;
  readonly rules?: readonly GitleaksRule[];
  readonly allowlist?: GitleaksAllowlist;
  readonly allowlists?: readonly GitleaksAllowlist[];
  /** Ignored: Parley's own catalogue stands in for gitleaks' default rules. */
  readonly extend?: unknown;
}

/** What {@link rulesFromGitleaksConfig} returns: spread it into the options of `redactSecretsStream`. */
export interface GitleaksRules {
  /** One regex rule per gitleaks rule; its type is the id in upper snake case (`acme-api-key` is `ACME_API_KEY`). */
  readonly rules: RegexSecretRule[];
  /** The global allowlist: its regexes, and one pattern for its stopwords (any case). */
  readonly allow: RegExp[];
}

const configFields = new Set(['title', 'rules', 'allowlist', 'allowlists', 'extend', 'description', 'minVersion']);
const ruleFields = new Set(['id', 'description', 'regex', 'secretGroup', 'entropy', 'keywords', 'path', 'tags', 'allowlist', 'allowlists']);
const allowlistFields = new Set(['description', 'regexes', 'regexTarget', 'stopwords', 'condition', 'paths', 'commits']);

const isTable = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeLiteral = (text: string): string => text.replaceAll(/[$()*+.?[\\\]^{|}/-]/gu, (character) => `\\${character}`);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

/** `acme-api-key` → `ACME_API_KEY`; a leading digit gets `RULE_`. */
function typeOf(id: string): string {
  const type = id.toUpperCase().replaceAll(/[^A-Z0-9]+/gu, '_').replaceAll(/^_|_$/gu, '');
  return (/^[A-Z]/u.test(type) ? type : `RULE_${type}`).slice(0, 64);
}

function allowlistOf(value: unknown, rule: string, field: string): RegexRuleAllowlist {
  if (!isTable(value)) throw new InvalidRuleError({ rule, field, problem: `must be a table; got ${describe(value)}` });
  for (const key of Object.keys(value)) {
    if (!allowlistFields.has(key)) throw new InvalidRuleError({ rule, field: `${field}.${key}`, problem: `is not a gitleaks allowlist field (${[...allowlistFields].join(', ')})` });
  }
  const { regexes, regexTarget, stopwords, condition } = value;
  const upper = typeof condition === 'string' ? condition.toUpperCase() : condition;
  return {
    ...(regexes === undefined ? {} : { regexes: regexes as string[] }),
    ...(regexTarget === undefined ? {} : { regexTarget: regexTarget as 'secret' }),
    ...(stopwords === undefined ? {} : { stopwords: stopwords as string[] }),
    ...(upper === undefined ? {} : { condition: upper as 'OR' }),
  };
}

/** A rule's allowlists, and the gitleaks name of each (`allowlist`, `allowlists[0]`, …) for errors. */
function allowlistsOf(table: Record<string, unknown>, rule: string): { list: RegexRuleAllowlist[]; names: string[] } {
  const list: RegexRuleAllowlist[] = [];
  const names: string[] = [];
  if (table.allowlist !== undefined) {
    list.push(allowlistOf(table.allowlist, rule, 'allowlist'));
    names.push('allowlist');
  }
  if (table.allowlists !== undefined) {
    if (!Array.isArray(table.allowlists)) throw new InvalidRuleError({ rule, field: 'allowlists', problem: `must be an array of tables; got ${describe(table.allowlists)}` });
    table.allowlists.forEach((item, index) => {
      list.push(allowlistOf(item, rule, `allowlists[${index}]`));
      names.push(`allowlists[${index}]`);
    });
  }
  return { list, names };
}

/**
 * Maps a parsed gitleaks config (read the TOML with any parser) to regex rules and an allow list
 * for `redactSecretsStream`, checking every rule as `redactSecretsStream` would: a bad rule throws
 * {@link InvalidRuleError} naming its id, the field and the problem. Fields that only make sense
 * for files in a repository (`path`, allowlist `paths` and `commits`, `tags`, `[extend]`) are
 * accepted and ignored, which never lets more through.
 *
 * @example
 * ```ts
 * import { applyText } from '@parley/core';
 * import { redactSecretsStream, rulesFromGitleaksConfig } from '@parley/redaction';
 * import { parse } from 'smol-toml';
 *
 * // In a project: parse(await readFile('.gitleaks.toml', 'utf8')).
 * const toml = ['[[rules]]', 'id = "acme-key"', 'regex = \'\'\'acme_[a-z0-9]{16}\'\'\'', 'keywords = ["acme_"]'].join('\n');
 * const { rules, allow } = rulesFromGitleaksConfig(parse(toml));
 * const redactor = redactSecretsStream({ rules, allow });
 * console.log(applyText(redactor, 'key acme_0123456789abcdef ok')); // key <REDACTED:ACME_KEY> ok
 * ```
 */
export function rulesFromGitleaksConfig(config: unknown): GitleaksRules {
  if (!isTable(config)) throw new InvalidRuleError({ rule: '', field: 'config', problem: `must be a table of rules; got ${describe(config)}` });
  for (const key of Object.keys(config)) {
    if (!configFields.has(key)) throw new InvalidRuleError({ rule: '', field: key, problem: `is not a gitleaks config field (${[...configFields].join(', ')})` });
  }
  const rawRules = config.rules ?? [];
  if (!Array.isArray(rawRules)) throw new InvalidRuleError({ rule: '', field: 'rules', problem: `must be an array of [[rules]] tables; got ${describe(rawRules)}` });
  // Global allowlists: for every rule, or (with targetRules) for the rules they name.
  const global: Array<{ readonly list: RegexRuleAllowlist; readonly field: string; readonly targets: readonly string[] | undefined }> = [];
  const addGlobal = (value: unknown, field: string): void => {
    const { targetRules, ...rest } = isTable(value) ? value : { targetRules: undefined };
    if (targetRules !== undefined && (!Array.isArray(targetRules) || targetRules.some((id) => typeof id !== 'string'))) {
      throw new InvalidRuleError({ rule: '', field: `${field}.targetRules`, problem: `must be a list of rule ids; got ${describe(targetRules)}` });
    }
    global.push({ list: allowlistOf(isTable(value) ? rest : value, '', field), field, targets: targetRules as string[] | undefined });
  };
  if (config.allowlist !== undefined) addGlobal(config.allowlist, 'allowlist');
  if (config.allowlists !== undefined) {
    if (!Array.isArray(config.allowlists)) throw new InvalidRuleError({ rule: '', field: 'allowlists', problem: `must be an array of tables; got ${describe(config.allowlists)}` });
    config.allowlists.forEach((item, index) => addGlobal(item, `allowlists[${index}]`));
  }
  const seen = new Set<string>();
  const rules = rawRules.map((raw: unknown, index): RegexSecretRule => {
    if (!isTable(raw)) throw new InvalidRuleError({ rule: `#${index + 1}`, field: 'rules', problem: `must be a table; got ${describe(raw)}` });
    const id = raw.id;
    if (typeof id !== 'string' || id === '') throw new InvalidRuleError({ rule: `#${index + 1}`, field: 'id', problem: `must be a non-empty string; got ${describe(id)}` });
    if (seen.has(id)) throw new InvalidRuleError({ rule: id, field: 'id', problem: 'is used by an earlier rule too' });
    seen.add(id);
    for (const key of Object.keys(raw)) {
      if (key === 'required' || key === 'skipReport') throw new InvalidRuleError({ rule: id, field: key, problem: 'composite rules are not supported; write the rule as one regex' });
      if (!ruleFields.has(key)) throw new InvalidRuleError({ rule: id, field: key, problem: `is not a gitleaks rule field (${[...ruleFields].join(', ')})` });
    }
    if (raw.regex === undefined) throw new InvalidRuleError({ rule: id, field: 'regex', problem: 'is missing (a rule with only a path has nothing to match in a stream)' });
    const { list: allow, names } = allowlistsOf(raw, id);
    for (const entry of global) {
      if (entry.targets?.includes(id) !== true) continue;
      allow.push(entry.list);
      names.push(entry.field);
    }
    const rule: RegexSecretRule = {
      type: typeOf(id),
      id,
      regex: raw.regex as string,
      ...(raw.keywords === undefined ? {} : { keywords: raw.keywords as string[] }),
      ...(raw.secretGroup === undefined ? {} : { secretGroup: raw.secretGroup as number }),
      ...(raw.entropy === undefined ? {} : { entropy: raw.entropy as number }),
      ...(allow.length === 0 ? {} : { allow }),
    };
    try {
      compileRegexRule(rule);
    } catch (error) {
      // Name the allowlist as the config does (`allowlists[1].stopwords`, not `allow[1].stopwords`).
      if (!InvalidRuleError.isInstance(error)) throw error;
      const field = error.field.replace(/^allow\[(\d+)\]/u, (_, index: string) => names[Number(index)] ?? 'allowlist');
      throw new InvalidRuleError({ rule: id, field, problem: error.problem, cause: error.cause });
    }
    return rule;
  });
  const allow: RegExp[] = [];
  for (const { list, field, targets } of global) {
    if (targets !== undefined) {
      const unknown = targets.find((id) => !seen.has(id));
      if (unknown !== undefined) throw new InvalidRuleError({ rule: '', field: `${field}.targetRules`, problem: `names no rule of this config: "${unknown}"` });
      continue;
    }
    if ((list.regexTarget ?? 'secret') !== 'secret') throw new InvalidRuleError({ rule: '', field: `${field}.regexTarget`, problem: 'a global allowlist is tested against the secret only; move it into the rules it is for' });
    if (list.condition !== undefined && list.condition !== 'OR' && list.condition !== 'AND') {
      throw new InvalidRuleError({ rule: '', field: `${field}.condition`, problem: `must be "OR" or "AND"; got ${describe(list.condition)}` });
    }
    if (list.condition === 'AND') throw new InvalidRuleError({ rule: '', field: `${field}.condition`, problem: '"AND" is supported in a rule\'s allowlist only' });
    if (list.regexes !== undefined && !Array.isArray(list.regexes)) throw new InvalidRuleError({ rule: '', field: `${field}.regexes`, problem: `must be a list of regular expressions; got ${describe(list.regexes)}` });
    (list.regexes ?? []).forEach((pattern, at) => allow.push(compileUserRegex(pattern, '', `${field}.regexes[${at}]`, '')));
    const stopwords = list.stopwords ?? [];
    if (!Array.isArray(stopwords) || stopwords.some((word) => typeof word !== 'string' || word === '')) {
      throw new InvalidRuleError({ rule: '', field: `${field}.stopwords`, problem: `must be a list of non-empty strings; got ${describe(stopwords)}` });
    }
    if (stopwords.length > 0) allow.push(new RegExp(stopwords.map(escapeLiteral).join('|'), 'i'));
  }
  return { rules, allow };
}
