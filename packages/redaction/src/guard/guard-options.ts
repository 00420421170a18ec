import { InvalidArgumentError } from '@parley/core';
import type { RedactionOptions } from '../api/redaction-options';
import type { SecretVault } from './secret-vault';

/** What a guard is guarding: what goes to the model, what comes back, or what a tool returned. */
export type GuardUse = 'input' | 'output' | 'toolResults';

/**
 * What a guard does with a secret it finds:
 * - `redact`: the package's marker, `<REDACTED:GITHUB_TOKEN>`;
 * - `mask`: a few characters at each end kept, `<MASKED:GITHUB_TOKEN#ghp_****e5F6>`;
 * - `hash`: a short keyed hash, the same for the same secret, `<HASHED:GITHUB_TOKEN#3f9a2c1e>`;
 * - `placeholder`: a numbered placeholder the guard can turn back into the secret for allowlisted
 *   tools, `<SECRET:GITHUB_TOKEN#1>`;
 * - `block`: a {@link SecretBlockedError}, nothing guarded.
 */
export type GuardStrategy = 'redact' | 'mask' | 'hash' | 'placeholder' | 'block';

/** Options of {@link createSecretGuard}. */
export interface SecretGuardOptions {
  /** What the model is sent: system prompt, user and assistant messages. Default `'redact'`; `false` leaves it as it is. */
  readonly input?: GuardStrategy | boolean;
  /** What the model writes: whole where the adapter gets it whole, and as it streams (`guardStream({ use: 'output' })`). Default `'redact'`; `false` leaves it as it is. */
  readonly output?: GuardStrategy | boolean;
  /** What tools return, on its way to the model. Default `'redact'`; `false` leaves it as it is. */
  readonly toolResults?: GuardStrategy | boolean;
  /** Names of the tools whose arguments get the real values back for placeholders. Default none. */
  readonly restoreFor?: readonly string[];
  /** `mask`: how many characters to keep at each end (0 to 8, default 4); see the README for short secrets. */
  readonly maskKeep?: number;
  /**
   * `hash`: the HMAC key (at least 16 bytes, or a string of at least 16 characters). Default 32
   * random bytes per guard, so the hashes of two guards cannot be compared; give a key of your own
   * to keep them stable across processes.
   */
  readonly hashKey?: Uint8Array | string;
  /** `placeholder`: where placeholders' values are kept. Default a {@link createMemoryVault} per guard. */
  readonly vault?: SecretVault;
  /** The redaction rules: the same options as `findSecrets` (your own rules, `disable`, `allow`, …). */
  readonly redaction?: RedactionOptions;
  /** How many characters the cache of guarded texts may hold per use (texts and their guarded copies). Default 8,000,000 (16 MB at most): a history must fit, or every call scans it all again. 0 turns it off. */
  readonly cacheCharacters?: number;
}

/** The options with defaults filled in. @internal */
export interface ResolvedGuardOptions {
  readonly strategies: Readonly<Record<GuardUse, GuardStrategy | false>>;
  readonly restoreFor: ReadonlySet<string>;
  readonly maskKeep: number;
  readonly hashKey: Uint8Array | undefined;
  readonly vault: SecretVault | undefined;
  readonly redaction: RedactionOptions | undefined;
  readonly cacheCharacters: number;
}

const strategies: readonly GuardStrategy[] = ['redact', 'mask', 'hash', 'placeholder', 'block'];
const known = new Set(['input', 'output', 'toolResults', 'restoreFor', 'maskKeep', 'hashKey', 'vault', 'redaction', 'cacheCharacters']);

const fail = (argument: string, message: string): never => {
  throw new InvalidArgumentError({ argument: `options.${argument}`, message });
};

const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value);

function strategy(options: Record<string, unknown>, use: GuardUse): GuardStrategy | false {
  const value = options[use];
  if (value === undefined || value === true) return 'redact';
  if (value === false) return false;
  if (!strategies.includes(value as GuardStrategy)) fail(use, `options.${use} must be false or one of ${strategies.map((name) => `'${name}'`).join(', ')}, not ${describe(value)}.`);
  return value as GuardStrategy;
}

/** Checks {@link SecretGuardOptions} and fills in the defaults; a typed error for anything wrong. @internal */
export function resolveGuardOptions(options: unknown): ResolvedGuardOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new InvalidArgumentError({ argument: 'options', message: `createSecretGuard takes an options object, not ${describe(options)}.` });
  }
  const given = (options ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!known.has(key)) fail(key, `createSecretGuard has no option \`${key}\`; its options are ${[...known].join(', ')}.`);
  }
  const restoreFor = given['restoreFor'] ?? [];
  if (!Array.isArray(restoreFor) || !restoreFor.every((name) => typeof name === 'string')) fail('restoreFor', 'options.restoreFor must be an array of tool names.');
  const maskKeep = given['maskKeep'] ?? 4;
  if (!Number.isInteger(maskKeep) || (maskKeep as number) < 0 || (maskKeep as number) > 8) fail('maskKeep', `options.maskKeep must be a whole number from 0 to 8, not ${describe(maskKeep)}.`);
  const hashKey = given['hashKey'];
  let key: Uint8Array | undefined;
  if (typeof hashKey === 'string') key = new TextEncoder().encode(hashKey);
  else if (hashKey instanceof Uint8Array) key = hashKey.slice();
  else if (hashKey !== undefined) fail('hashKey', `options.hashKey must be a Uint8Array or a string, not ${describe(hashKey)}.`);
  if (key !== undefined && key.length < 16) fail('hashKey', 'options.hashKey must hold at least 16 bytes: a short key lets anyone who sees a hash try guesses.');
  const vault = given['vault'];
  if (vault !== undefined) {
    const candidate = vault as Record<string, unknown> | null;
    if (typeof candidate !== 'object' || candidate === null || ['get', 'set', 'has'].some((name) => typeof candidate[name] !== 'function')) {
      fail('vault', 'options.vault must be a SecretVault: an object with get(), set() and has().');
    }
  }
  const redaction = given['redaction'];
  if (redaction !== undefined && (typeof redaction !== 'object' || redaction === null || Array.isArray(redaction))) fail('redaction', `options.redaction must be redaction options, not ${describe(redaction)}.`);
  const cacheCharacters = given['cacheCharacters'] ?? 8_000_000;
  if (!Number.isSafeInteger(cacheCharacters) || (cacheCharacters as number) < 0) fail('cacheCharacters', `options.cacheCharacters must be a whole number of characters, 0 or more, not ${describe(cacheCharacters)}.`);
  return {
    strategies: { input: strategy(given, 'input'), output: strategy(given, 'output'), toolResults: strategy(given, 'toolResults') },
    restoreFor: new Set(restoreFor as string[]),
    maskKeep: maskKeep as number,
    hashKey: key,
    vault: vault as SecretVault | undefined,
    redaction: redaction as RedactionOptions | undefined,
    cacheCharacters: cacheCharacters as number,
  };
}
