import { defineObserver, type StreamEvent, type TextMiddleware } from '@parley/core';
import type { DetectEnvelopeOptions } from './detect-envelope';
import { DEFAULT_MAX_ENVELOPE_LENGTH, EnvelopeDetector } from './envelope-detector';
import type { EnvelopeViolation } from './envelope-violation';
import { readLimit } from './read-limit';
import { expectOptionsObject } from './expect-options-object';

/** Emitted by {@link detectEnvelopeStream} when the envelope's closing fence arrives. */
export interface EnvelopeFoundEvent extends StreamEvent {
  readonly yaml: string;
}

/** Emitted by {@link detectEnvelopeStream} for each way the response breaks D6. */
export type EnvelopeViolationEvent = EnvelopeViolation & StreamEvent;

/** The events of {@link detectEnvelopeStream}. */
export interface DetectEnvelopeEvents {
  readonly envelope: EnvelopeFoundEvent;
  readonly violation: EnvelopeViolationEvent;
}

/**
 * `detectEnvelope` as a streaming middleware: the text passes through unchanged and at
 * once; `envelope` is emitted when the closing fence arrives and `violation` as soon as each
 * problem is certain (the missing or unclosed fence at the end). The same events for every
 * chunking.
 */
export function detectEnvelopeStream(options: DetectEnvelopeOptions = {}): TextMiddleware<DetectEnvelopeEvents> {
  expectOptionsObject(options, 'options');
  const maxLength = readLimit(options.maxEnvelopeLength, 'maxEnvelopeLength', DEFAULT_MAX_ENVELOPE_LENGTH);
  return defineObserver<DetectEnvelopeEvents>({
    name: 'detect-envelope',
    createObserver: (_context, emit) =>
      new EnvelopeDetector({
        maxLength,
        onViolation: (violation) => emit('violation', violation),
        onEnvelope: (yaml) => emit('envelope', { yaml }),
      }),
  });
}
