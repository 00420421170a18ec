import { InvalidArgumentError } from '@parley/core';
import { afterEscapeMatcher } from '../detectors/after-escape-matcher';
import { allowCheck, checkRedactionOptions } from './check-options';
import { builtInMatchers, builtInPatternRules, HIGH_ENTROPY } from '../rules/built-in-rules';
import type { Matcher } from '../engine/matcher';
import { type MidWordMatcher, midWordStarts } from '../judge/mid-word-keys';
import { compilePrefilter, type Prefilter } from '../engine/prefilter';
import { createRunVerdicts } from '../engine/run-verdicts';
import { indexMatchers, type RedactionPlan, triggerBits } from '../engine/redaction-plan';
import { type Finding, scan, startCursor } from '../engine/scan';
import { OTHER } from '../text/fold';
import { patternMatcher, type PatternRule, patternRulesMatcher } from '../engine/pattern/pattern-matcher';
import type { PatternSecretRule, RedactionOptions } from './redaction-options';

const TYPE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The part of a plan that depends on the rules only: shared by every plan with the same rules. */
interface PlanPart {
  readonly matchers: readonly Matcher[];
  readonly atWordStart: ReadonlyArray<readonly Matcher[] | undefined>;
  readonly anywhere: ReadonlyArray<readonly Matcher[] | undefined>;
  readonly triggers: Uint8Array;
  readonly midWord: MidWordMatcher | undefined;
  readonly midWordStarts: Uint8Array | undefined;
}

/** Keys longer than this are judged each time: rare, and a memo of them would hold much text. */
const MAX_REMEMBERED_KEY = 256;
/** Verdicts a plan part keeps before it starts over (at most about half a megabyte of keys). */
const MAX_REMEMBERED_KEYS = 1024;

/**
 * The built-in rows with a bounded memo of their `accept` verdicts, shared by the rows of one plan
 * part. A row's judge is a pure function of the key and whether it was spaced out, and costs
 * microseconds (checksum, skew, the pattern judge); a log repeats its keys (the same token quoted,
 * a session replayed), and a key met again is answered from here. Custom rules stay as they are.
 */
function rememberingVerdicts(rules: readonly PatternRule[]): PatternRule[] {
  const kept = new Map<string, boolean>();
  return rules.map((rule, index) => {
    const { accept } = rule;
    if (accept === undefined) return rule;
    return {
      ...rule,
      accept: (key, separated) => {
        if (key.length > MAX_REMEMBERED_KEY) return accept(key, separated);
        const id = `${index}${separated ? '+' : '-'}${key}`;
        let verdict = kept.get(id);
        if (verdict === undefined) {
          verdict = accept(key, separated);
          if (kept.size >= MAX_REMEMBERED_KEYS) kept.clear();
          // Kept as a copy of its own: `key` is a slice of the scanned text, which it would keep alive.
          kept.set(` ${id}`.slice(1), verdict);
        }
        return verdict;
      },
    };
  });
}

function planPart(custom: readonly PatternSecretRule[], disabled: ReadonlySet<string>): PlanPart {
  // Every pattern rule (custom ones first) in one matcher: one trie walk per position, however many rules.
  const patternRules = [...custom, ...rememberingVerdicts(builtInPatternRules)].filter((rule) => !disabled.has(rule.type));
  const others = builtInMatchers.filter((matcher) => !disabled.has(matcher.type));
  // The rules that may begin inside a word end a key's run where they find something (see `patternRulesMatcher`).
  const stops = others.filter((matcher) => matcher.anywhere === true);
  const patterns = patternRules.length === 0 ? undefined : patternRulesMatcher(patternRules, stops);
  const rules = patterns === undefined ? others : [patterns, ...others];
  // Keys glued inside a word (`abcghp_…`) are looked for in the token runs the scan judges.
  const midWord = patterns?.midWord;
  const atWordStart = indexMatchers(rules, false);
  // Word-start rules also begin after a terminal colour code or a `\n` escape (see `afterEscapeMatcher`).
  const matchers = [...rules, afterEscapeMatcher(atWordStart)];
  const anywhere = indexMatchers(matchers, true);
  return { matchers, atWordStart, anywhere, triggers: triggerBits(atWordStart, anywhere), midWord, midWordStarts: midWord === undefined ? undefined : midWordStarts(midWord) };
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

/**
 * Compiles options once into the plan the engine's scan runs on (the built-in rules, your pattern
 * rules and the detectors, by trigger); every session of a middleware shares the plan.
 */
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
  const plan: RedactionPlan = {
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
    holdsSecret: (text) => {
      const findings: Finding[] = [];
      scan(text, startCursor(OTHER), true, plan, findings);
      return findings.length > 0;
    },
  };
  return plan;
}
