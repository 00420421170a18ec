import type { EventsOf, StreamEvent, TextMiddleware, Violation } from '@parley/core';
import { describe, expectTypeOf, test } from 'vitest';
import type { NegotiationConfidence } from './negotiation-confidence';
import type { NegotiationViolation } from './negotiation-violation';
import type { NegotiationRule, NegotiationViolationCode } from './negotiation-violation-rules';
import { type ParsedStructuredResponse, parseStructuredResponse } from './parse-structured-response';
import { type ParseStructuredResponseEvents, parseStructuredResponseStream } from './parse-structured-response-stream';
import type { StructuredResponse } from './structured-response';

describe('parseStructuredResponseStream', () => {
  test('its event map: item, confidence, violation and response, each naming its stream', () => {
    const middleware = parseStructuredResponseStream();
    expectTypeOf(middleware).toEqualTypeOf<TextMiddleware<ParseStructuredResponseEvents>>();
    expectTypeOf<EventsOf<typeof middleware>>().toEqualTypeOf<ParseStructuredResponseEvents>();
    expectTypeOf<keyof ParseStructuredResponseEvents>().toEqualTypeOf<'item' | 'confidence' | 'violation' | 'response'>();
    expectTypeOf<ParseStructuredResponseEvents[keyof ParseStructuredResponseEvents]>().toExtend<StreamEvent>();
  });

  test('listeners receive their payload', () => {
    const middleware = parseStructuredResponseStream();
    middleware.on('item', (event) => {
      expectTypeOf(event.section).toEqualTypeOf<'findings' | 'gaps' | 'contextNeeded'>();
      expectTypeOf(event.text).toBeString();
      expectTypeOf(event.stream).toBeString();
    });
    middleware.on('confidence', (event) => expectTypeOf(event.confidence).toEqualTypeOf<NegotiationConfidence>());
    middleware.on('violation', (event) => {
      expectTypeOf(event.code).toEqualTypeOf<NegotiationViolationCode>();
      expectTypeOf(event.rule).toEqualTypeOf<NegotiationRule>();
      expectTypeOf(event).toEqualTypeOf<NegotiationViolation & StreamEvent>();
    });
    middleware.on('response', (event) => {
      expectTypeOf(event.response).toEqualTypeOf<StructuredResponse>();
      expectTypeOf(event).toExtend<ParsedStructuredResponse>();
    });
    // @ts-expect-error parseStructuredResponseStream emits no such event
    middleware.on('envelope', () => {});
  });

  test('the whole-text function returns what the response event carries', () => {
    expectTypeOf(parseStructuredResponse('')).toEqualTypeOf<ParsedStructuredResponse>();
  });

  test('a negotiation violation is core\'s Violation with rule N2 and literal codes', () => {
    expectTypeOf<NegotiationViolation>().toEqualTypeOf<Violation<NegotiationRule, NegotiationViolationCode>>();
    expectTypeOf<'MISSING_SECTION'>().toExtend<NegotiationViolationCode>();
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<NegotiationViolationCode>();
  });
});
