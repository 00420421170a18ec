/**
 * Leak-free streaming secret redaction: provider keys, tokens, passwords in URLs, credentials
 * in headers, private keys and high-entropy strings, found even when spaced out, and never
 * released early whatever the chunking.
 *
 * @module
 */
export { builtInTypes, HIGH_ENTROPY } from './rules/built-in-rules';
export { InvalidRuleError } from './user-rules/invalid-rule-error';
export { ALLOW_MARKER, LINE_TOO_LONG } from './api/line-redactor';
export { listRules, type SecretRuleInfo } from './api/list-rules';
export type { RedactionEvent, RedactionEvents } from './api/redaction-event';
export type { CustomSecretRule, PatternSecretRule, RedactionOptions } from './api/redaction-options';
export type { RegexRuleAllowlist, RegexSecretRule } from './user-rules/regex-rule';
export { type RedactSecretsStreamOptions, redactSecretsStream } from './api/redact-secrets-stream';
export { findSecrets, redactSecrets, type SecretFinding } from './api/redact-secrets';
export { redactValue } from './api/redact-value';
export { redactText } from './api/renamed-exports';
export {
  type GitleaksAllowlist,
  type GitleaksConfig,
  type GitleaksRule,
  type GitleaksRules,
  rulesFromGitleaksConfig,
} from './user-rules/rules-from-gitleaks-config';
export {
  type CharactersSegment,
  characters,
  type LiteralSegment,
  literal,
  type PatternSegment,
  type SecretPattern,
} from './engine/pattern/secret-pattern';
