/** A value or a promise of it: a vault may answer at once (in memory) or later (a database). */
export type MaybePromise<Value> = Value | Promise<Value>;

/**
 * Where a secret guard keeps each placeholder's real value, for `restore`. One vault per session
 * (an agent's conversation); {@link createMemoryVault} is the default. A store shared by several
 * processes (the tool runs in a worker, the model call elsewhere) implements these three methods.
 * Keys are placeholders such as `<SECRET:GITHUB_TOKEN#1>`; values are the secrets themselves, so a
 * vault must never log, print or serialise what it holds.
 */
export interface SecretVault {
  /** The value kept under `placeholder`, or `undefined`. */
  get(placeholder: string): MaybePromise<string | undefined>;
  /** Keeps `value` under `placeholder` (replacing what was there). */
  set(placeholder: string, value: string): MaybePromise<void>;
  /** Whether a value is kept under `placeholder`. */
  has(placeholder: string): MaybePromise<boolean>;
}

const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');

/**
 * The in-memory {@link SecretVault}: a map that lives as long as the guard. Printing it
 * (`util.inspect`, `JSON.stringify`, `String`) shows how many values it holds, never the values.
 *
 * @example
 * ```ts
 * import { createMemoryVault, createSecretGuard } from '@parley/redaction/guard';
 *
 * // One vault shared by two guards: a placeholder one made, the other restores.
 * const vault = createMemoryVault();
 * const reader = createSecretGuard({ input: 'placeholder', vault });
 * const prompt = await reader.guardText('use ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8', { use: 'input' });
 * console.log(prompt); // use <SECRET:GITHUB_TOKEN#1>
 * ```
 */
export function createMemoryVault(): SecretVault {
  const values = new Map<string, string>();
  const summary = (): string => `MemoryVault { ${values.size} values }`;
  return {
    get: (placeholder) => values.get(placeholder),
    set: (placeholder, value) => {
      values.set(placeholder, value);
    },
    has: (placeholder) => values.has(placeholder),
    toString: summary,
    toJSON: () => ({ kind: 'MemoryVault', size: values.size }),
    [inspectSymbol]: summary,
  } as SecretVault;
}
