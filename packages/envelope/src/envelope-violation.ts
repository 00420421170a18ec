import type { Violation } from '@parley/core';
import type { EnvelopeRule, EnvelopeViolationCode } from './envelope-violation-rules';

/**
 * Something an envelope or its response text does wrong: core's {@link Violation} with its rule
 * one of {@link EnvelopeRule} and its code one of `envelopeViolationRules`. `path` is always set:
 * a field path such as `findings[0].note`, or `""` for the response as a whole.
 */
export interface EnvelopeViolation extends Violation<EnvelopeRule, EnvelopeViolationCode> {
  /** Where: a field path such as `findings[0].note`, or `""` for the response as a whole. */
  readonly path: string;
}

/** Formats a field path from its parts: `['findings', 0, 'note']` → `findings[0].note`. */
export function formatPath(parts: ReadonlyArray<string | number | symbol>): string {
  let path = '';
  for (const part of parts) {
    if (typeof part === 'number') path += `[${part}]`;
    else path += path === '' ? String(part) : `.${String(part)}`;
  }
  return path;
}
