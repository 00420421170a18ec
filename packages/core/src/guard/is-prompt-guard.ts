import type { PromptGuard } from '../prompt-guard';

const methods: ReadonlyArray<keyof PromptGuard> = ['strategy', 'guardText', 'guardValue', 'guardStream', 'restoreToolArguments'];

/**
 * Whether `value` has the methods of a {@link PromptGuard}, so an adapter can tell a guard from a
 * mistyped option and say so, without depending on `@parley/redaction`.
 *
 * @param value - Anything, typically an adapter option's value.
 * @returns `true` when `value` is an object with every method a `PromptGuard` has.
 *
 * @example
 * ```ts
 * import { isPromptGuard } from '@parley/core/guard';
 * import { createSecretGuard } from '@parley/redaction/guard';
 *
 * console.log(isPromptGuard(createSecretGuard({ input: 'redact' }))); // true
 * console.log(isPromptGuard({ input: 'redact' })); // false
 * ```
 */
export function isPromptGuard(value: unknown): value is PromptGuard {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return methods.every((name) => typeof candidate[name] === 'function');
}
