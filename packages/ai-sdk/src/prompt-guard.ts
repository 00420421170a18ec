/** What a guard is guarding (as `@parley/redaction/guard` names it). */
export type PromptGuardUse = 'input' | 'output' | 'toolResults';

/**
 * The methods of a secret guard that the AI SDK adapter calls: a guard from `createSecretGuard()`
 * (`@parley/redaction/guard`) is one. Declared here by shape, so this package needs no dependency
 * on `@parley/redaction`.
 */
export interface PromptGuard {
  /** The strategy for `use`, or `false` when that use is not guarded. */
  strategy(use: PromptGuardUse): string | false;
  /** `text` guarded for `use`. */
  guardText(text: string, options: { readonly use: PromptGuardUse }): Promise<string>;
  /** Every string of a JSON-like value guarded for `use`. */
  guardValue<Value>(value: Value, options: { readonly use: PromptGuardUse }): Promise<Value>;
  /** `input` with placeholders turned back into values when `tool` is allowlisted, else as it is. */
  restoreToolArguments<Value>(tool: string, input: Value): Promise<Value>;
}

/** Whether `value` has a prompt guard's methods. @internal */
export function isPromptGuard(value: unknown): value is PromptGuard {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['strategy', 'guardText', 'guardValue', 'restoreToolArguments'].every((name) => typeof candidate[name] === 'function');
}
