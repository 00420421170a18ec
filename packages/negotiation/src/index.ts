/**
 * The orchestrator ↔ sub-agent negotiation loop: triage, the structured response, and a bounded
 * refine / escalate / synthesize loop that keeps the user's intent.
 *
 * @module
 */
export type { NegotiationAction } from './decide-next-action';
export { deriveAspects } from './derive-aspects';
export { type NegotiateOptions, negotiate } from './negotiate';
export { NegotiationAbortedError } from './negotiation-aborted-error';
export type { NegotiationAgent } from './negotiation-agent';
export { lowerConfidence, meetsThreshold, type NegotiationConfidence, negotiationConfidences } from './negotiation-confidence';
export { negotiationPrompt, responseShapeInstructions } from './negotiation-prompt';
export type { NegotiationContext, NegotiationRequest } from './negotiation-request';
export type { NegotiationResult } from './negotiation-result';
export type { NegotiationRound } from './negotiation-round';
export type { NegotiationViolation } from './negotiation-violation';
export { type NegotiationRule, type NegotiationViolationCode, negotiationViolationRules } from './negotiation-violation-rules';
export { type ParsedStructuredResponse, parseStructuredResponse } from './parse-structured-response';
export { type ParseStructuredResponseEvents, parseStructuredResponseStream } from './parse-structured-response-stream';
export { formatStructuredResponse, type StructuredResponse, StructuredResponseSchema } from './structured-response';
export { readConfidence } from './structured-response-parser';
export { type TriagePattern, type TriageResult, type TriageRule, triage } from './triage';
