import { expectString } from '@parley/core';
import { DEFAULT_MAX_ENVELOPE_LENGTH, EnvelopeDetector } from './envelope-detector';
import type { EnvelopeViolation } from './envelope-violation';
import { readLimit } from './read-limit';
import { expectOptionsObject } from './expect-options-object';

/** Options of {@link detectEnvelope} and `detectEnvelopeStream`. */
export interface DetectEnvelopeOptions {
  /** The longest envelope kept, in characters (a whole number, 0 or more); a longer one is a violation. Default 256 K. */
  readonly maxEnvelopeLength?: number;
}

/** What {@link detectEnvelope} found. */
export interface DetectedEnvelope {
  /** The YAML between the fences, or `undefined` when there is none (or it was too long). */
  readonly yaml: string | undefined;
  /** Every way the response breaks "exactly one ```yaml envelope, as the last content". */
  readonly violations: EnvelopeViolation[];
}

/**
 * Finds the envelope in a whole response: exactly one fenced ```yaml block that is the last
 * non-whitespace content (D6). Prose before or after it, a second block, an unclosed fence and
 * another language tag are violations.
 *
 * @example
 * ```ts
 * import { detectEnvelope } from '@parley/envelope';
 *
 * const fence = '`'.repeat(3);
 * const childResponse = `${fence}yaml\nstatus: ok\n${fence}\nHope this helps!`;
 * const { yaml, violations } = detectEnvelope(childResponse);
 * console.log(JSON.stringify(yaml), violations[0]?.code); // "status: ok" PROSE_AFTER_FENCE
 * ```
 */
export function detectEnvelope(text: string, options: DetectEnvelopeOptions = {}): DetectedEnvelope {
  expectString(text, 'text');
  expectOptionsObject(options, 'options');
  const violations: EnvelopeViolation[] = [];
  let yaml: string | undefined;
  const detector = new EnvelopeDetector({
    maxLength: readLimit(options.maxEnvelopeLength, 'maxEnvelopeLength', DEFAULT_MAX_ENVELOPE_LENGTH),
    onViolation: (violation) => violations.push(violation),
    onEnvelope: (found) => {
      yaml ??= found;
    },
  });
  detector.observe(text);
  detector.end();
  return { yaml, violations };
}
