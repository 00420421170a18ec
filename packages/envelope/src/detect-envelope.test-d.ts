import type { EventsOf, StreamEvent, TextMiddleware } from '@parley/core';
import { describe, expectTypeOf, test } from 'vitest';
import { type DetectEnvelopeEvents, detectEnvelope, detectEnvelopeStream, type EnvelopeFoundEvent, type EnvelopeViolationEvent } from './detect-envelope';
import type { EnvelopeViolation } from './envelope-violation';

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
      expectTypeOf(event.code).toBeString();
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
});
