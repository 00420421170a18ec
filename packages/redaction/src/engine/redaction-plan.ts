import { InvalidArgumentError } from '@parley/core';
import { afterEscapeMatcher } from '../detectors/after-escape-matcher';
import { allowCheck, checkRedactionOptions } from '../api/check-options';
import { builtInMatchers, builtInPatternRules, HIGH_ENTROPY } from '../rules/built-in-rules';
import { fold } from '../text/fold';
import type { Matcher } from './matcher';
import { midWordStarts } from '../judge/mid-word-keys';
import { compilePrefilter, type Prefilter } from './prefilter';
import { createRunVerdicts, type RunVerdicts } from './run-verdicts';
import type { RegexSecretRule } from '../user-rules/regex-rule';
import type { MidWordMatcher } from '../judge/mid-word-keys';
import { patternMatcher, patternRulesMatcher } from './pattern/pattern-matcher';
import type { SecretPattern } from './pattern/secret-pattern';

export type { CustomSecretRule, PatternSecretRule, RedactionOptions } from '../api/redaction-options';
import type { CustomSecretRule, PatternSecretRule, RedactionOptions } from '../api/redaction-options';

/** A compiled {@link RedactionOptions}: what the scanner runs on. */
export interface RedactionPlan {
  /** Matchers to try at a word start, by folded trigger character. */
  readonly atWordStart: ReadonlyArray<readonly Matcher[] | undefined>;
  /** Matchers to try at any position, by folded trigger character. */
  readonly anywhere: ReadonlyArray<readonly Matcher[] | undefined>;
  /** By folded character: {@link WORD_START_TRIGGER} and {@link ANYWHERE_TRIGGER} bits, so the scan skips the rest in one lookup. */
  readonly triggers: Uint8Array;
  readonly entropyThreshold: number;
  /** 0 turns the entropy rule off. */
  readonly entropyMinLength: number;
  readonly maxTokenLength: number;
  /** The pattern rules' matcher for keys glued inside a word, asked in every token run judged (see `midWordKeys`), and where they may begin. */
  readonly midWord: MidWordMatcher | undefined;
  readonly midWordStarts: Uint8Array | undefined;
  readonly isAllowed: (secret: string) => boolean;
  readonly placeholder: (type: string) => string;
  /** The native prefilter the scan skips ahead with; without it every character is walked (the reference path). */
  readonly prefilter: Prefilter | undefined;
  /** What runs met before were judged to hold (see `run-verdicts.ts`); this plan's alone. */
  readonly runVerdicts: RunVerdicts;
}

const TYPE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** Bit of {@link RedactionPlan.triggers}: some rule can start here at a word start. */
export const WORD_START_TRIGGER = 1;
/** Bit of {@link RedactionPlan.triggers}: some rule can start here anywhere. */
export const ANYWHERE_TRIGGER = 2;

function index(matchers: readonly Matcher[], anywhere: boolean): Array<Matcher[] | undefined> {
  // Dense (no holes), so lookups stay on the fast path.
  const table: Array<Matcher[] | undefined> = Array.from({ length: 128 }, () => undefined);
  for (const matcher of matchers) {
    if ((matcher.anywhere === true) !== anywhere) continue;
    for (const trigger of matcher.triggers) {
      const code = fold(trigger.charCodeAt(0));
      (table[code] ??= []).push(matcher);
    }
  }
  return table;
}

/**
 * The same plan without its prefilter: the scan walks every character, as the reference the
 * prefilter is tested against. Internal: not exported from the package.
 */
export const referencePlan = (plan: RedactionPlan): RedactionPlan => ({ ...plan, prefilter: undefined, runVerdicts: createRunVerdicts() });

/** The part of a plan that depends on the rules only: shared by every plan with the same rules. */
interface PlanPart {
  readonly matchers: readonly Matcher[];
  readonly atWordStart: ReadonlyArray<readonly Matcher[] | undefined>;
  readonly anywhere: ReadonlyArray<readonly Matcher[] | undefined>;
  readonly triggers: Uint8Array;
  readonly midWord: MidWordMatcher | undefined;
  readonly midWordStarts: Uint8Array | undefined;
}

