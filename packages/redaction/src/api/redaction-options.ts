import type { SecretPattern } from '../engine/pattern/secret-pattern';
import type { RegexSecretRule } from '../user-rules/regex-rule';

/** A rule of your own: a type for its placeholder and the pattern it matches. */
export interface PatternSecretRule {
  /** Upper-case type shown in the placeholder, such as `"ACME_API_KEY"`. */
  readonly type: string;
  /** The secret's shape; it must begin with a literal prefix. */
  readonly pattern: SecretPattern;
}

/** A rule of your own: a {@link PatternSecretRule}, or a {@link RegexSecretRule} as gitleaks writes it. */
export type CustomSecretRule = PatternSecretRule | RegexSecretRule;

/** Options shared by {@link redactSecretsStream}, {@link redactSecrets}, {@link redactValue} and {@link findSecrets}. */
export interface RedactionOptions {
  /** More rules, tried before the built-in ones. */
  readonly rules?: readonly CustomSecretRule[];
  /** Types to turn off, such as `["JWT", "HIGH_ENTROPY"]`. */
  readonly disable?: readonly string[];
  /** Exact strings, or patterns tested against a whole finding, that are never redacted. */
  readonly allow?: ReadonlyArray<string | RegExp>;
  /** The generic high-entropy rule's settings, or `false` to turn it off. */
  readonly entropy?: false | { readonly threshold?: number; readonly minLength?: number };
  /** Token-like runs longer than this are judged in pieces of this length. Default 1024. */
  readonly maxTokenLength?: number;
  /** The text that replaces a secret; default `<REDACTED:TYPE>`. */
  readonly placeholder?: (type: string) => string;
  /** Leave every line that carries `parley:allow` as it is. Off by default: a model can write the marker too. */
  readonly allowMarker?: boolean;
  /** How much of a line regex rules and the allow marker hold (256 to 1048576, default 16384); see the README. */
  readonly maxLineLength?: number;
}
