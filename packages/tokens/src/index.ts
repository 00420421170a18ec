/**
 * The C-suite inter-agent token protocol: grammar and serializers, a streaming validator with
 * fixes, the role registry and the loop guard.
 *
 * @module
 */
export { type CheckTokensOptions, checkTokens, type FoundToken, parseToken, type TokenEvents, type TokenReport, validateTokens } from './check-tokens';
export { type BlockReason, checkInvocation, type GuardDecision, MAX_DEPTH } from './loop-guard';
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
