import { InvalidArgumentError, passthroughStream, type TextMiddleware } from '@parley/core';
import { secretFinder } from '../api/redact-secrets';
import { GuardCache } from './guard-cache';
import { guardStream } from './guard-stream';
import { type GuardStrategy, type GuardUse, resolveGuardOptions, type SecretGuardOptions } from './guard-options';
import { blankMarkers, hashMarker, maskMarker, outsideMarkers, PLACEHOLDER, placeholderFor } from './secret-markers';
import { SecretBlockedError } from './secret-blocked-error';
import { createMemoryVault, type SecretVault } from './secret-vault';

/** Which use a text is guarded for. */
export interface GuardTextOptions {
  readonly use: GuardUse;
}

/** What a guard found in one text it scanned: kinds and counts, never values or offsets. */
export interface GuardEvent {
  readonly use: GuardUse;
  readonly strategy: GuardStrategy;
  /** How many secrets of each kind, such as `{ GITHUB_TOKEN: 2 }`. */
  readonly kinds: Readonly<Record<string, number>>;
}

/** Placeholders turned back into values for a tool: the tool's name and how many of each kind. */
export interface RestoreEvent {
  readonly tool: string | undefined;
  readonly kinds: Readonly<Record<string, number>>;
}

/** The events of a {@link SecretGuard}. */
export interface SecretGuardEvents {
  readonly guard: GuardEvent;
  readonly restore: RestoreEvent;
}

/** A guard's counters since it was created: how much it scanned and what it found. */
export interface GuardStats {
  /** Texts scanned for secrets (a cache hit is not a scan). */
  readonly scans: number;
  /** Characters scanned. */
  readonly scannedCharacters: number;
  /** Texts answered from the cache. */
  readonly cacheHits: number;
  /** Secrets found in scanned texts, by kind. */
  readonly found: Readonly<Record<string, number>>;
  /** Distinct secrets given a placeholder. */
  readonly placeholders: number;
}

/**
 * Guards what an agent sends to a model and what comes back: finds secrets with the package's
 * detector and applies the strategy of each use. Never prints, logs or reports a secret: its
 * events, errors, stats and printed form hold kinds and counts only.
 */
export interface SecretGuard {
  /** The strategy for `use`, or `false` when that use is not guarded. */
  strategy(use: GuardUse): GuardStrategy | false;
  /** `text` guarded for `use`; waits for the vault to keep new placeholders. Throws {@link SecretBlockedError} under `block`. */
  guardText(text: string, options: GuardTextOptions): Promise<string>;
  /**
   * {@link SecretGuard.guardText} without waiting: new placeholders are written to the vault and an
   * asynchronous vault's writes are awaited by the next asynchronous call of this guard.
   */
  guardTextSync(text: string, options: GuardTextOptions): string;
  /**
   * A text middleware that guards streamed text for `use`: the same detector as
   * {@link SecretGuard.guardText}, applied as the text streams, leak-free (an undecided tail is held
   * back, never released early) and chunk-invariant (the output is the same however the text is
   * chunked). Each secret gets the use's strategy from its own value: a mask, a hash, a placeholder;
   * under `block` the session throws {@link SecretBlockedError} before any of the secret is
   * released. A line cut at `maxLineLength` (regex rules) and a private key block longer than
   * 65,536 characters are not kept, so they get the `redact` marker under every strategy. When the
   * use is not guarded, text passes as it is. One middleware per use, made on first call.
   */
  guardStream(options: GuardTextOptions): TextMiddleware;
  /** Every string in a JSON-like value (object keys too) guarded for `use`; arrays and plain objects are copied. */
  guardValue<Value>(value: Value, options: GuardTextOptions): Promise<Value>;
  /** {@link SecretGuard.guardValue} without waiting, as {@link SecretGuard.guardTextSync}. */
  guardValueSync<Value>(value: Value, options: GuardTextOptions): Value;
  /** `text` with every placeholder this guard's vault knows replaced by its value. Use only where a secret is needed. */
  restoreText(text: string): Promise<string>;
  /** {@link SecretGuard.restoreText} over every string of a JSON-like value. */
  restoreValue<Value>(value: Value): Promise<Value>;
  /** `input` restored when `tool` is in `restoreFor`, else `input` as it is. What adapters call before a tool runs. */
  restoreToolArguments<Value>(tool: string, input: Value): Promise<Value>;
  /** Whether `tool` is in `restoreFor`. */
  restores(tool: string): boolean;
  /** Listens to an event; returns a function that stops listening. */
  on<Name extends keyof SecretGuardEvents>(name: Name, listener: (event: SecretGuardEvents[Name]) => void): () => void;
  /** The counters since the guard was created. */
  stats(): GuardStats;
}

