/**
 * The subagent → parent envelope: one fenced YAML block with a fixed schema, and the parent's
 * contract for reading it safely.
 *
 * @module
 */
export { aggregateEnvelopes, type EnvelopeAggregate } from './aggregate-envelopes';
export { caveman } from './caveman';
export { CAVEMAN_THRESHOLD, type CavemanLint, checkCompression, isSecurityFinding, lintCaveman } from './compression';
export { contractBlock } from './contract-block';
export { type DetectedEnvelope, type DetectEnvelopeOptions, detectEnvelope } from './detect-envelope';
export { type DetectEnvelopeEvents, detectEnvelopeStream, type EnvelopeFoundEvent, type EnvelopeViolationEvent } from './detect-envelope-stream';
export { DEFAULT_MAX_ENVELOPE_LENGTH } from './envelope-detector';
export {
  type Envelope,
  EnvelopeSchema,
  type EnvelopeStatus,
  envelopeJsonSchema,
  envelopeStatuses,
  type Finding,
  FindingSchema,
  type Severity,
  severities,
} from './envelope-schema';
export { type EnvelopeViolation, formatPath } from './envelope-violation';
export { type EnvelopeRule, type EnvelopeViolationCode, envelopeViolationRules } from './envelope-violation-rules';
export { checkForbiddenContent } from './forbidden-content';
export {
  type Incident,
  type ParseSubagentResponseOptions,
  parseSubagentResponse,
  type QuarantineRecord,
  reformatPrompt,
  type SubagentResult,
} from './parse-subagent-response';
export { parseYamlSafely, type SafeYamlResult, type YamlLimits } from './parse-yaml-safely';
export { type CreateRefOptions, createRef, formatRef, parseRef, type RefProblem, type RefToken, verifyRef } from './ref-token';
export { synthesize } from './synthesize';
