import { expectString, InvalidArgumentError } from '@parley/core';

/** The query patterns of the negotiation protocol, and the caller's own. */
export type TriagePattern =
  | 'comparative'
  | 'cross-domain'
  | 'ambiguous-scope'
  | 'synthesis'
  | 'multi-faceted'
  | 'single-lookup'
  | 'error-code'
  | 'simple-definition'
  | 'direct'
  | (string & {});

/** Whether to negotiate, the pattern that decided it, and why. */
export interface TriageResult {
  readonly negotiate: boolean;
  readonly pattern: TriagePattern;
  readonly reason: string;
}

/** A rule of your own, tried before the built-in ones. */
export interface TriageRule {
  readonly pattern: TriagePattern;
  readonly negotiate: boolean;
  readonly reason: string;
  readonly test: (query: string) => boolean;
}

/** Whether `lower` contains `phrase` as whole words (Chinese phrases: anywhere). */
function has(lower: string, phrase: string): boolean {
  if ([...phrase].some((character) => character.charCodeAt(0) > 127)) return lower.includes(phrase);
  for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
    const before = lower[at - 1] ?? ' ';
    const after = lower[at + phrase.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
  }
  return false;
}

const hasAny = (lower: string, phrases: readonly string[]): boolean => phrases.some((phrase) => has(lower, phrase));

/** An error code such as `E0382`, `TS2345`, `ERR_REQUIRE_ESM` or `ORA-00942`. */
function errorCode(query: string): boolean {
  return query.split(/[\s,;:()"'`]+/).some((word) => /^(?:[A-Z]{1,4}-?\d{3,5}|ERR_[A-Z_]{3,40})$/.test(word));
}

const comparative = ['compare', 'comparison', 'versus', 'vs', 'vs.', 'difference between', 'differences between', 'better than', 'pros and cons', 'trade-offs', 'tradeoffs', '比较', '对比', '区别', '哪个更好', '还是'];
const domainContext = ['in my', 'in our', 'for my', 'for our', 'in production', 'system', 'service', 'codebase', 'pipeline', '在我的', '在我们的', '系统', '项目'];
const synthesis = ['best practices', 'best practice', 'recommendations', 'recommended way', 'guidelines', 'idiomatic way', 'state of the art', '最佳实践', '建议', '推荐'];
const multiFaceted = ['how to design', 'how should i design', 'how do i design', 'design a', 'architecture for', 'architect', 'approaches to', 'strategy for', 'how to structure', '如何设计', '怎么设计', '架构', '方案'];
const singleLookup = ['latest version', 'current version', 'newest version', 'release date', 'when was', 'who maintains', 'license of', '最新版本', '当前版本', '发布日期'];
const definition = ['what is', "what's", 'what are', 'define', 'definition of', 'meaning of', 'what does', '什么是', '是什么', '的定义'];

/** `options.rules`, checked: an array of `{ pattern, negotiate, reason, test }` (a sparse array's holes are refused too). */
function readRules(options: unknown): readonly TriageRule[] {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new InvalidArgumentError({ argument: 'options', message: 'triage takes an options object, such as { rules: [...] }' });
  const rules = (options as { rules?: unknown }).rules;
  if (rules === undefined) return [];
  if (!Array.isArray(rules)) throw new InvalidArgumentError({ argument: 'rules', message: 'rules must be an array of { pattern, negotiate, reason, test }' });
  for (let index = 0; index < rules.length; index += 1) {
    const rule: unknown = rules[index];
    const fields = rule !== null && typeof rule === 'object' ? (rule as Record<string, unknown>) : undefined;
    if (fields === undefined || typeof fields['pattern'] !== 'string' || typeof fields['negotiate'] !== 'boolean' || typeof fields['reason'] !== 'string' || typeof fields['test'] !== 'function') {
      throw new InvalidArgumentError({ argument: `rules[${index}]`, message: `rules[${index}] must be { pattern: string, negotiate: boolean, reason: string, test: (query) => boolean }` });
    }
  }
  return rules as readonly TriageRule[];
}

/**
 * Decides whether a query needs negotiation, with the protocol's patterns: comparative,
 * cross-domain, ambiguous scope, synthesis and multi-faceted queries negotiate; single lookups,
 * error codes and simple definitions do not. Rules are explainable keyword checks, English and
 * Chinese; `rules` are tried first.
 *
 * @example
 * ```ts
 * import { triage } from '@parley/negotiation';
 *
 * console.log(JSON.stringify(triage('Compare tokio and async-std for web servers'))); // {"negotiate":true,"pattern":"comparative","reason":"needs data from more than one source"}
 * ```
 */
export function triage(query: string, options: { readonly rules?: readonly TriageRule[] } = {}): TriageResult {
  expectString(query, 'query');
  for (const rule of readRules(options)) {
    if (rule.test(query)) return { negotiate: rule.negotiate, pattern: rule.pattern, reason: rule.reason };
  }
  const lower = query.toLowerCase().trim();
  const words = lower.split(/\s+/).filter((word) => word.length > 0);
  if (hasAny(lower, comparative)) return { negotiate: true, pattern: 'comparative', reason: 'needs data from more than one source' };
  if (errorCode(query) && hasAny(lower, domainContext)) return { negotiate: true, pattern: 'cross-domain', reason: 'needs both the technical meaning and the domain context' };
  if (hasAny(lower, synthesis)) return { negotiate: true, pattern: 'synthesis', reason: 'needs findings aggregated from several sources' };
  if (hasAny(lower, multiFaceted)) return { negotiate: true, pattern: 'multi-faceted', reason: 'has several valid approaches' };
  if (hasAny(lower, singleLookup)) return { negotiate: false, pattern: 'single-lookup', reason: 'has one direct answer' };
  if (errorCode(query)) return { negotiate: false, pattern: 'error-code', reason: 'an error code has a defined meaning' };
  if (hasAny(lower, definition) && words.length <= 8) return { negotiate: false, pattern: 'simple-definition', reason: 'a factual lookup' };
  const question = /[?？]$/.test(lower) || hasAny(lower, ['how', 'why', 'what', 'which', 'when', 'where', 'who', 'can', 'should', 'is', 'does', '吗', '怎么', '为什么']);
  if (!question && words.length > 0 && words.length <= 4) return { negotiate: true, pattern: 'ambiguous-scope', reason: 'it is unclear which aspect to look at' };
  return { negotiate: false, pattern: 'direct', reason: 'no negotiation trigger matched' };
}
