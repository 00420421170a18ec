import { ParleyError } from '@parley/core';
import type { GuardUse } from './guard-options';

const marker = 'parley.error.SecretBlockedError';

/**
 * Thrown by a secret guard whose strategy for a use is `block` when the text holds a secret: nothing
 * is sent. It says where and how many of each kind — never the secret, nor where it was in the text.
 *
 * @example
 * ```ts
 * import { createSecretGuard, SecretBlockedError } from '@parley/redaction/guard';
 *
 * const guard = createSecretGuard({ input: 'block' });
 * const prompt = 'Deploy with ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
 * let blocked = '';
 * try {
 *   await guard.guardText(prompt, { use: 'input' });
 * } catch (error) {
 *   if (SecretBlockedError.isInstance(error)) blocked = `${error.use} ${JSON.stringify(error.kinds)}`;
 *   else throw error;
 * }
 * console.log(blocked); // input {"GITHUB_TOKEN":1}
 * ```
 */
export class SecretBlockedError extends ParleyError {
  override readonly code: 'SECRET_BLOCKED' = 'SECRET_BLOCKED';

  /** What was being guarded: `'input'`, `'output'` or `'toolResults'`. */
  readonly use: GuardUse;
  /** How many secrets of each kind were found, such as `{ GITHUB_TOKEN: 1 }`. */
  readonly kinds: Readonly<Record<string, number>>;

  constructor(options: { readonly use: GuardUse; readonly kinds: Readonly<Record<string, number>> }) {
    const list = Object.entries(options.kinds)
      .map(([kind, count]) => `${kind} ×${count}`)
      .join(', ');
    super({ code: 'SECRET_BLOCKED', message: `Blocked: the ${describeUse(options.use)} holds secrets (${list}); nothing was sent.` });
    this.name = 'SecretBlockedError';
    this.mark(marker);
    this.use = options.use;
    this.kinds = { ...options.kinds };
  }

  /** Whether `error` is a {@link SecretBlockedError} from any installed copy of `@parley/redaction`. */
  static override isInstance(error: unknown): error is SecretBlockedError {
    return ParleyError.hasMarker(error, marker);
  }
}

function describeUse(use: GuardUse): string {
  return use === 'toolResults' ? 'tool result' : use;
}
