/**
 * Leak-free streaming secret redaction: provider keys, tokens, passwords in URLs, credentials
 * in headers, private keys and high-entropy strings, found even when spaced out, and never
 * released early whatever the chunking.
 *
 * @module
 */
export { builtInTypes, HIGH_ENTROPY } from './built-in-rules';
export { InvalidRuleError } from './invalid-rule-error';
export { ALLOW_MARKER, LINE_TOO_LONG } from './line-redactor';
export { listRules, type SecretRuleInfo } from './list-rules';
export type { RedactionEvent, RedactionEvents } from './redaction-event';
export type { CustomSecretRule, PatternSecretRule, RedactionOptions } from './redaction-plan';
export type { RegexRuleAllowlist, RegexSecretRule } from './regex-rule';
export { type RedactSecretsStreamOptions, redactSecretsStream } from './redact-secrets-stream';
export { findSecrets, redactSecrets, type SecretFinding } from './redact-secrets';
export { redactValue } from './redact-value';
export {
  type GitleaksAllowlist,
  type GitleaksConfig,
  type GitleaksRule,
  type GitleaksRules,
  rulesFromGitleaksConfig,
} from './rules-from-gitleaks-config';
export {
  type CharactersSegment,
  characters,
  type LiteralSegment,
  literal,
  type PatternSegment,
  type SecretPattern,
} from './secret-pattern';
