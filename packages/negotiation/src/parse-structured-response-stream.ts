import { defineObserver, type StreamEvent, type TextMiddleware } from '@parley/core';
import type { NegotiationConfidence } from './negotiation-confidence';
import type { NegotiationViolation } from './negotiation-violation';
import type { ParsedStructuredResponse } from './parse-structured-response';
import { createResponseCollector, StructuredResponseParser } from './structured-response-parser';

/** The events of {@link parseStructuredResponseStream}. */
export interface ParseStructuredResponseEvents {
  /** One finding, gap or context question, as soon as it is complete. */
  readonly item: StreamEvent & { readonly section: 'findings' | 'gaps' | 'contextNeeded'; readonly text: string };
  readonly confidence: StreamEvent & { readonly confidence: NegotiationConfidence };
  readonly violation: StreamEvent & NegotiationViolation;
  /** The whole response, when the stream ends. */
  readonly response: StreamEvent & ParsedStructuredResponse;
}

/**
 * `parseStructuredResponse` as a streaming middleware: text passes through unchanged;
 * items, the confidence and violations are emitted as they complete, and the whole response at
 * the end. The same events for every chunking.
 */
export function parseStructuredResponseStream(): TextMiddleware<ParseStructuredResponseEvents> {
  return defineObserver<ParseStructuredResponseEvents>({
    name: 'parse-structured-response',
    createObserver: (_context, emit) => {
      const { listener, collected } = createResponseCollector();
      const parser = new StructuredResponseParser({
        item: (section, text) => {
          listener.item(section, text);
          emit('item', { section, text });
        },
        confidence: (confidence) => {
          listener.confidence(confidence);
          emit('confidence', { confidence });
        },
        violation: (violation) => {
          listener.violation(violation);
          emit('violation', violation);
        },
      });
      return {
        observe: (chunk) => parser.observe(chunk),
        end: () => {
          parser.end();
          emit('response', collected);
        },
      };
    },
  });
}
