import { InvalidArgumentError } from '@parley/core';
import { checkRedactionOptions } from './check-options';
import { needsLines } from './line-redactor';
import { lineTextRedactor } from './line-text';
import type { RedactionOptions } from './redaction-options';
import { redactSecretsStream } from './redact-secrets-stream';
import { planFor, redactWithPlan } from './redact-secrets';

/** How deep {@link redactValue} follows arrays and objects before it refuses the value (a typed error, not a stack overflow). */
const MAX_DEPTH = 1000;

/**
 * Redacts every string inside a value: arrays and plain objects are copied with their strings
 * redacted (keys too), and so are the built-in holders of text a log is given most (errors with
 * their message, stack and cause, maps, sets, URLs and `String` objects); other class instances
 * are returned as they are. Cycles are kept as cycles.
 *
 * @example
 * ```ts
 * import { redactValue } from '@parley/redaction';
 *
 * const report = redactValue({ summary: 'rotated', findings: [{ note: 'old key AKIAQ3EGRXN7T5W2HJ4K' }] });
 * console.log(JSON.stringify(report)); // {"summary":"rotated","findings":[{"note":"old key <REDACTED:AWS_ACCESS_KEY_ID>"}]}
 * ```
 */
export function redactValue<Value>(value: Value, options?: RedactionOptions): Value {
  checkRedactionOptions(options);
  const plan = planFor(options);
  const lines = needsLines(options) ? lineTextRedactor(options as RedactionOptions, redactSecretsStream) : undefined;
  const redact = (text: string): string => (lines === undefined ? redactWithPlan(text, plan) : lines(text).text);
  const seen = new Map<object, unknown>();
  let depth = 0;
  const visit = (current: unknown): unknown => {
    if (typeof current === 'string') return redact(current);
    // A BigInt's digits can be a secret too (a numeric token): its decimal text, redacted. The
    // copy is then a string, which JSON.stringify can also write (it throws on a BigInt).
    if (typeof current === 'bigint') return redact(current.toString());
    if (typeof current !== 'object' || current === null) return current;
    const known = seen.get(current);
    if (known !== undefined) return known;
    if (depth >= MAX_DEPTH) {
      throw new InvalidArgumentError({ argument: 'value', message: `redactValue() reads values nested at most ${MAX_DEPTH} deep; this one is deeper.` });
    }
    depth += 1;
    try {
      return visitObject(current);
    } finally {
      depth -= 1;
    }
  };
  const visitObject = (current: object): unknown => {
    if (Array.isArray(current)) {
      const copy: unknown[] = [];
      seen.set(current, copy);
      for (const item of current) copy.push(visit(item));
      return copy;
    }
    const copied = copyHolder(current, visit, redact, seen);
    if (copied !== undefined) return copied.value;
    const prototype = Object.getPrototypeOf(current);
    if (prototype !== Object.prototype && prototype !== null) return current;
    const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
    seen.set(current, copy);
    for (const [key, item] of Object.entries(current)) copy[redact(key)] = visit(item);
    return copy;
  };
  return visit(value) as Value;
}

/**
 * A copy of a built-in object that holds text, its text redacted, or `undefined` for any other
 * object (issue 16, adversarial review: an `Error`, a `Map`, a `Set`, a `URL` or a `String` object
 * passed to `redactValue` came back with the secret in it). Errors keep their prototype and own data
 * properties (`message`, `stack`, `cause`, `errors`, a `code`); an accessor other than `stack` is left out.
 */
function copyHolder(
  current: object,
  visit: (value: unknown) => unknown,
  redact: (text: string) => string,
  seen: Map<object, unknown>,
): { readonly value: unknown } | undefined {
  if (current instanceof Error) {
    const copy = Object.create(Object.getPrototypeOf(current) as object | null) as Record<string, unknown>;
    seen.set(current, copy);
    for (const key of Object.getOwnPropertyNames(current)) {
      const descriptor = Object.getOwnPropertyDescriptor(current, key);
      if (descriptor === undefined) continue;
      // V8 keeps `stack` as an accessor: its text is read once and kept as data.
      if ('value' in descriptor || key === 'stack') {
        const value = 'value' in descriptor ? descriptor.value : (current as { stack?: unknown }).stack;
        Object.defineProperty(copy, redact(key), { configurable: true, enumerable: descriptor.enumerable ?? false, writable: true, value: visit(value) });
      }
    }
    return { value: copy };
  }
  if (current instanceof Map) {
    const copy = new Map<unknown, unknown>();
    seen.set(current, copy);
    for (const [key, item] of current) copy.set(visit(key), visit(item));
    return { value: copy };
  }
  if (current instanceof Set) {
    const copy = new Set<unknown>();
    seen.set(current, copy);
    for (const item of current) copy.add(visit(item));
    return { value: copy };
  }
  if (current instanceof URL) {
    const href = redact(current.href);
    // A placeholder is percent-encoded in a URL; one that no longer parses is returned as its text.
    return { value: URL.canParse(href) ? new URL(href) : href };
  }
  if (current instanceof String) return { value: new String(redact(current.valueOf())) };
  return undefined;
}
