import type { AnyTextMiddleware } from './text-middleware';

/** What a guard is guarding: what goes to the model, what comes back, or what a tool returned. */
export type PromptGuardUse = 'input' | 'output' | 'toolResults';

/**
 * What a model adapter (`@parley/ai-sdk`, `@parley/langchain`) asks of a secret guard: a guard from
 * `createSecretGuard()` (`@parley/redaction/guard`) is one. Declared here, by shape, so the
 * adapters share it without depending on `@parley/redaction`.
 */
export interface PromptGuard {
  /** The strategy for `use`, or `false` when that use is not guarded. */
  strategy(use: PromptGuardUse): string | false;
  /** `text` guarded for `use`. */
  guardText(text: string, options: { readonly use: PromptGuardUse }): Promise<string>;
  /** Every string of a JSON-like value guarded for `use`. */
  guardValue<Value>(value: Value, options: { readonly use: PromptGuardUse }): Promise<Value>;
  /**
   * A text middleware that guards streamed text for `use`, chunk-invariant, holding back an
   * undecided tail; under `block` its session throws. Passes text as it is when `use` is not guarded.
   */
  guardStream(options: { readonly use: PromptGuardUse }): AnyTextMiddleware;
  /** `input` with placeholders turned back into values when `tool` is allowlisted, else as it is. */
  restoreToolArguments<Value>(tool: string, input: Value): Promise<Value>;
}
