import type { PromptGuard } from '@parley/core';

const methods: ReadonlyArray<keyof PromptGuard> = ['strategy', 'guardText', 'guardValue', 'guardStream', 'restoreToolArguments'];

/** Whether `value` has the methods of a {@link PromptGuard} (declared in `@parley/core`). @internal */
export function isPromptGuard(value: unknown): value is PromptGuard {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return methods.every((name) => typeof candidate[name] === 'function');
}
