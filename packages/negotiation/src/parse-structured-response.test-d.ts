import type { EventsOf, StreamEvent, TextMiddleware } from '@parley/core';
import { describe, expectTypeOf, test } from 'vitest';
import type { NegotiationConfidence } from './negotiation-confidence';
import type { NegotiationViolation } from './negotiation-violation';
import { type ParsedStructuredResponse, parseStructuredResponse, parseStructuredResponseStream, type StructuredResponseEvents } from './parse-structured-response';
import type { StructuredResponse } from './structured-response';

describe('parseStructuredResponseStream', () => {
  test('its event map: item, confidence, violation and response, each naming its stream', () => {
    const middleware = parseStructuredResponseStream();
    expectTypeOf(middleware).toEqualTypeOf<TextMiddleware<StructuredResponseEvents>>();
    expectTypeOf<EventsOf<typeof middleware>>().toEqualTypeOf<StructuredResponseEvents>();
    expectTypeOf<keyof StructuredResponseEvents>().toEqualTypeOf<'item' | 'confidence' | 'violation' | 'response'>();
    expectTypeOf<StructuredResponseEvents[keyof StructuredResponseEvents]>().toExtend<StreamEvent>();
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
      expectTypeOf(event.code).toBeString();
      expectTypeOf(event).toExtend<NegotiationViolation>();
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
});