interface Guarded {
  readonly text: string;
  readonly kinds: Readonly<Record<string, number>> | undefined;
  readonly size: number;
}

/** How deep guardValue and restoreValue follow arrays and objects. */
const MAX_DEPTH = 1000;
const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');
const uses: readonly GuardUse[] = ['input', 'output', 'toolResults'];

/**
 * Creates a {@link SecretGuard}: one per session (an agent's conversation), since placeholders,
 * hashes and the cache live as long as it does.
 *
 * @throws {InvalidArgumentError} When an option is unknown or has a value it cannot take.
 *
 * @example
 * ```ts
 * import { createSecretGuard } from '@parley/redaction/guard';
 *
 * const guard = createSecretGuard({ input: 'placeholder', toolResults: 'placeholder', restoreFor: ['deploy'] });
 * console.log(await guard.guardText('token ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8', { use: 'input' })); // token <SECRET:GITHUB_TOKEN#1>
 * ```
 */
export function createSecretGuard(options?: SecretGuardOptions): SecretGuard {
  const resolved = resolveGuardOptions(options);
  const find = secretFinder(resolved.redaction);
  const redactMarker = resolved.redaction?.placeholder ?? ((type: string) => `<REDACTED:${type}>`);
  const hashKey = resolved.hashKey ?? globalThis.crypto.getRandomValues(new Uint8Array(32));
  const vault: SecretVault = resolved.vault ?? createMemoryVault();
  const caches = new Map(uses.map((use) => [use, new GuardCache<Guarded>(resolved.cacheCharacters)]));
  // The guard's own record of its placeholders: value → placeholder, and a count per kind.
  const assigned = new Map<string, string>();
  const counters = new Map<string, number>();
  const known = new Map<string, string>();
  let pending: Array<Promise<void>> = [];
  const listeners = { guard: new Set<(event: GuardEvent) => void>(), restore: new Set<(event: RestoreEvent) => void>() };
  const counts = { scans: 0, scannedCharacters: 0, cacheHits: 0 };
  const found: Record<string, number> = Object.create(null);

  const placeholder = (type: string, value: string): string => {
    const existing = assigned.get(value);
    if (existing !== undefined) return existing;
    const number = (counters.get(type) ?? 0) + 1;
    counters.set(type, number);
    const name = placeholderFor(type, number);
    assigned.set(value, name);
    known.set(name, value);
    const written = vault.set(name, value);
    if (written instanceof Promise) pending.push(written);
    return name;
  };

  const marker = (strategy: GuardStrategy, type: string, value: string): string => {
    switch (strategy) {
      case 'mask':
        return maskMarker(type, value, resolved.maskKeep);
      case 'hash':
        return hashMarker(type, value, hashKey);
      case 'placeholder':
        return placeholder(type, value);
      default:
        return redactMarker(type);
    }
  };

  const scan = (text: string, use: GuardUse, strategy: GuardStrategy): Guarded => {
    counts.scans += 1;
    counts.scannedCharacters += text.length;
    // Text guarded before (a tool result guarded on its way back, then in the next prompt) is kept:
    // the detector reads it with the markers blanked out, and drops what is left inside one.
    const findings = outsideMarkers(text, find(blankMarkers(text)));
    if (findings.length === 0) return { text, kinds: undefined, size: 0 };
    const kinds: Record<string, number> = Object.create(null);
    let output = '';
    let cursor = 0;
    for (const { type, start, end } of findings) {
      kinds[type] = (kinds[type] ?? 0) + 1;
      found[type] = (found[type] ?? 0) + 1;
      if (strategy !== 'block') output += text.slice(cursor, start) + marker(strategy, type, text.slice(start, end));
      cursor = end;
    }
    const event: GuardEvent = { use, strategy, kinds: { ...kinds } };
    for (const listener of listeners.guard) listener(event);
    const guarded = strategy === 'block' ? text : output + text.slice(cursor);
    // A text without secrets costs its key only; one with secrets, its guarded copy too.
    return { text: guarded, kinds, size: guarded === text ? 0 : guarded.length };
  };

  const guardTextSync = (text: string, { use }: GuardTextOptions): string => {
    if (typeof text !== 'string') throw new InvalidArgumentError({ argument: 'text', message: `guardText() takes the text as a string; got ${text === null ? 'null' : typeof text}. Use guardValue() for other values.` });
    const strategy = strategyOf(use);
    if (strategy === false || text.length === 0) return text;
    const cache = caches.get(use) as GuardCache<Guarded>;
    let guarded = cache.get(text);
    if (guarded === undefined) {
      guarded = scan(text, use, strategy);
      cache.set(text, guarded);
    } else {
      counts.cacheHits += 1;
    }
    if (strategy === 'block' && guarded.kinds !== undefined) throw new SecretBlockedError({ use, kinds: guarded.kinds });
    return guarded.text;
  };

  const strategyOf = (use: GuardUse): GuardStrategy | false => {
    if (!uses.includes(use)) throw new InvalidArgumentError({ argument: 'options.use', message: `use must be 'input', 'output' or 'toolResults', not ${typeof use === 'string' ? JSON.stringify(use) : typeof use}.` });
    return resolved.strategies[use];
  };

  const settle = async (): Promise<void> => {
    while (pending.length > 0) {
      const writes = pending;
      pending = [];
      await Promise.all(writes);
    }
  };

  const guardValueSync = <Value>(value: Value, options: GuardTextOptions): Value => {
    strategyOf(options.use);
    return mapStrings(value, (text) => guardTextSync(text, options), 'guardValue') as Value;
  };

  const restoreText = async (text: string, kinds?: Record<string, number>): Promise<string> => {
    await settle();
    if (!text.includes('<SECRET:')) return text;
    let output = '';
    let cursor = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      const name = match[0];
      const value = known.get(name) ?? (await vault.get(name));
      if (value === undefined) continue;
      output += text.slice(cursor, match.index) + value;
      cursor = match.index + name.length;
      if (kinds !== undefined) kinds[match[1] as string] = (kinds[match[1] as string] ?? 0) + 1;
    }
    return output + text.slice(cursor);
  };

  const restoreValue = async <Value>(value: Value, kinds?: Record<string, number>): Promise<Value> => {
    await settle();
    // Strings first gathered, then restored one by one (a vault may answer asynchronously).
    const texts = new Set<string>();
    mapStrings(value, (text) => {
      if (text.includes('<SECRET:')) texts.add(text);
      return text;
    }, 'restoreValue');
    if (texts.size === 0) return value;
    const restored = new Map<string, string>();
    for (const text of texts) restored.set(text, await restoreText(text, kinds));
    return mapStrings(value, (text) => restored.get(text) ?? text, 'restoreValue') as Value;
  };

  const streams = new Map<GuardUse, TextMiddleware>();
  const streamFor = (use: GuardUse): TextMiddleware => {
    const strategy = strategyOf(use);
    let middleware = streams.get(use);
    if (middleware !== undefined) return middleware;
    if (strategy === false) middleware = passthroughStream();
    else {
      const block = (type: string): never => {
        found[type] = (found[type] ?? 0) + 1;
        throw new SecretBlockedError({ use, kinds: { [type]: 1 } });
      };
      middleware = guardStream(resolved.redaction, {
        begin: (type) => {
          if (strategy === 'block') block(type);
        },
        replace: (type, value) => {
          if (strategy === 'block') return block(type);
          found[type] = (found[type] ?? 0) + 1;
          const event: GuardEvent = { use, strategy, kinds: { [type]: 1 } };
          for (const listener of listeners.guard) listener(event);
          return value === undefined ? redactMarker(type) : marker(strategy, type, value);
        },
      });
    }
    streams.set(use, middleware);
    return middleware;
  };

  const describeGuard = (): string =>
    `SecretGuard { input: ${String(resolved.strategies.input)}, output: ${String(resolved.strategies.output)}, toolResults: ${String(resolved.strategies.toolResults)}, restoreFor: [${[...resolved.restoreFor].join(', ')}], placeholders: ${assigned.size} }`;

  const guard: SecretGuard = {
    strategy: strategyOf,
    guardTextSync,
    guardText: async (text, options) => {
      const guarded = guardTextSync(text, options);
      await settle();
      return guarded;
    },
    guardValueSync,
    guardStream: (options) => streamFor((options as GuardTextOptions | undefined)?.use as GuardUse),
    guardValue: async (value, options) => {
      const guarded = guardValueSync(value, options);
      await settle();
      return guarded;
    },
    restoreText: async (text) => {
      if (typeof text !== 'string') throw new InvalidArgumentError({ argument: 'text', message: `restoreText() takes the text as a string; got ${typeof text}. Use restoreValue() for other values.` });
      return restoreText(text);
    },
    restoreValue: (value) => restoreValue(value),
    restores: (tool) => resolved.restoreFor.has(tool),
    restoreToolArguments: async (tool, input) => {
      if (!resolved.restoreFor.has(tool)) return input;
      const kinds: Record<string, number> = Object.create(null);
      const restored = await restoreValue(input, kinds);
      if (Object.keys(kinds).length > 0) {
        const event: RestoreEvent = { tool, kinds: { ...kinds } };
        for (const listener of listeners.restore) listener(event);
      }
      return restored;
    },
    on: (name, listener) => {
      const set = listeners[name] as Set<typeof listener> | undefined;
      if (set === undefined) throw new InvalidArgumentError({ argument: 'name', message: `A secret guard's events are guard and restore, not ${String(name)}.` });
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    stats: () => ({ ...counts, found: { ...found }, placeholders: assigned.size }),
  };
  Object.defineProperties(guard, {
    toString: { value: describeGuard },
    toJSON: { value: () => ({ kind: 'SecretGuard', strategies: { ...resolved.strategies }, restoreFor: [...resolved.restoreFor], placeholders: assigned.size }) },
    [inspectSymbol]: { value: describeGuard },
  });
  return guard;
}

/**
 * A copy of `value` with `map` applied to every string (object keys too): arrays and plain objects
 * are copied, any other value is kept. Cycles stay cycles; deeper than {@link MAX_DEPTH} is a typed error.
 */
function mapStrings(value: unknown, map: (text: string) => string, caller: string): unknown {
  const seen = new Map<object, unknown>();
  const visit = (current: unknown, depth: number): unknown => {
    if (typeof current === 'string') return map(current);
    if (typeof current !== 'object' || current === null) return current;
    const known = seen.get(current);
    if (known !== undefined) return known;
    if (depth >= MAX_DEPTH) throw new InvalidArgumentError({ argument: 'value', message: `${caller}() reads values nested at most ${MAX_DEPTH} deep; this one is deeper.` });
    if (Array.isArray(current)) {
      const copy: unknown[] = [];
      seen.set(current, copy);
      for (const item of current) copy.push(visit(item, depth + 1));
      return copy;
    }
    const prototype = Object.getPrototypeOf(current);
    if (prototype !== Object.prototype && prototype !== null) return current;
    const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
    seen.set(current, copy);
    for (const [key, item] of Object.entries(current)) copy[map(key)] = visit(item, depth + 1);
    return copy;
  };
  return visit(value, 0);
}
