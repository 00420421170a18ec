/**
 * The C-suite inter-agent token protocol: grammar and serializers, a streaming validator with
 * fixes, the role registry and the loop guard.
 *
 * @module
 */
export { type CheckTokensOptions, checkTokens, type FoundToken, parseToken, type TokenReport } from './check-tokens';
export { type CheckTokensEvents, checkTokensStream } from './check-tokens-stream';
export { type AgentContext, type Council, type CouncilAgent, type CouncilAnswer, type CouncilEvents, type CouncilOptions, createCouncil, type TranscriptEntry } from './council';
export { CouncilAbortedError } from './council-aborted-error';
export { type GuardTokensEvents, type GuardTokensMode, type GuardTokensOptions, guardTokensStream } from './guard-tokens-stream';
export { type BlockReason, checkInvocation, type GuardDecision, MAX_DEPTH } from './loop-guard';
export { type ProtocolPromptOptions, protocolPrompt } from './protocol-prompt';
export { describeViolation, guardTokens, validateTokens } from './renamed-exports';
export { createRoleRegistry, defaultAliases, defaultRoles, type RoleRegistry } from './role-registry';
export {
  AssumptionSchema,
  BlockedSchema,
  BroadcastSchema,
  ChainSchema,
  ConflictSchema,
  InvokeSchema,
  ResponseSchema,
  serializeToken,
  type Token,
  type TokenOf,
  TokenSchema,
  tokenConfidences,
} from './token';
export type { IsolationPhase, TokenViolation } from './token-violation';
export { describeTokenViolation, type LoopShape, type TokenFormShape, type TokenRule, type TokenViolationCode, type TokenViolationDetails, tokenViolationRules } from './token-violation-rules';
