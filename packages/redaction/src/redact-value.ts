import { needsLines } from './line-redactor';
import { lineTextRedactor } from './line-text';
import type { RedactionOptions } from './redaction-plan';
import { redactSecretsStream } from './redact-secrets-stream';
import { planFor, redactWithPlan } from './redact-secrets';

/**
 * Redacts every string inside a value: arrays and plain objects are copied with their strings
 * redacted (keys too); other values are returned as they are. Cycles are kept as cycles.
 *
 * @example
 * ```ts
 * redactValue({ summary: 'rotated', findings: [{ note: 'key AKIA…' }] });
 * ```
 */
export function redactValue<Value>(value: Value, options?: RedactionOptions): Value {
  const plan = planFor(options);
  const lines = needsLines(options) ? lineTextRedactor(options as RedactionOptions, redactSecretsStream) : undefined;
  const redact = (text: string): string => (lines === undefined ? redactWithPlan(text, plan) : lines(text).text);
  const seen = new Map<object, unknown>();
  const visit = (current: unknown): unknown => {
    if (typeof current === 'string') return redact(current);
    if (typeof current !== 'object' || current === null) return current;
    const known = seen.get(current);
    if (known !== undefined) return known;
    if (Array.isArray(current)) {
      const copy: unknown[] = [];
      seen.set(current, copy);
      for (const item of current) copy.push(visit(item));
      return copy;
    }
    const prototype = Object.getPrototypeOf(current);
    if (prototype !== Object.prototype && prototype !== null) return current;
    const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
    seen.set(current, copy);
    for (const [key, item] of Object.entries(current)) copy[redact(key)] = visit(item);
    return copy;
  };
  return visit(value) as Value;
}