function planPart(custom: readonly PatternSecretRule[], disabled: ReadonlySet<string>): PlanPart {
  // Every pattern rule (custom ones first) in one matcher: one trie walk per position, however many rules.
  const patternRules = [...custom, ...builtInPatternRules].filter((rule) => !disabled.has(rule.type));
  const others = builtInMatchers.filter((matcher) => !disabled.has(matcher.type));
  // The rules that may begin inside a word end a key's run where they find something (see `patternRulesMatcher`).
  const stops = others.filter((matcher) => matcher.anywhere === true);
  const patterns = patternRules.length === 0 ? undefined : patternRulesMatcher(patternRules, stops);
  const rules = patterns === undefined ? others : [patterns, ...others];
  // Keys glued inside a word (`abcghp_…`) are looked for in the token runs the scan judges.
  const midWord = patterns?.midWord;
  const atWordStart = index(rules, false);
  // Word-start rules also begin after a terminal colour code or a `\n` escape (see `afterEscapeMatcher`).
  const matchers = [...rules, afterEscapeMatcher(atWordStart)];
  const anywhere = index(matchers, true);
  const triggers = new Uint8Array(128);
  for (let code = 0; code < 128; code += 1) {
    triggers[code] = (atWordStart[code] === undefined ? 0 : WORD_START_TRIGGER) | (anywhere[code] === undefined ? 0 : ANYWHERE_TRIGGER);
  }
  return { matchers, atWordStart, anywhere, triggers, midWord, midWordStarts: midWord === undefined ? undefined : midWordStarts(midWord) };
}

// Building the catalogue's matcher (a trie of 150+ formats) costs tens of milliseconds, and a
// server builds a middleware per request: plans of the built-in rules share it, by the types
// turned off. Matchers hold no per-session state (every session of a middleware already shares
// its plan), so sharing across middlewares changes nothing but the cost. Bounded: a program
// uses a handful of `disable` lists, and a pathological one only rebuilds.
const MAX_SHARED_PARTS = 16;
const builtInParts = new Map<string, PlanPart>();
const prefilters = new WeakMap<readonly Matcher[], Map<number, Prefilter>>();

function builtInPlanPart(disabled: ReadonlySet<string>): PlanPart {
  const key = [...disabled].sort().join('\n');
  let part = builtInParts.get(key);
  if (part === undefined) {
    part = planPart([], disabled);
    if (builtInParts.size >= MAX_SHARED_PARTS) builtInParts.delete(builtInParts.keys().next().value as string);
    builtInParts.set(key, part);
  }
  return part;
}

function prefilterOf(matchers: readonly Matcher[], runLength: number): Prefilter {
  let byLength = prefilters.get(matchers);
  if (byLength === undefined) prefilters.set(matchers, (byLength = new Map()));
  let prefilter = byLength.get(runLength);
  if (prefilter === undefined) byLength.set(runLength, (prefilter = compilePrefilter(matchers, runLength)));
  return prefilter;
}

/** Compiles options once; every session of a middleware shares the plan. */
export function createRedactionPlan(given: RedactionOptions = {}): RedactionPlan {
  const options = checkRedactionOptions(given);
  const disabled = new Set(options.disable ?? []);
  // Regex rules run in the line layer (see `redactLines`), not in the scan.
  const custom = (options.rules ?? []).filter((rule): rule is PatternSecretRule => !('regex' in rule)).map((rule) => {
    if (typeof rule.type !== 'string' || !TYPE.test(rule.type)) {
      throw new InvalidArgumentError({ argument: 'rules', message: `A rule type must be upper-case letters, digits and _, such as "ACME_API_KEY"; got "${String(rule.type)}".` });
    }
    try {
      patternMatcher(rule.type, rule.pattern);
      return rule;
    } catch (error) {
      throw new InvalidArgumentError({ argument: 'rules', message: `The pattern of ${rule.type} must begin with literal(…).`, cause: error });
    }
  });
  const { matchers, atWordStart, anywhere, triggers, midWord, midWordStarts: midWordTable } = custom.length === 0 ? builtInPlanPart(disabled) : planPart(custom, disabled);
  const entropy = options.entropy === false || disabled.has(HIGH_ENTROPY) ? undefined : (options.entropy ?? {});
  const maxTokenLength = options.maxTokenLength ?? 1024;
  if (!Number.isInteger(maxTokenLength) || maxTokenLength < 64 || maxTokenLength > 65536) {
    throw new InvalidArgumentError({ argument: 'maxTokenLength', message: `maxTokenLength must be a whole number from 64 to 65536; got ${maxTokenLength}.` });
  }
  const isAllowed = allowCheck(options.allow);
  const entropyMinLength = entropy === undefined ? 0 : (entropy.minLength ?? 20);
  // Shorter token runs are never judged (nor split): the prefilter may pass over them. A run long
  // enough to hold a key inside a word is judged whatever the entropy rule's settings.
  const entropyRun = entropyMinLength > 0 ? Math.max(1, Math.min(Math.ceil(entropyMinLength), maxTokenLength)) : maxTokenLength;
  const runLength = midWord === undefined ? entropyRun : Math.min(entropyRun, midWord.shortest);
  return {
    atWordStart,
    anywhere,
    triggers,
    entropyThreshold: entropy?.threshold ?? 4.0,
    entropyMinLength,
    maxTokenLength,
    midWord,
    midWordStarts: midWordTable,
    prefilter: Number.isFinite(runLength) ? prefilterOf(matchers, runLength) : undefined,
    runVerdicts: createRunVerdicts(),
    isAllowed,
    placeholder: options.placeholder ?? ((type) => `<REDACTED:${type}>`),
  };
}
