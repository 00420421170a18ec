import type { EventsOf, StreamEvent, TextMiddleware, Violation } from '@parley/core';
import { describe, expectTypeOf, test } from 'vitest';
import { detectEnvelope } from './detect-envelope';
import { type DetectEnvelopeEvents, detectEnvelopeStream, type EnvelopeFoundEvent, type EnvelopeViolationEvent } from './detect-envelope-stream';
import type { EnvelopeViolation } from './envelope-violation';
import type { EnvelopeRule, EnvelopeViolationCode } from './envelope-violation-rules';

describe('detectEnvelopeStream', () => {
  test('its event map: envelope and violation, each naming its stream', () => {
    const middleware = detectEnvelopeStream();
    expectTypeOf(middleware).toEqualTypeOf<TextMiddleware<DetectEnvelopeEvents>>();
    expectTypeOf<EventsOf<typeof middleware>>().toEqualTypeOf<DetectEnvelopeEvents>();
    expectTypeOf<keyof DetectEnvelopeEvents>().toEqualTypeOf<'envelope' | 'violation'>();
    expectTypeOf<DetectEnvelopeEvents['envelope']>().toEqualTypeOf<EnvelopeFoundEvent>();
    expectTypeOf<DetectEnvelopeEvents['violation']>().toEqualTypeOf<EnvelopeViolationEvent>();
    expectTypeOf<DetectEnvelopeEvents[keyof DetectEnvelopeEvents]>().toExtend<StreamEvent>();
  });

  test('listeners receive their payload', () => {
    const middleware = detectEnvelopeStream({ maxEnvelopeLength: 1024 });
    middleware.on('envelope', (event) => {
      expectTypeOf(event.yaml).toBeString();
      expectTypeOf(event.stream).toBeString();
    });
    middleware.on('violation', (event) => {
      expectTypeOf(event.rule).toEqualTypeOf<EnvelopeViolation['rule']>();
      expectTypeOf(event.code).toEqualTypeOf<EnvelopeViolationCode>();
      expectTypeOf(event.path).toBeString();
    });
    // @ts-expect-error detectEnvelopeStream emits no such event
    middleware.on('redaction', () => {});
  });

  test('the whole-text function returns the same findings without a stream', () => {
    expectTypeOf(detectEnvelope('')).toEqualTypeOf<{ readonly yaml: string | undefined; readonly violations: EnvelopeViolation[] }>();
    // @ts-expect-error the option is spelled out
    detectEnvelopeStream({ maxLength: 1 });
  });

  test('a violation is core\'s Violation with the envelope rules and literal codes, flat in its event', () => {
    expectTypeOf<EnvelopeViolation>().toExtend<Violation<EnvelopeRule, EnvelopeViolationCode>>();
    expectTypeOf<EnvelopeViolation['rule']>().toEqualTypeOf<EnvelopeRule>();
    expectTypeOf<EnvelopeViolation['path']>().toBeString();
    expectTypeOf<EnvelopeViolationEvent>().toEqualTypeOf<EnvelopeViolation & StreamEvent>();
    expectTypeOf<'PROSE_AFTER_FENCE'>().toExtend<EnvelopeViolationCode>();
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<EnvelopeViolationCode>();
  });
});
