/**
 * `@parley/redaction/guard`: secrets never reach the model provider. A guard finds secrets with the
 * package's detector in what an agent sends (prompts, history, tool results) and redacts, masks,
 * hashes or blocks them, or swaps them for placeholders that only allowlisted tools get back.
 *
 * @module
 */
export type { GuardStrategy, GuardUse, SecretGuardOptions } from './guard/guard-options';
export { SecretBlockedError } from './guard/secret-blocked-error';
export {
  createSecretGuard,
  type GuardEvent,
  type GuardStats,
  type GuardTextOptions,
  type RestoreEvent,
  type SecretGuard,
  type SecretGuardEvents,
} from './guard/secret-guard';
export { createMemoryVault, type MaybePromise, type SecretVault } from './guard/secret-vault';
