/**
 * Leak-free streaming secret redaction: provider keys, tokens, passwords in URLs, credentials
 * in headers, private keys and high-entropy strings, found even when spaced out, and never
 * released early whatever the chunking.
 *
 * @module
 */
export { builtInTypes, HIGH_ENTROPY } from './built-in-rules';
export type { RedactionEvent, RedactionEvents } from './redaction-event';
export type { CustomSecretRule, RedactionOptions } from './redaction-plan';
export { type RedactSecretsOptions, redactSecrets } from './redact-secrets';
export { findSecrets, redactText, type SecretFinding } from './redact-text';
export { redactValue } from './redact-value';
export {
  type CharactersSegment,
  characters,
  type LiteralSegment,
  literal,
  type PatternSegment,
  type SecretPattern,
} from './secret-pattern';
