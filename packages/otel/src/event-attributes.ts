import type { Attributes } from '@opentelemetry/api';

/**
 * Whether `value` looks like an identifier a package chose (a rule such as `R4`, a code such as
 * `PROSE_INVOCATION`, a secret type such as `GITHUB_TOKEN`): at most 64 characters of letters,
 * digits and `_ . : -`. A defence in depth: these fields never hold model text, but if a future
 * event put some there it would not reach a backend. Hand-written, so no regex backtracks.
 */
export function isIdentifier(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const letterOrDigit = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (!letterOrDigit && code !== 95 && code !== 46 && code !== 58 && code !== 45) return false;
  }
  return true;
}

const isPosition = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The positions an event may carry, as attribute names. */
const positions = [
  ['start', 'parley.text.start'],
  ['end', 'parley.text.end'],
  ['line', 'parley.text.line'],
  ['column', 'parley.text.column'],
] as const;

/** The rule and code of an event: its own, or those of the violation it carries (`guardReply`). */
export function ruleAndCode(event: Readonly<Record<string, unknown>>): { readonly rule?: string; readonly code?: string } {
  const nested = event['violation'];
  const source = typeof nested === 'object' && nested !== null && !('rule' in event) ? (nested as Record<string, unknown>) : event;
  const rule = source['rule'];
  const code = source['code'];
  return { ...(isIdentifier(rule) ? { rule } : {}), ...(isIdentifier(code) ? { code } : {}) };
}

/**
 * The attributes of a middleware event that may leave the process: the stream id, the rule, code
 * and secret type when they are identifiers, and the positions. Nothing else is read, so a
 * message, a fix, a token's text or a redacted value never becomes an attribute.
 */
export function eventAttributes(name: string, event: Readonly<Record<string, unknown>>): Attributes {
  const attributes: Attributes = {};
  if (isIdentifier(event['stream'])) attributes['parley.stream.id'] = event['stream'];
  const { rule, code } = ruleAndCode(event);
  if (rule !== undefined) attributes['parley.rule'] = rule;
  if (code !== undefined) attributes['parley.code'] = code;
  if (name === 'redaction' && isIdentifier(event['type'])) attributes['parley.secret.type'] = event['type'];
  for (const [field, attribute] of positions) {
    const value = event[field];
    if (isPosition(value)) attributes[attribute] = value;
  }
  return attributes;
}
