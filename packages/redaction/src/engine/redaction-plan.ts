import { fold } from '../text/fold';
import type { Matcher } from './matcher';
import type { Prefilter } from './prefilter';
import { createRunVerdicts, type RunVerdicts } from './run-verdicts';
import type { MidWordMatcher } from '../judge/mid-word-keys';

/**
 * What the scanner runs on: matchers by trigger and the settings of the run judge. The engine
 * knows no rule: the plan is built above it (`createRedactionPlan` in api/) from the rules, the
 * detectors and the options, and passed in.
 */
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
  /**
   * Whether this plan's rules find a secret in `text`, read whole: how the entropy rule judges
   * what a base64 run encodes (`judge/encodes-no-secret.ts`) by the same rules as the input.
   */
  readonly holdsSecret: (text: string) => boolean;
}

/** Bit of {@link RedactionPlan.triggers}: some rule can start here at a word start. */
export const WORD_START_TRIGGER = 1;
/** Bit of {@link RedactionPlan.triggers}: some rule can start here anywhere. */
export const ANYWHERE_TRIGGER = 2;

/** Matchers by folded trigger character: those that begin at a word start, or (`anywhere`) those that may begin inside a word. */
export function indexMatchers(matchers: readonly Matcher[], anywhere: boolean): Array<Matcher[] | undefined> {
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

/** The {@link RedactionPlan.triggers} table of two {@link indexMatchers} tables. */
export function triggerBits(atWordStart: ReadonlyArray<readonly Matcher[] | undefined>, anywhere: ReadonlyArray<readonly Matcher[] | undefined>): Uint8Array {
  const triggers = new Uint8Array(128);
  for (let code = 0; code < 128; code += 1) {
    triggers[code] = (atWordStart[code] === undefined ? 0 : WORD_START_TRIGGER) | (anywhere[code] === undefined ? 0 : ANYWHERE_TRIGGER);
  }
  return triggers;
}

/**
 * The same plan without its prefilter: the scan walks every character, as the reference the
 * prefilter is tested against. Internal: not exported from the package.
 */
export const referencePlan = (plan: RedactionPlan): RedactionPlan => ({ ...plan, prefilter: undefined, runVerdicts: createRunVerdicts() });
