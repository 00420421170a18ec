/**
 * The clause of the context negotiation protocol a violation breaks: `N` and the number of the
 * protocol overview's section. Every code today enforces section 2, the negotiation response (four
 * sections — Findings, Confidence, Gaps, Context Needed — with one of the four confidence levels,
 * from an agent that answers).
 */
export type NegotiationRule = 'N2';

/**
 * Every code a negotiation violation can carry, and the rule it belongs to; `NegotiationViolationCode`
 * is the literal union of its keys.
 *
 * @example
 * ```ts
 * import { negotiationViolationRules } from '@parley/negotiation';
 *
 * console.log(negotiationViolationRules.MISSING_SECTION); // N2
 * ```
 */
export const negotiationViolationRules = {
  /** The reply has none of the four sections. */
  NOT_STRUCTURED: 'N2',
  /** One of the four sections is missing. */
  MISSING_SECTION: 'N2',
  /** The confidence is not HIGH, MEDIUM, LOW or UNCERTAIN. */
  UNKNOWN_CONFIDENCE: 'N2',
  /** The reply is longer than the parser reads. */
  TOO_LONG: 'N2',
  /** A YAML reply that could not be read as a structured response. */
  INVALID_ENVELOPE: 'N2',
  /** The agent did not answer in time. */
  TIMEOUT: 'N2',
  /** The agent threw or rejected instead of answering. */
  AGENT_FAILED: 'N2',
} as const;

/** A stable, machine-matchable negotiation violation code: one of `negotiationViolationRules`. */
export type NegotiationViolationCode = keyof typeof negotiationViolationRules;
